// Business days (días hábiles) on calendar dates written YYYY-MM-DD.
//
// Pure date arithmetic: no clock and no time zone. Callers convert instants to the local date
// they mean (Lima, for the complaints book) before calling. A business day is Monday to Friday
// and not a national holiday (see peru-holidays.ts).
import { isPeruHoliday, PERU_HOLIDAYS } from './peru-holidays.js';

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 for a valid YYYY-MM-DD; throws on anything else (a caller's bug). */
function toDayNumber(date: string): number {
  const match = DATE_PATTERN.exec(date);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
    const utc = new Date(Date.UTC(year, month, day));
    // Date.UTC rolls 02-30 over to March and reads years 0-99 as 1900-1999; reject what does not round-trip.
    if (utc.getUTCFullYear() === year && utc.getUTCMonth() === month && utc.getUTCDate() === day) return utc.getTime() / DAY_MS;
  }
  throw new RangeError(`not a calendar date (YYYY-MM-DD): ${date}`);
}

function fromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function isBusinessDayNumber(day: number): boolean {
  const weekday = new Date(day * DAY_MS).getUTCDay(); // 0 Sunday .. 6 Saturday
  return weekday !== 0 && weekday !== 6 && !isPeruHoliday(fromDayNumber(day));
}

export function isBusinessDay(date: string): boolean {
  return isBusinessDayNumber(toDayNumber(date));
}

/**
 * The n-th business day after `date` (the count starts the day after, as legal deadlines do).
 * A negative n counts backwards; n = 0 returns `date` itself.
 */
export function addBusinessDays(date: string, n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not an integer: ${n}`);
  let day = toDayNumber(date);
  const step = n < 0 ? -1 : 1;
  for (let left = Math.abs(n); left > 0; ) {
    day += step;
    if (isBusinessDayNumber(day)) left -= 1;
  }
  return fromDayNumber(day);
}

/** Weekdays (Monday to Friday) among the day numbers [0, n), or minus those in [n, 0) for a negative n. */
function weekdaysBefore(n: number): number {
  // Day -3 (1969-12-29) is a Monday: count whole Monday-based weeks from there, then the rest.
  const shifted = n + 3;
  const weeks = Math.floor(shifted / 7);
  return weeks * 5 + Math.min(shifted - weeks * 7, 5) - 3;
}

/** Day numbers of the holidays that fall on a weekday (the others are not business days anyway). */
const WEEKDAY_HOLIDAYS: readonly number[] = Object.keys(PERU_HOLIDAYS)
  .map(toDayNumber)
  .filter((day) => {
    const weekday = new Date(day * DAY_MS).getUTCDay();
    return weekday !== 0 && weekday !== 6;
  });

/** Business days among the day numbers [start, end), by arithmetic: a record dated decades away costs no loop. */
function businessDaysIn(start: number, end: number): number {
  const holidays = WEEKDAY_HOLIDAYS.filter((day) => day >= start && day < end).length;
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
  const start = toDayNumber(from);
  const end = toDayNumber(to);
  const days = end >= start ? businessDaysIn(start + 1, end + 1) : -businessDaysIn(end, start);
  // Records filed the same day share a deadline: a page asks the same question many times over.
  if (RECENT.size >= RECENT_LIMIT) RECENT.clear();
  RECENT.set(key, days);
  return days;
}

/** Answers already given, by "from/to"; a pure function's results, so bounded but never stale. */
const RECENT = new Map<string, number>();
const RECENT_LIMIT = 1024;
