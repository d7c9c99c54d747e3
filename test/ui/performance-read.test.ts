// The view's reading of how the period's records were answered (complaints_overview's performance and
// byStore's answering figures), without trust: reasons are the service's consumer-facing labels, and a
// host may pass on anything. The drawing is tested in a browser (e2e/overview-view.test.ts).
import { describe, expect, it } from 'vitest';
import { formatsFor } from '../../src/ui/dom.js';
import { label } from '../../src/ui/labels.js';
import { MAX_REASON_CHARS, oneLine, percentOf, performanceFigures, share, storeAnswering, TOP_REASONS } from '../../src/ui/performance-read.js';

const performance = {
  records: 500,
  answered: 443,
  answeredOnTime: 412,
  answeredLate: 31,
  unansweredOverdue: 5,
  responsesNotDelivered: 4,
  onTimeShare: 0.93,
  daysToAnswer: { median: 9, p90: 14 },
  byReason: [
    { reason: 'Producto defectuoso', count: 120 },
    { reason: 'Demora en la entrega', count: 90 },
    { reason: 'Cobro indebido', count: 60 },
    { reason: 'Mala atención', count: 40 },
    { reason: 'Garantía', count: 30 },
    { reason: 'Devolución', count: 20 },
  ],
  otherReasons: 15,
};

describe('the figures of how the period was answered', () => {
  it('reads a whole answer: the counts, the share, the days, the top 5 reasons and the rest summed', () => {
    // The counts, the share and the days under the contract's own names and values; absent ones read as 0 or undefined.
    const { byReason, ...same } = performance;
    expect(performanceFigures(performance)).toEqual({
      ...same,
      window: undefined,
      answerUndated: 0,
      reasons: byReason.slice(0, 5),
      // Devolución (20) and the server's otherReasons (15).
      otherReasons: 35,
      incomplete: undefined,
    });
    expect(TOP_REASONS).toBe(5);
  });

  it('keeps the window of filing days, the undated answers and the sentence on what is left out', () => {
    const read = performanceFigures({
      ...performance,
      window: { from: '2026-11-02', to: '2026-11-20' },
      answerUndated: 3,
      incomplete: 'Only the latest 5000 records of the period were read.',
    })!;
    expect(read.window).toEqual({ from: '2026-11-02', to: '2026-11-20' });
    expect(read.answerUndated).toBe(3);
    expect(read.incomplete).toBe('Only the latest 5000 records of the period were read.');
  });

  it('draws nothing from a performance that is no object, and reads odd fields as none', () => {
    for (const value of [undefined, null, 'fine', 3, [performance]]) expect(performanceFigures(value)).toBeUndefined();
    expect(
      performanceFigures({
        window: { from: 'yesterday', to: '2026-11-20' },
        records: -1,
        answered: 2.5,
        answeredOnTime: '412',
        answeredLate: Number.NaN,
        onTimeShare: 1.5,
        daysToAnswer: { median: -1, p90: 14 },
        byReason: { reason: 'not a list', count: 1 },
      }),
    ).toEqual({
      window: undefined,
      records: 0,
      answered: 0,
      answeredOnTime: 0,
      answeredLate: 0,
      answerUndated: 0,
      unansweredOverdue: 0,
      responsesNotDelivered: 0,
      onTimeShare: undefined,
      daysToAnswer: undefined,
      reasons: [],
      otherReasons: 0,
      incomplete: undefined,
    });
    for (const daysToAnswer of [{ median: 9 }, { median: 9, p90: 1.5 }, [9, 14], 'nine', { median: Number.POSITIVE_INFINITY, p90: 1 }]) {
      expect(performanceFigures({ ...performance, daysToAnswer })!.daysToAnswer).toBeUndefined();
    }
    expect(performanceFigures({ ...performance, daysToAnswer: { median: -0, p90: 0 } })!.daysToAnswer).toEqual({ median: 0, p90: 0 });
  });

  it('orders reasons by count, keeps the order sent among equals, and sums those without a name or a count', () => {
    const read = performanceFigures({
      byReason: [
        { reason: 'B', count: 1 },
        { reason: 'A', count: 5 },
        null,
        { count: 4 },
        { reason: '   ', count: 2 },
        { reason: 'C', count: 1 },
        { reason: 'D', count: -7 },
        { reason: '__proto__', count: 3 },
      ],
    })!;
    expect(read.reasons).toEqual([
      { reason: 'A', count: 5 },
      { reason: '__proto__', count: 3 },
      { reason: 'B', count: 1 },
      { reason: 'C', count: 1 },
    ]);
    expect(read.otherReasons).toBe(6);
  });

  it("draws a reason the service named like a sum as a reason, and takes the others' records from otherReasons alone", () => {
    const read = performanceFigures({ byReason: [{ reason: '(other reasons)', count: 4 }], otherReasons: 9 })!;
    expect(read.reasons).toEqual([{ reason: '(other reasons)', count: 4 }]);
    expect(read.otherReasons).toBe(9);
    expect(performanceFigures({ byReason: [], otherReasons: -3 })!.otherReasons).toBe(0);
  });

  it('reads 100,000 reasons without freezing, and counts at most the entries it reads', () => {
    const byReason = Array.from({ length: 100_000 }, (_, index) => ({ reason: `R${index}`, count: 1 }));
    const read = performanceFigures({ byReason })!;
    expect(read.reasons).toHaveLength(TOP_REASONS);
    expect(read.otherReasons).toBeLessThanOrEqual(60);
  });
});

