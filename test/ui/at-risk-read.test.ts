// The view's reading of what is at risk now (complaints_overview's atRisk) and of the pages of its
// full lists (list_complaints), without trust: what it sends back to the host, what it draws. The
// drawing and the calls are tested in a browser (e2e/overview-view.test.ts).
import { describe, expect, it } from 'vitest';
import { atRiskFigures, listArguments, listRequest, RISK_PAGE_SIZE, riskPage, riskRow } from '../../src/ui/at-risk-read.js';
import { formatsFor } from '../../src/ui/dom.js';
import { label } from '../../src/ui/labels.js';
import { MAX_ENTRIES } from '../../src/ui/read.js';
import { listSummary } from '../../src/ui/risk-list-view.js';

describe('the arguments of a full list', () => {
  it('sends back what the answer gives, page and pageSize set by the view', () => {
    expect(listArguments({ overdue: true })).toEqual({ overdue: true });
    const dueSoon = { dueBy: '2026-12-01', storeId: 'a1e5c3d2-7b48-4f19-8e2a-1c3d5e7f9a01', type: 'claim' };
    expect(listArguments(dueSoon)).toEqual(dueSoon);
    expect(listRequest({ overdue: true }, 3)).toEqual({ overdue: true, pageSize: RISK_PAGE_SIZE, page: 3 });
    expect(listRequest(listArguments({ overdue: true, page: 7, pageSize: 100 })!, 1)).toEqual({ overdue: true, pageSize: RISK_PAGE_SIZE, page: 1 });
  });

  it('keeps a filter the contract may add later, if it is a text, a flag or a number', () => {
    expect(listArguments({ overdue: true, status: 'open', limit: 5 })).toEqual({ overdue: true, status: 'open', limit: 5 });
  });

  it('leaves out what is no text, flag or number, and a text too long to be a filter', () => {
    expect(
      listArguments({ overdue: true, nested: { a: 1 }, list: [1], none: null, missing: undefined, nan: Number.NaN, huge: 'x'.repeat(201), fn: 'ok' }),
    ).toEqual({ overdue: true, fn: 'ok' });
  });

  it('is no list when the answer gives none, or nothing usable', () => {
    for (const value of [undefined, null, 'overdue', 1, true, [true], [{ overdue: true }], {}, { page: 2 }, { nested: {} }]) {
      expect(listArguments(value)).toBeUndefined();
    }
  });

  it('keeps "__proto__" as the own key it was sent as, and sets no prototype', () => {
    const sent: unknown = JSON.parse('{"__proto__": "x", "overdue": true}');
    const kept = listArguments(sent)!;
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(Object.keys(kept)).toEqual(['__proto__', 'overdue']);
    expect(JSON.stringify(listRequest(kept, 1))).toBe('{"__proto__":"x","overdue":true,"pageSize":10,"page":1}');
  });

  it('reads at most 20 keys of a host that sends 100,000', () => {
    const many = Object.fromEntries(Array.from({ length: 100_000 }, (_, index) => [`k${index}`, index]));
    expect(Object.keys(listArguments(many)!)).toHaveLength(20);
  });
});

