// Every record of a selection, for a register (api/every-record.ts), against a fake service whose book
// moves while its pages are read: a record filed at the top, or one whose status leaves the query,
// shifts the records after it by one place between two pages. The register must still hold every
// record that was in the selection all along, once each; and it is whole or it is not made.
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { readEveryRecord } from '../../src/api/every-record.js';
import { PAGE_SIZE } from '../../src/api/reading-bounds.js';
import type { ListQuery } from '../../src/contract/list-query.js';
import type { ComplaintsReader, ListPage } from '../../src/contract/operations.js';
import type { ComplaintListItem } from '../../src/contract/records.js';
import { UserFacingError } from '../../src/errors.js';

interface FakeRecord {
  id: string;
  status: string;
  createdAtMs: number;
}

const START = Date.UTC(2026, 9, 1, 15);
const MINUTE = 60_000;

/** `count` open records, newest first (the list's order), one a minute: r1 the newest. */
function bookOf(count: number): FakeRecord[] {
  return Array.from({ length: count }, (_, i) => ({ id: `r${i + 1}`, status: 'open', createdAtMs: START - i * MINUTE }));
}

/**
 * A list operation over `book` (changed in place by `onServed`), paged by position newest first and
 * filtered by status, answering each page after a tick. `onServed(page, served)` runs once a page's
 * records are taken: what it changes shows on the pages answered after it. `fail` decides a page's error.
 */
function movingApi(book: FakeRecord[], options: { onServed?: (page: number, served: number) => void; fail?: (query: ListQuery) => Error | undefined } = {}) {
  const asked: ListQuery[] = [];
  let served = 0;
  const api: ComplaintsReader = {
    async listComplaints(query, signal) {
      asked.push(query);
      await tick();
      signal?.throwIfAborted();
      const error = options.fail?.(query);
      if (error) throw error;
      const matching = book.filter((record) => query.status === undefined || record.status === query.status);
      const size = query.pageSize ?? PAGE_SIZE;
      const start = ((query.page ?? 1) - 1) * size;
      const items = matching
        .slice(start, start + size)
        .map(
          (record) =>
            ({ id: record.id, status: record.status, createdAt: new Date(record.createdAtMs).toISOString(), correlative: record.id }) as ComplaintListItem,
        );
      const page: ListPage = {
        items,
        sentMore: 0,
        pagination: { page: query.page ?? 1, pageSize: size, total: matching.length, totalPages: Math.ceil(matching.length / size) },
      };
      served += 1;
      options.onServed?.(query.page ?? 1, served);
      return page;
    },
    getComplaint: () => Promise.reject(new Error('not used')),
  };
  return { api, asked };
}

const tooMany = (total: number) => new UserFacingError(`too many: ${total}`);
const ids = (items: readonly ComplaintListItem[]) => items.map((item) => item.id);
const OPEN = [{ status: 'open' }];

/** Every id of `records` once, in no order. */
const sorted = (values: readonly (string | null)[]) => [...values].sort();

describe('readEveryRecord, the book moving under the reading', () => {
  it('reads a settled book once: every record once, oldest filing first', async () => {
    const book = bookOf(350);
    const { api, asked } = movingApi(book);
    const read = await readEveryRecord(api, OPEN, { maxRecords: 1000, tooMany });
    expect(read).toMatchObject({ readings: 1 });
    expect(ids(read.items)).toEqual(book.map((record) => record.id).reverse());
    expect(asked).toHaveLength(4);
  });

  it('a record filed at the top after page 2 is read: the pages after it repeat a record, the book is read again, and each record is there once', async () => {
    const book = bookOf(350);
    const throughout = book.map((record) => record.id);
    let inserted = false;
    const { api, asked } = movingApi(book, {
      onServed: (page) => {
        if (page !== 2 || inserted) return;
        inserted = true;
        book.unshift({ id: 'new', status: 'open', createdAtMs: START + MINUTE });
      },
    });
    const read = await readEveryRecord(api, OPEN, { maxRecords: 1000, tooMany });
    expect(inserted).toBe(true);
    expect(read.readings, 'read again once the pages showed the book moved').toBe(2);
    const got = ids(read.items);
    expect(new Set(got).size, 'none doubled').toBe(got.length);
    expect(sorted(got)).toEqual(sorted([...throughout, 'new']));
    expect(got[got.length - 1], 'oldest first: the new record last').toBe('new');
    expect(asked.length).toBe(4 + 4);
  });

  it('a record whose status leaves the query after page 2 is read: the record that slipped onto page 2 is not lost, none is doubled', async () => {
    const book = bookOf(350);
    // r201 is page 3's first record: once r10 leaves the open records, it moves onto page 2, read already.
    let removed = false;
    const { api } = movingApi(book, {
      onServed: (page) => {
        if (page !== 2 || removed) return;
        removed = true;
        book.find((record) => record.id === 'r10')!.status = 'resolved';
      },
    });
    const read = await readEveryRecord(api, OPEN, { maxRecords: 1000, tooMany });
    expect(removed).toBe(true);
    expect(read.readings).toBe(2);
    const got = ids(read.items);
    expect(new Set(got).size, 'none doubled').toBe(got.length);
    const throughout = book.filter((record) => record.id !== 'r10').map((record) => record.id);
    for (const id of throughout) expect(got, `${id} was open throughout`).toContain(id);
    expect(got).toContain('r201');
    // r10 left the selection midway: the settled second reading is the register, without it.
    expect(got).not.toContain('r10');
    expect(got).toHaveLength(throughout.length);
  });

  it('a book that moves on every reading is read three times, then no register is made', async () => {
    const book = bookOf(250);
    let filed = 0;
    const { api, asked } = movingApi(book, {
      onServed: (page) => {
        if (page !== 2) return;
        filed += 1;
        book.unshift({ id: `new${filed}`, status: 'open', createdAtMs: START + filed * MINUTE });
      },
    });
    await expect(readEveryRecord(api, OPEN, { maxRecords: 1000, tooMany })).rejects.toThrow(
      /The register was not made: the book changed while it was read, 3 times over/,
    );
    expect(filed).toBe(3);
    expect(asked.length).toBeLessThanOrEqual(3 * 4);
  });

  it('two queries (open and in_review): a record moving from one to the other midway is kept once', async () => {
    const book = bookOf(300).map((record, i) => ({ ...record, status: i % 2 === 0 ? 'open' : 'in_review' }));
    let moved = false;
    const { api } = movingApi(book, {
      onServed: (page) => {
        if (page !== 2 || moved) return;
        moved = true;
        book[0]!.status = 'in_review'; // r1: open, read on open's page 1, now also on in_review's
      },
    });
    const read = await readEveryRecord(api, [{ status: 'open' }, { status: 'in_review' }], { maxRecords: 1000, tooMany });
    const got = ids(read.items);
    expect(new Set(got).size, 'none doubled').toBe(got.length);
    expect(sorted(got)).toEqual(sorted(book.map((record) => record.id)));
  });
});

