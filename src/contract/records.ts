// The records of the complaints API's two read operations, declared once: the client parses the
// service's bodies by these specs (api/read-records.ts) and the sandbox builds its records as the same
// types. The contract leaves nullability and most enum values open, so every scalar may be null and an
// unknown enum value is kept as a string.
//
// Field specs rather than zod schemas: the lenient parser reads them in one pass per record, which
// matters for an overview of 5,000 records; the types follow from them by Parsed<>.

/** A field: a scalar, an object of fields, or a list of objects. */
export type FieldSpec = 'text' | 'flag' | 'integer' | 'object' | ObjectSpec | readonly [ObjectSpec];
export interface ObjectSpec {
  readonly [field: string]: FieldSpec;
}

/** The parsed value of a spec: every scalar may be null, sections are always objects, lists arrays. */
export type Parsed<S> = S extends 'text'
  ? string | null
  : S extends 'flag'
    ? boolean | null
    : S extends 'integer'
      ? number | null
      : S extends 'object'
        ? Record<string, unknown> | null
        : S extends readonly [infer Item]
          ? Parsed<Item>[]
          : { -readonly [K in keyof S]: Parsed<S[K]> };

export const DETAIL_SPEC = {
  id: 'text',
  correlative: 'text',
  trackingCode: 'text',
  type: 'text',
  status: 'text',
  organizationId: 'text',
  store: { id: 'text', name: 'text' },
  reason: 'text',
  consumer: {
    personType: 'text',
    firstName: 'text',
    lastName: 'text',
    legalName: 'text',
    legalTaxId: 'text',
    documentType: 'text',
    documentNumber: 'text',
    isMinor: 'flag',
    guardian: 'object',
    email: 'text',
    dialCode: 'text',
    phone: 'text',
    address: 'text',
  },
  claim: {
    itemType: 'text',
    itemDescription: 'text',
    currency: 'text',
    amount: 'text',
    hasProofOfPayment: 'flag',
    proofOfPaymentType: 'text',
    proofOfPaymentNumber: 'text',
    incidentDate: 'text',
    description: 'text',
    request: 'text',
  },
  response: { officialResponse: 'text', respondedAt: 'text', respondedBy: 'text' },
  delivery: {
    receipt: { status: 'text', sentAt: 'text' },
    response: { status: 'text', sentAt: 'text' },
  },
  deadline: { days: 'integer', date: 'text' },
  attachments: [{ id: 'text', fileName: 'text', contentType: 'text' }],
  history: [
    {
      eventType: 'text',
      fromStatus: 'text',
      toStatus: 'text',
      publicNote: 'text',
      performedByRole: 'text',
      createdAt: 'text',
    },
  ],
  createdAt: 'text',
  updatedAt: 'text',
} as const;

export const LIST_ITEM_SPEC = {
  id: 'text',
  correlative: 'text',
  trackingCode: 'text',
  type: 'text',
  status: 'text',
  priority: 'text',
  storeId: 'text',
  storeName: 'text',
  reasonLabel: 'text',
  firstName: 'text',
  lastName: 'text',
  personType: 'text',
  legalName: 'text',
  legalTaxId: 'text',
  documentType: 'text',
  documentNumber: 'text',
  email: 'text',
  itemType: 'text',
  incidentDate: 'text',
  hasResponse: 'flag',
  respondedAt: 'text',
  responseDeadline: 'text',
  receiptDeliveryStatus: 'text',
  responseDeliveryStatus: 'text',
  createdAt: 'text',
  updatedAt: 'text',
} as const;

export const PAGINATION_SPEC = { page: 'integer', pageSize: 'integer', total: 'integer', totalPages: 'integer' } as const;

export type ComplaintDetail = Parsed<typeof DETAIL_SPEC>;
export type ComplaintListItem = Parsed<typeof LIST_ITEM_SPEC>;
export type Pagination = Parsed<typeof PAGINATION_SPEC>;
export type HistoryEvent = ComplaintDetail['history'][number];

/** Known values; others are passed through as strings. */
export const STATUSES = ['open', 'in_review', 'resolved'] as const;
export const TYPES = ['claim', 'complaint'] as const;
