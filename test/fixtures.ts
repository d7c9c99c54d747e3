// Records as the API sends them, for unit tests of parsing and formatting.

import { readDetailEnvelope, readListEnvelope } from '../src/api/read-records.js';
import { addBusinessDays } from '../src/calendar/business-days.js';
import { addDays } from '../src/calendar/calendar-date.js';
import type { AllPages } from '../src/contract/operations.js';
import type { ComplaintDetail, ComplaintListItem, Pagination } from '../src/contract/records.js';

export function detailBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: '0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a11',
    correlative: '000000402-2026',
    trackingCode: 'RCL-7KQ2-M9XD',
    type: 'claim',
    status: 'in_review',
    organizationId: '5b0d8a8e-2a51-4c43-9e51-1f2d3c4b5a69',
    store: { id: '9c1f6a2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Tienda San Isidro' },
    reason: 'Producto defectuoso',
    consumer: {
      personType: 'natural',
      firstName: 'Rosa',
      lastName: 'Flores',
      legalName: null,
      legalTaxId: null,
      documentType: 'DNI',
      documentNumber: '41234578',
      isMinor: false,
      guardian: null,
      email: 'rosa.flores@correo.pe',
      dialCode: '+51',
      phone: '987654321',
      address: 'Av. Javier Prado 123, San Isidro, Lima',
    },
    claim: {
      itemType: 'product',
      itemDescription: 'Licuadora X200',
      currency: 'PEN',
      amount: '189.9',
      hasProofOfPayment: true,
      proofOfPaymentType: 'BOLETA',
      proofOfPaymentNumber: 'B001-004512',
      incidentDate: '2026-11-01T17:00:00.000Z',
      description: 'La licuadora dejó de funcionar al segundo uso.',
      request: 'Cambio del producto o devolución del dinero.',
    },
    response: { officialResponse: null, respondedAt: null, respondedBy: null },
    delivery: {
      receipt: { status: 'sent', sentAt: '2026-11-03T15:15:00.000Z' },
      response: { status: null, sentAt: null },
    },
    deadline: { days: 15, date: '2026-11-25T04:59:59.999Z' },
    attachments: [
      { id: 'a1a1a1a1-0000-4000-8000-000000000001', fileName: 'boleta.jpg', contentType: 'image/jpeg' },
      { id: 'a1a1a1a1-0000-4000-8000-000000000002', fileName: 'video-falla.mp4', contentType: 'video/mp4' },
    ],
    history: [
      { eventType: 'created', fromStatus: null, toStatus: 'open', publicNote: null, performedByRole: 'consumer', createdAt: '2026-11-03T15:14:00.000Z' },
      {
        eventType: 'status_changed',
        fromStatus: 'open',
        toStatus: 'in_review',
        publicNote: 'Se solicitó revisión técnica',
        performedByRole: 'agent',
        createdAt: '2026-11-04T14:02:00.000Z',
      },
    ],
    createdAt: '2026-11-03T15:14:00.000Z',
    updatedAt: '2026-11-04T14:02:00.000Z',
    ...overrides,
  };
}

export function listItemBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: '0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a11',
    correlative: '000000481-2026',
    trackingCode: 'RCL-AAAA-BBBB',
    type: 'claim',
    status: 'open',
    priority: 'medium',
    storeId: '9c1f6a2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    storeName: 'Tienda Miraflores',
    reasonLabel: 'Producto defectuoso',
    firstName: 'María',
    lastName: 'Quispe',
    personType: 'natural',
    legalName: null,
    legalTaxId: null,
    documentType: 'DNI',
    documentNumber: '41234578',
    email: 'maria.quispe@correo.pe',
    itemType: 'product',
    incidentDate: '2026-11-20T17:00:00.000Z',
    hasResponse: false,
    respondedAt: null,
    // The end of 2026-12-15 in Lima: the 15th business day after the filing day (Dec 8 and 9 are holidays).
    responseDeadline: '2026-12-16T04:59:59.999Z',
    receiptDeliveryStatus: 'sent',
    responseDeliveryStatus: null,
    createdAt: '2026-11-22T14:00:00.000Z',
    updatedAt: null,
    ...overrides,
  };
}

/** An API body read as the client reads it; throws when the client would refuse it. */
export function mustReadList(body: unknown): { data: ComplaintListItem[]; pagination: Pagination } {
  const parsed = readListEnvelope(body);
  if (parsed === null) throw new Error('not a list body');
  return parsed;
}

export function mustReadDetail(body: unknown): { data: ComplaintDetail } {
  const parsed = readDetailEnvelope(body);
  if (parsed === null) throw new Error('not a detail body');
  return parsed;
}

/**
 * The filing instant (10:00 in Lima) whose legal deadline is `day`, with the service's deadline on that
 * same day: a listed record "due on" `day` by the law and by the service alike.
 */
export function dueOn(day: string): { createdAt: string; responseDeadline: string } {
  return { createdAt: `${addBusinessDays(day, -15)}T15:00:00.000Z`, responseDeadline: `${addDays(day, 1)}T04:59:59.999Z` };
}

/** Pages read by hand: `items` as every record of `total` (all of them unless told). */
export function pagesOf(items: ComplaintListItem[], overrides: Partial<AllPages> = {}): AllPages {
  return { items, total: items.length, pagesRead: 1, unread: 0, capped: false, repeated: 0, sentMore: 0, ...overrides };
}
