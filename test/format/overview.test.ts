// The overview from pages read by hand: what is at risk over the unresolved records (whatever the
// period), the period's filings, the caps and failures, and the text that says which is which.
import { describe, expect, it } from 'vitest';
import { formatOverviewText, toOverview } from '../../src/format/overview.js';
import { dueOn, listItemBody, mustReadList, pagesOf } from '../fixtures/records.js';

// Sunday 2026-11-22, 10:00 in Lima.
const clock = { now: () => new Date('2026-11-22T15:00:00Z'), timeZone: 'America/Lima' };
const items = (bodies: Record<string, unknown>[]) => mustReadList({ data: bodies, pagination: {} }).data;
const none = pagesOf([]);

describe('the overview: at risk now', () => {
  it('puts the overdue first, then the due soon, by the law, and counts answers not delivered apart', () => {
    const unresolved = items([
      listItemBody({ correlative: 'A', ...dueOn('2026-11-25') }),
      listItemBody({ correlative: 'B', ...dueOn('2026-11-18') }),
      listItemBody({ correlative: 'C', ...dueOn('2026-12-15') }),
      listItemBody({
        correlative: 'D',
        status: 'in_review',
        ...dueOn('2026-11-10'),
        hasResponse: true,
        respondedAt: '2026-11-09T15:00:00Z',
        responseDeliveryStatus: 'failed',
      }),
      listItemBody({
        correlative: 'E',
        status: 'in_review',
        ...dueOn('2026-11-10'),
        hasResponse: true,
        respondedAt: '2026-11-09T15:00:00Z',
        responseDeliveryStatus: 'sent',
      }),
    ]);
    const view = toOverview({ unresolved: pagesOf(unresolved), filed: none }, {}, clock);
    expect(view.answer.atRisk).toMatchObject({ unresolved: 5, unanswered: 3, overdue: 1, dueSoon: 1, answeredNotDelivered: 1 });
    expect(view.answer.atRisk.read).toBeUndefined();
    expect(view.answer.atRisk.mostUrgent!.map((record) => record.correlative)).toEqual(['B', 'A']);
    expect(view.answer.atRisk.mostUrgent![0]).toEqual({
      correlative: 'B',
      store: 'Tienda Miraflores',
      consumer: 'María Quispe',
      due: '2026-11-18',
      daysLeft: -3,
      id: '0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a11',
    });
    expect(view.answer.atRisk.notDelivered).toEqual([{ correlative: 'D', response: 'failed', id: '0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a11' }]);
    // Monday 11-23 is the first business day: 3 left on Wednesday 11-25, and Thursday 11-26 is the 4th.
    expect(view.answer.atRisk.listOverdue).toEqual({ overdue: true });
    expect(view.answer.atRisk.listDueSoon).toEqual({ dueBy: '2026-11-25' });
    const text = formatOverviewText(view);
    expect(text.split('\n')[0]).toBe(
      'At risk now, whole book (every unresolved record: 5 open or in review): 3 unanswered; 1 OVERDUE; 1 due soon (3 business days or fewer); 1 answered but still open with a response e-mail that failed or bounced.',
    );
    expect(text).toContain(
      'Every record, earliest deadline first, page by page: all 1 overdue: list_complaints {"overdue":true}; overdue and due soon (2): list_complaints {"dueBy":"2026-11-25"}.',
    );
    expect(text).toContain('Answered, response e-mail not delivered (1 record): D (failed, id 0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a11).');
  });

  it('words the at-risk line as sentences whatever the counts: none, one, several', () => {
    const answered = (correlative: string) =>
      listItemBody({
        correlative,
        status: 'in_review',
        ...dueOn('2026-11-10'),
        hasResponse: true,
        respondedAt: '2026-11-09T15:00:00Z',
        responseDeliveryStatus: 'bounced',
      });
    const firstLine = (bodies: Record<string, unknown>[]) =>
      formatOverviewText(toOverview({ unresolved: pagesOf(items(bodies)), filed: none }, {}, clock)).split('\n')[0];
    expect(firstLine([])).toBe(
      'At risk now, whole book (every unresolved record: 0 open or in review): 0 unanswered; 0 OVERDUE; 0 due soon (3 business days or fewer); 0 answered but still open with a response e-mail that failed or bounced.',
    );
    expect(firstLine([answered('X'), answered('Y'), listItemBody({ correlative: 'O', ...dueOn('2026-11-18') })])).toBe(
      'At risk now, whole book (every unresolved record: 3 open or in review): 1 unanswered; 1 OVERDUE; 0 due soon (3 business days or fewer); 2 answered but still open with a response e-mail that failed or bounced.',
    );
  });

  it("uses the law's deadline when the service's differs or is missing, and names the service's", () => {
    const unresolved = items([
      // Filed Wednesday 11-04: the law's 15th business day is 11-25; the service counted 15 calendar days (11-19).
      listItemBody({ correlative: 'CAL', createdAt: '2026-11-04T15:00:00Z', responseDeadline: '2026-11-20T04:59:59.999Z' }),
      listItemBody({ correlative: 'NONE', ...dueOn('2026-11-18'), responseDeadline: null }),
    ]);
    const view = toOverview({ unresolved: pagesOf(unresolved), filed: none }, {}, clock);
    expect(view.answer.atRisk).toMatchObject({ overdue: 1, dueSoon: 1, serviceDeadlineDiffers: 2 });
    expect(view.answer.atRisk.mostUrgent).toEqual([
      expect.objectContaining({ correlative: 'NONE', due: '2026-11-18', serviceDue: 'none', daysLeft: -3 }),
      expect.objectContaining({ correlative: 'CAL', due: '2026-11-25', serviceDue: '2026-11-19', daysLeft: 3 }),
    ]);
    const text = formatOverviewText(view);
    expect(text).toContain('due 11-18 by law (service sent none), 3 business days OVERDUE');
    expect(text).toContain('due 11-25 by law (service says 11-19), 3 business days left, DUE SOON');
    expect(text).toContain("for 2 unanswered records the service's own deadline differs or is missing");
  });

  it('lists the due soon records that overdue ones pushed out of the table, as the text names them', () => {
    const overdue = Array.from({ length: 10 }, (_, index) => listItemBody({ correlative: `O${index}`, id: `o${index}`, ...dueOn('2026-11-10') }));
    const dueSoon = listItemBody({ correlative: 'S', id: 'soon', ...dueOn('2026-11-24') });
    const view = toOverview({ unresolved: pagesOf(items([...overdue, dueSoon])), filed: none }, {}, clock);
    expect(view.answer.atRisk.mostUrgent).toHaveLength(10);
    expect(view.answer.atRisk.alsoDueSoon).toEqual([{ correlative: 'S', daysLeft: 2, id: 'soon' }]);
    const text = formatOverviewText(view);
    expect(text).toContain('Most urgent (10 of 11 shown):');
    expect(text).toContain('Due soon, below the overdue ones: S (2 business days left).');
  });

  it('says plainly which unresolved records it could not read, and why', () => {
    const read = items([listItemBody({ ...dueOn('2026-11-10') })]);
    const stopped = toOverview(
      {
        unresolved: pagesOf(read, {
          total: 250,
          unread: 249,
          stoppedBy: 'The complaints service did not answer this call within 1500 ms (COMPLAINTS_TIMEOUT_MS).',
        }),
        filed: none,
      },
      {},
      clock,
    );
    expect(stopped.answer.atRisk).toMatchObject({
      unresolved: 250,
      read: 1,
      overdue: 1,
      incomplete: '249 unresolved records of 250 could not be read: The complaints service did not answer this call within 1500 ms (COMPLAINTS_TIMEOUT_MS).',
    });
    expect(formatOverviewText(stopped)).toContain('Not complete: 249 unresolved records of 250 could not be read');
    const capped = toOverview({ unresolved: pagesOf(read, { total: 12_000, unread: 11_999, capped: true }), filed: none }, {}, clock);
    expect(capped.answer.atRisk.incomplete).toBe(
      '11999 unresolved records of 12000 could not be read (the 1 oldest were read, the most one call reads); narrow with storeId or type to read the rest.',
    );
  });

  it('says which figures stay exact when the records not read were filed too recently to count in them', () => {
    const read = items([listItemBody({ ...dueOn('2026-11-10') })]);
    const partly = (unreadSince: string) =>
      toOverview({ unresolved: pagesOf(read, { total: 500, unread: 499, stoppedBy: 'The service failed (HTTP 500).', unreadSince }), filed: none }, {}, clock);
    // Filed 11-20 or later: due 12-15 or later (8 and 9 December are holidays), past the due-soon days.
    expect(partly('2026-11-20T15:00:00Z').answer.atRisk.stillExact).toEqual(['overdue', 'dueSoon']);
    // Filed 11-02: due 11-23, not past on Sunday 11-22, but due soon.
    expect(partly('2026-11-02T15:00:00Z').answer.atRisk.stillExact).toEqual(['overdue']);
    // Filed 10-30: due 11-20, past: an unread record may be overdue.
    expect(partly('2026-10-30T15:00:00Z').answer.atRisk.stillExact).toBeUndefined();
    expect(formatOverviewText(partly('2026-11-20T15:00:00Z'))).toContain(
      'The overdue and due soon counts are exact all the same: the oldest records were read first, and those not read were filed too recently to count',
    );
    expect(formatOverviewText(partly('2026-10-30T15:00:00Z'))).toContain('Every figure above counts only the records read.');
  });

  it('says so when every page was read but the pages held fewer distinct records than the service counts', () => {
    const read = items([listItemBody({ ...dueOn('2026-11-10') })]);
    const view = toOverview({ unresolved: pagesOf(read, { total: 10_000, unread: 0, repeated: 9_999 }), filed: none }, {}, clock);
    expect(view.answer.atRisk.incomplete).toBe(
      "9999 unresolved records of 10000 could not be read: the service's pages held 1 distinct records of the 10000 it counts (9999 records came more than once).",
    );
  });

  it('counts unanswered records whose deadline cannot be known, and names them apart', () => {
    const unknown = items([
      listItemBody({ id: 'u1', createdAt: '1732500000000', responseDeadline: null }),
      listItemBody({ id: 'u2', createdAt: null, responseDeadline: 'pronto' }),
    ]);
    const view = toOverview({ unresolved: pagesOf(unknown), filed: none }, {}, clock);
    expect(view.answer.atRisk).toMatchObject({ unanswered: 2, overdue: 0, dueSoon: 0, deadlineUnknown: 2 });
    expect(formatOverviewText(view)).toContain(
      '2 unanswered records have no deadline that can be read (neither a filing date nor the service\'s deadline): counted in no deadline figure; list them with list_complaints {"status":"unresolved"}.',
    );
    expect(toOverview({ unresolved: pagesOf(items([listItemBody()])), filed: none }, {}, clock).answer.atRisk.deadlineUnknown).toBeUndefined();
  });

  it("offers the draft_response prompt with the first listed record's correlative, and only when one has a correlative", () => {
    const draft = 'The member can draft the official response to any of these with the draft_response prompt and its correlative: draft_response';
    // The first listed (the most overdue) has no correlative, nor the second one it could take: the third is offered.
    const unresolved = items([
      listItemBody({ id: 'none', correlative: null, ...dueOn('2026-11-10') }),
      listItemBody({ id: 'spaced', correlative: 'R 12', ...dueOn('2026-11-12') }),
      listItemBody({ id: 'soon', correlative: '000001108-2026', ...dueOn('2026-11-24') }),
    ]);
    const offered = toOverview({ unresolved: pagesOf(unresolved), filed: none }, {}, clock);
    expect(offered.answer.atRisk.draftResponse).toEqual({ reference: '000001108-2026' });
    const lines = formatOverviewText(offered).split('\n');
    expect(lines.filter((line) => line.includes('draft_response'))).toEqual([`${draft} {"reference":"000001108-2026"}.`]);
    // Right after the urgent records and the arguments that list them all.
    expect(lines[lines.findIndex((line) => line.startsWith('Every record, earliest deadline first')) + 1]).toContain(draft);

    // Urgent records, none with a correlative it takes: no offer, in the answer or the text.
    const unnamed = items([
      listItemBody({ id: 'none', correlative: null, ...dueOn('2026-11-10') }),
      listItemBody({ correlative: '  ', ...dueOn('2026-11-24') }),
    ]);
    const withoutCorrelative = toOverview({ unresolved: pagesOf(unnamed), filed: none }, {}, clock);
    expect(withoutCorrelative.answer.atRisk.mostUrgent).toHaveLength(2);
    expect(withoutCorrelative.answer.atRisk.draftResponse).toBeUndefined();
    expect(formatOverviewText(withoutCorrelative)).not.toContain('draft_response');

    // Nothing urgent (an unanswered record with weeks left, an answered one): no offer either.
    const calm = items([
      listItemBody({ correlative: 'LATER', ...dueOn('2026-12-15') }),
      listItemBody({ correlative: 'DONE', ...dueOn('2026-11-10'), hasResponse: true, respondedAt: '2026-11-09T15:00:00Z' }),
    ]);
    const nothingUrgent = toOverview({ unresolved: pagesOf(calm), filed: none }, {}, clock);
    expect(nothingUrgent.answer.atRisk.mostUrgent).toBeUndefined();
    expect(nothingUrgent.answer.atRisk.draftResponse).toBeUndefined();
    expect(formatOverviewText(nothingUrgent)).not.toContain('draft_response');
  });

  it('offers the draft for a due soon record that overdue ones without a correlative pushed out of the table', () => {
    const overdue = Array.from({ length: 10 }, (_, index) => listItemBody({ correlative: null, id: `o${index}`, ...dueOn('2026-11-10') }));
    const dueSoon = listItemBody({ correlative: 'S-1', id: 'soon', ...dueOn('2026-11-24') });
    const view = toOverview({ unresolved: pagesOf(items([...overdue, dueSoon])), filed: none }, {}, clock);
    expect(view.answer.atRisk.alsoDueSoon).toEqual([{ correlative: 'S-1', daysLeft: 2, id: 'soon' }]);
    expect(view.answer.atRisk.draftResponse).toEqual({ reference: 'S-1' });
  });

  it('names the narrowing by type and store, and keeps it in the list arguments', () => {
    const storeId = '9c1f6a2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
    const view = toOverview({ unresolved: pagesOf(items([listItemBody({ ...dueOn('2026-11-10') })])), filed: none }, { type: 'claim', storeId }, clock);
    expect(view.answer.atRisk.listOverdue).toEqual({ overdue: true, type: 'claim', storeId });
    expect(formatOverviewText(view)).toMatch(new RegExp(`^At risk now, whole book, type claim, store ${storeId} \\(`));
  });
});

