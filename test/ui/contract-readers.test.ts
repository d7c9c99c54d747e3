// The view's readers against the contract: they read without trust (a host may pass on anything), but
// the shape they read is the contract's, declared once in src/contract/. Their types are derived from
// it (read.ts's Read and Counted); this feeds them answers the contract's own schemas accept, with
// every optional field there, and checks that each field is read under its own name with its value,
// or is named below as read elsewhere or not drawn. A field the contract adds fails here until the
// view reads it or says why not.
import { describe, expect, it } from 'vitest';
import { listAnswerSchema } from '../../src/contract/list-answer.js';
import { overviewAnswerSchema } from '../../src/contract/overview-answer.js';
import { atRiskFigures, riskPage, riskRow } from '../../src/ui/at-risk-read.js';
import { performanceFigures, storeAnswering } from '../../src/ui/performance-read.js';
import { activity } from '../../src/ui/read.js';

const row = {
  correlative: 'R-1000-2026',
  type: 'claim',
  status: 'open',
  store: 'Tienda Miraflores',
  consumer: 'Ana Pérez',
  filed: '2026-11-02',
  due: '2026-11-24',
  serviceDue: 'none',
  daysLeft: -2,
  answered: '2026-11-20',
  daysLate: 1,
  priority: 'high',
  receiptEmail: 'failed',
  responseEmail: 'bounced',
  id: 'c-1',
};

const overview = overviewAnswerSchema.parse({
  atRisk: {
    unresolved: 40,
    read: 38,
    unanswered: 30,
    overdue: 5,
    dueSoon: 7,
    answeredNotDelivered: 2,
    serviceDeadlineDiffers: 3,
    deadlineUnknown: 1,
    mostUrgent: [{ correlative: 'R-1', store: 'S', consumer: 'C', due: '2026-11-24', serviceDue: 'none', daysLeft: -2, id: 'c-1' }],
    alsoDueSoon: [{ correlative: 'R-2', daysLeft: 2, id: 'c-2' }],
    notDelivered: [{ correlative: 'R-3', response: 'bounced', id: 'c-3' }],
    listOverdue: { overdue: true, type: 'claim', storeId: 's-1' },
    listDueSoon: { dueBy: '2026-12-01', type: 'claim', storeId: 's-1' },
    draftResponse: { reference: 'R-1' },
    stillExact: ['overdue'],
    incomplete: 'The call ended before every unresolved record was read.',
  },
  total: 120,
  counted: 118,
  filedFrom: '2026-11-01',
  filedTo: '2026-11-30',
  timeZone: 'America/Lima',
  byStatus: { open: 10 },
  byType: { claim: 100, complaint: 20 },
  byStore: [{ store: 'Tienda Miraflores', count: 60, storeId: 's-1', answered: 40, onTimeShare: 0.9, medianDaysToAnswer: 8 }],
  otherStores: 4,
  performance: {
    window: { from: '2026-11-10', to: '2026-11-30' },
    records: 100,
    answered: 80,
    answeredOnTime: 70,
    answeredLate: 8,
    answerUndated: 2,
    unansweredOverdue: 5,
    responsesNotDelivered: 3,
    onTimeShare: 0.897,
    daysToAnswer: { median: 9, p90: 14 },
    byReason: [{ reason: 'Cobro indebido', count: 12 }],
    otherReasons: 6,
    incomplete: 'Only the newest days were read.',
  },
  activity: { from: '2026-11-01', step: 'day', filed: [1, 2], answered: [0, 1] },
  emailProblems: { records: 1, byState: { bounced: 1 }, first: [{ correlative: 'R-4', response: 'bounced', id: 'c-4' }], list: { emailProblem: true } },
  hint: 'The period holds more records than one call reads.',
  truncated: 'More stores than listed.',
});

const page = listAnswerSchema.parse({
  total: 31,
  totalIsLowerBound: true,
  page: 2,
  pages: 4,
  filedFrom: '2026-11-01',
  filedTo: '2026-11-30',
  timeZone: 'America/Lima',
  items: [row],
  nextPage: 3,
  hint: 'Call page 3.',
  truncated: 'Some records left out.',
});

