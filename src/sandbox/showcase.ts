// Showcase records: the few records of the demo data that the README and the tools' descriptions
// quote by correlative, tracking code or id. The rest of the data set is drawn afresh for each day,
// so a reference copied from it names another record (or none) tomorrow; these are written out here
// and only their dates move: each is filed a fixed number of days before today (Lima), so that it
// reads the same on every day, deadline included.
//
// Their correlatives are fixed text, year suffix included: a reference quoted in the README must
// keep working after New Year, and the API treats a correlative as opaque. On a clock past 2026 a
// showcase record therefore carries a -2026 correlative with a later filing date, unlike the
// generated records, whose suffix is their filing year. generateDataset keeps every showcase
// reference unique: the generated correlatives skip them and no generated record takes their
// tracking codes or ids.
import { addBusinessDays } from '../calendar/business-days.js';
import { addDays } from '../calendar/calendar-date.js';
import type { ComplaintDetail, HistoryEvent } from '../contract/records.js';
import { isoUtc, limaDate, limaDayEnd, limaDayStart } from './lima-time.js';
import { ORGANIZATION_A, STORE_IDS } from './organizations.js';
import { DEADLINE_DAYS, type SandboxRecord, searchFieldsOf } from './record-builder.js';

export interface ShowcaseReference {
  id: string;
  correlative: string;
  trackingCode: string;
}

/** A resolved claim answered on time, with an official response and a history: the README's get_complaint example. */
export const SHOWCASE_RESOLVED: ShowcaseReference = {
  id: '0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a11',
  correlative: '000000481-2026',
  trackingCode: 'RCL-7KQ2-M9XD',
};

/** An open claim nobody has taken up, whose legal deadline is always 2 business days away (DUE SOON). */
export const SHOWCASE_DUE_SOON: ShowcaseReference = {
  id: '5d3a9e27-1c4b-4f60-8a2e-7b9c0d1e2f34',
  correlative: '000000474-2026',
  trackingCode: 'RCL-4HW8-T3NB',
};

export const SHOWCASE: readonly ShowcaseReference[] = [SHOWCASE_RESOLVED, SHOWCASE_DUE_SOON];

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const MIRAFLORES = { id: STORE_IDS.miraflores, name: 'Tienda Miraflores' };
const AREQUIPA = { id: STORE_IDS.arequipa, name: 'Tienda Arequipa Centro' };

/**
 * The showcase records for the Lima day `today`, each only if it was filed on or after `firstDay`
 * (the data set's period). Every instant lies before today's start, so the time of day changes nothing.
 */
export function showcaseRecords(today: string, firstDay: string): SandboxRecord[] {
  const records: SandboxRecord[] = [];
  // Filed 5 days ago; in review 2 days later, answered the day before today.
  const resolvedFiled = limaDayStart(addDays(today, -5)) + 11 * HOUR + 2 * MINUTE + 20 * SECOND;
  if (resolvedFiled >= limaDayStart(firstDay)) records.push(resolvedClaim(resolvedFiled));
  // Filed on the business day whose 15th business day after is 2 business days from today.
  const dueSoonFiled = limaDayStart(addBusinessDays(addBusinessDays(today, 2), -DEADLINE_DAYS)) + 16 * HOUR + 24 * MINUTE + 10 * SECOND;
  if (dueSoonFiled >= limaDayStart(firstDay)) records.push(dueSoonClaim(dueSoonFiled));
  return records;
}

