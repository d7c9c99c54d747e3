// The overview's words about its own figures, against odd pages, odd dates and odd store ids.
import { describe, expect, it } from 'vitest';
import type { ListQuery } from '../../src/contract/list-query.js';
import type { ComplaintsReader, ListPage } from '../../src/contract/operations.js';
import { storeKey } from '../../src/format/filings.js';
import { coveredRecords, performanceOf, storeAnswersText } from '../../src/format/performance.js';
import { listItemBody, mustReadList, pagesOf } from '../fixtures/records.js';
import { runOverview } from '../helpers/run-overview.js';

const clock = { now: () => new Date('2026-11-26T15:00:00Z'), timeZone: 'America/Lima' };
const TODAY = '2026-11-26';
/** Read as the client reads them, 100 at a time (a page's most). */
const items = (bodies: Record<string, unknown>[]) =>
  Array.from({ length: Math.ceil(bodies.length / 100) }, (_, i) => mustReadList({ data: bodies.slice(i * 100, i * 100 + 100), pagination: {} }).data).flat();

type BookItem = ReturnType<typeof items>[number];

/** A service over `book` that pages the records `matches` keeps for the query, and says their total. */
function pagedReader(book: BookItem[], matches: (item: BookItem, query: ListQuery) => boolean): ComplaintsReader {
  return {
    async listComplaints(query) {
      const pageSize = query.pageSize ?? 20;
      const page = query.page ?? 1;
      const matching = book.filter((item) => matches(item, query));
      return {
        items: matching.slice((page - 1) * pageSize, page * pageSize),
        sentMore: 0,
        pagination: { page, pageSize, total: matching.length, totalPages: Math.ceil(matching.length / pageSize) },
      } as ListPage;
    },
    getComplaint: () => Promise.reject(new Error('not used')),
  };
}

describe('a page repeated, so fewer records than the total but not capped', () => {
  it('does not say "every figure counts those 100" beside the service counts of 300', async () => {
    // 300 records; every page of the filings' reading is page 1 again. Counts of one record answer honestly.
    const book = items(
      Array.from({ length: 300 }, (_, i) =>
        listItemBody({ id: `id-${i}`, status: ['open', 'in_review', 'resolved'][i % 3], storeId: 'a1e5c3d2-7b48-4f19-8e2a-1c3d5e7f9a01' }),
      ),
    );
    const asked: ListQuery[] = [];
    const reader: ComplaintsReader = {
      async listComplaints(query) {
        asked.push(query);
        const matching = book.filter((item) => (!query.status || item.status === query.status) && (!query.type || item.type === query.type));
        const pageSize = query.pageSize ?? 20;
        const page = query.from !== undefined && pageSize === 100 ? 1 : (query.page ?? 1);
        return {
          items: matching.slice((page - 1) * pageSize, page * pageSize),
          sentMore: 0,
          pagination: { page: query.page ?? 1, pageSize, total: matching.length, totalPages: Math.ceil(matching.length / pageSize) },
        } as ListPage;
      },
      getComplaint: () => Promise.reject(new Error('not used')),
    };
    const { structured } = await runOverview(reader, { from: '2025-01-01', to: '2026-11-25' }, clock);
    const answer = structured as { byStatus: Record<string, number>; hint: string; counted: number };
    const statusSum = Object.values(answer.byStatus).reduce((sum, count) => sum + count, 0);
    // What happens: hint "…its pages held 100 distinct ones (…): every figure counts those 100." and byStatus
    // {open:100, in_review:100, resolved:100} (the service's counts, 300 in all). The two must agree.
    const saysOnlyRead = answer.hint.includes('every figure counts those 100');
    expect(
      saysOnlyRead ? statusSum === 100 : statusSum === 300 && answer.hint.includes("service's own"),
      `${answer.hint} | byStatus sums to ${statusSum}`,
    ).toBe(true);
  });
});

describe('the window of the newest whole days read', () => {
  const onDay = (day: string, n: number) =>
    Array.from({ length: n }, (_, i) => listItemBody({ id: `${day}-${i}`, createdAt: `${day}T15:00:00.000Z`, reasonLabel: 'Demora' }));

  it('stays inside the period asked, whatever date one record carries', () => {
    // Newest first, cut by the cap; the service sent one record (out of order) filed in 2020, outside from.
    const read = items([...onDay('2026-11-20', 2), ...onDay('2026-11-19', 3), ...onDay('2020-03-03', 1), ...onDay('2026-11-18', 1)]);
    const covered = coveredRecords(pagesOf(read, { total: 40, unread: 33, capped: true }), { from: '2026-11-01', to: '2026-11-30' }, TODAY, 'America/Lima');
    // What happens: window {from: "2020-03-04", to: "2026-11-26"}, and the figures count 2026-11-18, a day
    // whose records were not all read, as a whole day. What should: from 2026-11-19 (or at least not before from).
    expect(covered.window!.from >= '2026-11-01').toBe(true);
    expect(covered.records.map((item) => item.id)).not.toContain('2026-11-18-0');
  });
});