/** The fields of a contract object, as its schema declares them. */
function declared(shape: Record<string, unknown>): string[] {
  return Object.keys(shape).sort();
}

/** Every declared field read under its own name with the answer's value, or accounted for by `elsewhere`. */
function expectRead(fields: string[], answer: Record<string, unknown>, read: Record<string, unknown>, elsewhere: Record<string, string>) {
  const unaccounted = fields.filter((field) => !Object.hasOwn(read, field) && !Object.hasOwn(elsewhere, field));
  expect(unaccounted).toEqual([]);
  for (const field of fields.filter((name) => Object.hasOwn(read, name))) expect({ [field]: read[field] }).toEqual({ [field]: answer[field] });
}

describe("the view's readers read the contract's fields, under its names", () => {
  it('atRisk', () => {
    const atRisk = overview.atRisk as unknown as Record<string, unknown>;
    const read = atRiskFigures(atRisk)!;
    expectRead(declared(overviewAnswerSchema.shape.atRisk.shape), atRisk, read, {
      mostUrgent: 'rows read by riskRow, drawn by at-risk-view.ts',
      alsoDueSoon: 'rows read by riskRow, drawn by at-risk-view.ts',
      notDelivered: 'drawn by at-risk-view.ts',
      listOverdue: 'read by listArguments, as sent',
      listDueSoon: 'read by listArguments, as sent',
      draftResponse: 'not drawn: the record panel offers the draft of the record it shows, unanswered, when the host takes messages',
      deadlineUnknown: 'not drawn: in unanswered, in no deadline figure',
    });
    expect(read.listOverdue).toEqual(overview.atRisk.listOverdue);
    expect(read.listDueSoon).toEqual(overview.atRisk.listDueSoon);
  });

  it("list_complaints' rows and mostUrgent's entries", () => {
    const listRow = listAnswerSchema.shape.items.unwrap().element;
    expectRead(declared(listRow.shape), row, riskRow(row), {
      type: 'not drawn in the lists',
      status: 'not drawn in the lists',
      filed: 'not drawn in the lists',
      answered: 'not drawn: the lists hold unanswered records',
      daysLate: 'not drawn: the lists hold unanswered records',
      priority: 'not drawn in the lists',
    });
    const urgent = overview.atRisk.mostUrgent![0]!;
    expectRead(declared(overviewAnswerSchema.shape.atRisk.shape.mostUrgent.unwrap().element.shape), urgent, riskRow(urgent), {});
  });

  it('a page of list_complaints', () => {
    const read = riskPage(page, 2);
    expectRead(declared(listAnswerSchema.shape), page, read, {
      items: 'read as rows, by riskRow',
      filedFrom: 'not drawn: the list is opened from the overview, which says its period',
      filedTo: 'not drawn: the list is opened from the overview, which says its period',
      timeZone: 'not drawn: the days are drawn as the answer gives them',
      hint: 'not drawn: a hint to the model, the view pages by itself',
      readSecondsAgo: 'not drawn: the view opens a list at page 1, read afresh, and its next pages reuse that reading for a minute at most',
    });
    expect(read.rows).toEqual([riskRow(row)]);
  });

  it('performance', () => {
    const performance = overview.performance as unknown as Record<string, unknown>;
    const read = performanceFigures(performance)!;
    expectRead(declared(overviewAnswerSchema.shape.performance.unwrap().shape), performance, read, { byReason: 'read as reasons, the top ones' });
    expect(read.reasons).toEqual(overview.performance!.byReason);
  });

  it("byStore's answering figures", () => {
    const store = overview.byStore![0]!;
    expect(storeAnswering(store)).toEqual({ onTimeShare: store.onTimeShare, medianDaysToAnswer: store.medianDaysToAnswer });
  });

  it('activity', () => {
    const series = overview.activity as unknown as Record<string, unknown>;
    expectRead(declared(overviewAnswerSchema.shape.activity.unwrap().shape), series, activity(series)!, {});
  });
});
