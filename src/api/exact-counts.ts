// Counts by status, type and store of the records a query matches, exact at any size: one request
// of one record per value, whose pagination.total is the service's own count. What a figure needs
// when the records are too many to read (a year of a big chain), at a few requests whatever the size.
import type { ListQuery } from '../contract/list-query.js';
import type { ComplaintsReader, ExactCounts } from '../contract/operations.js';
import { STATUSES, TYPES } from '../contract/records.js';

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
      counts[count]!.set(value, page.pagination.total);
    }
  };
  await Promise.all(Array.from({ length: Math.min(WORKERS, asked.length) }, worker));
  return counts;
}

/** Counts asked at once by one call. */
const WORKERS = 6;

/**
 * Why counts cannot be the service's own, when they add up to more than its total for the same query
 * (each record has one status, one type and one store): a service that lies about one of them, or a
 * book that changed while it was counted. Undefined when they hold together.
 */
export function countsDisagree(counts: ExactCounts, total: number): string | undefined {
  for (const [name, byValue] of [
    ['status', counts.byStatus],
    ['type', counts.byType],
    ['store', counts.byStore],
  ] as const) {
    const sum = byValue === undefined ? 0 : [...byValue.values()].reduce((all, count) => all + count, 0);
    if (sum > total) return `the service's counts by ${name} add up to ${sum}, more than its total of ${total}`;
  }
  return undefined;
}
