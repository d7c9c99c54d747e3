// Counts by status, type and store of the records a query matches, exact at any size: one request
// of one record per value, whose pagination.total is the service's own count. What a figure needs
// when the records are too many to read (a year of a big chain), at a few requests whatever the size.
import type { ListQuery } from '../contract/list-query.js';
import type { ComplaintsReader, ExactCounts } from '../contract/operations.js';
import { type ComplaintListItem, STATUSES, TYPES } from '../contract/records.js';
import { cleanLine } from '../sanitize.js';
import { ApiError } from './errors.js';

type Query = Omit<ListQuery, 'page' | 'pageSize'>;

/**
 * The service's count of `query` for each known status and type and each store in `storeIds` (the
 * stores the caller has seen: the API lists no stores). Values the contract does not list are what
 * the total leaves over. Fails as a whole when one request fails: a half-exact count would mislead.
 */
export async function readExactCounts(api: ComplaintsReader, query: Query, storeIds: readonly string[], signal?: AbortSignal): Promise<ExactCounts> {
  const asked: Array<{ count: keyof ExactCounts; value: string; narrowing: Query }> = [
    ...(query.status === undefined ? STATUSES.map((status) => ({ count: 'byStatus' as const, value: status, narrowing: { status } })) : []),
    ...(query.type === undefined ? TYPES.map((type) => ({ count: 'byType' as const, value: type, narrowing: { type } })) : []),
    ...(query.storeId === undefined ? [...new Set(storeIds)].map((storeId) => ({ count: 'byStore' as const, value: storeId, narrowing: { storeId } })) : []),
  ];
  const counts: ExactCounts = {
    byStatus: query.status === undefined ? new Map() : undefined,
    byType: query.type === undefined ? new Map() : undefined,
    byStore: query.storeId === undefined ? new Map() : undefined,
  };
  // A few at a time, as every reading of one call is: the member's gate bounds the requests in
  // flight, this bounds the requests waiting on the call's signal.
  let next = 0;
  const worker = async () => {
    while (next < asked.length) {
      const { count, value, narrowing } = asked[next++]!;
      const page = await api.listComplaints({ ...query, ...narrowing, page: 1, pageSize: 1 }, signal);
      // A total the service did not send is the page's own record: no count at all.
      if (page.totalUnreported) throw new ApiError('unexpected_body', `the service sent no count of the records of ${count.slice(2).toLowerCase()} ${value}`);
      counts[count]!.set(value, page.pagination.total);
    }
  };
  await Promise.all(Array.from({ length: Math.min(WORKERS, asked.length) }, worker));
  return counts;
}

/** Counts asked at once by one call. */
const WORKERS = 6;

/**
 * Why counts cannot be the service's own: they add up to more than its total for the same query (each
 * record has one status, one type and one store), or one is lower than the records of that value
 * already read. A service that lies about one of them, or a book that changed while it was counted.
 * Undefined when they hold together.
 */
export function countsDisagree(counts: ExactCounts, total: number, read: readonly ComplaintListItem[]): string | undefined {
  const dimensions = [
    ['status', counts.byStatus, (item: ComplaintListItem) => item.status],
    ['type', counts.byType, (item: ComplaintListItem) => item.type],
    ['store', counts.byStore, (item: ComplaintListItem) => (item.storeId === null ? null : cleanLine(item.storeId, 64))],
  ] as const;
  for (const [name, byValue, valueIn] of dimensions) {
    if (byValue === undefined) continue;
    const sum = [...byValue.values()].reduce((all, count) => all + count, 0);
    if (sum > total) return `the service's counts by ${name} add up to ${sum}, more than its total of ${total}`;
    const seen = new Map<string, number>();
    for (const item of read) {
      const value = valueIn(item);
      if (value !== null && byValue.has(value)) seen.set(value, (seen.get(value) ?? 0) + 1);
    }
    for (const [value, count] of seen) {
      if (count > byValue.get(value)!) return `the service counts ${byValue.get(value)} of ${name} ${value}, fewer than the ${count} records read`;
    }
  }
  return undefined;
}
