// The view's pure parts (src/ui/): the activity chart's geometry, the label tables, the deadline's
// wording and the untrusting reading of structuredContent. The drawing itself is tested in a browser.
import { describe, expect, it } from 'vitest';
import { PERIODS } from '../../src/calendar/periods.js';
import { barHeight, columns, countScale, labelledSteps, MAX_STEPS, placeLabels, stepStart } from '../../src/ui/chart.js';
import { deadlineWords, LABELS, label, languageOf, urgencyOf, valueLabel } from '../../src/ui/labels.js';
import { activity, count, counts, integer, objects } from '../../src/ui/read.js';

describe('calendar days of the chart', () => {
  it('starts a series on real days only', () => {
    expect(stepStart('1970-01-01', 'day', 1)).toBe('1970-01-02');
    expect(stepStart('2024-02-29', 'day', 0)).toBe('2024-02-29');
    for (const notADay of ['2023-02-29', '2026-13-01', '2026-1-01', '2026-01-01T00:00:00Z']) expect(stepStart(notADay, 'day', 0)).toBeUndefined();
  });

  it('steps by day across month ends, leap days and years', () => {
    expect(stepStart('2024-01-31', 'day', 1)).toBe('2024-02-01');
    expect(stepStart('2024-01-31', 'day', 29)).toBe('2024-02-29');
    expect(stepStart('2024-01-31', 'day', 30)).toBe('2024-03-01');
    expect(stepStart('2023-02-28', 'day', 1)).toBe('2023-03-01');
    expect(stepStart('2026-12-31', 'day', 1)).toBe('2027-01-01');
    expect(stepStart('2026-11-23', 'day', 0)).toBe('2026-11-23');
  });

  it('steps by week from a Monday, and by month from the 1st', () => {
    expect(stepStart('2024-02-26', 'week', 1)).toBe('2024-03-04');
    expect(stepStart('2023-02-27', 'week', 1)).toBe('2023-03-06');
    expect(stepStart('2026-12-28', 'week', 1)).toBe('2027-01-04');
    expect(stepStart('2024-01-01', 'month', 1)).toBe('2024-02-01');
    expect(stepStart('2024-01-01', 'month', 12)).toBe('2025-01-01');
    expect(stepStart('2025-12-01', 'month', 2)).toBe('2026-02-01');
    // A month counts from the month of `from`, whatever its day: never 2024-03-02 after a 31st.
    expect(stepStart('2024-01-31', 'month', 1)).toBe('2024-02-01');
  });

  it('gives no date for a start that is not a day', () => {
    expect(stepStart('2026-02-30', 'day', 1)).toBeUndefined();
    expect(stepStart('soon', 'month', 0)).toBeUndefined();
    expect(stepStart('', 'week', 0)).toBeUndefined();
  });
});