function resolvedClaim(filed: number): SandboxRecord {
  const { id, correlative, trackingCode } = SHOWCASE_RESOLVED;
  const inReview = filed + 1 * DAY + 18 * HOUR + 15 * MINUTE;
  const resolved = filed + 4 * DAY + 9 * HOUR + 50 * MINUTE;
  const responseSent = resolved + 38 * SECOND;
  const responder = 'Lucía Paredes Vega';
  const detail: ComplaintDetail = {
    id,
    correlative,
    trackingCode,
    type: 'claim',
    status: 'resolved',
    organizationId: ORGANIZATION_A.id,
    store: MIRAFLORES,
    reason: 'Producto incompleto',
    consumer: {
      personType: 'natural',
      firstName: 'Jorge',
      lastName: 'Quispe',
      legalName: null,
      legalTaxId: null,
      documentType: 'DNI',
      documentNumber: '41438140',
      isMinor: false,
      guardian: null,
      email: 'jorge.quispe94@gmail.com',
      dialCode: '+51',
      phone: '964084756',
      address: 'Calle Mercaderes 1102, Surquillo, Lima',
    },
    claim: {
      itemType: 'product',
      itemDescription: 'Refrigeradora LG 420 L No Frost',
      currency: 'USD',
      amount: '649.99',
      hasProofOfPayment: true,
      proofOfPaymentType: 'BOLETA',
      proofOfPaymentNumber: 'B001-830872',
      incidentDate: isoUtc(filed - 7 * DAY - 3 * HOUR - 10 * MINUTE),
      description: 'Recibí Refrigeradora LG 420 L No Frost sin el control remoto ni los cables.',
      request: 'Solicito el cambio por una unidad completa.',
    },
    response: {
      officialResponse: `Estimado(a) Jorge: lamentamos los inconvenientes. Tras revisar su reclamo N.° ${correlative}, procederemos con el envío de las piezas faltantes a su domicilio. Puede coordinar al (01) 615-0000 o acercarse a Tienda Miraflores con su documento de identidad.`,
      respondedAt: isoUtc(resolved),
      respondedBy: responder,
    },
    delivery: {
      receipt: { status: 'sent', sentAt: isoUtc(filed + 55 * SECOND) },
      response: { status: 'sent', sentAt: isoUtc(responseSent) },
    },
    deadline: deadlineOf(filed),
    attachments: [{ id: '9c41e7a2-3b5d-4e8f-a0c6-d2e4f6a8b0c1', fileName: 'foto-producto.jpg', contentType: 'image/jpeg' }],
    history: [
      event(filed, 'created', null, 'open', null, 'consumer'),
      event(inReview, 'status_changed', 'open', 'in_review', 'Caso asignado a la jefatura de tienda.', 'agent'),
      event(resolved, 'status_changed', 'in_review', 'resolved', 'Respuesta oficial registrada.', 'agent'),
      event(responseSent, 'response_sent', null, null, 'Respuesta enviada al correo del consumidor.', 'agent'),
    ],
    createdAt: isoUtc(filed),
    updatedAt: isoUtc(responseSent),
  };
  return {
    id,
    organizationId: ORGANIZATION_A.id,
    storeId: MIRAFLORES.id,
    status: 'resolved',
    type: 'claim',
    createdAtMs: filed,
    searchFields: searchFieldsOf(detail),
    priority: 'medium',
    detail,
  };
}

function dueSoonClaim(filed: number): SandboxRecord {
  const { id, correlative, trackingCode } = SHOWCASE_DUE_SOON;
  const detail: ComplaintDetail = {
    id,
    correlative,
    trackingCode,
    type: 'claim',
    status: 'open',
    organizationId: ORGANIZATION_A.id,
    store: AREQUIPA,
    reason: 'Garantía no atendida',
    consumer: {
      personType: 'natural',
      firstName: 'Milagros',
      lastName: 'Ccahuana Apaza',
      legalName: null,
      legalTaxId: null,
      documentType: 'DNI',
      documentNumber: '45873019',
      isMinor: false,
      guardian: null,
      email: 'milagros.ccahuana@hotmail.com',
      dialCode: '+51',
      phone: '958214736',
      address: 'Av. Ejército 845, Yanahuara, Arequipa',
    },
    claim: {
      itemType: 'product',
      itemDescription: 'Celular Xiaomi Redmi Note 13',
      currency: 'PEN',
      amount: '1099.90',
      hasProofOfPayment: true,
      proofOfPaymentType: 'BOLETA',
      proofOfPaymentNumber: 'B003-412587',
      incidentDate: isoUtc(filed - 20 * DAY - 6 * HOUR - 9 * MINUTE),
      description: 'Dejé Celular Xiaomi Redmi Note 13 en garantía hace 20 días y no me dan fecha de devolución.',
      request: 'Solicito que se cumpla la garantía.',
    },
    response: { officialResponse: null, respondedAt: null, respondedBy: null },
    delivery: {
      receipt: { status: 'sent', sentAt: isoUtc(filed + 42 * SECOND) },
      response: { status: null, sentAt: null },
    },
    deadline: deadlineOf(filed),
    attachments: [{ id: '2e8b4d6f-0a1c-4e3b-9d5f-7a9c1e3b5d70', fileName: 'boleta.jpg', contentType: 'image/jpeg' }],
    history: [event(filed, 'created', null, 'open', null, 'consumer')],
    createdAt: isoUtc(filed),
    updatedAt: isoUtc(filed),
  };
  return {
    id,
    organizationId: ORGANIZATION_A.id,
    storeId: AREQUIPA.id,
    status: 'open',
    type: 'claim',
    createdAtMs: filed,
    searchFields: searchFieldsOf(detail),
    priority: 'high',
    detail,
  };
}

/** The same rule as the generated records: the end of the Lima day of the 15th business day after filing. */
function deadlineOf(filed: number): ComplaintDetail['deadline'] {
  return { days: DEADLINE_DAYS, date: isoUtc(limaDayEnd(addBusinessDays(limaDate(filed), DEADLINE_DAYS))) };
}

function event(at: number, eventType: string, fromStatus: string | null, toStatus: string | null, publicNote: string | null, role: string): HistoryEvent {
  return { eventType, fromStatus, toStatus, publicNote, performedByRole: role, createdAt: isoUtc(at) };
}