describe("the overview: the period's filings", () => {
  it('says when the page cap left records unread, and that without the service counts the counts are lower bounds', () => {
    const filed = pagesOf(items([listItemBody()]), { total: 9000, pagesRead: 50, unread: 8999, capped: true });
    const view = toOverview({ unresolved: none, filed }, { period: 'this_month', from: '2026-11-01', to: '2026-11-22' }, clock);
    const hint =
      'The period holds 9000 records, more than one call reads (the newest 1 were read), so every count is a lower bound; narrow the period or filters for exact figures.';
    expect(view.answer).toMatchObject({ total: 9000, counted: 1, filedFrom: '2026-11-01', filedTo: '2026-11-22', hint });
    expect(formatOverviewText(view)).toContain(
      `Filed this_month, 2026-11-01..2026-11-22 in America/Lima: 9000 records. ${hint} Dates in America/Lima; MM-DD is 2026.`,
    );
  });

  it('counts by status, type and store with the service counts when the cap left records unread', () => {
    const read = items([
      listItemBody({ id: 'a', createdAt: '2026-11-20T15:00:00Z' }),
      listItemBody({ id: 'b', createdAt: '2026-11-19T15:00:00Z', storeId: 's2', storeName: 'Tienda Sur', receiptDeliveryStatus: 'failed' }),
      listItemBody({ id: 'c', createdAt: '2026-11-18T15:00:00Z', storeId: 's3', storeName: 'Tienda Norte' }),
    ]);
    const counts = {
      byStatus: new Map([
        ['open', 500],
        ['in_review', 0],
        ['resolved', 8400],
      ]),
      byType: new Map([
        ['claim', 6000],
        ['complaint', 3000],
      ]),
      byStore: new Map([
        ['9c1f6a2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b', 7000],
        ['s2', 1500],
      ]),
    };
    const filed = pagesOf(read, { total: 9000, pagesRead: 50, unread: 8997, capped: true });
    const view = toOverview({ unresolved: none, filed, counts }, { from: '2026-01-01', to: '2026-11-30' }, clock);
    expect(view.answer).toMatchObject({
      total: 9000,
      counted: 3,
      // 100 records of a status the contract does not list: what the total leaves over.
      byStatus: { resolved: 8400, open: 500, '(other values)': 100 },
      byType: { claim: 6000, complaint: 3000 },
      byStore: [
        { store: 'Tienda Miraflores', count: 7000 },
        { store: 'Tienda Sur', count: 1500 },
      ],
      // Tienda Norte was seen but not counted: it goes with the stores never seen.
      otherStores: 500,
      performance: { window: { from: '2026-11-19', to: '2026-11-22' }, records: 2 },
      emailProblems: { records: 1, list: { emailProblem: true, from: '2026-11-19', to: '2026-11-22' } },
    });
    expect(view.answer.hint).toContain("the counts by status, type and store are the service's own, exact");
    const text = formatOverviewText(view);
    expect(text).toContain('By status: resolved 8400, open 500, (other values) 100. By type: claim 6000, complaint 3000.');
    expect(text).toContain('; other stores 500.');
    expect(text).toContain('Answers to records filed 2026-11-19..2026-11-22 (the newest whole days read): 0 of 2 answered');
  });

  it('says the counts are lower bounds, and why, when the service counts failed', () => {
    const filed = pagesOf(items([listItemBody()]), { total: 9000, pagesRead: 50, unread: 8999, capped: true });
    const view = toOverview({ unresolved: none, filed, countsFailed: 'The complaints service failed (HTTP 500).' }, {}, clock);
    expect(view.answer.byStatus).toEqual({ open: 1 });
    expect(view.answer.hint).toBe(
      "The period holds 9000 records, more than one call reads (the newest 1 were read), so every count is a lower bound (the service's own counts could not be read: The complaints service failed (HTTP 500)); narrow the period or filters for exact figures.",
    );
  });

  it('names deliveries neither sent nor queued among the filings', () => {
    const filed = items([
      listItemBody({ correlative: 'A', receiptDeliveryStatus: 'bounced' }),
      listItemBody({ correlative: 'C', id: 'c', receiptDeliveryStatus: 'queued', responseDeliveryStatus: 'failed' }),
    ]);
    const view = toOverview({ unresolved: none, filed: pagesOf(filed) }, {}, clock);
    expect(view.answer).toMatchObject({ total: 2, emailProblems: { records: 2, byState: { bounced: 1, failed: 1 } } });
    const text = formatOverviewText(view);
    expect(text).toContain('Filed at any time (whole book): 2 records; all 2 counted.');
    expect(text).toContain('By store (storeId; answers): Tienda Miraflores 2 (9c1f6a2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b).');
    expect(text).toContain('E-mail deliveries neither sent nor queued: bounced 1, failed 1 (2 records; to list them: list_complaints {"emailProblem":true}):');
  });

  it('does not count by type when the call asked for one type and every record is of it', () => {
    const claims = items([listItemBody(), listItemBody({ id: 'b' })]);
    const asked = toOverview({ unresolved: none, filed: pagesOf(claims) }, { type: 'claim' }, clock);
    expect(asked.answer.byType).toBeUndefined();
    expect(formatOverviewText(asked)).not.toContain('By type');
    // A record of another type (a service that ignored the filter) is news, and shows.
    const mixed = items([listItemBody(), listItemBody({ id: 'b', type: 'complaint' })]);
    expect(toOverview({ unresolved: none, filed: pagesOf(mixed) }, { type: 'claim' }, clock).answer.byType).toEqual({ claim: 1, complaint: 1 });
  });

  it("counts a store once by its cleaned id, and never takes a name for another store's id", () => {
    const bodies = [
      listItemBody({ storeId: null, storeName: 'S-1' }),
      listItemBody({ storeId: 'S-1', storeName: 'Tienda Real' }),
      listItemBody({ storeId: 'abc', storeName: 'Tienda ABC' }),
      listItemBody({ storeId: 'abc\u200b', storeName: 'Tienda ABC' }),
    ];
    const view = toOverview({ unresolved: none, filed: pagesOf(items(bodies)) }, {}, clock);
    expect(view.answer.byStore).toEqual([
      { store: 'Tienda ABC', count: 2, storeId: 'abc' },
      { store: 'S-1', count: 1 },
      { store: 'Tienda Real', count: 1, storeId: 'S-1' },
    ]);
  });

  it('counts a status, type or store named like an object property as any other', () => {
    const bodies = [listItemBody({ status: '__proto__', type: 'constructor' }), listItemBody({ status: '__proto__', storeName: 'toString', storeId: null })];
    const view = toOverview({ unresolved: none, filed: pagesOf(items(bodies)) }, {}, clock);
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
