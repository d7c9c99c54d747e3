// What complaints_overview answers: what is at risk now over the whole book (atRisk), then the
// figures about the records filed in the period asked: counts, activity and e-mail problems. Declared once: the tool's outputSchema, and by z.infer the type the formatters read.
import { z } from 'zod';
import { deadlineFields } from './deadline-fields.js';

const counts = z.record(z.string(), z.number().int());

const urgentRecordSchema = z.object({
  correlative: z.string().optional(),
  store: z.string().optional(),
  consumer: z.string().optional(),
  due: deadlineFields.due,
  serviceDue: deadlineFields.serviceDue,
  daysLeft: deadlineFields.daysLeft,
  id: z.string().optional(),
});

/** list_complaints arguments that list every record of a figure, page by page. */
const listArguments = z.object({
  overdue: z.literal(true).optional(),
  dueBy: z.string().optional(),
  type: z.string().optional(),
  storeId: z.string().optional(),
});

const atRiskSchema = z
  .object({
    unresolved: z.number().int().describe("Records open or in_review that the member can see, narrowed only by storeId and type (the service's count)."),
    read: z
      .number()
      .int()
      .optional()
      .describe('Only when it differs from unresolved: the distinct unresolved records read, which every figure below counts (see incomplete).'),
    unanswered: z.number().int().describe('Unresolved records without an official response.'),
    overdue: z.number().int().describe("Unanswered and past the law's deadline."),
    dueSoon: z.number().int().describe("Unanswered, with 0 to 3 business days left by the law's deadline."),
    answeredNotDelivered: z.number().int().describe('Unresolved, a response registered, its e-mail failed or bounced: the consumer may not have it.'),
    serviceDeadlineDiffers: z
      .number()
      .int()
      .optional()
      .describe("Unanswered records whose service deadline differs from the law's or is missing (the law's is used); absent when none."),
    deadlineUnknown: z
      .number()
      .int()
      .optional()
      .describe(
        'Unanswered records with no deadline that can be read (neither a filing date nor a service deadline): in unanswered, in no deadline figure; absent when none.',
      ),
    mostUrgent: z.array(urgentRecordSchema).optional().describe('Overdue (most overdue first), then due soon; at most 10.'),
    alsoDueSoon: z
      .array(urgentRecordSchema.pick({ correlative: true, daysLeft: true, id: true }))
      .optional()
      .describe('Due soon records that did not fit in mostUrgent (overdue records filled it): still answerable in time.'),
    notDelivered: z
      .array(z.object({ correlative: z.string().optional(), response: z.string().optional(), id: z.string().optional() }))
      .optional()
      .describe('Answered records not delivered (response e-mail failed or bounced), at most 10, oldest filing first.'),
    listOverdue: listArguments.optional().describe('list_complaints arguments that list every overdue record, earliest deadline first; absent when none.'),
    listDueSoon: listArguments
      .optional()
      .describe('list_complaints arguments that list every overdue and due soon record, earliest deadline first; absent when none.'),
    stillExact: z
      .array(z.enum(['overdue', 'dueSoon']))
      .optional()
      .describe(
        'With incomplete: the figures that are exact all the same, because every record not read was filed too recently to count in them (the oldest are read first).',
      ),
    incomplete: z
      .string()
      .optional()
      .describe('What could not be read (the cap, the deadline of the call, a failure of the service): every figure above leaves those records out.'),
  })
  .describe('What is at risk now over the whole book: every unresolved record the member can see, narrowed only by storeId and type, never by the period.');

const activitySchema = z
  .object({
    from: z.string().describe('The first day of the first step (YYYY-MM-DD in timeZone); a week starts on Monday, a month on the 1st.'),
    step: z.enum(['day', 'week', 'month']),
    filed: z.array(z.number().int()).describe('Records filed in each step, from `from` on.'),
    answered: z.array(z.number().int()).describe('Records of these whose official response is dated in each step (not necessarily filed in it).'),
  })
  .describe(
    'Records filed and answered per step (a day; a week or a month over long ranges, the latest 62 months at most), from the first filing day asked for (or the first filing) to the last day asked for, at most today.',
  );

export const overviewAnswerSchema = z.object({
  atRisk: atRiskSchema,
  total: z.number().int().describe("Records filed in the period asked (or in the whole book), by the service's count."),
  counted: z
    .number()
    .int()
    .optional()
    .describe('Only when it differs from total: the distinct records counted (when the page cap left the oldest unread, every figure below is a lower bound).'),
  filedFrom: z.string().optional().describe('The first filing day a `period` stands for (YYYY-MM-DD, in timeZone).'),
  filedTo: z.string().optional().describe('The last filing day a `period` stands for.'),
  timeZone: z.string(),
  byStatus: counts.optional(),
  byType: counts.optional().describe('Left out when the call asked for one type and every record is of it.'),
  byStore: z
    .array(z.object({ store: z.string().optional(), count: z.number().int(), storeId: z.string().optional() }))
    .optional()
    .describe('Most records first; storeId narrows list_complaints and complaints_overview.'),
  activity: activitySchema.optional(),
  emailProblems: z
    .object({
      records: z.number().int(),
      byState: counts,
      first: z
        .array(z.object({ correlative: z.string().optional(), receipt: z.string().optional(), response: z.string().optional(), id: z.string().optional() }))
        .describe('At most 10, newest first.'),
    })
    .optional()
    .describe('E-mail deliveries neither sent nor queued; absent when there are none.'),
  hint: z.string().optional().describe('Why the records counted differ from total, when they do.'),
  truncated: z.string().optional().describe('What this answer leaves out, and how to see it.'),
});

export type Activity = z.infer<typeof activitySchema>;
export type AtRisk = z.infer<typeof atRiskSchema>;
export type ListArguments = z.infer<typeof listArguments>;
export type UrgentRecord = z.infer<typeof urgentRecordSchema>;
export type OverviewAnswer = z.infer<typeof overviewAnswerSchema>;
