// Every page of one or more list queries, for figures over all the records they match, up to a cap
// that keeps one call bounded in time, memory and load on the service. The member's request gate
// (request-gate.ts) keeps the requests in flight few, whatever the number of calls.
//
// Newest first (the API's order), each query's first page tells how many pages there are. Oldest
// first, a first request of one record does (its pagination.total), and then every page is read from
// the last: the oldest records are the ones a deadline has passed for, so a reading cut short by the
// cap or by the call's deadline has read those.
//
// A call must answer with what it could read rather than nothing: once the first requests are in, a
// page the service fails to give, or the call's deadline passing, stops the reading, and the result
// says how many records were left unread and why. Only the first requests' failure, a refused key, or
// the caller cancelling, is an error.

import { type CallSignal, callSignal } from '../call-signal.js';
import type { ListQuery } from '../contract/list-query.js';
import type { AllPages, ComplaintsReader, ListPage } from '../contract/operations.js';
import type { ComplaintListItem } from '../contract/records.js';
import { cleanLine } from '../sanitize.js';
import { ApiError } from './errors.js';
import { PAGE_SIZE } from './reading-bounds.js';

/** Pages read at once by one call; the member's gate may let fewer through. */
const WORKERS = 8;

export interface ReadOptions {
  /** Pages of PAGE_SIZE read at most, first pages included. */
  maxPages: number;
  /** Read the last pages first (the oldest records: newest first is the API's order). */
  oldestFirst?: boolean;
  signal?: AbortSignal;
  onPage?: (pagesRead: number, pagesToRead: number) => void;
  /** Told the queries' total once their first pages are in, before the rest is planned: throwing ends the reading there. */
  onTotal?: (total: number) => void;
  /**
   * What is kept of each record as its page arrives: a reading of tens of thousands of records holds
   * only the fields its figures need, and lets each page's others go at once.
   */
  keep?: (item: ComplaintListItem) => ComplaintListItem;
}

type Query = Omit<ListQuery, 'page' | 'pageSize'>;

/** The pages of each query, each record once. */
export async function readAllPages(api: ComplaintsReader, queries: readonly Query[], options: ReadOptions): Promise<AllPages> {
  // No deadline of its own: the caller's signal (its deadline) passes through as it is, and an error
  // that ends the call stops the requests still in flight.
  const call = callSignal(undefined, options.signal);
  try {
    return await readEvery(api, queries, options, call);
  } finally {
    call.done();
  }
}

async function readEvery(api: ComplaintsReader, queries: readonly Query[], options: ReadOptions, call: CallSignal): Promise<AllPages> {
  const { onPage } = options;
  const kept = (items: ComplaintListItem[]) => (options.keep === undefined ? items : items.map(options.keep));
  const oldestFirst = options.oldestFirst === true;
  const read = (query: number, page: number, pageSize = PAGE_SIZE) => api.listComplaints({ ...queries[query], page, pageSize }, call.signal);
  // Ended by an error of ours, not by the caller: the caller's deadline leaves what was read to answer with.
  let ended = false;
  const fatal = (error: unknown) => {
    ended = true;
    call.end(error);
    return error;
  };

  const firsts = await Promise.all(queries.map((_, query) => read(query, 1, oldestFirst ? 1 : PAGE_SIZE))).catch((error: unknown) => {
    throw fatal(error);
  });
  const total = firsts.reduce((sum, first) => sum + first.pagination.total, 0);
  try {
    options.onTotal?.(total);
  } catch (error) {
    throw fatal(error);
  }
  const pageCounts = firsts.map((first) => Math.ceil(first.pagination.total / PAGE_SIZE));
  // Newest first, the first pages are read already and count against the cap.
  const pages = queries.map((_, query) => new Map<number, ComplaintListItem[]>(oldestFirst ? [] : [[1, kept(firsts[query]!.items)]]));
  let sentMore = oldestFirst ? 0 : firsts.reduce((sum, first) => sum + first.sentMore, 0);
  const toPlan = pageCounts.map((count) => (oldestFirst ? count : Math.max(0, count - 1)));
  const plan = planPages(toPlan, Math.max(0, options.maxPages - (oldestFirst ? 0 : queries.length)), oldestFirst);
  const pagesToRead = (oldestFirst ? 0 : queries.length) + plan.length;
  let pagesRead = oldestFirst ? 0 : queries.length;
  onPage?.(pagesRead, pagesToRead);

  let failure: ApiError | undefined;
  let moved = false;
  let next = 0;
  const worker = async () => {
    while (failure === undefined && !ended && next < plan.length) {
      const { query, page } = plan[next++]!;
      try {
        const result: ListPage = await read(query, page);
        pages[query]!.set(page, kept(result.items));
        if (result.pagination.total !== firsts[query]!.pagination.total) moved = true;
        sentMore += result.sentMore;
        pagesRead += 1;
        onPage?.(pagesRead, pagesToRead);
      } catch (error) {
        if (ended) return; // another page's error ends the call
        if (!(error instanceof ApiError) || STOPS_THE_CALL.has(error.kind)) throw fatal(error);
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(WORKERS, plan.length) }, worker));

  // In each query's page order: newest first, as the API lists them.
  const everyRecord = pages.flatMap((byPage) => [...byPage].sort(([a], [b]) => a - b).flatMap(([, items]) => items));
  const items = onceEach(everyRecord);
  return {
    items,
    total,
    pagesRead,
    unread: Math.max(0, total - everyRecord.length),
    // Pages left out by the cap alone say nothing of the service; a failure says why the rest is missing.
    stoppedBy: failure?.message,
    capped: plan.length < toPlan.reduce((sum, count) => sum + count, 0),
    unreadSince: oldestFirst ? unreadSince(pages, pageCounts) : undefined,
    repeated: everyRecord.length - items.length,
    moved,
    ...(firsts.some((first) => first.totalUnreported) ? { totalUnreported: true } : {}),
    sentMore,
  };
}

