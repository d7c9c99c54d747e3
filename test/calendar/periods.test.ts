import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, endOfMonth, isCalendarDate, isoWeekday } from '../../src/calendar/calendar-date.js';
import { currentMonth, lastFullMonth, MONTH_PATTERN, monthRange, monthsBefore, PERIODS, periodRange } from '../../src/calendar/periods.js';
import { localDate } from '../../src/calendar/time-zone.js';

const LIMA = 'America/Lima';

describe('local dates', () => {
  it('takes the calendar day in the time zone, not in UTC', () => {
    // 03:00 UTC on the 23rd is still 22:00 on the 22nd in Lima (UTC-5).
    expect(localDate(new Date('2026-11-23T03:00:00Z'), LIMA)).toBe('2026-11-22');
    expect(localDate(new Date('2026-11-23T03:00:00Z'), 'UTC')).toBe('2026-11-23');
    expect(localDate(new Date('2026-11-23T03:00:00Z'), 'Asia/Tokyo')).toBe('2026-11-23');
  });

  it('adds days across month and year ends and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-22', '2026-12-15')).toBe(23);
    expect(daysBetween('2026-11-22', '2026-11-18')).toBe(-4);
  });

  it('knows weekdays and month ends', () => {
    expect(isoWeekday('2026-11-23')).toBe(1); // Monday
    expect(isoWeekday('2026-11-22')).toBe(7); // Sunday
    expect(endOfMonth('2026-02-10')).toBe('2026-02-28');
    expect(endOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(endOfMonth('2026-12-01')).toBe('2026-12-31');
  });

  it('accepts only real calendar dates', () => {
    expect(isCalendarDate('2026-11-22')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(isCalendarDate('2026-11-22T10:00:00Z')).toBe(false);
  });
});

describe('periods', () => {
  // Sunday 2026-11-22, 10:00 in Lima.
  const sunday = new Date('2026-11-22T15:00:00Z');

  it('starts weeks on Monday, also when today is Sunday', () => {
    expect(periodRange('this_week', sunday, LIMA)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(periodRange('last_week', sunday, LIMA)).toEqual({ from: '2026-11-09', to: '2026-11-15' });
  });

  it('on a Monday, this week is that one day', () => {
    const monday = new Date('2026-11-23T15:00:00Z');
    expect(periodRange('this_week', monday, LIMA)).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(periodRange('last_week', monday, LIMA)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });

  it('computes today and yesterday in the time zone', () => {
    // 02:00 UTC on Monday the 23rd is Sunday 21:00 in Lima.
    const lateSunday = new Date('2026-11-23T02:00:00Z');
    expect(periodRange('today', lateSunday, LIMA)).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(periodRange('today', lateSunday, 'UTC')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(periodRange('yesterday', lateSunday, LIMA)).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(periodRange('this_week', lateSunday, 'UTC')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
  });

  it('counts rolling ranges including today', () => {
    expect(periodRange('last_7_days', sunday, LIMA)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(periodRange('last_30_days', sunday, LIMA)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
  });

  it('handles month edges: this month, last month, January and March', () => {
    expect(periodRange('this_month', sunday, LIMA)).toEqual({ from: '2026-11-01', to: '2026-11-22' });
    expect(periodRange('last_month', sunday, LIMA)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    const january = new Date('2027-01-05T15:00:00Z');
    expect(periodRange('last_month', january, LIMA)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    const march = new Date('2028-03-01T15:00:00Z');
    expect(periodRange('last_month', march, LIMA)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodRange('this_month', march, LIMA)).toEqual({ from: '2028-03-01', to: '2028-03-01' });
    // Midnight UTC on the 1st is still the last day of the previous month in Lima.
    const edge = new Date('2026-12-01T03:00:00Z');
    expect(periodRange('this_month', edge, LIMA)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('gives every period a from that is not after its to', () => {
    for (const period of PERIODS) {
      const { from, to } = periodRange(period, sunday, LIMA);
      expect(isCalendarDate(from) && isCalendarDate(to)).toBe(true);
      expect(from <= to).toBe(true);
    }
  });
});

describe('months (monthly_report)', () => {
  it('takes the last full month in the time zone, as last_month does', () => {
    // 03:00 UTC on 1 December is still 30 November in Lima: October is the last full month there.
    const edge = new Date('2026-12-01T03:00:00Z');
    expect(lastFullMonth(edge, LIMA)).toBe('2026-10');
    expect(currentMonth(edge, LIMA)).toBe('2026-11');
    expect(lastFullMonth(edge, 'UTC')).toBe('2026-11');
    expect(lastFullMonth(new Date('2027-01-05T15:00:00Z'), LIMA)).toBe('2026-12');
  });

  it("gives a month's first and last days, leap Februaries included, and refuses anything but YYYY-MM", () => {
    expect(monthRange('2026-10')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2100-02')).toEqual({ from: '2100-02-01', to: '2100-02-28' });
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-10', '2026-10-01', ' 2026-10']) {
      expect(MONTH_PATTERN.test(bad), bad).toBe(false);
      expect(() => monthRange(bad), bad).toThrow(RangeError);
    }
  });

  it('counts months back across a year end', () => {
    expect(monthsBefore('2027-02', 3)).toEqual(['2027-01', '2026-12', '2026-11']);
    expect(monthsBefore('2026-10', 0)).toEqual([]);
  });
});