describe('readEveryRecord: whole or not made', () => {
  /** A service whose pages hold fewer or more records than it counts: `shape(page, items)` changes what a page lists. */
  function oddApi(book: FakeRecord[], shape: (query: ListQuery, page: ListPage) => ListPage) {
    const { api: plain, asked } = movingApi(book);
    const api: ComplaintsReader = { ...plain, listComplaints: async (query, signal) => shape(query, await plain.listComplaints(query, signal)) };
    return { api, asked };
  }

  it('a page that comes back empty before the end makes no register: never 250 rows of 350', async () => {
    const { api } = oddApi(bookOf(350), (query, page) => (query.page === 2 ? { ...page, items: [] } : page));
    await expect(readEveryRecord(api, OPEN, { maxRecords: 1000, tooMany })).rejects.toThrow(/listed 250 records where the service counted 350/);
  });

  it('a service that counts fewer records than it lists makes no register: never the first pages only', async () => {
    const { api } = oddApi(bookOf(350), (_query, page) => ({ ...page, pagination: { ...page.pagination, total: 150, totalPages: 2 } }));
    await expect(readEveryRecord(api, OPEN, { maxRecords: 1000, tooMany })).rejects.toThrow(/listed 200 records where the service counted 150/);
  });

  it('a service that sends no total makes no register', async () => {
    const { api } = oddApi(bookOf(350), (_query, page) => ({ ...page, pagination: { ...page.pagination, total: page.items.length }, totalUnreported: true }));
    await expect(readEveryRecord(api, OPEN, { maxRecords: 1000, tooMany })).rejects.toThrow(/did not say how many records match/);
  });

  it('a total over the bound on the first pages is refused before the other pages are read', async () => {
    const { api, asked } = oddApi(bookOf(350), (_query, page) => ({ ...page, pagination: { ...page.pagination, total: 10_000_000, totalPages: 100_000 } }));
    await expect(readEveryRecord(api, OPEN, { maxRecords: 50_000, tooMany })).rejects.toThrow('too many: 10000000');
    expect(asked).toHaveLength(1);
  });

  it('a selection over the bound fails with the tooMany error, and reads no more than the bound allows', async () => {
    const { api, asked } = movingApi(bookOf(301));
    await expect(readEveryRecord(api, OPEN, { maxRecords: 300, tooMany })).rejects.toThrow('too many: 301');
    expect(asked.length).toBeLessThanOrEqual(Math.ceil(300 / PAGE_SIZE) + 1);
  });

  it('a book that grows over the bound between its readings fails with the tooMany error', async () => {
    const book = bookOf(300);
    const { api } = movingApi(book, {
      onServed: (page) => {
        if (page === 2 && book.length === 300) book.unshift({ id: 'new', status: 'open', createdAtMs: START + MINUTE });
      },
    });
    await expect(readEveryRecord(api, OPEN, { maxRecords: 300, tooMany })).rejects.toThrow('too many: 301');
  });

  it('a page the service fails to give fails the whole reading', async () => {
    const { api } = movingApi(bookOf(500), {
      fail: (query) => (query.page === 3 ? new ApiError('server_error', 'The complaints service failed (HTTP 500). Try again later.', 500) : undefined),
    });
    const reading = readEveryRecord(api, OPEN, { maxRecords: 1000, tooMany });
    await expect(reading).rejects.toThrow(UserFacingError);
    await expect(reading).rejects.toThrow(/The register was not made: The complaints service failed \(HTTP 500\)/);
  });

  it('a page failing on the second reading fails it too', async () => {
    const book = bookOf(350);
    let served = 0;
    const { api } = movingApi(book, {
      onServed: (page) => {
        served += 1;
        if (page === 2 && book.length === 350) book.unshift({ id: 'new', status: 'open', createdAtMs: START + MINUTE });
      },
      fail: (query) => (served >= 4 && query.page === 4 ? new ApiError('server_error', 'The complaints service failed (HTTP 502).', 502) : undefined),
    });
    await expect(readEveryRecord(api, OPEN, { maxRecords: 1000, tooMany })).rejects.toThrow(/The register was not made/);
  });
});
