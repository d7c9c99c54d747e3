// Zod schemas of the complaints API's responses (seed contract, read operations).
//
// The envelope is checked strictly ({ data: {...} } or { data: [...], pagination: {...} }), the fields
// leniently: the contract leaves nullability and most enum values open, so a field of an unexpected
// type becomes null and an unknown enum value is kept as a string. Unknown keys are dropped.
// The sandbox builds its records with the same types, so the two sides share one contract.
import { z } from 'zod';

/** A text field: strings pass, numbers and booleans become strings, anything else becomes null. */
const text = z.unknown().optional().transform((value): string | null => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
});

/** A boolean field: true/false (also as strings); anything else becomes null. */
const flag = z.unknown().optional().transform((value): boolean | null => {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
});

/** An integer field: integers (also as numeric strings); anything else becomes null. */
const integer = z.unknown().optional().transform((value): number | null => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) ? number : null;
});

/** A nested object whose absence or null reads as an object of nulls, so callers need no guards. */
function section<Shape extends z.ZodRawShape>(shape: Shape) {
  const inner = z.object(shape);
  // Every field of `inner` is lenient, so this parse cannot fail.
  return z.unknown().optional().transform((value) => inner.parse(isPlainObject(value) ? value : {}));
}

/** An array whose absence reads as empty; odd elements become items of nulls. */
function list<Item extends z.ZodType>(item: Item) {
  const inner = z.array(item);
  return z.unknown().optional().transform((value) => inner.parse(Array.isArray(value) ? value : []));
}

/** An object of any shape (the contract does not show the guardian's), or null. */
const anyObject = z
  .unknown()
  .optional()
  .transform((value): Record<string, unknown> | null => (isPlainObject(value) ? value : null));

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const consumerSchema = section({
  personType: text,
  firstName: text,
  lastName: text,
  legalName: text,
  legalTaxId: text,
  documentType: text,
  documentNumber: text,
  isMinor: flag,
  guardian: anyObject,
  email: text,
  dialCode: text,
  phone: text,
  address: text,
});

export const claimSchema = section({
  itemType: text,
  itemDescription: text,
  currency: text,
  amount: text,
  hasProofOfPayment: flag,
  proofOfPaymentType: text,
  proofOfPaymentNumber: text,
  incidentDate: text,
  description: text,
  request: text,
});

export const responseSchema = section({
  officialResponse: text,
  respondedAt: text,
  respondedBy: text,
});

const deliveryStateSchema = section({ status: text, sentAt: text });

export const attachmentSchema = section({ id: text, fileName: text, contentType: text });

export const historyEventSchema = section({
  eventType: text,
  fromStatus: text,
  toStatus: text,
  publicNote: text,
  performedByRole: text,
  createdAt: text,
});

export const complaintDetailSchema = z.object({
  id: text,
  correlative: text,
  trackingCode: text,
  type: text,
  status: text,
  organizationId: text,
  store: section({ id: text, name: text }),
  reason: text,
  consumer: consumerSchema,
  claim: claimSchema,
  response: responseSchema,
  delivery: section({ receipt: deliveryStateSchema, response: deliveryStateSchema }),
  deadline: section({ days: integer, date: text }),
  attachments: list(attachmentSchema),
  history: list(historyEventSchema),
  createdAt: text,
  updatedAt: text,
});

export const complaintListItemSchema = section({
  id: text,
  correlative: text,
  trackingCode: text,
  type: text,
  status: text,
  priority: text,
  storeId: text,
  storeName: text,
  reasonLabel: text,
  firstName: text,
  lastName: text,
  personType: text,
  legalName: text,
  legalTaxId: text,
  documentType: text,
  documentNumber: text,
  email: text,
  itemType: text,
  incidentDate: text,
  hasResponse: flag,
  respondedAt: text,
  responseDeadline: text,
  receiptDeliveryStatus: text,
  responseDeliveryStatus: text,
  createdAt: text,
  updatedAt: text,
});

export const paginationSchema = z.object({
  page: integer,
  pageSize: integer,
  total: integer,
  totalPages: integer,
});

/** GET /api/v1/complaints/{id}: the envelope must hold an object under `data`. */
export const detailEnvelopeSchema = z.object({ data: z.custom<object>(isPlainObject).pipe(complaintDetailSchema) });

/** GET /api/v1/complaints: `data` must be an array and `pagination` an object. */
export const listEnvelopeSchema = z.object({
  data: z.array(z.unknown()).pipe(z.array(complaintListItemSchema)),
  pagination: z.custom<object>(isPlainObject).pipe(paginationSchema),
});

export type ComplaintDetail = z.output<typeof complaintDetailSchema>;
export type ComplaintListItem = z.output<typeof complaintListItemSchema>;
export type Pagination = z.output<typeof paginationSchema>;
export type Attachment = z.output<typeof attachmentSchema>;
export type HistoryEvent = z.output<typeof historyEventSchema>;

/** The query parameters of the list operation, under the names the API reads (GUIDE section 3). */
export interface ListQuery {
  page?: number;
  pageSize?: number;
  status?: string;
  type?: string;
  storeId?: string;
  search?: string;
  from?: string;
  to?: string;
}

/** Known values; others are passed through as strings (GUIDE section 3). */
export const STATUSES = ['open', 'in_review', 'resolved'] as const;
export const TYPES = ['claim', 'complaint'] as const;
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 20;
