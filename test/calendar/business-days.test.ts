import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, businessDaysBetween, isBusinessDay } from '../../src/calendar/business-days.js';
import { addDays } from '../../src/calendar/calendar-date.js';

describe('isBusinessDay', () => {
  it('is false on weekends and holidays, true on other weekdays', () => {
    expect(isBusinessDay('2026-11-21')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-22')).toBe(false); // Sunday
    expect(isBusinessDay('2026-11-23')).toBe(true); // Monday
    expect(isBusinessDay('2026-07-28')).toBe(false); // Tuesday, Fiestas Patrias
    expect(isBusinessDay('2026-04-02')).toBe(false); // Holy Thursday
    expect(isBusinessDay('2026-12-09')).toBe(false); // Batalla de Ayacucho
    expect(isBusinessDay('2026-12-10')).toBe(true);
  });

  it('refuses what is not a calendar date', () => {
    expect(() => isBusinessDay('2026-02-30')).toThrow(RangeError);
    expect(() => isBusinessDay('22/11/2026')).toThrow(RangeError);
  });
});

describe('addBusinessDays', () => {
  it('counts from the day after the given date', () => {
    expect(addBusinessDays('2026-11-20', 1)).toBe('2026-11-23'); // Friday -> Monday
    expect(addBusinessDays('2026-11-23', 1)).toBe('2026-11-24');
    expect(addBusinessDays('2026-11-22', 0)).toBe('2026-11-22');
  });

  it('skips 23, 28 and 29 July and 6 August', () => {
    expect(addBusinessDays('2026-07-22', 1)).toBe('2026-07-24');
    expect(addBusinessDays('2026-07-27', 1)).toBe('2026-07-30');
    expect(addBusinessDays('2026-07-20', 15)).toBe('2026-08-14');
  });

  it('skips Holy Week', () => {
    expect(addBusinessDays('2026-03-27', 15)).toBe('2026-04-21');
    expect(addBusinessDays('2025-04-16', 1)).toBe('2025-04-21');
    expect(addBusinessDays('2027-03-24', 1)).toBe('2027-03-29');
  });

  it('gives the legal 15-business-day deadline across 8 and 9 December', () => {
    expect(addBusinessDays('2026-11-22', 15)).toBe('2026-12-15');
    expect(addBusinessDays('2026-12-04', 15)).toBe('2026-12-30'); // also skips 25 December
  });

  it('counts backwards for a negative n', () => {
    expect(addBusinessDays('2026-07-30', -1)).toBe('2026-07-27');
  });
});

describe('deadlines in 2028-2035, computed by rule', () => {
  // Worked out by hand from each year's Easter and article 6's fixed dates, and checked with an
  // independent count (python-dateutil's easter and the same list of dates).
  const cases: Array<{ year: number; easter: string; holyWeek: [string, string]; fiestasPatrias: [string, string] }> = [
    { year: 2028, easter: '04-16', holyWeek: ['2028-03-31', '2028-04-25'], fiestasPatrias: ['2028-07-15', '2028-08-07'] },
    { year: 2029, easter: '04-01', holyWeek: ['2029-03-16', '2029-04-10'], fiestasPatrias: ['2029-07-15', '2029-08-07'] },
    { year: 2030, easter: '04-21', holyWeek: ['2030-04-05', '2030-04-30'], fiestasPatrias: ['2030-07-15', '2030-08-08'] },
    { year: 2031, easter: '04-13', holyWeek: ['2031-03-28', '2031-04-22'], fiestasPatrias: ['2031-07-15', '2031-08-11'] },
    { year: 2032, easter: '03-28', holyWeek: ['2032-03-12', '2032-04-06'], fiestasPatrias: ['2032-07-15', '2032-08-11'] },
    { year: 2033, easter: '04-17', holyWeek: ['2033-04-01', '2033-04-26'], fiestasPatrias: ['2033-07-15', '2033-08-09'] },
    { year: 2034, easter: '04-09', holyWeek: ['2034-03-24', '2034-04-18'], fiestasPatrias: ['2034-07-15', '2034-08-07'] },
    { year: 2035, easter: '03-25', holyWeek: ['2035-03-09', '2035-04-03'], fiestasPatrias: ['2035-07-15', '2035-08-07'] },
  ];

  it.each(cases)('$year: 15 business days across Holy Week and across Fiestas Patrias', ({ holyWeek, fiestasPatrias }) => {
    expect(addBusinessDays(holyWeek[0], 15)).toBe(holyWeek[1]);
    expect(businessDaysBetween(holyWeek[0], holyWeek[1])).toBe(15);
    expect(addBusinessDays(fiestasPatrias[0], 15)).toBe(fiestasPatrias[1]);
    expect(businessDaysBetween(fiestasPatrias[0], fiestasPatrias[1])).toBe(15);
  });

  it.each(cases)('$year: due the Monday after Easter, seen the Monday before, leaves 3 business days', ({ year, easter }) => {
    const sunday = `${year}-${easter}`;
    expect(businessDaysBetween(addDays(sunday, -6), addDays(sunday, 1))).toBe(3);
    expect(isBusinessDay(addDays(sunday, -3))).toBe(false); // Holy Thursday
    expect(isBusinessDay(addDays(sunday, -2))).toBe(false); // Good Friday
    expect(isBusinessDay(addDays(sunday, -4))).toBe(true); // Holy Wednesday
  });

  it('counts the days of a deadline seen in December 2027 that falls in 2028', () => {
    // 2028's holidays are known before 2028 begins: Año Nuevo 2028 is a Saturday, 3 January the first business day.
    expect(addBusinessDays('2027-12-20', 15)).toBe('2028-01-10');
    expect(businessDaysBetween('2027-12-27', '2028-01-12')).toBe(12);
  });
});

describe('businessDaysBetween', () => {
  it('is the signed inverse of addBusinessDays', () => {
    for (const start of ['2026-03-27', '2026-07-20', '2026-11-22', '2026-12-31']) {
      for (const n of [-20, -1, 0, 1, 5, 15, 40]) {
        expect(businessDaysBetween(start, addBusinessDays(start, n))).toBe(n);
      }
    }
  });

  it('counts none over a long weekend of holidays', () => {
    expect(businessDaysBetween('2026-07-24', '2026-07-29')).toBe(1); // only Monday 27
    expect(businessDaysBetween('2026-07-29', '2026-07-24')).toBe(-2); // [Fri 24, Wed 29): 24 and 27
    expect(businessDaysBetween('2026-11-22', '2026-11-20')).toBe(-1); // Sunday back to Friday
  });
});

describe('businessDaysBetween against a day-by-day count', () => {
  /** The plain definition, one day at a time: the days (from, to] forwards, minus the days [to, from) backwards. */
  function countDayByDay(from: string, to: string): number {
    const DAY = 86_400_000;
    const [f, t] = [Date.parse(`${from}T00:00:00Z`), Date.parse(`${to}T00:00:00Z`)];
    let count = 0;
    if (t >= f) for (let ms = f + DAY; ms <= t; ms += DAY) count += businessDay(ms) ? 1 : 0;
    else for (let ms = t; ms < f; ms += DAY) count -= businessDay(ms) ? 1 : 0;
    return count;
  }

  /** isBusinessDay of the day starting at `ms` (UTC), each day asked once: the pairs below revisit each a few hundred times. */
  const known = new Map<number, boolean>();
  function businessDay(ms: number): boolean {
    let business = known.get(ms);
    if (business === undefined) {
      business = isBusinessDay(new Date(ms).toISOString().slice(0, 10));
      known.set(ms, business);
    }
    return business;
  }

  it('agrees on every pair of days of a stretch that crosses holidays and year ends', () => {
    const days = Array.from({ length: 70 }, (_, i) => new Date(Date.parse('2025-12-01T00:00:00Z') + i * 5 * 86_400_000).toISOString().slice(0, 10));
    // 4,900 pairs: the disagreements are collected and asserted once, each with both counts.
    const mismatches: Array<{ from: string; to: string; businessDaysBetween: number; dayByDay: number }> = [];
    for (const from of days) {
      for (const to of days) {
        const [got, expected] = [businessDaysBetween(from, to), countDayByDay(from, to)];
        if (!Object.is(got, expected)) mismatches.push({ from, to, businessDaysBetween: got, dayByDay: expected });
      }
    }
    // On failure, how many and the first ten are enough to read.
    expect({ mismatches: mismatches.length, first: mismatches.slice(0, 10) }).toEqual({ mismatches: 0, first: [] });
  });

  it('agrees on every pair of days from December 2027 to early 2029', () => {
    const days = Array.from({ length: 90 }, (_, i) => new Date(Date.parse('2027-12-01T00:00:00Z') + i * 5 * 86_400_000).toISOString().slice(0, 10));
    const mismatches = days.flatMap((from) => days.filter((to) => businessDaysBetween(from, to) !== countDayByDay(from, to)).map((to) => ({ from, to })));
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it('counts centuries at once as it counts them in hops of 40 years, in both directions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9000 }), fc.integer({ min: 51, max: 999 }), fc.integer({ min: 0, max: 364 }), (year, span, offset) => {
        const from = addDays(`${year}-01-01`, offset);
        const to = addDays(`${year + span}-01-01`, offset);
        let [forwards, backwards] = [0, 0];
        for (let at = from; at < to; ) {
          // Compared on the side of `to`: a hop of 40 years past a date near 9999 is no date at all.
          const next = at < addDays(to, -40 * 365) ? addDays(at, 40 * 365) : to;
          forwards += businessDaysBetween(at, next);
          backwards += businessDaysBetween(next, at);
          at = next;
        }
        expect(businessDaysBetween(from, to)).toBe(forwards);
        expect(businessDaysBetween(to, from)).toBe(backwards);
      }),
      { numRuns: 50 },
    );
  });

  it('agrees across decades, in both directions', () => {
    expect(businessDaysBetween('1990-01-01', '2040-12-31')).toBe(countDayByDay('1990-01-01', '2040-12-31'));
    expect(businessDaysBetween('2040-12-31', '1990-01-01')).toBe(countDayByDay('2040-12-31', '1990-01-01'));
  });
});
