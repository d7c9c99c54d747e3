// Business days (días hábiles) on calendar dates written YYYY-MM-DD.
//
// Pure date arithmetic: no clock and no time zone. Callers convert instants to the local date
// they mean (Lima, for the complaints book) before calling. A business day is Monday to Friday
// and not a national holiday (see peru-holidays.ts).
import { dateOfDayNumber, dayNumber, weekdayOfDayNumber } from './calendar-date.js';
import { peruHolidayDays } from './peru-holidays.js';

function isBusinessDayNumber(day: number): boolean {
  return weekdayOfDayNumber(day) <= 5 && !weekdayHolidays(yearOfDayNumber(day)).includes(day);
}

export function isBusinessDay(date: string): boolean {
  return isBusinessDayNumber(dayNumber(date));
}

/**
 * The n-th business day after `date` (the count starts the day after, as legal deadlines do).
 * A negative n counts backwards; n = 0 returns `date` itself.
 */
export function addBusinessDays(date: string, n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not an integer: ${n}`);
  let day = dayNumber(date);
  const step = n < 0 ? -1 : 1;
  for (let left = Math.abs(n); left > 0; ) {
    day += step;
    if (isBusinessDayNumber(day)) left -= 1;
  }
  return dateOfDayNumber(day);
}

/** Weekdays (Monday to Friday) among the day numbers [0, n), or minus those in [n, 0) for a negative n. */
function weekdaysBefore(n: number): number {
  // Day -3 (1969-12-29) is a Monday: count whole Monday-based weeks from there, then the rest.
  const shifted = n + 3;
  const weeks = Math.floor(shifted / 7);
  return weeks * 5 + Math.min(shifted - weeks * 7, 5) - 3;
}

/** Day numbers of a year's holidays that fall on a weekday (the others are not business days anyway). */
function weekdayHolidays(year: number): readonly number[] {
  let days = WEEKDAY_HOLIDAYS.get(year);
  if (!days) {
    days = peruHolidayDays(year)
      .map((holiday) => holiday.dayNumber)
      .filter((day) => weekdayOfDayNumber(day) <= 5);
    WEEKDAY_HOLIDAYS.set(year, days);
  }
  return days;
}

/** By year, computed once each; at most the 10,000 years a YYYY date can name, a dozen numbers each. */
const WEEKDAY_HOLIDAYS = new Map<number, readonly number[]>();

function yearOfDayNumber(day: number): number {
  return Number(dateOfDayNumber(day).slice(0, 4));
}

/** Weekday holidays in the years [0, year): filled once, as far as a far date asks. */
const HOLIDAYS_BEFORE_YEAR: number[] = [0];

function weekdayHolidaysBefore(year: number): number {
  for (let known = HOLIDAYS_BEFORE_YEAR.length - 1; known < year; known += 1) {
    HOLIDAYS_BEFORE_YEAR.push((HOLIDAYS_BEFORE_YEAR[known] ?? 0) + weekdayHolidays(known).length);
  }
  return HOLIDAYS_BEFORE_YEAR[year] ?? 0;
}

/** Whole years between two dates beyond which the running sums above answer instead of a step per year. */
const YEARS_STEPPED = 50;

/**
 * Business days among the day numbers [start, end): weekdays by arithmetic, less the holidays on a
 * weekday of the first and last years and of the whole years between. A record dated centuries away
 * (a service's mistake, or a hostile one) costs no loop over days, and over years only once per process.
 */
function businessDaysIn(start: number, end: number): number {
  if (end <= start) return 0;
  const first = yearOfDayNumber(start);
  const last = yearOfDayNumber(end - 1);
  const within = (year: number) => weekdayHolidays(year).filter((day) => day >= start && day < end).length;
  let holidays = within(first) + (last > first ? within(last) : 0);
  if (last - first - 1 > YEARS_STEPPED) holidays += weekdayHolidaysBefore(last) - weekdayHolidaysBefore(first + 1);
  else for (let year = first + 1; year < last; year += 1) holidays += weekdayHolidays(year).length;
  return weekdaysBefore(end) - weekdaysBefore(start) - holidays;
}

/**
 * Signed number of business days from `from` to `to`: the business days in (from, to] when `to`
 * is later; minus those in [to, from) when it is earlier. Thus the inverse of addBusinessDays,
 * businessDaysBetween(d, addBusinessDays(d, n)) === n, and a deadline that passed last Friday is
 * -1 from Saturday, Sunday or Monday alike.
 */
export function businessDaysBetween(from: string, to: string): number {
  const key = `${from}/${to}`;
  const known = RECENT.get(key);
  if (known !== undefined) return known;
  const start = dayNumber(from);
  const end = dayNumber(to);
  const days = end >= start ? businessDaysIn(start + 1, end + 1) : -businessDaysIn(end, start);
  // Records filed the same day share a deadline: a page asks the same question many times over.
  if (RECENT.size >= RECENT_LIMIT) RECENT.clear();
  RECENT.set(key, days);
  return days;
}

/** Answers already given, by "from/to"; a pure function's results, so bounded but never stale. */
const RECENT = new Map<string, number>();
const RECENT_LIMIT = 1024;
