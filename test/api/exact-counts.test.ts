// Counts exact at any size: one request of one record per status, type and store, whose
// pagination.total is the service's own count; and the overview falling back to the records read,
// saying so, when those requests fail.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { countsDisagree, readExactCounts } from '../../src/api/exact-counts.js';
import type { ListQuery } from '../../src/contract/list-query.js';
import type { ComplaintsReader, ListPage } from '../../src/contract/operations.js';
import { listItemBody, mustReadList } from '../fixtures/records.js';
import { runOverview } from '../helpers/run-overview.js';

/** Filings of a period one overview reads whole (src/tools/complaints-overview.ts: 500 pages of 100). */
const READ_WHOLE = 50_000;

const clock = { now: () => new Date('2026-11-22T15:00:00Z'), timeZone: 'America/Lima' };

/** A service whose count of a query is a sum of weights of the query's filters; `fails` decides a request's error. */
function countingBook(fails: (query: ListQuery) => Error | undefined = () => undefined) {
  const asked: ListQuery[] = [];
  // Counts that hold together: 90,000 records (more than a period's reading takes: 50,000); by status 55,000 + 10,000 + 20,000
  // (every record read is open) (the rest of statuses the contract does not list); by type 60,000 + 30,000; 85,000 in any store asked for.
  const COUNTS: Record<string, number> = { open: 55_000, in_review: 10_000, resolved: 20_000, claim: 60_000, complaint: 30_000 };
  const totalOf = (query: ListQuery) =>
    query.pageSize !== 1 || (!query.status && !query.type && !query.storeId) ? 90_000 : query.storeId ? 85_000 : COUNTS[query.status ?? query.type ?? '']!;
  const reader: ComplaintsReader = {
    async listComplaints(query) {
      asked.push(query);
      const error = fails(query);
      if (error) throw error;
      const pageSize = query.pageSize ?? 20;
      const data = Array.from({ length: Math.min(pageSize, 100) }, (_, i) =>
        listItemBody({ id: `${query.page}-${i}`, storeId: i % 2 ? 'a1e5c3d2-7b48-4f19-8e2a-1c3d5e7f9a01' : 'not a uuid' }),
      );
      const total = totalOf(query);
      return {
        items: mustReadList({ data, pagination: {} }).data,
        sentMore: 0,
        pagination: { page: query.page ?? 1, pageSize, total, totalPages: Math.ceil(total / pageSize) },
      } as ListPage;
    },
    getComplaint: () => Promise.reject(new Error('not used')),
  };
  return { reader, asked };
}

describe('readExactCounts', () => {
  it('asks one record per known status, type and store, with the query, and reads each total', async () => {
    const { reader, asked } = countingBook();
    const counts = await readExactCounts(reader, { from: '2026-01-01', to: '2026-10-31' }, ['s1', 's2', 's1']);
    expect(asked).toHaveLength(3 + 2 + 2);
    for (const query of asked) expect(query).toMatchObject({ from: '2026-01-01', to: '2026-10-31', page: 1, pageSize: 1 });
    expect(counts.byStatus).toEqual(
      new Map([
        ['open', 55_000],
        ['in_review', 10_000],
        ['resolved', 20_000],
      ]),
    );
    expect(counts.byType).toEqual(
      new Map([
        ['claim', 60_000],
        ['complaint', 30_000],
      ]),
    );
    expect(counts.byStore).toEqual(
      new Map([
        ['s1', 85_000],
        ['s2', 85_000],
      ]),
    );
  });

  it('asks nothing about what the query narrows already', async () => {
    const { reader, asked } = countingBook();
    const counts = await readExactCounts(reader, { type: 'claim', storeId: 's1' }, ['s1', 's2']);
    expect(asked.map((query) => query.status)).toEqual(['open', 'in_review', 'resolved']);
    expect(counts.byType).toBeUndefined();
    expect(counts.byStore).toBeUndefined();
  });

  it('fails as a whole when one count fails', async () => {
    const { reader } = countingBook((query) => (query.type === 'complaint' ? new ApiError('server_error', 'failed', 500) : undefined));
    await expect(readExactCounts(reader, {}, ['s1'])).rejects.toBeInstanceOf(ApiError);
  });
});

const overview = (reader: ComplaintsReader, input: Record<string, unknown>) => runOverview(reader, input, clock);

