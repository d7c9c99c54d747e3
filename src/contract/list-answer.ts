// What list_complaints answers: one page of records, each as short as the text's row, and how to go
// on. Declared once: the tool's outputSchema, and by z.infer the type the formatters read.
import { z } from 'zod';
import { deadlineFields } from './deadline-fields.js';

const listRowSchema = z.object({
  correlative: z.string().optional(),
  type: z.string().optional().describe('claim (reclamo) or complaint (queja); left out when the call filtered by this type.'),
  status: z.string().optional().describe('open, in_review or resolved; left out when the call filtered by this status.'),
  store: z.string().optional().describe('The store name.'),
  consumer: z.string().optional().describe("The consumer: a company's legal name, else first and last name."),
  filed: z.string().optional().describe('The day the record was filed (YYYY-MM-DD, in timeZone).'),
  ...deadlineFields,
  priority: z.string().optional().describe('Only when other than medium.'),
  receiptEmail: z.string().optional().describe("The receipt e-mail's delivery state, only when neither sent nor queued (failed, bounced...)."),
  responseEmail: z.string().optional().describe("The response e-mail's delivery state, only when neither sent nor queued."),
  id: z.string().optional().describe('The record id: get_complaint takes it.'),
});

export const listAnswerSchema = z.object({
  total: z.number().int().describe('Records that match the filters.'),
  totalIsLowerBound: z
    .literal(true)
    .optional()
    .describe(
      'Only when not every record the filters may match could be read (truncated says why): total counts the matches among those read, and more may match.',
    ),
  page: z.number().int(),
  pages: z.number().int().describe('Pages of this pageSize.'),
  filedFrom: z.string().optional().describe('The first filing day a `period` stands for (YYYY-MM-DD, in timeZone).'),
  filedTo: z.string().optional().describe('The last filing day a `period` stands for.'),
  timeZone: z.string().describe('The zone of the filing days.'),
  items: z
    .array(listRowSchema)
    .optional()
    .describe('The records of this page, newest first (with overdue or dueBy, earliest deadline first); absent when the page has none.'),
  nextPage: z.number().int().optional().describe('The page to request next, with the same filters; absent on the last page.'),
  hint: z.string().optional().describe('What to call next: the next page, or why nothing matched.'),
  truncated: z
    .string()
    .optional()
    .describe('What this answer leaves out, and why: records the service sent beyond the page size, or records that could not be read.'),
  readSecondsAgo: z
    .number()
    .int()
    .optional()
    .describe(
      'Only when this page was cut from the records an earlier page of the same list read (kept a minute): how many seconds ago. Page 1 reads them again.',
    ),
});

export type ListRow = z.infer<typeof listRowSchema>;
export type ListAnswer = z.infer<typeof listAnswerSchema>;
