// What the client makes of the list operation's answers: one page, or every page of a query.
import type { ComplaintListItem } from './records.js';

/** One page of the list operation. */
export interface ListPage {
  /** At most the page size asked. */
  items: ComplaintListItem[];
  /** Records the service sent beyond the page size asked, left out; 0 as a rule. */
  sentMore: number;
  /** Normalised: every field present, derived from the request when the service left one out. */
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
}

/** Every page of a query, up to a cap, for summaries over all matching records. */
export interface AllPages {
  /** Each record once: a record that shows on two pages (the book changed while it was read) counts once. */
  items: ComplaintListItem[];
  /** What the service counts as matching, which may exceed `items` when the cap was reached. */
  total: number;
  totalPages: number;
  pagesRead: number;
  /** True when pages beyond the cap were left unread. */
  capped: boolean;
  /** Records read twice or more (same id), counted once. */
  repeated: number;
  /** Records the service sent beyond the page size asked, left unread. */
  sentMore: number;
}
