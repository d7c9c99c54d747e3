import { describe, expect, it } from 'vitest';
import { addBusinessDays, businessDaysBetween, isBusinessDay } from '../src/calendar/business-days.js';
import { PERU_HOLIDAY_YEARS, PERU_HOLIDAYS } from '../src/calendar/peru-holidays.js';

describe('Peru holidays table', () => {
  it('lists the 16 national holidays of each covered year, as valid dates', () => {
    for (const year of PERU_HOLIDAY_YEARS) {
      const dates = Object.keys(PERU_HOLIDAYS).filter((date) => date.startsWith(`${year}-`));
      expect(dates).toHaveLength(16);
      for (const monthDay of ['01-01', '05-01', '06-07', '06-29', '07-23', '07-28', '07-29', '08-06', '08-30', '10-08', '11-01', '12-08', '12-09', '12-25']) {
        expect(dates).toContain(`${year}-${monthDay}`);
      }
    }
    for (const date of Object.keys(PERU_HOLIDAYS)) {
      expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
    }
  });

  it('has Holy Thursday and Good Friday of each year', () => {
    expect(PERU_HOLIDAYS['2025-04-17']).toBe('Jueves Santo');
    expect(PERU_HOLIDAYS['2025-04-18']).toBe('Viernes Santo');
    expect(PERU_HOLIDAYS['2026-04-02']).toBe('Jueves Santo');
    expect(PERU_HOLIDAYS['2026-04-03']).toBe('Viernes Santo');
    expect(PERU_HOLIDAYS['2027-03-25']).toBe('Jueves Santo');
    expect(PERU_HOLIDAYS['2027-03-26']).toBe('Viernes Santo');
  });
});

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

  it('agrees across decades, in both directions', () => {
    expect(businessDaysBetween('1990-01-01', '2040-12-31')).toBe(countDayByDay('1990-01-01', '2040-12-31'));
    expect(businessDaysBetween('2040-12-31', '1990-01-01')).toBe(countDayByDay('2040-12-31', '1990-01-01'));
  });
});
