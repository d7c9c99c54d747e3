// The legal response deadline of a record, as of today in the member's time zone.
import { daysBetween, isCalendarDate, localDate } from '../dates/local-date.js';
import type { Clock } from './clock.js';

export interface DeadlineStatus {
  /** Calendar date of the deadline in the time zone; null when the service gave none we can read. */
  date: string | null;
  /** Calendar days from today to the deadline (negative when overdue); null when answered or unknown. */
  daysLeft: number | null;
  /** The record has an official response, so the deadline no longer runs. */
  answered: boolean;
}

// A date stored without a time often travels as midnight UTC ("2026-12-15T00:00:00.000Z", e.g. a
// database DATE column serialised by JavaScript). Converted to Lima that would be the evening of the
// day before, so such a value is read as the date it spells.
const MIDNIGHT_UTC = /^(\d{4}-\d{2}-\d{2})T00:00(?::00(?:\.0+)?)?(?:Z|[+-]00:?00)$/;

/**
 * The calendar day a date-valued field means: a date ("2026-12-15") or midnight UTC as that date,
 * any other date-time as its day in the time zone. Null when unreadable.
 */
export function calendarDateOf(value: string | null, timeZone: string): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (isCalendarDate(trimmed)) return trimmed;
  const midnight = MIDNIGHT_UTC.exec(trimmed);
  if (midnight?.[1] && isCalendarDate(midnight[1])) return midnight[1];
  const instant = new Date(trimmed);
  return Number.isNaN(instant.getTime()) ? null : localDate(instant, timeZone);
}

export function deadlineStatus(deadline: string | null, answered: boolean, clock: Clock): DeadlineStatus {
  const date = calendarDateOf(deadline, clock.timeZone);
  const today = localDate(clock.now(), clock.timeZone);
  const daysLeft = date !== null && !answered ? daysBetween(today, date) : null;
  return { date, daysLeft, answered };
}

/** "due 2026-12-15, 23 days left" / "due today" / "due 2026-11-18, 4 days overdue". */
export function describeDeadline(status: DeadlineStatus): string {
  if (status.date === null) return 'deadline unknown';
  if (status.daysLeft === null) return `due ${status.date}`;
  if (status.daysLeft === 0) return `due today ${status.date}`;
  const days = Math.abs(status.daysLeft);
  const unit = days === 1 ? 'day' : 'days';
  return status.daysLeft > 0 ? `due ${status.date}, ${days} ${unit} left` : `due ${status.date}, ${days} ${unit} OVERDUE`;
}
