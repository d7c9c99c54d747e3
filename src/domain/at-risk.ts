// What is at risk now, over the unresolved records of a book: unanswered, overdue and due soon by the
// law's deadline, answered but not delivered; and the order in which a manager works through them
// (the earliest deadline first). Pure: the records come from api/, the day from the clock.
import type { ComplaintListItem } from '../contract/records.js';
import { finish, mapInSlices, type Slices } from '../slices.js';
import { isNotDelivered } from './answered.js';
import { type DeadlineStatus, deadlineStatus, urgencyOf } from './deadline.js';

/** A listed record with its deadline as of today. */
export interface RecordDeadline {
  item: ComplaintListItem;
  deadline: DeadlineStatus;
}

export interface AtRiskNow {
  unanswered: number;
  overdue: number;
  dueSoon: number;
  /** Answered (a response registered) but its e-mail failed or bounced: the consumer may not have it. */
  answeredNotDelivered: number;
  /** Unanswered records whose service deadline differs from the law's, or is missing. */
  serviceDeadlineDiffers: number;
  /** Unanswered records with no deadline that can be read: neither a filing date nor the service's deadline. */
  deadlineUnknown: number;
  /** Overdue, then due soon, earliest deadline first. */
  urgent: RecordDeadline[];
  /** The answered records not delivered, oldest filing first. */
  notDelivered: RecordDeadline[];
}

/** The deadline of a listed record as of `today` (Lima). */
export function listedDeadline(item: ComplaintListItem, today: string): RecordDeadline {
  return { item, deadline: deadlineStatus({ createdAt: item.createdAt, serviceDeadline: item.responseDeadline, response: item }, today) };
}

/** The figures over `records`, which the caller has read as the unresolved records of the book. */
export function atRiskOf(records: readonly ComplaintListItem[], today: string): AtRiskNow {
  return finish(atRiskSteps(records, today));
}

/** atRiskOf, pausing between records (slices.ts): a book's thousands of deadlines are worked out a slice at a time. */
export function* atRiskSteps(records: readonly ComplaintListItem[], today: string): Slices<AtRiskNow> {
  const all = yield* mapInSlices(records, (item) => listedDeadline(item, today));
  const unanswered = all.filter(({ deadline }) => !deadline.answered);
  const urgent = unanswered.filter(({ deadline }) => urgencyOf(deadline.businessDaysLeft ?? undefined) !== null).sort(byDeadline);
  const notDelivered = all.filter(({ item, deadline }) => deadline.answered && isNotDelivered(item.responseDeliveryStatus)).sort(byFiling);
  const overdue = urgent.filter(({ deadline }) => deadline.businessDaysLeft! < 0).length;
  return {
    unanswered: unanswered.length,
    overdue,
    dueSoon: urgent.length - overdue,
    answeredNotDelivered: notDelivered.length,
    serviceDeadlineDiffers: unanswered.filter(({ deadline }) => deadline.serviceDate !== undefined).length,
    deadlineUnknown: unanswered.filter(({ deadline }) => deadline.date === null).length,
    urgent,
    notDelivered,
  };
}

/**
 * The unanswered records of `records` that are overdue (with `overdue`) and whose deadline falls on or
 * before `dueBy`, earliest deadline first: what list_complaints pages through.
 */
export function atRiskRecords(records: readonly ComplaintListItem[], today: string, filters: { overdue?: boolean; dueBy?: string }): RecordDeadline[] {
  return finish(atRiskRecordsSteps(records, today, filters));
}

/** atRiskRecords, pausing between records (slices.ts). */
export function* atRiskRecordsSteps(
  records: readonly ComplaintListItem[],
  today: string,
  { overdue = false, dueBy }: { overdue?: boolean; dueBy?: string },
): Slices<RecordDeadline[]> {
  return (yield* mapInSlices(records, (item) => listedDeadline(item, today)))
    .filter(({ deadline }) => {
      if (deadline.answered || deadline.date === null || deadline.businessDaysLeft === null) return false;
      if (overdue && deadline.businessDaysLeft >= 0) return false;
      return dueBy === undefined || deadline.date <= dueBy;
    })
    .sort(byDeadline);
}

/** Newest filing first (an unreadable date last), then by id descending: the API's own order, over records of two queries. */
export function newestFirst(records: readonly ComplaintListItem[]): ComplaintListItem[] {
  return [...records].sort((a, b) => compareNumber(instantOf(a.createdAt), instantOf(b.createdAt), -1) || compareText(b.id, a.id));
}

/** Oldest filing first (an unreadable date last), then by correlative: a register's order. */
export function oldestFirst(records: readonly ComplaintListItem[]): ComplaintListItem[] {
  return [...records].sort((a, b) => compareNumber(instantOf(a.createdAt), instantOf(b.createdAt)) || compareText(a.correlative, b.correlative));
}

/** Earliest deadline first (unknown last), then the oldest filing, then by id: the same order on every call. */
export function byDeadline(a: RecordDeadline, b: RecordDeadline): number {
  return compareText(a.deadline.date, b.deadline.date) || byFiling(a, b);
}

/** Oldest filing first (an unreadable date last), then by id. */
function byFiling(a: RecordDeadline, b: RecordDeadline): number {
  return compareNumber(instantOf(a.item.createdAt), instantOf(b.item.createdAt)) || compareText(a.item.id, b.item.id);
}

function instantOf(value: string | null): number {
  const ms = value === null ? Number.NaN : Date.parse(value);
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
}

/** Ascending, or descending with `direction` -1; an unreadable date (Infinity) last either way. */
function compareNumber(a: number, b: number, direction: 1 | -1 = 1): number {
  if (a === b) return 0;
  if (a === Number.POSITIVE_INFINITY) return 1;
  if (b === Number.POSITIVE_INFINITY) return -1;
  return (a < b ? -1 : 1) * direction;
}

/** Text order with absent values last. ISO dates of one form order as text. */
function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
