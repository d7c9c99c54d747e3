// The list operation's query, under the names the API reads, and the filters a tool asks with.

/** The query parameters of GET /api/v1/complaints. Known statuses and types are in records.ts; others pass as strings. */
export interface ListQuery {
  page?: number;
  pageSize?: number;
  status?: string;
  type?: string;
  storeId?: string;
  search?: string;
  /** YYYY-MM-DD or an ISO date-time: the API takes its whole day. */
  from?: string;
  to?: string;
}

/** The filters as sent to the API, plus the `period` they came from (a view's header names it) and those the API lacks. */
export type ListFilters = Omit<ListQuery, 'page' | 'pageSize'> & {
  period?: string;
  /** Unanswered and past the law's deadline. */
  overdue?: boolean;
  /** Unanswered, the law's deadline on or before this day (YYYY-MM-DD). */
  dueBy?: string;
  /** The receipt or response e-mail neither sent nor queued. */
  emailProblem?: boolean;
};

/** The status filter that stands for open and in_review together: read as two queries, not sent. */
export const UNRESOLVED = 'unresolved';

export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 20;
/** Not the API's limit: ours, so that page arithmetic stays exact (a million pages is far beyond any book). */
export const PAGE_MAX = 1_000_000;
