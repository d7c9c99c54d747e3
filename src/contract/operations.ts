// The API's two read operations as the product uses them, and what they give: one page, a record,
// or every page of a query. api/client.ts implements them over HTTP; tests give fakes.
import type { ListQuery } from './list-query.js';
import type { ComplaintDetail, ComplaintListItem } from './records.js';

export interface ComplaintsReader {
  /** GET /api/v1/complaints */
  listComplaints(query: ListQuery, signal?: AbortSignal): Promise<ListPage>;
  /** GET /api/v1/complaints/{id} */
  getComplaint(id: string, signal?: AbortSignal): Promise<ComplaintDetail>;
}

/** One page of the list operation. */
export interface ListPage {
  /** At most the page size asked. */
  items: ComplaintListItem[];
  /** Records the service sent beyond the page size asked, left out; 0 as a rule. */
  sentMore: number;
  /** Normalised: every field present, derived from the request when the service left one out. */
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
  /** True when the service sent no total that can be used, and `pagination.total` is only what the pages show. */
  totalUnreported?: boolean;
}

/** Every page of one or more queries, up to a cap, for figures over all the records they match. */
export interface AllPages {
  /** Each record once: a record that shows on two pages (the book changed while it was read) counts once. */
  items: ComplaintListItem[];
  /** What the service counts as matching (the queries' totals added). */
  total: number;
  pagesRead: number;
  /** Records the service counts that were not read: left out by the cap, or by the reason in `stoppedBy`. */
  unread: number;
  /** True when pages beyond the cap were left unread. */
  capped: boolean;
  /** Why the reading stopped before the cap (a failure of the service, the call's deadline), in words for the member. */
  stoppedBy?: string;
  /**
   * Read oldest first with pages left unread: the filing instant (as the service wrote it) at or after
   * which every unread record was filed, when the pages read tell it.
   */
  unreadSince?: string;
  /** Records read twice or more (same id), counted once. */
  repeated: number;
  /**
   * A page counted a different total than its query's first page: records were filed, or changed
   * status, while the pages were read, and some may have moved from a page not yet read to one read.
   */
  moved?: boolean;
  /** A query's first page sent no total that can be used: how many records match is not known. */
  totalUnreported?: boolean;
  /** Records the service sent beyond the page size asked, left unread. */
  sentMore: number;
}

/** The service's own counts of a query's records by value (a request of one record each): exact at any size. */
export interface ExactCounts {
  /** By each known status; left out when the query has a status. */
  byStatus?: Map<string, number>;
  /** By each known type; left out when the query has a type. */
  byType?: Map<string, number>;
  /** By each store id asked for; left out when the query has a store. */
  byStore?: Map<string, number>;
}
