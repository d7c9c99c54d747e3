// How the period's records were answered (complaints_overview's performance, and each store's
// answering figures in byStore), read without trust as read.ts reads the rest: a host may pass on
// anything. Reasons are the service's labels of what consumers complained about: untrusted text,
// cleaned and cut to a line here. Pure: the drawing is in performance-view.ts.
import { isCalendarDate } from '../calendar/calendar-date.js';
import type { OverviewAnswer, Performance } from '../contract/overview-answer.js';
import { safeCutIndex } from '../sanitize.js';
import { count, fields, objects, text, type Unchecked } from './read.js';

/** Reasons listed one by one; the others are summed in one line. */
export const TOP_REASONS = 5;
/** A reason is a label, a line long: a longer one is cut, with a visible "…". */
export const MAX_REASON_CHARS = 80;

export interface Reason {
  reason: string;
  count: number;
}

export interface PerformanceFigures {
  /** The filing days the figures cover, when fewer than the period's. */
  window: { from: string; to: string } | undefined;
  records: number;
  answered: number;
  onTime: number;
  late: number;
  /** Answered, neither on time nor late: the date or the deadline cannot be read. */
  undated: number;
  unansweredOverdue: number;
  notDelivered: number;
  /** From 0 to 1; undefined when no answer is dated (or the answer sends no usable share). */
  onTimeShare: number | undefined;
  daysToAnswer: { median: number; p90: number } | undefined;
  /** The most frequent reasons, most first, at most TOP_REASONS. */
  reasons: Reason[];
  /** Records of the reasons not listed: those beyond the top, and the server's otherReasons. */
  otherReasons: number;
  /** The server's sentence (in English) on the records the figures leave out. */
  incomplete: string | undefined;
}

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
  const field = fields<{ from: string; to: string }>(value);
  const from = text(field.from);
  const to = text(field.to);
  return from !== undefined && to !== undefined && isCalendarDate(from) && isCalendarDate(to) ? { from, to } : undefined;
}

function daysToAnswer(value: unknown): PerformanceFigures['daysToAnswer'] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const field = fields<{ median: number; p90: number }>(value);
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
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const performance = fields<Performance>(value);
  return {
    window: windowOf(performance.window),
    records: count(performance.records),
    answered: count(performance.answered),
    onTime: count(performance.answeredOnTime),
    late: count(performance.answeredLate),
    undated: count(performance.answerUndated),
    unansweredOverdue: count(performance.unansweredOverdue),
    notDelivered: count(performance.responsesNotDelivered),
    onTimeShare: share(performance.onTimeShare),
    daysToAnswer: daysToAnswer(performance.daysToAnswer),
    ...reasons(performance.byReason, performance.otherReasons),
    incomplete: text(performance.incomplete),
  };
}

type StoreFields = Unchecked<NonNullable<OverviewAnswer['byStore']>[number]>;

export interface StoreAnswering {
  onTimeShare: number | undefined;
  medianDays: number | undefined;
}

/** How a store answers (an entry of byStore); undefined when the entry says nothing of it. */
export function storeAnswering(entry: StoreFields): StoreAnswering | undefined {
  const onTimeShare = share(entry.onTimeShare);
  const medianDays = days(entry.medianDaysToAnswer);
  return onTimeShare === undefined && medianDays === undefined ? undefined : { onTimeShare, medianDays };
}
