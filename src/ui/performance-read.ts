// How the period's records were answered (complaints_overview's performance, and each store's
// answering figures in byStore), read without trust as read.ts reads the rest: a host may pass on
// anything. Reasons are the service's labels of what consumers complained about: untrusted text,
// cleaned and cut to a line here. Pure: the drawing is in performance-view.ts.
import { isCalendarDate } from '../calendar/calendar-date.js';
import type { OverviewAnswer, Performance } from '../contract/overview-answer.js';
import { safeCutIndex } from '../sanitize.js';
import { type Counted, count, fields, objectOf, objects, type Read, text, type Unchecked } from './read.js';

/** Reasons listed one by one; the others are summed in one line. */
export const TOP_REASONS = 5;
/** A reason is a label, a line long: a longer one is cut, with a visible "…". */
export const MAX_REASON_CHARS = 80;

/** A reason and its records, as byReason gives it. */
export type Reason = Performance['byReason'][number];

/**
 * performance as drawn: its counts under the contract's names (0 when absent), window, share, days to
 * answer and incomplete as the contract has them, checked; byReason cut to the top reasons.
 */
export type PerformanceFigures = Counted<
  Performance,
  'records' | 'answered' | 'answeredOnTime' | 'answeredLate' | 'answerUndated' | 'unansweredOverdue' | 'responsesNotDelivered' | 'otherReasons'
> &
  Read<Performance, 'window' | 'onTimeShare' | 'daysToAnswer' | 'incomplete'> & {
    /** The most frequent reasons, most first, at most TOP_REASONS (otherReasons then counts the rest too). */
    reasons: Reason[];
  };

/** A share from 0 to 1, or undefined. */
export function share(value: unknown): number | undefined {
  return typeof value === 'number' && value >= 0 && value <= 1 ? value : undefined;
}

/**
 * A share as a whole percentage that never reads as all or none when it is not: 0.996 is 99, not
 * 100 (some answers were late), and 0.004 is 1, not 0.
 */
export function percentOf(value: number): number {
  const rounded = Math.round(value * 100);
  if (value < 1 && rounded === 100) return 99;
  if (value > 0 && rounded === 0) return 1;
  return rounded;
}

/** One line of untrusted text: cleaned (read.ts's text), whitespace collapsed, cut to `max` with "…". */
export function oneLine(value: unknown, max: number): string | undefined {
  const cleaned = text(value)?.replace(/\s+/g, ' ').trim();
  if (cleaned === undefined || cleaned === '') return undefined;
  if (cleaned.length <= max) return cleaned;
  return `${cleaned.slice(0, safeCutIndex(cleaned, max - 1)).trimEnd()}…`;
}

/** A number of days: a whole number from 0, or undefined. */
function days(value: unknown): number | undefined {
  const read = count(value);
  return read === value ? read : undefined;
}

function windowOf(value: unknown): PerformanceFigures['window'] {
  const field = fields<NonNullable<Performance['window']>>(value);
  const from = text(field.from);
  const to = text(field.to);
  return from !== undefined && to !== undefined && isCalendarDate(from) && isCalendarDate(to) ? { from, to } : undefined;
}

function daysToAnswer(value: unknown): PerformanceFigures['daysToAnswer'] {
  const field = objectOf<NonNullable<Performance['daysToAnswer']>>(value);
  if (field === undefined) return undefined;
  const median = days(field.median);
  const p90 = days(field.p90);
  return median !== undefined && p90 !== undefined ? { median, p90 } : undefined;
}

/** The top reasons (the server's order kept among equal counts) and the records of the others. */
function reasons(value: unknown, others: unknown): Pick<PerformanceFigures, 'reasons' | 'otherReasons'> {
  const read = objects(value).map((entry) => ({ reason: oneLine(entry.reason, MAX_REASON_CHARS), count: count(entry.count) }));
  const named = read.filter((entry): entry is Reason => entry.reason !== undefined && entry.count > 0).sort((a, b) => b.count - a.count);
  const top = named.slice(0, TOP_REASONS);
  const listed = top.reduce((sum, entry) => sum + entry.count, 0);
  const all = read.reduce((sum, entry) => sum + entry.count, 0);
  return { reasons: top, otherReasons: all - listed + count(others) };
}

/** performance's figures; undefined when the answer holds no performance object to draw from. */
export function performanceFigures(value: unknown): PerformanceFigures | undefined {
  const performance = objectOf<Performance>(value);
  if (performance === undefined) return undefined;
  return {
    window: windowOf(performance.window),
    records: count(performance.records),
    answered: count(performance.answered),
    answeredOnTime: count(performance.answeredOnTime),
    answeredLate: count(performance.answeredLate),
    answerUndated: count(performance.answerUndated),
    unansweredOverdue: count(performance.unansweredOverdue),
    responsesNotDelivered: count(performance.responsesNotDelivered),
    onTimeShare: share(performance.onTimeShare),
    daysToAnswer: daysToAnswer(performance.daysToAnswer),
    ...reasons(performance.byReason, performance.otherReasons),
    incomplete: text(performance.incomplete),
  };
}

type StoreFields = NonNullable<OverviewAnswer['byStore']>[number];

/** How a store answers, as byStore's entries say it. */
export type StoreAnswering = Read<StoreFields, 'onTimeShare' | 'medianDaysToAnswer'>;

/** How a store answers (an entry of byStore); undefined when the entry says nothing of it. */
export function storeAnswering(entry: Unchecked<StoreFields>): StoreAnswering | undefined {
  const onTimeShare = share(entry.onTimeShare);
  const medianDaysToAnswer = days(entry.medianDaysToAnswer);
  return onTimeShare === undefined && medianDaysToAnswer === undefined ? undefined : { onTimeShare, medianDaysToAnswer };
}
