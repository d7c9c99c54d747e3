// Relative periods ("this_week", "last_month", ...) -> inclusive from/to calendar dates, computed
// in the member's time zone from an injected clock, so that tests and days near midnight are exact.
import { addDays, endOfMonth, isoWeekday } from './calendar-date.js';
import { localDate } from './time-zone.js';

export const PERIODS = ['today', 'yesterday', 'this_week', 'last_week', 'last_7_days', 'this_month', 'last_month', 'last_30_days'] as const;
export type Period = (typeof PERIODS)[number];

export interface DateRange {
  from: string;
  to: string;
}

/** Weeks start on Monday; "this" periods end today; "last_N_days" include today. */
export function periodRange(period: Period, now: Date, timeZone: string): DateRange {
  const today = localDate(now, timeZone);
  const monday = addDays(today, 1 - isoWeekday(today));
  const firstOfMonth = `${today.slice(0, 8)}01`;
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'this_week':
      return { from: monday, to: today };
    case 'last_week':
      return { from: addDays(monday, -7), to: addDays(monday, -1) };
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'this_month':
      return { from: firstOfMonth, to: today };
    case 'last_month': {
      const lastDay = addDays(firstOfMonth, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: endOfMonth(lastDay) };
    }
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
  }
}

/** A calendar month written YYYY-MM (01 to 12). */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month (YYYY-MM) that `now` falls in, in `timeZone`. */
export function currentMonth(now: Date, timeZone: string): string {
  return localDate(now, timeZone).slice(0, 7);
}

/** The last month that has ended (YYYY-MM) in `timeZone`: the month of `last_month`. */
export function lastFullMonth(now: Date, timeZone: string): string {
  return periodRange('last_month', now, timeZone).from.slice(0, 7);
}

/** The first and last days of a month written YYYY-MM; throws on anything else (a caller's bug). */
export function monthRange(month: string): DateRange {
  if (!MONTH_PATTERN.test(month)) throw new RangeError(`not a month (YYYY-MM): ${month}`);
  const from = `${month}-01`;
  return { from, to: endOfMonth(from) };
}

/** The `count` months (YYYY-MM) before `month`, newest first. */
export function monthsBefore(month: string, count: number): string[] {
  const months: string[] = [];
  let year = Number(month.slice(0, 4));
  let number = Number(month.slice(5, 7));
  for (let index = 0; index < count; index++) {
    number -= 1;
    if (number === 0) {
      number = 12;
      year -= 1;
    }
    months.push(`${String(year).padStart(4, '0')}-${String(number).padStart(2, '0')}`);
  }
  return months;
}
