// Calendar dates written YYYY-MM-DD: the one check of a real date, and arithmetic on days. Dates are
// counted as UTC midnights, so that no time zone or DST jump can shift a day.

const DAY_MS = 86_400_000;

/** True for a real calendar date in the form YYYY-MM-DD (rejects 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  return value.length === 10 && isCalendarDateAt(value, 0);
}

/**
 * Whether `text` holds a real calendar date, YYYY-MM-DD, from `start` (what follows is not looked at).
 * Read by its characters, with arithmetic rather than a pattern or a Date: this runs for every date of
 * every record, and of every row written.
 */
export function isCalendarDateAt(text: string, start: number): boolean {
  if (text.charCodeAt(start + 4) !== 45 || text.charCodeAt(start + 7) !== 45) return false; // "-"
  const year = digitsAt(text, start, 4);
  const month = digitsAt(text, start + 5, 2);
  const day = digitsAt(text, start + 8, 2);
  return year >= 0 && month >= 0 && day >= 0 && isRealDay(year, month, day);
}

/** The number the `count` ASCII digits of `text` from `start` spell; -1 when one is not a digit (or is missing). */
export function digitsAt(text: string, start: number, count: number): number {
  let number = 0;
  for (let index = start; index < start + count; index++) {
    const digit = text.charCodeAt(index) - 48; // NaN past the end: not a digit either
    if (!(digit >= 0 && digit <= 9)) return -1;
    number = number * 10 + digit;
  }
  return number;
}

/** Whether month (1-12) and day name a day of `year` in the Gregorian calendar (no 2026-02-30). */
export function isRealDay(year: number, month: number, day: number): boolean {
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

/**
 * Year, month (1-12) and day of a day number: days_from_civil's inverse (H. Hinnant's civil_from_days),
 * by integer arithmetic.
 */
export function civilOfDayNumber(dayNumber: number): [year: number, month: number, day: number] {
  const shifted = dayNumber + 719_468; // days since 0000-03-01
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153); // 0 is March
  const day = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

/** The calendar date of a day number (years before 1000 or after 9999 as Date writes them). */
export function dateOfDayNumber(dayNumber: number): string {
  const [year, month, day] = civilOfDayNumber(dayNumber);
  // Arithmetic rather than a Date and its ISO string: this runs for every date of every record.
  if (year >= 1000 && year <= 9999) return `${year}-${pad2(month)}-${pad2(day)}`;
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
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
