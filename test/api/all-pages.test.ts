// Reading every page of one or more queries: the cap and which pages it keeps, the requests in
// flight, a failure midway (an answer with what was read) and a failure that ends the call.
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readAllPages } from '../../src/api/all-pages.js';
import { ApiError } from '../../src/api/errors.js';
import { PAGE_SIZE } from '../../src/api/reading-bounds.js';
import type { ListQuery } from '../../src/contract/list-query.js';
import type { ComplaintsReader, ListPage } from '../../src/contract/operations.js';

/**
 * A list operation whose queries have `totalPages` pages (per status, when given a map) of one record
 * each, answering after a tick, that records what it was asked. `fail` decides a page's error.
 */
function pagedApi(
  totalPages: number | Record<string, number>,
  options: { fail?: (query: ListQuery) => Error | undefined; id?: (query: ListQuery) => string } = {},
) {
  const asked: ListQuery[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const pagesOf = (query: ListQuery) => (typeof totalPages === 'number' ? totalPages : (totalPages[query.status ?? ''] ?? 0));
  const api: ComplaintsReader = {
    async listComplaints(query, signal) {
      asked.push(query);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        await tick();
        signal?.throwIfAborted();
        const error = options.fail?.(query);
        if (error) throw error;
        // Newest first: page 1 holds the latest filing.
        const createdAt = new Date(Date.UTC(2026, 0, 1) - query.page! * 60_000).toISOString();
        const item = { id: options.id?.(query) ?? `${query.status ?? 'record'}-${query.page}`, createdAt } as ListPage['items'][number];
        const pages = pagesOf(query);
        return { items: [item], sentMore: 0, pagination: { page: query.page!, pageSize: PAGE_SIZE, total: pages * PAGE_SIZE, totalPages: pages } };
      } finally {
        inFlight -= 1;
      }
    },
    getComplaint: () => Promise.reject(new Error('not used')),
  };
  /** Resolves once no page is being read, and none was started in the turn after: whatever was going to be asked, was. */
  const quiet = async () => {
    do await tick();
    while (inFlight > 0);
  };
  return { api, asked, mostInFlight: () => mostInFlight, quiet };
}

const serviceFailed = () => new ApiError('server_error', 'The complaints service failed (HTTP 500). Try again later.', 500);

