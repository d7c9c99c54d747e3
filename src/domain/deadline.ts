// The legal response deadline of a record, as of today, in Peru's business days: the law's count,
// checked against the date the service sends.
import { addBusinessDays, businessDaysBetween } from '../calendar/business-days.js';
import { addDays, isCalendarDate } from '../calendar/calendar-date.js';
import { calendarDateOf, wallDayOf } from '../calendar/date-time.js';
import { localDate } from '../calendar/time-zone.js';
import type { DeadlineFields } from '../contract/deadline-fields.js';
import { cleanLine } from '../sanitize.js';
import { isAnswered, type ResponseFacts } from './answered.js';

/** Business days (Monday to Friday, not Peru's national holidays) at or under which a deadline is near. */
export const DUE_SOON_BUSINESS_DAYS = 3;

/** Business days the law gives to answer. */
export const LEGAL_BUSINESS_DAYS = 15;

/** The answer of a record whose official response has no date the service gave or we can read. */
export const UNDATED = 'undated';

/** What `serviceDate` says when the service sent no deadline. */
export const NO_SERVICE_DEADLINE = 'none';

export interface DeadlineStatus {
  /**
   * Calendar date of the deadline in Lima: the law's (the 15th business day after the filing day),
   * else the service's when the filing day cannot be read; null when neither is known.
   */
  date: string | null;
  /** Only when the service's deadline differs from the law's: its day (or its text as sent, cleaned), or "none". */
  serviceDate?: string;
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

/** What a record says that its deadline depends on, under the names the list and the detail share. */
export interface DeadlineFacts {
  /** When the record was filed (ISO 8601). */
  createdAt: string | null;
  /** The deadline the service sent (the list's responseDeadline, the detail's deadline.date). */
  serviceDeadline: string | null;
  response: ResponseFacts;
}

/**
 * The legal deadline runs in Peru's days, whatever zone the member reads times in: filed late on a
 * Lima evening is filed that Lima day, and a deadline sent as the end of a Lima day, read in a zone
 * ahead of Lima, would fall on the next day (a Saturday, say) and turn an overdue record into one due soon.
 */
const DEADLINE_TIME_ZONE = 'America/Lima';

/** Today in Lima: the day business days left are counted from. Computed once per answer, not per record. */
export function limaToday(now: Date): string {
  return localDate(now, DEADLINE_TIME_ZONE);
}

/** The day a record was filed, in Lima; null when the service sent no date we can read. */
export function filingDay(createdAt: string | null): string | null {
  if (createdAt === null) return null;
  return wallDayOf(createdAt, DEADLINE_TIME_ZONE);
}

/** The law's deadline of a record filed on `filed` (a Lima day): the 15th business day after it, to the end of that day. */
export function legalDeadline(filed: string): string | null {
  const known = DEADLINES.get(filed);
  if (known !== undefined) return known;
  // A filing day at the end of the calendar (late 9999) has no deadline a YYYY-MM-DD can write.
  const due = addBusinessDays(filed, LEGAL_BUSINESS_DAYS);
  const deadline = isCalendarDate(due) ? due : null;
  // A book's records share a few hundred filing days: an overview asks the same day many times.
  if (DEADLINES.size >= DEADLINES_KEPT) DEADLINES.clear();
  DEADLINES.set(filed, deadline);
  return deadline;
}

/** Deadlines already counted, by filing day: a pure function's results, so bounded but never stale. */
const DEADLINES = new Map<string, string | null>();
const DEADLINES_KEPT = 4096;

/** A record's legal deadline as of `today` (in Lima): the law's, checked against the service's. */
export function deadlineStatus({ createdAt, serviceDeadline, response }: DeadlineFacts, today: string): DeadlineStatus {
  const filed = filingDay(createdAt);
  const law = filed === null ? null : legalDeadline(filed);
  const sent = calendarDateOf(serviceDeadline, DEADLINE_TIME_ZONE);
  const date = law ?? sent;
  // The service's date is named whenever it is not the law's: a record whose deadline the service
  // counts in calendar days would otherwise look answerable days after it is overdue.
  const serviceDate = law === null || sent === law ? undefined : (sent ?? serviceText(serviceDeadline));
  const answered = isAnswered(response);
  const answeredOn = answered ? calendarDateOf(response.respondedAt, DEADLINE_TIME_ZONE) : null;
  const businessDaysLeft = date !== null && !answered ? businessDaysBetween(today, date) : null;
  // An answer on Saturday to Friday's deadline is a day late, as the record read "1 business day
  // OVERDUE" that Saturday: the days [deadline, answer day), not (deadline, answer day].
  const businessDaysLate = date !== null && answeredOn !== null ? Math.max(0, -businessDaysBetween(answeredOn, date)) : null;
  return { date, ...(serviceDate === undefined ? {} : { serviceDate }), businessDaysLeft, answered, answeredOn, businessDaysLate };
}

/** The service's deadline as sent when it is not a date we read: cleaned and cut, or "none" when absent or blank. */
function serviceText(value: string | null): string {
  return (value === null ? '' : cleanLine(value, 40)) || NO_SERVICE_DEADLINE;
}

/**
 * A row's deadline: the due day and business days left while unanswered; once answered, the day of
 * the answer, and the due day with the days late only when it came late (as the text says it). The
 * service's differing date goes wherever the due day does.
 */
export function deadlineFields(status: DeadlineStatus): DeadlineFields {
  const due = status.date ?? undefined;
  const serviceDue = due === undefined ? undefined : status.serviceDate;
  if (!status.answered) return { due, serviceDue, daysLeft: status.businessDaysLeft ?? undefined };
  const late = status.businessDaysLate ? status.businessDaysLate : undefined;
  return { answered: status.answeredOn ?? UNDATED, ...(late ? { due, serviceDue, daysLate: late } : {}) };
}

/** "overdue", "due_soon" (3 business days or fewer), or null: not near, answered, or unknown. */
export function urgencyOf(daysLeft: number | undefined): 'overdue' | 'due_soon' | null {
  if (daysLeft === undefined) return null;
  return daysLeft < 0 ? 'overdue' : daysLeft <= DUE_SOON_BUSINESS_DAYS ? 'due_soon' : null;
}

/**
 * The last day whose deadline is overdue or due soon as of `today`: a deadline on or before it has
 * 3 business days left or fewer. The day before the 4th business day, so a deadline on the weekend
 * after the 3rd counts too.
 */
export function dueSoonThrough(today: string): string {
  return addDays(addBusinessDays(today, DUE_SOON_BUSINESS_DAYS + 1), -1);
}
