import { z } from 'zod';
import { complaintListItemOutputSchema, PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, STATUSES, TYPES } from '../api/schemas.js';
import { UserFacingError } from '../api/errors.js';
import { isCalendarDate } from '../dates/local-date.js';
import { PERIODS, periodRange } from '../dates/periods.js';
import { capText } from '../format/cap.js';
import { formatListText, toListPage } from '../format/list.js';
import { redactListItem } from '../format/redact.js';
import { wholeNumber } from './input-rules.js';
import { deadlineOutputSchema, todayOutputSchema } from './output-schemas.js';
import { defineTool } from './tool.js';

/** `YYYY-MM-DD` or an ISO date-time (the API uses the start or end of that day). */
const dayBound = (bound: 'from' | 'to') =>
  z
    .string({ error: 'expected a date YYYY-MM-DD or an ISO date-time' })
    .trim()
    .refine(isDateOrDateTime, 'expected a date YYYY-MM-DD or an ISO date-time such as 2026-11-16T00:00:00-05:00')
    .describe(
      `Filed ${bound === 'from' ? 'on or after' : 'on or before'} this day (inclusive): YYYY-MM-DD, or an ISO date-time, which counts as its whole day. Not together with period.`,
    );

function isDateOrDateTime(value: string): boolean {
  if (isCalendarDate(value)) return true;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value) && isCalendarDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value));
}

export const listComplaints = defineTool({
  name: 'list_complaints',
  title: 'List complaints and claims',
  description: [
    "List the records of the organization's complaints book (Libro de Reclamaciones): claims (reclamos) and complaints (quejas), newest first.",
    'Use it to answer "which records are open", "what was filed this week", or to find a record by correlative, tracking code or consumer first or last name (search).',
    'The result is a table, one tab-separated row per record: correlative, type, status, store, consumer, filed, response deadline (business days left, flagged DUE SOON at 3 or fewer and OVERDUE when past, or when it was answered), id, and flags (priority, failed e-mails) when any; pass the id to get_complaint for the full record and its history.',
    'Records still awaiting an answer have status open or in_review; since the order is newest first, the oldest of them, the ones nearest or past their deadline, are on the last pages (pageSize 100 keeps calls few).',
    'Dates: use `period` for relative ranges (computed in the member\'s time zone, weeks start on Monday) or `from`/`to` for exact days (inclusive), not both.',
    'Paging: 20 records per page by default (pageSize up to 100); when more exist the result ends with the page to request next.',
    'Examples: {"status":"open","type":"claim","period":"this_week"} · {"search":"000000481-2026"} · {"status":"open","pageSize":100,"page":2}',
  ].join('\n'),
  inputSchema: {
    page: wholeNumber({ min: 1, max: PAGE_MAX, fallback: 1 }).describe('Page number, from 1.'),
    pageSize: wholeNumber({ min: 1, max: PAGE_SIZE_MAX, fallback: PAGE_SIZE_DEFAULT }).describe(`Records per page, 1 to ${PAGE_SIZE_MAX}.`),
    status: z
      .enum(STATUSES, { error: `expected one of ${STATUSES.join(', ')}` })
      .optional()
      .describe('open = received, in_review = under review, resolved.'),
    type: z
      .enum(TYPES, { error: `expected one of ${TYPES.join(', ')}` })
      .optional()
      .describe('claim = reclamo (product or service), complaint = queja (the attention received).'),
    storeId: z
      .guid({ error: 'expected the uuid of a store, as in the storeId of records' })
      .optional()
      .describe('Only records of this store (uuid, as shown in records).'),
    search: z
      .string({ error: 'expected text' })
      .trim()
      .min(1, 'expected at least one character')
      .max(200, 'expected at most 200 characters')
      .optional()
      .describe('Partial, case-insensitive match on correlative, tracking code, or consumer first or last name (not a company name).'),
    period: z
      .enum(PERIODS, { error: `expected one of ${PERIODS.join(', ')}` })
      .optional()
      .describe('A relative range of filing dates, computed in COMPLAINTS_TIMEZONE; weeks start on Monday.'),
    from: dayBound('from').optional(),
    to: dayBound('to').optional(),
  },
  outputSchema: {
    items: z.array(complaintListItemOutputSchema.extend({ deadline: deadlineOutputSchema })),
    pagination: z.object({
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      totalPages: z.number().int(),
      nextPage: z.number().int().nullable().describe('The page to request next, or null on the last page.'),
    }),
    filters: z.object({
      status: z.string().optional(),
      type: z.string().optional(),
      storeId: z.string().optional(),
      search: z.string().optional(),
      from: z.string().optional(),
      to: z.string().optional(),
      period: z.string().optional(),
    }),
    timeZone: z.string(),
    today: todayOutputSchema,
  },
  async run(args, { api, clock, redactPii, signal }) {
    const { page, pageSize, period, status, type, storeId, search } = args;
    if (period && (args.from || args.to)) {
      throw new UserFacingError('Give either period or from/to, not both: period already sets the from and to days.');
    }
    const { from, to } = period ? periodRange(period, clock.now(), clock.timeZone) : args;
    if (from && to && from.slice(0, 10) > to.slice(0, 10)) {
      throw new UserFacingError(`from (${from}) is after to (${to}): no record can match.`);
    }
    const filters = Object.fromEntries(
      Object.entries({ status, type, storeId, search, from, to }).filter(([, value]) => value !== undefined),
    );
    const result = await (await api()).listComplaints({ page, pageSize, ...filters }, signal);
    const items = redactPii ? result.items.map(redactListItem) : result.items;
    const listPage = toListPage({ ...result, items }, { ...filters, ...(period ? { period } : {}) }, clock);
    const text = capText(formatListText(listPage), `Ask for fewer records per call (pageSize ${Math.max(1, Math.floor(pageSize / 2))}) or narrow the filters; structuredContent holds every record of this page.`);
    return { text, structured: listPage };
  },
});
