// The legal response deadline of a record, as of today, in Peru's business days.
import { calendarDateOf } from '../dates/date-value.js';
import { businessDaysBetween } from '../calendar/business-days.js';
import { localDate } from '../dates/local-date.js';
import type { Clock } from './clock.js';

/** Business days (Monday to Friday, not Peru's national holidays) at or under which a deadline is near. */
export const DUE_SOON_BUSINESS_DAYS = 3;

export interface DeadlineStatus {
  /** Calendar date of the deadline in Lima (the law's days); null when the service gave none we can read. */
  date: string | null;
  /**
   * Business days from today to the deadline, the way the law counts them (15 business days to answer,
   * Ley 31435): negative when overdue; null when answered or unknown.
   */
  businessDaysLeft: number | null;
  /** "overdue", "due_soon" (3 business days or fewer), or null: answered, unknown, or not near yet. */
  urgency: 'overdue' | 'due_soon' | null;
  /** The record has an official response, so the deadline no longer runs. */
  answered: boolean;
  /** Calendar date of the response in Lima, when answered and known. */
  answeredOn: string | null;
  /** Business days the response came after the deadline (0 when on time); null when not answered or unknown. */
  businessDaysLate: number | null;
}

/** What the record says of its official response. */
export interface ResponseFacts {
  answered: boolean;
  respondedAt: string | null;
}

/**
 * The legal deadline runs in Peru's days, whatever zone the member reads times in: the service sends it
 * as the end of a Lima day, which in a zone ahead of Lima would fall on the next day (a Saturday, say)
 * and turn an overdue record into one due soon.
 */
export const DEADLINE_TIME_ZONE = 'America/Lima';

export function deadlineStatus(deadline: string | null, response: ResponseFacts, clock: Clock): DeadlineStatus {
  const date = calendarDateOf(deadline, DEADLINE_TIME_ZONE);
  const today = localDate(clock.now(), DEADLINE_TIME_ZONE);
  const { answered } = response;
  const answeredOn = answered ? calendarDateOf(response.respondedAt, DEADLINE_TIME_ZONE) : null;
  const businessDaysLeft = date !== null && !answered ? businessDaysBetween(today, date) : null;
  const businessDaysLate = date !== null && answeredOn !== null ? Math.max(0, businessDaysBetween(date, answeredOn)) : null;
  const urgency = businessDaysLeft === null ? null : businessDaysLeft < 0 ? 'overdue' : businessDaysLeft <= DUE_SOON_BUSINESS_DAYS ? 'due_soon' : null;
  return { date, businessDaysLeft, urgency, answered, answeredOn, businessDaysLate };
}

/**
 * "due 2026-12-15, 15 business days left" / "due 2026-11-25, 2 business days left, DUE SOON" /
 * "due 2026-11-18, 3 business days OVERDUE", and once answered
 * "answered 2026-11-20" / "answered 2026-10-15, 2 business days late (due 2026-10-13)".
 * `writeDate` writes the dates (the list leaves out the current year).
 */
export function describeDeadline(status: DeadlineStatus, writeDate: (date: string) => string = (date) => date): string {
  const due = status.date === null ? null : writeDate(status.date);
  if (status.answered) {
    const on = status.answeredOn ? ` ${writeDate(status.answeredOn)}` : '';
    return status.businessDaysLate ? `answered${on}, ${plural(status.businessDaysLate, 'business day')} late (due ${due})` : `answered${on}`;
  }
  const left = status.businessDaysLeft;
  if (due === null || left === null) return 'deadline unknown';
  if (left < 0) return `due ${due}, ${plural(-left, 'business day')} OVERDUE`;
  // 0 left: the deadline is today, or a day off before the next business day; either way, answer today.
  const text = `due ${due}, ${plural(left, 'business day')} left`;
  return status.urgency === 'due_soon' ? `${text}, DUE SOON` : text;
}

export function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
