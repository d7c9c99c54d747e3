// The unresolved records of a book (status open or in_review), every page of both, for what is at
// risk now: the oldest are the most overdue, so when a book holds more than the cap, the oldest pages
// are read first and the newest left unread (and said so).
import type { ListQuery } from '../contract/list-query.js';
import type { AllPages, ComplaintsReader } from '../contract/operations.js';
import { UNRESOLVED_STATUSES } from '../domain/answered.js';
import { readAllPages } from './all-pages.js';
import { MAX_UNRESOLVED_RECORDS, PAGE_SIZE } from './reading-bounds.js';

export interface UnresolvedQuery extends Omit<ListQuery, 'page' | 'pageSize' | 'status'> {
  /** The statuses to read, of open and in_review; both by default. */
  statuses?: readonly string[];
}

export function readUnresolved(
  api: ComplaintsReader,
  { statuses = UNRESOLVED_STATUSES, ...filters }: UnresolvedQuery,
  options: { signal?: AbortSignal; onPage?: (pagesRead: number, pagesToRead: number) => void } = {},
): Promise<AllPages> {
  return readAllPages(
    api,
    statuses.map((status) => ({ ...filters, status })),
    { ...options, maxPages: MAX_UNRESOLVED_RECORDS / PAGE_SIZE, oldestFirst: true },
  );
}
