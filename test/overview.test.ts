// The overview's text, from pages read by hand: the cap, the urgent records and the deliveries.
import { describe, expect, it } from 'vitest';
import { formatOverviewText, toOverview } from '../src/format/overview.js';
import { listItemBody, mustReadList } from './fixtures.js';

// Sunday 2026-11-22, 10:00 in Lima.
const clock = { now: () => new Date('2026-11-22T15:00:00Z'), timeZone: 'America/Lima' };
const items = (bodies: Record<string, unknown>[]) => mustReadList({ data: bodies, pagination: {} }).data;

describe('formatOverviewText', () => {
  it('says when the page cap left records unread, and that the counts are then lower bounds', () => {
    const pages = { items: items([listItemBody()]), total: 9000, totalPages: 90, pagesRead: 50, capped: true, repeated: 0, sentMore: 0 };
    const view = toOverview(pages, { period: 'this_month', from: '2026-11-01', to: '2026-11-22' }, clock);
    const text = formatOverviewText(view);
    const [first, , , counts] = text.split('\n');
    const hint =
      'Only the first 50 of 90 pages were read (the cap), so the 1 newest records are counted and every figure is a lower bound; narrow the period or filters for the rest.';
    expect(first).toBe(`9000 records match (filed this_month, 2026-11-01..2026-11-22 in America/Lima). ${hint} Dates in America/Lima; MM-DD is 2026.`);
    expect(view.answer).toMatchObject({ total: 9000, counted: 1, filedFrom: '2026-11-01', filedTo: '2026-11-22', hint });
    expect(counts).toMatch(/^Among the records counted \(at least\): Unanswered: 1\./);
  });

  it('puts the overdue first, then the due soon, and names deliveries neither sent nor queued', () => {
    const bodies = [
      listItemBody({ correlative: 'A', responseDeadline: '2026-11-25', receiptDeliveryStatus: 'bounced' }),
      listItemBody({ correlative: 'B', responseDeadline: '2026-11-18' }),
      listItemBody({ correlative: 'C', responseDeadline: '2026-12-15', receiptDeliveryStatus: 'queued', responseDeliveryStatus: 'failed' }),
      listItemBody({ correlative: 'D', responseDeadline: '2026-11-10', hasResponse: true, respondedAt: '2026-11-09T15:00:00Z' }),
    ];
    const view = toOverview({ items: items(bodies), total: 4, totalPages: 1, pagesRead: 1, capped: false, repeated: 0, sentMore: 0 }, {}, clock);
    expect(view.answer).toMatchObject({ unanswered: 3, overdue: 1, dueSoon: 1, emailProblems: { records: 2, byState: { bounced: 1, failed: 1 } } });
    expect(view.answer.counted).toBeUndefined();
    expect(view.answer.mostUrgent!.map((record) => record.correlative)).toEqual(['B', 'A']);
    expect(view.answer.mostUrgent![0]).toEqual({
      correlative: 'B',
      store: 'Tienda Miraflores',
      consumer: 'María Quispe',
      due: '2026-11-18',
      daysLeft: -3,
      id: '0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a11',
    });
    const text = formatOverviewText(view);
    expect(text).toContain('By store (storeId): Tienda Miraflores 4 (9c1f6a2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b).');
    expect(text).toContain('Unanswered: 3. Overdue: 1. Due soon (3 business days or fewer): 1.');
    expect(text).toContain('E-mail deliveries neither sent nor queued: bounced 1, failed 1 (2 records):');
  });

  it('lists the due soon records that overdue ones pushed out of the table, as the text names them', () => {
    const overdue = Array.from({ length: 10 }, (_, index) => listItemBody({ correlative: `O${index}`, responseDeadline: '2026-11-10' }));
    const dueSoon = listItemBody({ correlative: 'S', responseDeadline: '2026-11-24', id: 'soon' });
    const view = toOverview(
      { items: items([...overdue, dueSoon]), total: 11, totalPages: 1, pagesRead: 1, capped: false, repeated: 0, sentMore: 0 },
      {},
      clock,
    );
    expect(view.answer.mostUrgent).toHaveLength(10);
    expect(view.answer.alsoDueSoon).toEqual([{ correlative: 'S', daysLeft: 2, id: 'soon' }]);
    expect(formatOverviewText(view)).toContain('Due soon, below the overdue ones: S (2 business days left).');
  });

  it('does not count by type when the call asked for one type and every record is of it', () => {
    const claims = items([listItemBody(), listItemBody({ id: 'b' })]);
    const asked = toOverview({ items: claims, total: 2, totalPages: 1, pagesRead: 1, capped: false, repeated: 0, sentMore: 0 }, { type: 'claim' }, clock);
    expect(asked.answer.byType).toBeUndefined();
    expect(formatOverviewText(asked)).not.toContain('By type');
    // A record of another type (a service that ignored the filter) is news, and shows.
    const mixed = items([listItemBody(), listItemBody({ id: 'b', type: 'complaint' })]);
    expect(
      toOverview({ items: mixed, total: 2, totalPages: 1, pagesRead: 1, capped: false, repeated: 0, sentMore: 0 }, { type: 'claim' }, clock).answer.byType,
    ).toEqual({
      claim: 1,
      complaint: 1,
    });
  });

  it("counts a store once by its cleaned id, and never takes a name for another store's id", () => {
    const bodies = [
      listItemBody({ storeId: null, storeName: 'S-1' }),
      listItemBody({ storeId: 'S-1', storeName: 'Tienda Real' }),
      listItemBody({ storeId: 'abc', storeName: 'Tienda ABC' }),
      listItemBody({ storeId: 'abc\u200b', storeName: 'Tienda ABC' }),
    ];
    const view = toOverview({ items: items(bodies), total: 4, totalPages: 1, pagesRead: 1, capped: false, repeated: 0, sentMore: 0 }, {}, clock);
    expect(view.answer.byStore).toEqual([
      { store: 'Tienda ABC', count: 2, storeId: 'abc' },
      { store: 'S-1', count: 1 },
      { store: 'Tienda Real', count: 1, storeId: 'S-1' },
    ]);
  });

  it('counts a status, type or store named like an object property as any other', () => {
    const bodies = [listItemBody({ status: '__proto__', type: 'constructor' }), listItemBody({ status: '__proto__', storeName: 'toString', storeId: null })];
    const view = toOverview({ items: items(bodies), total: 2, totalPages: 1, pagesRead: 1, capped: false, repeated: 0, sentMore: 0 }, {}, clock);
    expect(Object.getPrototypeOf(view.answer.byStatus)).toBe(Object.prototype);
    expect(Object.hasOwn(view.answer.byStatus!, '__proto__')).toBe(true);
    expect(JSON.parse(JSON.stringify(view.answer)).byStatus).toEqual(JSON.parse('{"__proto__":2}'));
    expect(view.answer.byType).toEqual({ constructor: 1, claim: 1 });
    expect(view.answer.byStore).toEqual([
      { store: 'Tienda Miraflores', count: 1, storeId: '9c1f6a2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b' },
      { store: 'toString', count: 1 },
    ]);
    expect(formatOverviewText(view)).toContain('By status: __proto__ 2. By type: constructor 1, claim 1.');
  });
});
