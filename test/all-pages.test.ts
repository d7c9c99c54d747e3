// Reading every page for the overview: the cap, the requests in flight, failures and cancellation.
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { listAllPages, MAX_IN_FLIGHT, MAX_PAGES } from '../src/api/all-pages.js';
import type { ComplaintsApi } from '../src/api/client.js';
import type { ListQuery } from '../src/contract/list-query.js';
import type { ListPage } from '../src/contract/operations.js';

/** A list operation with `totalPages` pages of one record each, answering after a tick, that records what it was asked. */
function pagedApi(totalPages: number, options: { failOn?: number; id?: (page: number) => string } = {}) {
  const asked: ListQuery[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const api = {
    async listComplaints(query: ListQuery, signal?: AbortSignal): Promise<ListPage> {
      asked.push(query);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        await tick();
        signal?.throwIfAborted();
        if (query.page === options.failOn) throw new Error(`page ${query.page} failed`);
        const item = { id: options.id?.(query.page!) ?? `record-${query.page}` } as ListPage['items'][number];
        return { items: [item], sentMore: 0, pagination: { page: query.page!, pageSize: 100, total: totalPages * 100, totalPages } };
      } finally {
        inFlight -= 1;
      }
    },
  } as unknown as ComplaintsApi;
  /** Resolves once no page is being read, and none was started in the turn after: whatever was going to be asked, was. */
  const quiet = async () => {
    do await tick();
    while (inFlight > 0);
  };
  return { api, asked, mostInFlight: () => mostInFlight, quiet };
}

describe('listAllPages', () => {
  it('keeps each record once when pages repeat it, its id compared cleaned and ignoring case', async () => {
    const ids = ['0000000a-0000-4000-8000-000000000001', '0000000A-0000-4000-8000-000000000001', '0000000a-0000-4000-8000-000000000001\u200b', 'b'];
    const { api } = pagedApi(4, { id: (page) => ids[page - 1]! });
    const result = await listAllPages(api, {});
    expect(result.items.map((item) => item.id)).toEqual([ids[0], 'b']);
    expect(result.repeated).toBe(2);
  });

  it('reads every page in order of pages, with the filters, pageSize 100 and at most 4 requests in flight', async () => {
    const { api, asked, mostInFlight } = pagedApi(9);
    const progress: Array<[number, number]> = [];
    const result = await listAllPages(api, { status: 'open' }, { onPage: (read, toRead) => progress.push([read, toRead]) });
    expect(result.items.map((item) => item.id)).toEqual(Array.from({ length: 9 }, (_, i) => `record-${i + 1}`));
    expect(result).toMatchObject({ total: 900, totalPages: 9, pagesRead: 9, capped: false });
    expect(asked.map((query) => query.page).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(asked.every((query) => query.pageSize === 100 && query.status === 'open')).toBe(true);
    expect(mostInFlight()).toBe(MAX_IN_FLIGHT);
    expect(progress).toEqual(Array.from({ length: 9 }, (_, i) => [i + 1, 9]));
  });

  it(`stops at ${MAX_PAGES} pages and says it was capped`, async () => {
    const { api, asked } = pagedApi(80);
    const result = await listAllPages(api, {});
    expect(asked).toHaveLength(MAX_PAGES);
    expect(result).toMatchObject({ total: 8000, totalPages: 80, pagesRead: MAX_PAGES, capped: true });
  });

  it('stops asking for pages once one fails, and fails', async () => {
    const { api, asked, quiet } = pagedApi(30, { failOn: 3 });
    await expect(listAllPages(api, {})).rejects.toThrow('page 3 failed');
    await quiet();
    expect(asked.length).toBeLessThan(3 + MAX_IN_FLIGHT);
  });

  it('stops when the caller cancels', async () => {
    const { api, asked, quiet } = pagedApi(30);
    const controller = new AbortController();
    const reading = listAllPages(api, {}, { signal: controller.signal, onPage: (read) => read === 2 && controller.abort() });
    await expect(reading).rejects.toThrow();
    await quiet();
    expect(asked.length).toBeLessThan(2 + 2 * MAX_IN_FLIGHT);
  });
});
