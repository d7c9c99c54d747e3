// The store an overview is narrowed to, by its name: the API lists no stores, but each record carries
// its store's name. Taken from the records the overview read when one is of that store; else from one
// request of one record of the store, at any date and status; none at all is worth saying.
import type { ComplaintsReader } from '../contract/operations.js';
import type { OverviewAnswer } from '../contract/overview-answer.js';
import type { ComplaintListItem } from '../contract/records.js';
import { cleanLine } from '../sanitize.js';

export type StoreAsked = NonNullable<OverviewAnswer['store']>;

/** The first record of `items` of the store `storeId` (its cleaned id, any case: as the overview counts stores). */
function ofStore(items: readonly ComplaintListItem[], storeId: string): ComplaintListItem | undefined {
  const wanted = storeId.toLowerCase();
  return items.find((item) => item.storeId !== null && cleanLine(item.storeId, 64).toLowerCase() === wanted);
}

function named(storeId: string, item: ComplaintListItem): StoreAsked {
  const name = item.storeName === null ? '' : cleanLine(item.storeName, 80);
  return name === '' ? { id: storeId } : { id: storeId, name };
}

/**
 * The store `storeId` with its name, read from `read` (the overview's records) or, when none of them
 * is of the store, from one record of it. A record of another store (a service that ignored the
 * filter) names nothing; a request that fails leaves the store unnamed (the caller decides which
 * failures end the call).
 */
export async function readStoreAsked(
  api: ComplaintsReader,
  storeId: string,
  read: readonly (readonly ComplaintListItem[])[],
  signal?: AbortSignal,
): Promise<StoreAsked> {
  for (const items of read) {
    const item = ofStore(items, storeId);
    if (item !== undefined) return named(storeId, item);
  }
  const page = await api.listComplaints({ storeId, page: 1, pageSize: 1 }, signal);
  const item = ofStore(page.items, storeId);
  if (item !== undefined) return named(storeId, item);
  return page.pagination.total === 0 && page.items.length === 0 ? { id: storeId, noRecord: true } : { id: storeId };
}
