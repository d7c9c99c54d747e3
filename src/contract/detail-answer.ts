// What get_complaint answers: every non-empty fact of one record, under the API's own names, with
// dates short (a day as YYYY-MM-DD, a time as "YYYY-MM-DD HH:MM" in timeZone), the legal deadline
// counted, and the history as rows of its events' fields in a fixed order (their codes as sent, for a
// view to word; keys repeated on every event would cost more than the events say). Left out: the
// organizationId, the same for every record a key can read; the id when the caller gave it; updatedAt
// when the history says it; attachment ids, which no operation takes. Declared once: the tool's
// outputSchema, and by z.infer the type the formatters read.
import { z } from 'zod';
import { deadlineFields } from './deadline-fields.js';

/**
 * One event of the history: its fields in this order, each "" when the service left it out, and the
 * note last, only when there is one. A row, not an object: six keys on every event would cost more
 * than most events say.
 */
export type HistoryRow =
  | [time: string, eventType: string, fromStatus: string, toStatus: string, performedByRole: string]
  | [time: string, eventType: string, fromStatus: string, toStatus: string, performedByRole: string, publicNote: string];

const text = z.string().optional();
const flag = z.boolean().optional();
const time = z.string().optional().describe('YYYY-MM-DD HH:MM in timeZone (as sent when not a date).');

export const detailAnswerSchema = z.object({
  timeZone: z.string().describe('The zone every time of this record is written in.'),
  id: text.describe('The record id; left out when the call gave it.'),
  correlative: text,
  trackingCode: text,
  type: text,
  status: text,
  store: z.object({ id: text, name: text }).optional(),
  reason: text,
  consumer: z
    .object({
      personType: text,
      firstName: text,
      lastName: text,
      legalName: text,
      legalTaxId: text,
      documentType: text,
      documentNumber: text,
      isMinor: flag,
      guardian: z
        .record(z.string(), z.string())
        .optional()
        .describe("The guardian's details as the service sent them (their shape is not documented): each text, number or flag as text."),
      email: text,
      dialCode: text,
      phone: text,
      address: text,
    })
    .optional(),
  claim: z
    .object({
      itemType: text,
      itemDescription: text,
      currency: text,
      amount: text,
      hasProofOfPayment: flag,
      proofOfPaymentType: text,
      proofOfPaymentNumber: text,
      incidentDate: z.string().optional().describe('YYYY-MM-DD.'),
      description: text,
      request: text,
    })
    .optional(),
  response: z.object({ officialResponse: text, respondedAt: time, respondedBy: text }).optional(),
  delivery: z
    .object({
      receipt: z.object({ status: text, sentAt: time }).optional(),
      response: z.object({ status: text, sentAt: time }).optional(),
    })
    .optional(),
  deadline: z
    .object({
      date: deadlineFields.due,
      serviceDate: deadlineFields.serviceDue,
      days: z.number().int().optional().describe('The term the service states, in business days (the law: 15).'),
      daysLeft: deadlineFields.daysLeft,
      daysLate: z.number().int().optional().describe('Business days the official response came after the deadline; 0 when on time.'),
    })
    .optional(),
  attachments: z
    .array(z.object({ fileName: text, contentType: text }))
    .optional()
    .describe('Names and types only: no operation of the service reads a file.'),
  history: z
    .array(z.array(z.string()).min(5).max(6))
    .optional()
    .describe(
      'The latest 50 events, oldest first, each [time, eventType, fromStatus, toStatus, performedByRole, publicNote]: the time as "YYYY-MM-DD HH:MM" in timeZone (as sent when unreadable), the codes as the service sent them, "" for what it left out, and the note last, only when there is one.',
    ),
  createdAt: time,
  updatedAt: z.string().optional().describe('The last change; left out when it is the filing or the last event of the history.'),
  truncated: z.string().optional().describe('What this answer leaves out (the earliest history events, attachments beyond 20).'),
});

export type DetailAnswer = z.infer<typeof detailAnswerSchema>;
