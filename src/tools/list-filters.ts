// The filters list_complaints has beyond the API's: the status "unresolved" (open and in_review
// together), overdue, dueBy and emailProblem. The API filters on none of them, so with any of them
// the tool reads every record they may match (the unresolved ones, api/unresolved-records.ts, for the
// first three) and filters, orders and pages them itself.
import { z } from 'zod';
import type { UnresolvedQuery } from '../api/unresolved-records.js';
import { isCalendarDate } from '../calendar/calendar-date.js';
import { type ListFilters, type ListQuery, UNRESOLVED } from '../contract/list-query.js';
import { STATUSES } from '../contract/records.js';
import type { Clock } from '../domain/clock.js';
import { UserFacingError } from '../errors.js';
import { readFilters } from './filter-inputs.js';
import { booleanInput } from './input-rules.js';

const LIST_STATUSES = [...STATUSES, UNRESOLVED] as const;

export const listFilterInputs = {
  status: z
    .enum(LIST_STATUSES, { error: `expected one of ${LIST_STATUSES.join(', ')}` })
    .optional()
    .describe('unresolved = open and in_review.'),
  overdue: booleanInput().optional().describe("true: unanswered records past the law's deadline, any filing date, earliest first."),
  emailProblem: booleanInput().optional().describe('true: records whose receipt or response e-mail failed (neither sent nor queued).'),
  dueBy: z
    .string({ error: 'expected a date YYYY-MM-DD' })
    .trim()
    .refine(isCalendarDate, 'expected a date YYYY-MM-DD')
    .optional()
    .describe('YYYY-MM-DD: unanswered records due by this day, overdue included, earliest first.'),
};

type ListFilterArguments = Omit<Parameters<typeof readFilters>[0], 'status'> & {
  status?: (typeof LIST_STATUSES)[number];
  overdue?: boolean;
  dueBy?: string;
  emailProblem?: boolean;
};

/**
 * The API's query and the filters the text names; with `unresolved`, the query of the unresolved
 * records to read instead of one page of the API (with emailProblem alone, the query's every record
 * is read). Refuses what cannot match before anything is sent.
 */
export function readListFilters(
  args: ListFilterArguments,
  clock: Clock,
): { query: Omit<ListQuery, 'page' | 'pageSize'>; filters: ListFilters; unresolved?: UnresolvedQuery } {
  const { status, overdue, dueBy, emailProblem, ...rest } = args;
  const onDeadline = overdue === true || dueBy !== undefined;
  if (onDeadline && status === 'resolved') {
    throw new UserFacingError(
      'overdue and dueBy select unanswered records, which are open or in_review: leave status out, or use open, in_review or unresolved.',
    );
  }
  const { query, filters } = readFilters({ ...rest, status: status === UNRESOLVED ? undefined : status }, clock);
  const listFilters: ListFilters = {
    ...filters,
    ...(status === UNRESOLVED ? { status } : {}),
    ...(overdue === true ? { overdue } : {}),
    ...(dueBy !== undefined ? { dueBy } : {}),
    ...(emailProblem === true ? { emailProblem } : {}),
  };
  if (!onDeadline && status !== UNRESOLVED) return { query, filters: listFilters };
  const { status: oneStatus, ...narrowing } = query;
  return { query, filters: listFilters, unresolved: { ...narrowing, ...(oneStatus ? { statuses: [oneStatus] } : {}) } };
}
