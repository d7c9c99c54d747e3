// The legal response deadline of a record, as of today in the member's time zone.
import { calendarDateOf } from '../dates/date-value.js';
import { daysBetween, localDate } from '../dates/local-date.js';
import type { Clock } from './clock.js';

export interface DeadlineStatus {
  /** Calendar date of the deadline in the time zone; null when the service gave none we can read. */
  date: string | null;
  /** Calendar days from today to the deadline (negative when overdue); null when answered or unknown. */
  daysLeft: number | null;
  /** The record has an official response, so the deadline no longer runs. */
  answered: boolean;
  /** Calendar date of the response in the time zone, when answered and known. */
  answeredOn: string | null;
  /** Calendar days the response came after the deadline (0 when on time); null when not answered or unknown. */
  daysLate: number | null;
}

/** What the record says of its official response. */
export interface ResponseFacts {
  answered: boolean;
  respondedAt: string | null;
}

export function deadlineStatus(deadline: string | null, response: ResponseFacts, clock: Clock): DeadlineStatus {
  const date = calendarDateOf(deadline, clock.timeZone);
  const today = localDate(clock.now(), clock.timeZone);
  const { answered } = response;
  const answeredOn = answered ? calendarDateOf(response.respondedAt, clock.timeZone) : null;
  const daysLeft = date !== null && !answered ? daysBetween(today, date) : null;
  const daysLate = date !== null && answeredOn !== null ? Math.max(0, daysBetween(date, answeredOn)) : null;
  return { date, daysLeft, answered, answeredOn, daysLate };
}

/**
 * "due 2026-12-15, 23 days left" / "due today 2026-11-22" / "due 2026-11-18, 4 days OVERDUE", and
 * once answered "answered 2026-11-20" / "answered 2026-10-15, 2 days late (due 2026-10-13)".
 * `writeDate` writes the dates (the list leaves out the current year).
 */
export function describeDeadline(status: DeadlineStatus, writeDate: (date: string) => string = (date) => date): string {
  const due = status.date === null ? null : writeDate(status.date);
  if (status.answered) {
    const on = status.answeredOn ? ` ${writeDate(status.answeredOn)}` : '';
    return status.daysLate ? `answered${on}, ${plural(status.daysLate, 'day')} late (due ${due})` : `answered${on}`;
  }
  if (due === null || status.daysLeft === null) return 'deadline unknown';
  if (status.daysLeft === 0) return `due today ${due}`;
  const days = plural(Math.abs(status.daysLeft), 'day');
  return status.daysLeft > 0 ? `due ${due}, ${days} left` : `due ${due}, ${days} OVERDUE`;
}

export function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