describe('a hostile reason', () => {
  it('is cleaned of what hides or reorders text, and becomes one line', () => {
    const [reason] = performanceFigures({ byReason: [{ reason: 'Cobro\u202e oidnevid\u200b\n\tindebido\u2066', count: 1 }] })!.reasons;
    expect(reason!.reason).toBe('Cobro oidnevid indebido');
  });

  it('keeps markup as the text it is (the view puts it in as text)', () => {
    const markup = `<img src=x onerror="window.top.postMessage('x','*')">`;
    expect(performanceFigures({ byReason: [{ reason: markup, count: 2 }] })!.reasons).toEqual([{ reason: markup, count: 2 }]);
  });

  it('of 10,000 characters is cut to a line, with a visible mark, without splitting an emoji', () => {
    const [reason] = performanceFigures({ byReason: [{ reason: 'x'.repeat(10_000), count: 1 }] })!.reasons;
    expect(reason!.reason).toHaveLength(MAX_REASON_CHARS);
    expect(reason!.reason.endsWith('…')).toBe(true);
    const emoji = oneLine(`${'a'.repeat(MAX_REASON_CHARS - 2)}😀😀😀`, MAX_REASON_CHARS)!;
    expect(emoji).toBe(`${'a'.repeat(MAX_REASON_CHARS - 2)}…`);
    expect(oneLine('  ', 10)).toBeUndefined();
    expect(oneLine(42, 10)).toBeUndefined();
  });
});

describe('shares as percentages', () => {
  it('reads a share from 0 to 1 only', () => {
    expect(share(0)).toBe(0);
    expect(share(1)).toBe(1);
    expect(share(0.931)).toBe(0.931);
    for (const bad of [-0.1, 1.01, Number.NaN, '0.9', null, undefined]) expect(share(bad)).toBeUndefined();
  });

  it('rounds, but says all or none only when it is', () => {
    expect(percentOf(0.93)).toBe(93);
    expect(percentOf(412 / 443)).toBe(93);
    expect(percentOf(0.996)).toBe(99);
    expect(percentOf(1)).toBe(100);
    expect(percentOf(0.004)).toBe(1);
    expect(percentOf(0)).toBe(0);
  });

  it('are written as the locale writes them', () => {
    expect(formatsFor('en-US', 'en').percent(93)).toBe('93%');
    expect(formatsFor('es-PE', 'es-PE').percent(93)).toMatch(/^93\s?%$/u);
  });
});

describe("a store's answering figures", () => {
  it('reads the on-time share and the median days, or says there are none', () => {
    expect(storeAnswering({ store: 'Tienda Miraflores', count: 40, answered: 35, onTimeShare: 0.8, medianDaysToAnswer: 11 })).toEqual({
      onTimeShare: 0.8,
      medianDaysToAnswer: 11,
    });
    expect(storeAnswering({ count: 3, onTimeShare: 1 })).toEqual({ onTimeShare: 1, medianDaysToAnswer: undefined });
    expect(storeAnswering({ count: 3, answered: 0 })).toBeUndefined();
    expect(storeAnswering({ count: 3, onTimeShare: 7, medianDaysToAnswer: -2 })).toBeUndefined();
  });
});

describe('the words of the performance block', () => {
  it('read as a manager says them, in English and Spanish', () => {
    expect(label('en', 'daysToAnswerLine', { median: '9', p90: '14' })).toBe('Days to answer: median 9 · 90th percentile 14 (business days)');
    expect(label('es', 'daysToAnswerLine', { median: '9', p90: '14' })).toBe('Días para responder: mediana 9 · percentil 90 14 (días hábiles)');
    expect(label('en', 'unansweredOverdueCount', { n: '5' })).toBe('still unanswered past deadline 5');
  });
});
