// The list operation's filters as tool arguments, shared by every tool that selects records
// (list_complaints, complaints_overview), and their reading into the filters the API takes.
import { z } from 'zod';
import { isDateOrDateTime } from '../calendar/date-time.js';
import { PERIODS, periodRange } from '../calendar/periods.js';
import type { ListFilters } from '../contract/list-query.js';
import { STATUSES, TYPES } from '../contract/records.js';
import type { Clock } from '../domain/clock.js';
import { UserFacingError } from '../errors.js';
import { holdsKeyShape } from '../key-shape.js';
import { uuidInput } from './input-rules.js';

/** `YYYY-MM-DD` or an ISO date-time (the API uses the start or end of that day). */
const dayBound = (bound: 'from' | 'to') =>
  z
    .string({ error: 'expected a date YYYY-MM-DD or an ISO date-time' })
    .trim()
    .refine(isDateOrDateTime, 'expected a date YYYY-MM-DD or an ISO date-time such as 2026-11-16T00:00:00-05:00')
    .describe(`Filed ${bound === 'from' ? 'on or after' : 'on or before'} this day: YYYY-MM-DD. Not with period.`);

export const filterInputs = {
  status: z
    .enum(STATUSES, { error: `expected one of ${STATUSES.join(', ')}` })
    .optional()
    .describe('open = received, in_review = under review.'),
  type: z
    .enum(TYPES, { error: `expected one of ${TYPES.join(', ')}` })
    .optional()
    .describe('claim = reclamo (product, service), complaint = queja (attention).'),
  storeId: uuidInput('expected the uuid of a store, as complaints_overview lists it by store')
    .optional()
    .describe('A store id, as complaints_overview lists them.'),
  search: z
    .string({ error: 'expected text' })
    .trim()
    .min(1, 'expected at least one character')
    .max(200, 'expected at most 200 characters')
    // No correlative, tracking code or name is shaped like an API key: one pasted here by mistake would
    // travel in every request's query string and come back in the answer's header.
    .refine((value) => !holdsKeyShape(value, true), 'expected a correlative, tracking code or name, not an API key: the key goes in COMPLAINTS_API_KEY only')
    .optional()
    .describe('Part of a correlative, tracking code, or consumer first or last name.'),
  period: z
    .enum(PERIODS, { error: `expected one of ${PERIODS.join(', ')}` })
    .optional()
    .describe("Filing dates, in the member's time zone; weeks start on Monday."),
  from: dayBound('from').optional(),
  to: dayBound('to').optional(),
};

type FilterArguments = { [K in keyof typeof filterInputs]?: z.output<(typeof filterInputs)[K]> };

/**
 * The filters to send: a period becomes from/to days in the member's time zone. Refuses a period with
 * from/to, and from after to, before anything is sent. `period` is kept for the text's header only.
 */
export function readFilters(args: FilterArguments, clock: Clock): { query: Omit<ListFilters, 'period'>; filters: ListFilters } {
  const { period, status, type, storeId, search } = args;
  if (period && (args.from || args.to)) {
    throw new UserFacingError('Give either period or from/to, not both: period already sets the from and to days.');
  }
  const { from, to } = period ? periodRange(period, clock.now(), clock.timeZone) : args;
  if (from && to && from.slice(0, 10) > to.slice(0, 10)) {
    throw new UserFacingError(`from (${from}) is after to (${to}): no record can match.`);
  }
  const query = Object.fromEntries(Object.entries({ status, type, storeId, search, from, to }).filter(([, value]) => value !== undefined));
  return { query, filters: { ...query, ...(period ? { period } : {}) } };
}