describe('the y scale', () => {
  it('spans 0..1 for an empty or unusable series', () => {
    expect(countScale(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(countScale(Number.NaN)).toEqual({ top: 1, ticks: [0, 1] });
    expect(countScale(-5)).toEqual({ top: 1, ticks: [0, 1] });
  });

  it('picks whole, round steps', () => {
    expect(countScale(1)).toEqual({ top: 1, ticks: [0, 1] });
    expect(countScale(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(countScale(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(countScale(46)).toEqual({ top: 50, ticks: [0, 25, 50] });
    expect(countScale(422)).toEqual({ top: 500, ticks: [0, 250, 500] });
  });

  it('always reaches the maximum, with whole ticks and at most 4 intervals', () => {
    for (let max = 1; max <= 5000; max += max < 100 ? 1 : 37) {
      const { top, ticks } = countScale(max, 4);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)).toBe(top);
      expect(ticks.length).toBeLessThanOrEqual(5);
      for (const tick of ticks) expect(Number.isInteger(tick)).toBe(true);
      // Not absurdly loose: the top is less than 2.5 times the maximum above 10.
      if (max > 10) expect(top).toBeLessThan(max * 2.5);
    }
  });

  it('stays bounded for a huge count', () => {
    const { top, ticks } = countScale(1e300);
    expect(top).toBeGreaterThanOrEqual(1e300);
    expect(ticks.length).toBeLessThanOrEqual(5);
  });

  it('turns counts into heights within the plot', () => {
    expect(barHeight(5, 10, 100)).toBe(50);
    expect(barHeight(20, 10, 100)).toBe(100);
    expect(barHeight(-3, 10, 100)).toBe(0);
    expect(barHeight(Number.NaN, 10, 100)).toBe(0);
    expect(barHeight(5, 0, 100)).toBe(0);
  });
});

describe('columns and x labels', () => {
  it('leaves a gap between wide columns and none between thin ones', () => {
    expect(columns(10, 400)).toEqual({ band: 40, width: 30, inset: 5 });
    expect(columns(2, 400).width).toBe(48);
    expect(columns(400, 600)).toEqual({ band: 1.5, width: 1.5, inset: 0 });
    expect(columns(0, 600)).toEqual({ band: 0, width: 0, inset: 0 });
  });

  it('labels every k-th step, k the smallest that keeps them apart', () => {
    expect(labelledSteps(30, 300, 48)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(labelledSteps(5, 500, 48)).toEqual([0, 1, 2, 3, 4]);
    expect(labelledSteps(400, 600, 48)).toHaveLength(13);
    expect(labelledSteps(0, 600, 48)).toEqual([]);
  });

  it('places labels inside the plot, never touching', () => {
    for (const [count, width, labelWidth] of [
      [12, 590, 64],
      [30, 300, 48],
      [31, 587, 48],
      [400, 600, 48],
      [3, 100, 64],
    ] as const) {
      const placed = placeLabels(count, 40, width, labelWidth);
      expect(placed.length).toBeGreaterThan(0);
      placed.forEach(({ x }, index) => {
        expect(x - labelWidth / 2).toBeGreaterThanOrEqual(40 - 1e-9);
        expect(x + labelWidth / 2).toBeLessThanOrEqual(40 + width + 1e-9);
        if (index > 0) expect(x - placed[index - 1]!.x).toBeGreaterThanOrEqual(labelWidth + 4);
      });
    }
  });

  it('centres a label on its column when there is room', () => {
    expect(placeLabels(5, 0, 500, 48)).toEqual([
      { index: 0, x: 50 },
      { index: 1, x: 150 },
      { index: 2, x: 250 },
      { index: 3, x: 350 },
      { index: 4, x: 450 },
    ]);
  });
});

describe('the label tables', () => {
  const ids = (lang: 'es' | 'en') => Object.keys(LABELS[lang]).sort();

  it('hold the same labels in Spanish and English, none empty', () => {
    expect(ids('es')).toEqual(ids('en'));
    expect(ids('es').length).toBeGreaterThan(50);
    for (const lang of ['es', 'en'] as const) {
      for (const [id, text] of Object.entries(LABELS[lang])) expect(text.trim(), `${lang} ${id}`).not.toBe('');
    }
  });

  it('name every period of the picker, and all records, differently in each language', () => {
    for (const period of ['', ...PERIODS]) {
      const id = `period.${period}` as keyof (typeof LABELS)['es'];
      expect(LABELS.es[id]).toBeTruthy();
      expect(LABELS.en[id]).toBeTruthy();
      expect(LABELS.es[id]).not.toBe(LABELS.en[id]);
    }
  });

  it('fill placeholders with text as given', () => {
    expect(label('es', 'moreStores', { n: '3' })).toBe('3 tiendas más');
    expect(label('en', 'storeFilter', { store: '<b>{n}</b>' })).toBe('store <b>{n}</b>');
  });

  it('speak Spanish for a Spanish locale only', () => {
    expect(languageOf('es')).toBe('es');
    expect(languageOf('es-PE')).toBe('es');
    expect(languageOf('ES-pe')).toBe('es');
    expect(languageOf('es_419')).toBe('es');
    expect(languageOf('en-US')).toBe('en');
    expect(languageOf('pt-BR')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('')).toBe('en');
  });

  it('translate known values and leave others, prototype names included, as sent', () => {
    expect(valueLabel('es', 'status', 'in_review')).toBe('En revisión');
    expect(valueLabel('en', 'type', 'complaint')).toBe('Complaint');
    expect(valueLabel('es', 'status', 'archived')).toBe('archived');
    expect(valueLabel('es', 'status', 'constructor')).toBe('constructor');
    expect(valueLabel('en', 'email', '__proto__')).toBe('__proto__');
    expect(valueLabel('en', 'email', 'toString')).toBe('toString');
  });
});

describe('the deadline, worded', () => {
  it('says overdue, today and due in, with singular and plural', () => {
    expect(deadlineWords('es', -2)).toBe('Vencido hace 2 días hábiles');
    expect(deadlineWords('es', -1)).toBe('Vencido hace 1 día hábil');
    expect(deadlineWords('es', 0)).toBe('Vence hoy');
    expect(deadlineWords('es', 1)).toBe('Vence en 1 día hábil');
    expect(deadlineWords('es', 3)).toBe('Vence en 3 días hábiles');
    expect(deadlineWords('en', -2)).toBe('Overdue by 2 business days');
    expect(deadlineWords('en', -1)).toBe('Overdue by 1 business day');
    expect(deadlineWords('en', 0)).toBe('Due today');
    expect(deadlineWords('en', 1)).toBe('Due in 1 business day');
    expect(deadlineWords('en', 2)).toBe('Due in 2 business days');
  });

  it('formats the number in the locale and says when there is none', () => {
    expect(deadlineWords('es', -1234, (value) => new Intl.NumberFormat('es-PE').format(value))).toBe('Vencido hace 1,234 días hábiles');
    expect(deadlineWords('en', undefined)).toBe('Deadline not computed');
    expect(deadlineWords('es', Number.NaN)).toBe('Plazo sin calcular');
  });

  it('classes negative days as overdue, the rest as due soon', () => {
    expect(urgencyOf(-1)).toBe('overdue');
    expect(urgencyOf(0)).toBe('due_soon');
    expect(urgencyOf(3)).toBe('due_soon');
    expect(urgencyOf(undefined)).toBe('due_soon');
  });
});

describe('reading structuredContent without trust', () => {
  it('counts whole numbers from 0 only', () => {
    expect(count(7)).toBe(7);
    expect(count(0)).toBe(0);
    for (const bad of [-1, 2.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_VALUE, 2 ** 53, '3', null, undefined, {}]) expect(count(bad)).toBe(0);
    expect(Object.is(count(-0), 0)).toBe(true);
    expect(integer(-4)).toBe(-4);
    expect(integer(1.5)).toBeUndefined();
  });

  it('reads "__proto__" and "constructor" as ordinary keys', () => {
    const parsed: unknown = JSON.parse('{"__proto__": 3, "constructor": 2, "open": -1, "resolved": 5}');
    expect(counts(parsed)).toEqual([
      ['__proto__', 3],
      ['constructor', 2],
      ['open', 0],
      ['resolved', 5],
    ]);
    expect(counts([1, 2])).toEqual([]);
    expect(counts('x')).toEqual([]);
  });

  it('keeps the objects of a list of records', () => {
    expect(objects([{ id: 'a' }, null, 5, [1], 'x', { id: 'b' }])).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(objects('nope')).toEqual([]);
  });

  it('reads the activity series, each count checked', () => {
    expect(activity({ from: '2026-11-01', step: 'day', filed: [3, -1, 'x', 2], answered: [1, 1] })).toEqual({
      from: '2026-11-01',
      step: 'day',
      skipped: 0,
      steps: 4,
      filed: [3, 0, 0, 2],
      answered: [1, 1, 0, 0],
    });
  });

  it('keeps the latest steps of an absurdly long series', () => {
    const filed = Array.from({ length: 100_000 }, (_, index) => index % 10);
    const read = activity({ from: '2000-01-03', step: 'week', filed, answered: [] })!;
    expect(read.steps).toBe(100_000);
    expect(read.skipped).toBe(100_000 - MAX_STEPS);
    expect(read.filed).toHaveLength(MAX_STEPS);
    expect(read.filed.at(-1)).toBe(9);
    expect(read.answered).toHaveLength(MAX_STEPS);
  });

  it('refuses a series it cannot place', () => {
    expect(activity(undefined)).toBeUndefined();
    expect(activity({ from: '2026-11-01', step: 'year', filed: [1], answered: [1] })).toBeUndefined();
    expect(activity({ from: 'yesterday', step: 'day', filed: [1], answered: [1] })).toBeUndefined();
    expect(activity({ from: '2026-11-01', step: 'day', filed: [], answered: [] })).toBeUndefined();
  });
});