describe('countsDisagree', () => {
  it('refuses a count lower than the records of that value already read, the store by its cleaned id', () => {
    const read = mustReadList({
      data: [listItemBody({ id: 'a', storeId: 's1\u200b' }), listItemBody({ id: 'b', storeId: 's1' }), listItemBody({ id: 'c', status: 'OPEN' })],
      pagination: {},
    }).data;
    const counts = { byStatus: new Map([['open', 2]]), byStore: new Map([['s1', 1]]) };
    // Two read as "open" (the third is "OPEN", not what the count asked): 2 holds; the store's 1 does not.
    expect(countsDisagree(counts, 100, read)).toBe('the service counts 1 of store s1, fewer than the 2 records read');
    expect(countsDisagree({ ...counts, byStore: new Map([['s1', 2]]) }, 100, read)).toBeUndefined();
  });

  it('refuses counts that add up to more than the total, by any of the three, and takes what is left as other values', () => {
    const counts = {
      byStatus: new Map([
        ['open', 60],
        ['resolved', 40],
      ]),
      byType: new Map([['claim', 100]]),
      byStore: new Map([['s1', 30]]),
    };
    expect(countsDisagree(counts, 100, [])).toBeUndefined();
    expect(countsDisagree(counts, 120, [])).toBeUndefined();
    expect(countsDisagree(counts, 99, [])).toBe("the service's counts by status add up to 100, more than its total of 99");
    expect(
      countsDisagree(
        {
          ...counts,
          byStore: new Map([
            ['s1', 80],
            ['s2', 80],
          ]),
        },
        100,
        [],
      ),
    ).toContain('by store add up to 160');
  });
});

describe('complaints_overview on a period too big to read', () => {
  it('counts with the service totals, asking only store ids shaped as uuids', async () => {
    const { reader, asked } = countingBook();
    const answer = (await overview(reader, { from: '2025-01-01', to: '2026-10-31' })).structured as Record<string, unknown>;
    // The unresolved records are read without from: the period's counts are those with it.
    const counting = asked.filter((query) => query.pageSize === 1 && query.from !== undefined);
    expect(counting.map((query) => query.storeId).filter(Boolean)).toEqual(['a1e5c3d2-7b48-4f19-8e2a-1c3d5e7f9a01']);
    expect(answer).toMatchObject({ total: 90_000, byStatus: { open: 55_000, resolved: 20_000, in_review: 10_000, '(other values)': 5_000 } });
    expect(answer.byStore).toEqual([expect.objectContaining({ storeId: 'a1e5c3d2-7b48-4f19-8e2a-1c3d5e7f9a01', count: 85_000 })]);
    expect(answer.otherStores).toBe(5_000);
  });

  it('does not believe a service whose every count is its total, and counts the records read', async () => {
    const { reader } = countingBook();
    const liar: ComplaintsReader = {
      ...reader,
      async listComplaints(query, signal) {
        const page = await reader.listComplaints(query, signal);
        return { ...page, pagination: { ...page.pagination, total: 90_000 } };
      },
    };
    const answer = (await overview(liar, { from: '2025-01-01', to: '2026-10-31' })).structured as Record<string, unknown>;
    expect(answer.byStatus).toEqual({ open: READ_WHOLE });
    expect(answer.hint).toContain("the service's counts by status add up to 270000, more than its total of 90000");
  });

  it('falls back to the records read, and says why, when a count fails; a refused key still fails the call', async () => {
    const failing = countingBook((query) =>
      query.pageSize === 1 && query.type === 'claim' ? new ApiError('server_error', 'The complaints service failed (HTTP 500).', 500) : undefined,
    );
    const answer = (await overview(failing.reader, { from: '2025-01-01', to: '2026-10-31' })).structured as Record<string, unknown>;
    expect(answer.hint).toContain("the service's own counts could not be read: The complaints service failed (HTTP 500)");
    expect(answer.byStatus).toEqual({ open: READ_WHOLE });
    const refused = countingBook((query) => (query.pageSize === 1 && query.type === 'claim' ? new ApiError('unauthorized', 'Refused (401).', 401) : undefined));
    await expect(overview(refused.reader, { from: '2025-01-01', to: '2026-10-31' })).rejects.toMatchObject({ kind: 'unauthorized' });
  });
});
