// Every page of a list query, for summaries over all matching records: page 1 first (it tells how
// many pages there are), then the rest with a few requests in flight, up to a cap that keeps one
// call bounded in time and in load on the service.

import type { ListQuery } from '../contract/list-query.js';
import type { AllPages, ComplaintsReader } from '../contract/operations.js';
import type { ComplaintListItem } from '../contract/records.js';
import { cleanLine } from '../sanitize.js';

export const OVERVIEW_PAGE_SIZE = 100;
export const MAX_PAGES = 50;
export const MAX_IN_FLIGHT = 4;

/** Reads the pages of `query` (without page and pageSize), calling `onPage` after each. Aborts with `signal`. */
export async function listAllPages(
  api: ComplaintsReader,
  query: Omit<ListQuery, 'page' | 'pageSize'>,
  options: { signal?: AbortSignal; onPage?: (pagesRead: number, pagesToRead: number) => void } = {},
): Promise<AllPages> {
  const { onPage } = options;
  // One failed page stops the others: the summary would be wrong anyway.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const read = (page: number) => api.listComplaints({ ...query, page, pageSize: OVERVIEW_PAGE_SIZE }, signal);
  const first = await read(1);
  const { total, totalPages } = first.pagination;
  const pagesToRead = Math.max(1, Math.min(totalPages, MAX_PAGES));
  const pages = new Array<ComplaintListItem[]>(pagesToRead);
  pages[0] = first.items;
  let sentMore = first.sentMore;
  let pagesRead = 1;
  onPage?.(pagesRead, pagesToRead);

  let next = 2;
  const worker = async () => {
    while (next <= pagesToRead) {
      const page = next++;
      try {
        const result = await read(page);
        pages[page - 1] = result.items;
        sentMore += result.sentMore;
      } catch (error) {
        stop.abort();
        throw error;
      }
      pagesRead += 1;
      onPage?.(pagesRead, pagesToRead);
    }
  };
  await Promise.all(Array.from({ length: Math.min(MAX_IN_FLIGHT, pagesToRead - 1) }, worker));
  const everyRecord = pages.flat();
  const items = onceEach(everyRecord);
  return { items, total, totalPages, pagesRead, capped: totalPages > pagesToRead, repeated: everyRecord.length - items.length, sentMore };
}

/** The records with each id once (the first seen); records without an id are each their own. */
function onceEach(records: ComplaintListItem[]): ComplaintListItem[] {
  const seen = new Set<string>();
  return records.filter((record) => {
    // Ids compared as get_complaint does: cleaned, ignoring case.
    const id = record.id === null ? '' : cleanLine(record.id, 64).toLowerCase();
    if (id === '') return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
