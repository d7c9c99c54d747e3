// The one reader of date and date-time values (ISO 8601): the API's fields, the list's from/to
// filters, and the sandbox's query. Read without the host's time zone: `new Date(text)`
// reads a date-time without an offset, and non-ISO text such as "soon 5", in the zone of the machine
// the server runs on, so the same record would read differently on two machines. Only ISO 8601 is
// taken as a date here; anything else is shown as written, and counts as no date.
import { dayNumberOf, digitsAt, isCalendarDate, isRealDay } from './calendar-date.js';
import { wallClockAt, wallDateAt } from './time-zone.js';

export interface WallTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, or null when the value is a date alone. */
  time: string | null;
}

export interface IsoValue extends WallTime {
  /** The instant, when the value carries an offset (Z, +05:00, -0500); null for a local date or date-time. */
  instant: Date | null;
  /** The offset in minutes east of UTC, when the value carries one. */
  offsetMinutes: number | null;
  /** Midnight exactly, at offset zero. */
  midnightUtc: boolean;
}

const ISO = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const FOUR_DIGIT_YEAR = /^\d{4}-/;

const DAY_MS = 86_400_000;

/**
 * The form JavaScript and most services write an instant in, 2026-11-03T15:14:00.000Z, read by its
 * characters, without a pattern or a Date: every record's dates pass here. The instant in ms since
 * the epoch; null when the value has this form but no date-time we read (2026-02-30, 24:00, a year
 * before 1000); undefined when it has another form, for the general reading.
 */
function readCanonicalUtc(value: string): number | null | undefined {
  if (value.length !== 24) return undefined;
  const at = (index: number) => value.charCodeAt(index);
  // - - T : : . Z
  if (at(4) !== 45 || at(7) !== 45 || at(10) !== 84 || at(13) !== 58 || at(16) !== 58 || at(19) !== 46 || at(23) !== 90) return undefined;
  const year = digitsAt(value, 0, 4);
  const month = digitsAt(value, 5, 2);
  const day = digitsAt(value, 8, 2);
  const hours = digitsAt(value, 11, 2);
  const minutes = digitsAt(value, 14, 2);
  const seconds = digitsAt(value, 17, 2);
  const millis = digitsAt(value, 20, 3);
  if (year < 0 || month < 0 || day < 0 || hours < 0 || minutes < 0 || seconds < 0 || millis < 0) return undefined;
  // Years before 1000 and the BC years a time zone could turn them into have no YYYY form.
  if (year < 1000 || !isRealDay(year, month, day) || hours > 23 || minutes > 59 || seconds > 59) return null;
  return dayNumberOf(year, month, day) * DAY_MS + ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis;
}

/** A date or date-time in ISO 8601 (a "T" or a space before the time), or null. */
export function readIso(value: string): IsoValue | null {
  const canonical = readCanonicalUtc(value);
  if (canonical === null) return null;
  if (canonical !== undefined) {
    const instant = new Date(canonical);
    return { date: value.slice(0, 10), time: value.slice(11, 16), instant, offsetMinutes: 0, midnightUtc: value.endsWith('T00:00:00.000Z') };
  }
  const match = ISO.exec(value.trim());
  if (!match) return null;
  const [, date, hours, minutes, seconds = '00', fraction = '', offset] = match as unknown as [string, string, ...Array<string | undefined>];
  // Years before 1000 and the BC years a time zone could turn them into have no YYYY form.
  if (!isCalendarDate(date) || date < '1000') return null;
  if (hours === undefined || minutes === undefined) return { date, time: null, instant: null, offsetMinutes: null, midnightUtc: false };
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  const time = `${hours}:${minutes}`;
  if (offset === undefined) return { date, time, instant: null, offsetMinutes: null, midnightUtc: false };
  const normalisedOffset = /^z$/i.test(offset) ? 'Z' : `${offset.slice(0, 3)}:${offset.slice(3).replace(':', '') || '00'}`;
  const instant = new Date(`${date}T${time}:${seconds}${fraction}${normalisedOffset}`);
  if (Number.isNaN(instant.getTime())) return null;
  const offsetMinutes =
    normalisedOffset === 'Z'
      ? 0
      : (normalisedOffset.startsWith('-') ? -1 : 1) * (Number(normalisedOffset.slice(1, 3)) * 60 + Number(normalisedOffset.slice(4)));
  const midnightUtc = offsetMinutes === 0 && time === '00:00' && Number(seconds) === 0 && Number(`0${fraction}`) === 0;
  return { date, time, instant, offsetMinutes, midnightUtc };
}

/**
 * What the list operation's from/to take: YYYY-MM-DD, or a date-time with a "T" and an offset within
 * ±14:00. The service would refuse 24:00 or +14:30 after the call is spent.
 */
export function isDateOrDateTime(value: string): boolean {
  if (isCalendarDate(value)) return true;
  const iso = readIso(value);
  return iso !== null && iso.time !== null && value[10] === 'T' && Math.abs(iso.offsetMinutes ?? 0) <= 14 * 60;
}

/**
 * The wall clock a value means in `timeZone`: an instant converted to the zone; a date, or a date-time
 * without an offset, as written. Null when the value is not ISO 8601 or has no four-digit year there.
 */
export function wallTimeOf(value: string, timeZone: string): WallTime | null {
  const canonical = readCanonicalUtc(value);
  if (canonical !== undefined) return canonical === null ? null : wallTimeAt(canonical, timeZone);
  return wallTimeOfIso(readIso(value), timeZone);
}

function wallTimeOfIso(iso: IsoValue | null, timeZone: string): WallTime | null {
  if (iso === null) return null;
  if (iso.instant === null) return { date: iso.date, time: iso.time };
  return wallTimeAt(iso.instant.getTime(), timeZone);
}

function wallTimeAt(ms: number, timeZone: string): WallTime | null {
  const local = wallClockAt(ms, timeZone);
  return FOUR_DIGIT_YEAR.test(local.date) ? local : null;
}

/** The day alone of wallTimeOf ("2026-11-03"), or null: a filing day, a row's day. */
export function wallDayOf(value: string, timeZone: string): string | null {
  const canonical = readCanonicalUtc(value);
  if (canonical !== undefined) return canonical === null ? null : wallDayAt(canonical, timeZone);
  return wallTimeOfIso(readIso(value), timeZone)?.date ?? null;
}

function wallDayAt(ms: number, timeZone: string): string | null {
  const date = wallDateAt(ms, timeZone);
  return FOUR_DIGIT_YEAR.test(date) ? date : null;
}

/**
 * The calendar day a date-valued field (a deadline, an incident date) means. A date stored without a
 * time often travels as midnight UTC ("2026-12-15T00:00:00.000Z", a database DATE column serialised
 * by JavaScript): converted to Lima that would be the evening before, so it is read as the date it spells.
 */
export function calendarDateOf(value: string | null, timeZone: string): string | null {
  if (value === null) return null;
  const canonical = readCanonicalUtc(value);
  if (canonical !== undefined) {
    if (canonical === null) return null;
    return value.endsWith('T00:00:00.000Z') ? value.slice(0, 10) : wallDayAt(canonical, timeZone);
  }
  const iso = readIso(value);
  if (iso?.midnightUtc) return iso.date;
  return wallTimeOfIso(iso, timeZone)?.date ?? null;
}
