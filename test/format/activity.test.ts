// The overview's activity series: records filed and answered per day, week or month, in the
// member's zone, from the first day asked to the last filing or answer, never past today.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/calendar/calendar-date.js';
import { activityOf, MAX_STEPS } from '../../src/format/activity.js';
import { listItemBody, mustReadList, pagesOf } from '../fixtures/records.js';

const LIMA = 'America/Lima';
const TODAY = '2026-11-22';
const items = (bodies: Record<string, unknown>[]) => mustReadList({ data: bodies, pagination: {} }).data;
/** A record filed at noon in Lima on `day`, answered at noon on `answered` when given. */
const record = (day: string, answered?: string) =>
  listItemBody({
    createdAt: `${day}T17:00:00.000Z`,
    ...(answered ? { hasResponse: true, respondedAt: `${answered}T17:00:00.000Z` } : {}),
  });

describe('activityOf', () => {
  it('counts per day over a short period, from its first day to today, in the zone', () => {
    const series = activityOf(
      items([
        record('2026-11-16', '2026-11-18'),
        record('2026-11-16'),
        // 23:30 in Lima on the 20th is already the 21st in UTC: counted on the 20th.
        listItemBody({ createdAt: '2026-11-21T04:30:00.000Z' }),
      ]),
      { from: '2026-11-16', to: TODAY },
      TODAY,
      LIMA,
    );
    expect(series).toEqual({ from: '2026-11-16', step: 'day', filed: [2, 0, 0, 0, 1, 0, 0], answered: [0, 0, 1, 0, 0, 0, 0] });
  });

  it('draws the days asked for, as the header names them: an answer after them is not drawn, one inside them is', () => {
    const series = activityOf(
      items([record('2026-10-30', '2026-11-04'), record('2026-10-02', '2026-10-20')]),
      { from: '2026-10-01', to: '2026-10-31' },
      TODAY,
      LIMA,
    )!;
    expect(series).toMatchObject({ from: '2026-10-01', step: 'day' });
    expect(series.filed).toHaveLength(31);
    expect([series.filed[1], series.filed[29]]).toEqual([1, 1]);
    expect(series.answered.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(series.answered[19]).toBe(1);
    // Without a last day asked for, the days run to today.
    expect(activityOf(items([record('2026-11-16')]), {}, TODAY, LIMA)).toMatchObject({ from: '2026-11-16', filed: [1, 0, 0, 0, 0, 0, 0] });
  });

  it('uses weeks from a Monday over longer ranges, and months over longer still', () => {
    const weeks = activityOf(items([record('2026-08-05'), record('2026-11-20', '2026-11-21')]), {}, TODAY, LIMA)!;
    expect(weeks).toMatchObject({ from: '2026-08-03', step: 'week' });
    expect(weeks.filed[0]).toBe(1);
    expect(weeks.filed.at(-1)).toBe(1);
    expect(weeks.answered.at(-1)).toBe(1);
    const months = activityOf(items([record('2024-02-29'), record('2026-11-01')]), {}, TODAY, LIMA)!;
    expect(months).toMatchObject({ from: '2024-02-01', step: 'month' });
    expect(months.filed).toHaveLength(34);
    expect([months.filed[0], months.filed[33]]).toEqual([1, 1]);
  });

  it('keeps the latest months when a date is absurdly old, and never goes past today', () => {
    const series = activityOf(items([record('1901-01-01'), record('2026-11-20'), record('2999-01-01', '2999-02-01')]), {}, TODAY, LIMA)!;
    expect(series.step).toBe('month');
    expect(series.filed).toHaveLength(MAX_STEPS);
    expect(series.from).toBe('2021-10-01');
    expect(series.filed.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(series.answered.every((count) => count === 0)).toBe(true);
  });

  it('has nothing to draw without a readable filing day, or when every filing is after today', () => {
    expect(activityOf(items([listItemBody({ createdAt: 'yesterday' }), listItemBody({ createdAt: null })]), {}, TODAY, LIMA)).toBeUndefined();
    expect(activityOf(items([record('2027-01-05')]), {}, TODAY, LIMA)).toBeUndefined();
  });

  it('does not count an answer without a date, nor a date on a record the service says is unanswered', () => {
    const series = activityOf(
      items([
        listItemBody({ createdAt: '2026-11-20T17:00:00Z', hasResponse: true }),
        record('2026-11-20'),
        listItemBody({ respondedAt: '2026-11-21T17:00:00Z' }),
      ]),
      { from: '2026-11-20', to: TODAY },
      TODAY,
      LIMA,
    )!;
    expect(series.answered).toEqual([0, 0, 0]);
  });

  it('always has at most MAX_STEPS steps, equal lengths, and counts every filing inside its range', () => {
    const day = fc.integer({ min: -4000, max: 30 }).map((offset) => addDays(TODAY, offset));
    fc.assert(
      fc.property(fc.array(fc.tuple(day, fc.option(day)), { minLength: 1, maxLength: 40 }), fc.option(day), (records, from) => {
        const series = activityOf(items(records.map(([filed, answered]) => record(filed, answered ?? undefined))), from === null ? {} : { from }, TODAY, LIMA);
        if (series === undefined) return;
        expect(series.filed.length).toBe(series.answered.length);
        expect(series.filed.length).toBeLessThanOrEqual(MAX_STEPS);
        const drawn = records.filter(([filed]) => filed >= series.from && filed <= TODAY && (from === null || filed >= from)).length;
        if (series.step !== 'month' || series.filed.length < MAX_STEPS) expect(series.filed.reduce((sum, count) => sum + count, 0)).toBe(drawn);
      }),
    );
  });
});

describe('the overview with its series', () => {
  it('leaves the text as it was: the series is for the view and for clients that read structuredContent', async () => {
    const { formatOverviewText, toOverview } = await import('../../src/format/overview.js');
    const clock = { now: () => new Date('2026-11-22T15:00:00Z'), timeZone: LIMA };
    const filed = items([record('2026-11-16', '2026-11-18'), record('2026-11-20')]);
    const view = toOverview({ unresolved: pagesOf([]), filed: pagesOf(filed) }, { period: 'this_week', from: '2026-11-16', to: TODAY }, clock);
    expect(view.answer.activity).toEqual({ from: '2026-11-16', step: 'day', filed: [1, 0, 0, 0, 1, 0, 0], answered: [0, 0, 1, 0, 0, 0, 0] });
    const { activity, ...withoutSeries } = view.answer;
    expect(formatOverviewText(view)).toBe(formatOverviewText({ ...view, answer: withoutSeries }));
  });
});
