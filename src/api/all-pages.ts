// Every page of one or more list queries, for figures over all the records they match: each query's
// first page (it tells how many pages there are), then the rest, up to a cap that keeps one call
// bounded in time, memory and load on the service. The member's request gate (request-gate.ts) keeps
// the requests in flight few, whatever the number of calls.
//
// A call must answer with what it could read rather than nothing: once the first pages are in, a page
// the service fails to give, or the call's deadline passing, stops the reading, and the result says how
// many records were left unread and why. Only the first pages' failure, a refused key, or the caller
// cancelling, is an error.

import type { ListQuery } from '../contract/list-query.js';
import type { AllPages, ComplaintsReader } from '../contract/operations.js';
import type { ComplaintListItem } from '../contract/records.js';
import { cleanLine } from '../sanitize.js';
import { ApiError } from './errors.js';

export const PAGE_SIZE = 100;
/** Pages read at once by one call; the member's gate may let fewer through. */
const WORKERS = 8;

export interface ReadOptions {
  /** Pages read at most, first pages included. */
  maxPages: number;
  /** Read the last pages (the oldest records: newest first is the API's order) first, when not every page fits. */
  oldestFirst?: boolean;
  signal?: AbortSignal;
  onPage?: (pagesRead: number, pagesToRead: number) => void;
}

/** The pages of each query (without page and pageSize), each record once. */
export async function readAllPages(
  api: ComplaintsReader,
  queries: ReadonlyArray<Omit<ListQuery, 'page' | 'pageSize'>>,
  options: ReadOptions,
): Promise<AllPages> {
  const { onPage } = options;
  // An error that ends the call stops the requests still in flight; the caller's own reason (its
  // deadline) passes through as it is.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const read = (query: number, page: number) => api.listComplaints({ ...queries[query], page, pageSize: PAGE_SIZE }, signal);
  const fatal = (error: unknown) => {
    stop.abort(error);
    return error;
  };

  const firsts = await Promise.all(queries.map((_, query) => read(query, 1))).catch((error: unknown) => {
    throw fatal(error);
  });
  const pages = queries.map((_, query) => new Map<number, ComplaintListItem[]>([[1, firsts[query]!.items]]));
  const total = firsts.reduce((sum, first) => sum + first.pagination.total, 0);
  let sentMore = firsts.reduce((sum, first) => sum + first.sentMore, 0);

  const plan = planPages(
    firsts.map((first) => first.pagination.totalPages),
    Math.max(0, options.maxPages - queries.length),
    options.oldestFirst === true,
  );
  const pagesToRead = queries.length + plan.length;
  let pagesRead = queries.length;
  onPage?.(pagesRead, pagesToRead);

  let failure: ApiError | undefined;
  let next = 0;
  const worker = async () => {
    while (failure === undefined && !stop.signal.aborted && next < plan.length) {
      const { query, page } = plan[next++]!;
      try {
        const result = await read(query, page);
        pages[query]!.set(page, result.items);
        sentMore += result.sentMore;
        pagesRead += 1;
        onPage?.(pagesRead, pagesToRead);
      } catch (error) {
        if (stop.signal.aborted) return; // another page's error ends the call
        if (!(error instanceof ApiError) || STOPS_THE_CALL.has(error.kind)) throw fatal(error);
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(WORKERS, plan.length) }, worker));

  // In each query's page order: newest first, as the API lists them.
  const everyRecord = pages.flatMap((byPage) => [...byPage].sort(([a], [b]) => a - b).flatMap(([, items]) => items));
  const items = onceEach(everyRecord);
  const unread = Math.max(0, total - everyRecord.length);
  return {
    items,
    total,
    pagesRead,
    unread,
    // Pages left out by the cap alone say nothing of the service; a failure says why the rest is missing.
    stoppedBy: failure?.message,
    capped:
      plan.length <
      Math.max(
        0,
        firsts.reduce((sum, first) => sum + Math.max(0, first.pagination.totalPages - 1), 0),
      ),
    repeated: everyRecord.length - items.length,
    sentMore,
  };
}

/** Errors after which no answer is worth giving: the key refused, or the member gone. */
const STOPS_THE_CALL = new Set(['unauthorized', 'forbidden', 'cancelled']);

/**
 * The pages after the first of each query, at most `budget` of them: all when they fit; otherwise the
 * oldest (last) pages first, or the newest, taking from each query in turn.
 */
function planPages(totalPages: readonly number[], budget: number, oldestFirst: boolean): Array<{ query: number; page: number }> {
  const remaining = totalPages.map((pages) => {
    const rest = Array.from({ length: Math.max(0, pages - 1) }, (_, index) => index + 2);
    return oldestFirst ? rest.reverse() : rest;
  });
  const plan: Array<{ query: number; page: number }> = [];
  for (let round = 0; plan.length < budget; round += 1) {
    let added = false;
    remaining.forEach((pages, query) => {
      const page = pages[round];
      if (page !== undefined && plan.length < budget) {
        plan.push({ query, page });
        added = true;
      }
    });
    if (!added) break;
  }
  return plan;
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
