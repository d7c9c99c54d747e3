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

/** Reads a deadline given as a date ("2026-12-15") or a date-time (converted to the zone's day). */
export function calendarDateOf(value: string | null, timeZone: string): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (isCalendarDate(trimmed)) return trimmed;
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