describe('readAllPages', () => {
  it('keeps each record once when pages repeat it, its id compared cleaned and ignoring case', async () => {
    const ids = ['0000000a-0000-4000-8000-000000000001', '0000000A-0000-4000-8000-000000000001', '0000000a-0000-4000-8000-000000000001\u200b', 'b'];
    const { api } = pagedApi(4, { id: (query) => ids[query.page! - 1]! });
    const result = await readAllPages(api, [{}], { maxPages: 50 });
    expect(result.items.map((item) => item.id)).toEqual([ids[0], 'b']);
    expect(result.repeated).toBe(2);
  });

  it('reads every page in order of pages, with the filters, pageSize 100 and at most 8 requests in flight', async () => {
    const { api, asked, mostInFlight } = pagedApi(20);
    const progress: Array<[number, number]> = [];
    const result = await readAllPages(api, [{ status: 'open' }], { maxPages: 50, onPage: (read, toRead) => progress.push([read, toRead]) });
    expect(result.items.map((item) => item.id)).toEqual(Array.from({ length: 20 }, (_, i) => `open-${i + 1}`));
    expect(result).toMatchObject({ total: 2000, pagesRead: 20, capped: false, unread: 2000 - 20 });
    expect(result.stoppedBy).toBeUndefined();
    expect(asked.map((query) => query.page).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(asked.every((query) => query.pageSize === PAGE_SIZE && query.status === 'open')).toBe(true);
    expect(mostInFlight()).toBe(8);
    expect(progress).toEqual(Array.from({ length: 20 }, (_, i) => [i + 1, 20]));
  });

  it('reads two queries, their totals added and their records in query order', async () => {
    const { api, asked } = pagedApi({ open: 3, in_review: 2 });
    const result = await readAllPages(api, [{ status: 'open' }, { status: 'in_review' }], { maxPages: 50 });
    expect(result.items.map((item) => item.id)).toEqual(['open-1', 'open-2', 'open-3', 'in_review-1', 'in_review-2']);
    expect(result.total).toBe(500);
    expect(asked).toHaveLength(5);
  });

  it('stops at the cap, the newest pages first, and says it was capped', async () => {
    const { api, asked } = pagedApi(80);
    const result = await readAllPages(api, [{}], { maxPages: 50 });
    expect(asked).toHaveLength(50);
    expect(asked.map((query) => query.page).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(result).toMatchObject({ total: 8000, pagesRead: 50, capped: true, unread: 8000 - 50 });
  });

  it('reads oldest first from a count of one record, every page from the last, and keeps the oldest at the cap', async () => {
    const { api, asked } = pagedApi({ open: 40, in_review: 40 });
    const result = await readAllPages(api, [{ status: 'open' }, { status: 'in_review' }], { maxPages: 10, oldestFirst: true });
    // The count: one request of one record per query.
    expect(asked.slice(0, 2).map((query) => [query.status, query.page, query.pageSize])).toEqual([
      ['open', 1, 1],
      ['in_review', 1, 1],
    ]);
    const pagesOf = (status: string) =>
      asked
        .slice(2)
        .filter((query) => query.status === status)
        .map((query) => query.page!)
        .sort((a, b) => a - b);
    expect(pagesOf('open')).toEqual([36, 37, 38, 39, 40]);
    expect(pagesOf('in_review')).toEqual([36, 37, 38, 39, 40]);
    expect(result).toMatchObject({ capped: true, pagesRead: 10, total: 8000, unread: 8000 - 10 });
    // The records of the newer pages, unread, were filed no earlier than the first record of page 36.
    expect(result.unreadSince).toBe('2025-12-31T23:24:00.000Z');
    const everything = await readAllPages(pagedApi({ open: 3 }).api, [{ status: 'open' }], { maxPages: 10, oldestFirst: true });
    expect(everything.items.map((item) => item.id)).toEqual(['open-1', 'open-2', 'open-3']);
    expect(everything).toMatchObject({ capped: false, unread: 300 - 3 });
    expect(everything.unreadSince).toBeUndefined();
  });

  it('plans only the pages it will read, however many the service counts', async () => {
    const { api, asked } = pagedApi({ open: 10_000_000 });
    const result = await readAllPages(api, [{ status: 'open' }], { maxPages: 10, oldestFirst: true });
    expect(asked.slice(1).map((query) => query.page)).toEqual(Array.from({ length: 10 }, (_, index) => 10_000_000 - index));
    expect(result).toMatchObject({ capped: true, pagesRead: 10 });
  });

  it('answers with what it read when a page fails midway, and says why the rest is missing', async () => {
    const { api, asked, quiet } = pagedApi(30, { fail: (query) => (query.page === 3 ? serviceFailed() : undefined) });
    const result = await readAllPages(api, [{}], { maxPages: 50 });
    await quiet();
    expect(result.stoppedBy).toBe(serviceFailed().message);
    expect(result.items.length).toBe(result.pagesRead);
    expect(result.unread).toBe(3000 - result.items.length);
    // No new page is asked once one failed: only those already in flight.
    expect(asked.length).toBeLessThan(3 + 8);
  });

  it('fails when a first page fails: there is nothing to answer with', async () => {
    const { api } = pagedApi({ open: 3, in_review: 3 }, { fail: (query) => (query.status === 'in_review' ? serviceFailed() : undefined) });
    await expect(readAllPages(api, [{ status: 'open' }, { status: 'in_review' }], { maxPages: 50 })).rejects.toThrow('HTTP 500');
  });

  it.each([
    ['a refused key', new ApiError('unauthorized', 'The complaints service refused the API key (401). Check COMPLAINTS_API_KEY.', 401)],
    ['a bug', new Error('page 3 failed')],
  ])('fails on %s midway, and asks no more pages', async (_, failure) => {
    const { api, asked, quiet } = pagedApi(30, { fail: (query) => (query.page === 3 ? failure : undefined) });
    await expect(readAllPages(api, [{}], { maxPages: 50 })).rejects.toThrow(failure.message);
    await quiet();
    expect(asked.length).toBeLessThan(3 + 8);
  });

  it('stops when the caller cancels', async () => {
    const { api, asked, quiet } = pagedApi(30);
    const controller = new AbortController();
    const reading = readAllPages(api, [{}], { maxPages: 50, signal: controller.signal, onPage: (read) => read === 2 && controller.abort() });
    await expect(reading).rejects.toThrow();
    await quiet();
    expect(asked.length).toBeLessThan(2 + 2 * 8);
  });

  it("answers with what it read when the call's deadline passes midway", async () => {
    const { api, quiet } = pagedApi(30);
    const controller = new AbortController();
    const timeout = new ApiError('timeout', 'The complaints service did not answer this call within 1500 ms (COMPLAINTS_TIMEOUT_MS).');
    const result = await readAllPages(api, [{}], { maxPages: 50, signal: controller.signal, onPage: (read) => read === 5 && controller.abort(timeout) });
    await quiet();
    expect(result.stoppedBy).toBe(timeout.message);
    expect(result.items.length).toBeGreaterThanOrEqual(5);
    expect(result.items.length).toBeLessThan(30);
    expect(result.unread).toBe(3000 - result.items.length);
  });
});