/** Errors after which no answer is worth giving: the key refused, or the member gone. */
export const STOPS_THE_CALL: ReadonlySet<string> = new Set(['unauthorized', 'forbidden', 'cancelled']);

/**
 * The pages to read of each query, at most `budget` of them, taking from each query in turn: pages
 * 1..count, from the last when `oldestFirst`, else 2..count+1 (the first is read already). Only what
 * fits the budget is listed: a service that counts ten million pages costs no more than one of a hundred.
 */
function planPages(counts: readonly number[], budget: number, oldestFirst: boolean): Array<{ query: number; page: number }> {
  const plan: Array<{ query: number; page: number }> = [];
  for (let round = 0; plan.length < budget; round += 1) {
    let added = false;
    counts.forEach((count, query) => {
      if (round >= count || plan.length >= budget) return;
      plan.push({ query, page: oldestFirst ? count - round : round + 2 });
      added = true;
    });
    if (!added) break;
  }
  return plan;
}

/**
 * When pages were left unread: the filing instant at or after which every unread record was filed,
 * as far as the pages read tell (newest first, an unread page's records are no older than the first
 * record of the page after it). Undefined when every page was read, or when that page was not read
 * either, so nothing bounds the unread records.
 */
function unreadSince(pages: ReadonlyArray<ReadonlyMap<number, ComplaintListItem[]>>, pageCounts: readonly number[]): string | undefined {
  let since: { instant: number; text: string } | undefined;
  for (const [query, count] of pageCounts.entries()) {
    let lastUnread = 0;
    for (let page = count; page >= 1; page -= 1) {
      if (!pages[query]!.has(page)) {
        lastUnread = page;
        break;
      }
    }
    if (lastUnread === 0) continue;
    const bound = pages[query]!.get(lastUnread + 1)?.[0]?.createdAt ?? null;
    const instant = bound === null ? Number.NaN : Date.parse(bound);
    if (Number.isNaN(instant)) return undefined;
    if (since === undefined || instant < since.instant) since = { instant, text: bound! };
  }
  return since?.text;
}

/** The records with each id once (the first seen); records without an id are each their own. */
function onceEach(records: ComplaintListItem[]): ComplaintListItem[] {
  const seen = new Set<string>();
  return records.filter((record) => {
    // Ids compared as get_complaint does: cleaned, ignoring case.
    const id = record.id === null ? '' : cleanLine(record.id, record.id.length).toLowerCase();
    if (id === '') return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
