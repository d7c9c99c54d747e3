// Calendar dates written YYYY-MM-DD: the one check of a real date, and arithmetic on days. Dates are
// counted as UTC midnights, so that no time zone or DST jump can shift a day.

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date in the form YYYY-MM-DD (rejects 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  // Arithmetic, not a Date: this runs for every date of every record.
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const length = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= length;
}

/** Days since 1970-01-01 of a calendar date; throws on anything else (a caller's bug). */
export function dayNumber(date: string): number {
  if (!isCalendarDate(date)) throw new RangeError(`not a calendar date (YYYY-MM-DD): ${date}`);
  return dayNumberOf(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));
}

/**
 * Days since 1970-01-01 of year, month (1-12) and day in the proleptic Gregorian calendar, by integer
 * arithmetic (H. Hinnant's days_from_civil): no Date, so no two-digit-year quirk and no string to parse.
 */
export function dayNumberOf(year: number, month: number, day: number): number {
  const marchYear = month <= 2 ? year - 1 : year; // years counted from March, so that 29 February ends one
  const era = Math.floor(marchYear / 400);
  const yearOfEra = marchYear - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The calendar date of a day number. */
export function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a day number: 1 = Monday ... 7 = Sunday. */
export function weekdayOfDayNumber(day: number): number {
  // Day 0, 1970-01-01, was a Thursday.
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** `date` plus `days` calendar days (negative goes back). */
export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** ISO weekday: 1 = Monday ... 7 = Sunday. */
export function isoWeekday(date: string): number {
  return weekdayOfDayNumber(dayNumber(date));
}

/** The last day of the month that `date` falls in. */
export function endOfMonth(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}
