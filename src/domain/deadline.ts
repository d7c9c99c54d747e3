// The legal response deadline of a record, as of today, in Peru's business days.
import { businessDaysBetween } from '../calendar/business-days.js';
import { calendarDateOf } from '../calendar/date-time.js';
import { localDate } from '../calendar/time-zone.js';
import type { DeadlineFields } from '../contract/deadline-fields.js';
import { isAnswered, type ResponseFacts } from './answered.js';

/** Business days (Monday to Friday, not Peru's national holidays) at or under which a deadline is near. */
export const DUE_SOON_BUSINESS_DAYS = 3;

/** The answer of a record whose official response has no date the service gave or we can read. */
export const UNDATED = 'undated';

export interface DeadlineStatus {
  /** Calendar date of the deadline in Lima (the law's days); null when the service gave none we can read. */
  date: string | null;
  /**
   * Business days from today to the deadline, the way the law counts them (15 business days to answer,
   * Ley 31435): negative when overdue; null when answered or unknown.
   */
  businessDaysLeft: number | null;
  /** The record has an official response, so the deadline no longer runs. */
  answered: boolean;
  /** Calendar date of the response in Lima, when answered and known. */
  answeredOn: string | null;
  /**
   * Business days the response came after the deadline (0 when on time), counted as an open record's
   * days overdue would have been on the day it was answered; null when not answered or unknown.
   */
  businessDaysLate: number | null;
}

/**
 * The legal deadline runs in Peru's days, whatever zone the member reads times in: the service sends it
 * as the end of a Lima day, which in a zone ahead of Lima would fall on the next day (a Saturday, say)
 * and turn an overdue record into one due soon.
 */
const DEADLINE_TIME_ZONE = 'America/Lima';

/** Today in Lima: the day business days left are counted from. Computed once per answer, not per record. */
export function limaToday(now: Date): string {
  return localDate(now, DEADLINE_TIME_ZONE);
}

/** A record's legal deadline as of `today` (in Lima): `deadline` and the response facts as the service sent them. */
export function deadlineStatus(deadline: string | null, response: ResponseFacts, today: string): DeadlineStatus {
  const date = calendarDateOf(deadline, DEADLINE_TIME_ZONE);
  const answered = isAnswered(response);
  const answeredOn = answered ? calendarDateOf(response.respondedAt, DEADLINE_TIME_ZONE) : null;
  const businessDaysLeft = date !== null && !answered ? businessDaysBetween(today, date) : null;
  // An answer on Saturday to Friday's deadline is a day late, as the record read "1 business day
  // OVERDUE" that Saturday: the days [deadline, answer day), not (deadline, answer day].
  const businessDaysLate = date !== null && answeredOn !== null ? Math.max(0, -businessDaysBetween(answeredOn, date)) : null;
  return { date, businessDaysLeft, answered, answeredOn, businessDaysLate };
}

/**
 * A row's deadline: the due day and business days left while unanswered; once answered, the day of
 * the answer, and the due day with the days late only when it came late (as the text says it).
 */
export function deadlineFields(status: DeadlineStatus): DeadlineFields {
  const due = status.date ?? undefined;
  if (!status.answered) return { due, daysLeft: status.businessDaysLeft ?? undefined };
  const late = status.businessDaysLate ? status.businessDaysLate : undefined;
  return { answered: status.answeredOn ?? UNDATED, ...(late ? { due, daysLate: late } : {}) };
}

/** "overdue", "due_soon" (3 business days or fewer), or null: not near, answered, or unknown. */
export function urgencyOf(daysLeft: number | undefined): 'overdue' | 'due_soon' | null {
  if (daysLeft === undefined) return null;
  return daysLeft < 0 ? 'overdue' : daysLeft <= DUE_SOON_BUSINESS_DAYS ? 'due_soon' : null;
}