describe('the figures of what is at risk', () => {
  const atRisk = {
    unresolved: 81,
    unanswered: 81,
    overdue: 15,
    dueSoon: 6,
    answeredNotDelivered: 2,
    listOverdue: { overdue: true },
    listDueSoon: { dueBy: '2026-12-01' },
  };

  it('reads the counts and the lists of a whole answer', () => {
    expect(atRiskFigures(atRisk)).toEqual({
      unresolved: 81,
      unanswered: 81,
      overdue: 15,
      dueSoon: 6,
      answeredNotDelivered: 2,
      serviceDeadlineDiffers: 0,
      lowerBound: false,
      stillExact: [],
      read: undefined,
      incomplete: undefined,
      listOverdue: { overdue: true },
      listDueSoon: { dueBy: '2026-12-01' },
    });
  });

  it('keeps overdue and due soon exact when stillExact says the records not read cannot change them', () => {
    const incomplete = '11 unresolved records of 81 could not be read.';
    expect(atRiskFigures({ ...atRisk, read: 70, incomplete, stillExact: ['overdue', 'dueSoon'] })?.stillExact).toEqual(['overdue', 'dueSoon']);
    // Only the figures the contract names.
    expect(atRiskFigures({ ...atRisk, read: 70, incomplete, stillExact: ['overdue', 'unanswered', 3, null] })?.stillExact).toEqual(['overdue']);
    expect(atRiskFigures({ ...atRisk, read: 70, incomplete, stillExact: 'overdue' })?.stillExact).toEqual([]);
    expect(atRiskFigures(atRisk)?.stillExact).toEqual([]);
  });

  it('marks every figure a lower bound when not every unresolved record was read', () => {
    expect(atRiskFigures({ ...atRisk, read: 70 })).toMatchObject({ lowerBound: true, read: 70 });
    expect(atRiskFigures({ ...atRisk, incomplete: '11 unresolved records of 81 could not be read.' })).toMatchObject({
      lowerBound: true,
      incomplete: '11 unresolved records of 81 could not be read.',
    });
  });

  it('counts odd values as 0 and draws nothing from an atRisk that is no object', () => {
    expect(atRiskFigures({ unanswered: -3, overdue: 2.5, dueSoon: '6', answeredNotDelivered: Number.NaN, read: -1 })).toMatchObject({
      unresolved: 0,
      unanswered: 0,
      overdue: 0,
      dueSoon: 0,
      answeredNotDelivered: 0,
      read: 0,
      lowerBound: true,
      listOverdue: undefined,
    });
    for (const value of [undefined, null, 'none', 3, [atRisk]]) expect(atRiskFigures(value)).toBeUndefined();
  });
});

describe('a page of a full list', () => {
  const row = {
    correlative: '000000751-2026',
    type: 'claim',
    status: 'in_review',
    store: 'Tienda Arequipa Centro',
    consumer: 'Corporación Condori E.I.R.L.',
    filed: '2026-08-02',
    due: '2026-08-24',
    serviceDue: 'none',
    daysLeft: -67,
    id: 'cc95f83e-771c-4056-bef8-44db138ba891',
  };

  it('reads the rows and the paging of list_complaints', () => {
    expect(riskPage({ total: 15, page: 1, pages: 2, nextPage: 2, timeZone: 'America/Lima', items: [row] }, 1)).toEqual({
      total: 15,
      page: 1,
      pages: 2,
      nextPage: 2,
      truncated: undefined,
      totalIsLowerBound: false,
      rows: [
        {
          id: row.id,
          correlative: row.correlative,
          store: row.store,
          consumer: row.consumer,
          due: row.due,
          serviceDue: 'none',
          daysLeft: -67,
        },
      ],
    });
  });

  it("keeps the server's sentence on what the list leaves out", () => {
    const truncated = '3 unresolved records of 81 could not be read (the service failed): this list leaves them out.';
    expect(riskPage({ total: 15, page: 1, pages: 2, items: [row], truncated }, 1).truncated).toBe(truncated);
    expect(riskPage({ truncated: 5 }, 1).truncated).toBeUndefined();
    // A total of the records read only is drawn as a lower bound; anything but true is not one.
    expect(riskPage({ total: 15, page: 1, pages: 2, items: [row], truncated, totalIsLowerBound: true }, 1).totalIsLowerBound).toBe(true);
    for (const value of ['true', 1, false, null]) expect(riskPage({ total: 15, totalIsLowerBound: value }, 1).totalIsLowerBound).toBe(false);
  });

  it('has no next page on the last one, nor one that goes back or nowhere', () => {
    expect(riskPage({ total: 15, page: 2, pages: 2, items: [row] }, 2).nextPage).toBeUndefined();
    for (const nextPage of [1, 2, 0, -3, 2.5, '3', null]) expect(riskPage({ page: 2, pages: 9, nextPage }, 2).nextPage).toBeUndefined();
  });

  it('takes the page asked when the answer states none, and never fewer pages than the page shown', () => {
    expect(riskPage({ total: 3, items: [] }, 4)).toMatchObject({ page: 4, pages: 4, rows: [] });
    expect(riskPage({ page: 0, pages: -1 }, 2)).toMatchObject({ page: 2, pages: 2 });
    expect(riskPage({ page: 6, pages: 3 }, 1)).toMatchObject({ page: 6, pages: 6 });
  });

  it('draws at most MAX_ENTRIES of 100,000 rows, and skips those that are no objects', () => {
    const items = Array.from({ length: 100_000 }, (_, index) => (index % 2 === 0 ? { id: `r${index}` } : [null, 5, 'x', [1]][index % 4]));
    const page = riskPage({ total: 100_000, page: 1, items }, 1);
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.length).toBeLessThanOrEqual(MAX_ENTRIES);
    expect(page.rows[0]!.id).toBe('r0');
    for (const items of ['rows', { 0: row }, null]) expect(riskPage({ items }, 1).rows).toEqual([]);
  });

  it('reads a row without trust: only texts and whole numbers, without the characters that hide or reorder text', () => {
    expect(riskRow({ id: 7, correlative: 'R-\u202e1000-2026', store: '', daysLeft: 1.5, due: null })).toEqual({
      id: undefined,
      correlative: 'R-1000-2026',
      store: undefined,
      consumer: undefined,
      due: undefined,
      serviceDue: undefined,
      daysLeft: undefined,
    });
    expect(riskRow('row').id).toBeUndefined();
  });

  it("reads a row's e-mail delivery states, for the list of the e-mail problems", () => {
    expect(riskRow({ id: 'a', correlative: '000001148-2026', receiptEmail: 'failed', responseEmail: 'bounced' })).toMatchObject({
      receiptEmail: 'failed',
      responseEmail: 'bounced',
    });
    expect(riskRow({ receiptEmail: 'fai\u202eled', responseEmail: 5 })).toMatchObject({ receiptEmail: 'failed', responseEmail: undefined });
  });
});