describe('on-time share', () => {
  it('a store with one late answer of 2,000 does not read "100% on time"', () => {
    // 1,999 answered on time, 1 late (filed 11-02, due 11-23).
    const onTime = Array.from({ length: 1999 }, (_, i) =>
      listItemBody({ id: `t${i}`, createdAt: '2026-11-02T14:00:00.000Z', status: 'resolved', hasResponse: true, respondedAt: '2026-11-05T15:00:00.000Z' }),
    );
    const late = listItemBody({
      id: 'late',
      createdAt: '2026-11-02T14:00:00.000Z',
      status: 'resolved',
      hasResponse: true,
      respondedAt: '2026-11-25T15:00:00.000Z',
    });
    const records = items([...onTime, late]);
    const { performance, byStore } = performanceOf({ records }, TODAY, storeKey);
    expect(performance.answeredLate).toBe(1);
    // What happens: onTimeShare 1 and "2000 answered, 100% on time, median 3 business days" for the store.
    expect(storeAnswersText([...byStore.values()][0]!)).not.toContain('100% on time');
  });
});

describe('narrowed to one store, too many records to read', () => {
  it('gives the period total to the store asked only, not to every store the pages held', async () => {
    const ASKED = 'a1e5c3d2-7b48-4f19-8e2a-000000000000';
    const OTHER = 'a1e5c3d2-7b48-4f19-8e2a-000000000001';
    // 4,500 records; the listing pages hold one record in five of another store (a service that lets
    // one through its storeId filter, or a record moved between stores); the counts are honest.
    const book = items(
      Array.from({ length: 4500 }, (_, i) =>
        listItemBody({
          id: `id-${i}`,
          storeId: i % 5 === 0 ? OTHER : ASKED,
          storeName: i % 5 === 0 ? 'Tienda Otra' : 'Tienda Pedida',
          createdAt: new Date(Date.UTC(2026, 10, 20, 15) - Math.floor(i / 40) * 86_400_000).toISOString(),
        }),
      ),
    );
    // This service ignores storeId: a count asked for any store is the whole total.
    const reader = pagedReader(book, (item, query) => (!query.status || item.status === query.status) && (!query.type || item.type === query.type));
    const { structured } = await runOverview(reader, { from: '2025-01-01', to: '2026-11-25', storeId: ASKED }, clock);
    const byStore = (structured as { byStore: Array<{ storeId?: string; count: number }> }).byStore;
    // What happens: [{ASKED, 4500}, {OTHER, 4500}]: 9,000 "exact" records of a 4,500 total.
    expect(byStore.reduce((sum, store) => sum + store.count, 0)).toBeLessThanOrEqual(4500);
  });
});

describe('a store id sent with an invisible character, too many records to read', () => {
  it('keeps the store in byStore with its count, as it does when every record is read', async () => {
    const STORE = (n: number) => `a1e5c3d2-7b48-4f19-8e2a-00000000000${n}`;
    // 4,500 records over 5 stores; store 0's id always arrives with a zero-width space after it.
    const book = items(
      Array.from({ length: 4500 }, (_, i) =>
        listItemBody({
          id: `id-${i}`,
          storeId: i % 5 === 0 ? `${STORE(0)}\u200b` : STORE(i % 5),
          storeName: `Tienda ${i % 5}`,
          createdAt: new Date(Date.UTC(2026, 10, 20, 15) - Math.floor(i / 40) * 86_400_000).toISOString(),
        }),
      ),
    );
    const reader = pagedReader(
      book,
      (item, query) =>
        (!query.status || item.status === query.status) &&
        (!query.type || item.type === query.type) &&
        (!query.storeId || item.storeId?.replace('\u200b', '') === query.storeId),
    );
    const { structured } = await runOverview(reader, { from: '2025-01-01', to: '2026-11-25' }, clock);
    const byStore = (structured as { byStore: Array<{ storeId?: string; count: number }> }).byStore;
    // What happens: store 0 is missing from byStore (its raw id fails the uuid test, so it is never
    // counted) and its 900 records go to otherStores; with 3,000 records (all read) it is listed.
    expect(byStore.find((store) => store.storeId === STORE(0))?.count).toBe(900);
  });
});
