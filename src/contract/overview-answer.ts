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
    draftResponse: z
      .object({ reference: z.string() })
      .optional()
      .describe(
        'draft_response arguments (a prompt the member chooses, not a tool) that draft the official response to the first urgent record listed; any other listed takes its own correlative; absent when none has one.',
      ),
    stillExact: z
      .array(z.enum(['overdue', 'dueSoon']))
      .optional()
      .describe(
        'With incomplete: the figures that are exact all the same, because every record not read was filed too recently to count in them (the oldest are read first).',
      ),
    incomplete: z
      .string()
      .optional()
      .describe(
        'What could not be read (the cap, the deadline of the call, a failure of the service): every figure above leaves those records out, a lower bound but for those in stillExact.',
      ),
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

const daysToAnswerSchema = z
  .object({
    median: z.number().int(),
    p90: z.number().int().describe('90th percentile (nearest rank).'),
  })
  .describe(
    'Business days from the filing day to the response day, as the law counts them: the business days after the filing day up to and including the response day (an answer on the deadline day counts 15).',
  );

const performanceSchema = z
  .object({
    window: z
      .object({ from: z.string(), to: z.string() })
      .optional()
      .describe(
        'Only when the figures below cover fewer filing days than asked (the period holds more records than one call reads): the filing days they cover, YYYY-MM-DD in timeZone, every record of those days counted.',
      ),
    records: z.number().int().describe('Records filed in the period (or window) that these figures count.'),
    answered: z.number().int().describe('Of these, records with an official response.'),
    answeredOnTime: z.number().int().describe("Answered, the response dated on or before the law's deadline."),
    answeredLate: z.number().int().describe("Answered, the response dated after the law's deadline."),
    answerUndated: z
      .number()
      .int()
      .optional()
      .describe('Answered, but the response date or the deadline cannot be read: neither on time nor late; absent when none.'),
    unansweredOverdue: z.number().int().describe("Not answered yet and past the law's deadline today."),
    responsesNotDelivered: z.number().int().describe('Answered records whose response e-mail failed or bounced: the consumer may not have the answer.'),
    onTimeShare: z
      .number()
      .optional()
      .describe('answeredOnTime / (answeredOnTime + answeredLate), from 0 to 1, three decimals; absent when no answer is dated.'),
    daysToAnswer: daysToAnswerSchema.optional().describe('Over the dated answers; absent when none.'),
    byReason: z
      .array(z.object({ reason: z.string(), count: z.number().int() }))
      .describe("The records' reasons (reasonLabel), most first; the 20 most frequent at most."),
    otherReasons: z.number().int().optional().describe('Records whose reason is not among the 20 in byReason; absent when none.'),
    incomplete: z.string().optional().describe('Why these figures count fewer records than the period holds, when they do.'),
  })
  .describe(
    "How the period's records were answered: on time or late by the law's deadline (15 business days after the filing day, Lima), days to answer, e-mails not delivered, reasons.",
  );

export const overviewAnswerSchema = z.object({
  store: z
    .object({
      id: z.string(),
      name: z.string().optional().describe("The store's name, as its records carry it; absent when none says it."),
      noRecord: z
        .literal(true)
        .optional()
        .describe('No record of the store can be read with this key, at any date: a wrong id, or a store the member cannot see.'),
    })
    .optional()
    .describe('Only with storeId: the store asked about.'),
  atRisk: atRiskSchema,
  total: z.number().int().describe("Records filed in the period asked (or in the whole book), by the service's count."),
  counted: z
    .number()
    .int()
    .optional()
    .describe(
      "Only when it differs from total: the distinct records read. byStatus, byType and byStore are the service's exact counts all the same unless hint says otherwise; performance says which filing days it covers.",
    ),
  countsAreLowerBounds: z
    .literal(true)
    .optional()
    .describe("Only when byStatus, byType and byStore count only the `counted` records read (the service's own counts could not be had): more may exist."),
  filedFrom: z.string().optional().describe('The first filing day a `period` stands for (YYYY-MM-DD, in timeZone).'),
  filedTo: z.string().optional().describe('The last filing day a `period` stands for.'),
  timeZone: z.string(),
  byStatus: counts.optional(),
  byType: counts.optional().describe('Left out when the call asked for one type and every record is of it.'),
  byStore: z
    .array(
      z.object({
        store: z.string().optional(),
        count: z.number().int(),
        storeId: z.string().optional(),
        answered: z.number().int().optional().describe("Answered records of the store among performance's records."),
        onTimeShare: z.number().optional().describe("Share of the store's dated answers given on time, 0 to 1; absent when none."),
        medianDaysToAnswer: z.number().int().optional().describe("Median business days to answer of the store's dated answers; absent when none."),
      }),
    )
    .optional()
    .describe(
      "Most records first, with each store's count of the period (the service's count) and how it answers (over performance's records); storeId narrows list_complaints and complaints_overview.",
    ),
  otherStores: z
    .number()
    .int()
    .optional()
    .describe('Records of the period in stores not listed in byStore (stores none of whose records were read, or beyond the 50 listed).'),
  performance: performanceSchema.optional(),
  activity: activitySchema.optional(),
  emailProblems: z
    .object({
      records: z.number().int(),
      byState: counts,
      first: z
        .array(z.object({ correlative: z.string().optional(), receipt: z.string().optional(), response: z.string().optional(), id: z.string().optional() }))
        .describe('At most 10, newest first.'),
      list: z
        .object({
          emailProblem: z.literal(true),
          from: z.string().optional(),
          to: z.string().optional(),
          type: z.string().optional(),
          storeId: z.string().optional(),
        })
        .describe('list_complaints arguments that list every one of these records, newest first, page by page.'),
    })
    .optional()
    .describe("E-mail deliveries neither sent nor queued, among performance's records; absent when there are none."),
  hint: z.string().optional().describe('Why the records read differ from total, when they do, and which figures stay exact.'),
  truncated: z.string().optional().describe('What this answer leaves out, and how to see it.'),
});

export type Activity = z.infer<typeof activitySchema>;
export type Performance = z.infer<typeof performanceSchema>;
export type AtRisk = z.infer<typeof atRiskSchema>;
export type ListArguments = z.infer<typeof listArguments>;
export type UrgentRecord = z.infer<typeof urgentRecordSchema>;
export type OverviewAnswer = z.infer<typeof overviewAnswerSchema>;