describe('the arguments of the list of the e-mail problems', () => {
  it("sends back emailProblems.list as given, with the period's days and the filters", () => {
    const list = { emailProblem: true, from: '2026-10-28', to: '2026-11-26', type: 'claim', storeId: 'a1e5c3d2-7b48-4f19-8e2a-1c3d5e7f9a01' };
    expect(listArguments(list)).toEqual(list);
    expect(listRequest(listArguments(list)!, 2)).toEqual({ ...list, pageSize: RISK_PAGE_SIZE, page: 2 });
  });
});

describe('the words of what is at risk', () => {
  it('says the whole book, and the counts of the full lists, in both languages', () => {
    expect(label('es', 'atRiskTitle')).toBe('En riesgo ahora (todo el libro)');
    expect(label('en', 'atRiskTitle')).toBe('At risk now (whole book)');
    expect(label('es', 'filingsPeriod')).toBe('Registrados en el periodo');
    expect(label('en', 'filingsPeriod')).toBe('Filed in the period');
    expect(label('es', 'seeAllOverdue', { n: '380' })).toBe('Ver todos los vencidos (380)');
    expect(label('en', 'seeAllOverdue', { n: '380' })).toBe('See all overdue (380)');
    expect(label('en', 'listPage', { page: '2', pages: '38' })).toBe('Page 2 of 38');
    expect(label('es', 'listPage', { page: '2', pages: '38' })).toBe('Página 2 de 38');
    expect(label('es', 'emailListAll', { n: '14' })).toBe('Ver todos (14)');
    expect(label('en', 'listSummaryNewest', { n: '14' })).toBe('14 records, newest first');
  });
});

describe('the order a full list says it is in', () => {
  // list_complaints pages overdue and dueBy earliest deadline first (domain/at-risk.ts byDeadline):
  // a past deadline comes before a coming one, so the most overdue lead, then the nearest deadlines.
  it('names the most overdue first, then the nearest deadline, in both languages; the e-mail problems newest first', () => {
    const es = formatsFor('es-PE', 'es');
    const en = formatsFor('en-US', 'en');
    expect(listSummary('overdue', 380, 'es', es)).toBe('380 registros, los más vencidos primero');
    expect(listSummary('overdue', 380, 'en', en)).toBe('380 records, most overdue first');
    expect(listSummary('dueSoon', 383, 'es', es)).toBe('383 registros, los más vencidos primero, luego el plazo más próximo');
    expect(listSummary('dueSoon', 383, 'en', en)).toBe('383 records, most overdue first, then the nearest deadline');
    expect(listSummary('emailProblems', 14, 'es', es)).toBe('14 registros, el más reciente primero');
    expect(listSummary('dueSoon', 1, 'en', en)).toBe('1 record');
  });
});
