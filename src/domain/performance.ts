// How a set of records was answered, as a manager reports it: on time or late by the law's deadline,
// business days to answer, answers whose e-mail never arrived, what is still unanswered past the
// deadline. Pure: the records come from api/, the day from the clock.
import { businessDaysBetween } from '../calendar/business-days.js';
import type { ComplaintListItem } from '../contract/records.js';
import { isNotDelivered } from './answered.js';
import { listedDeadline } from './at-risk.js';
import { filingDay } from './deadline.js';

/** Running figures over records added one by one (a period's, a store's). */
export interface AnswerTally {
  records: number;
  answered: number;
  onTime: number;
  late: number;
  /** Answered, but the response date or the deadline cannot be read. */
  undated: number;
  unansweredOverdue: number;
  notDelivered: number;
  /** Business days to answer, one per answer whose filing and response days are known. */
  days: number[];
}

export function emptyTally(): AnswerTally {
  return { records: 0, answered: 0, onTime: 0, late: 0, undated: 0, unansweredOverdue: 0, notDelivered: 0, days: [] };
}

/** Adds one record, as of `today` (Lima), to every tally given (the period's and its store's, say). */
export function tallyRecord(item: ComplaintListItem, today: string, ...tallies: AnswerTally[]): void {
  const { deadline } = listedDeadline(item, today);
  const filed = filingDay(item.createdAt);
  // The law counts the business days after the filing day up to and including the response day: an
  // answer on the deadline day took 15. An answer dated before its filing (a service's mistake) took 0.
  const days = deadline.answeredOn !== null && filed !== null ? Math.max(0, businessDaysBetween(filed, deadline.answeredOn)) : undefined;
  const timing =
    !deadline.answered || deadline.answeredOn === null || deadline.date === null ? undefined : deadline.answeredOn <= deadline.date ? 'onTime' : 'late';
  for (const tally of tallies) {
    tally.records += 1;
    if (!deadline.answered) {
      if (deadline.businessDaysLeft !== null && deadline.businessDaysLeft < 0) tally.unansweredOverdue += 1;
      continue;
    }
    tally.answered += 1;
    if (timing === undefined) tally.undated += 1;
    else tally[timing] += 1;
    if (isNotDelivered(item.responseDeliveryStatus)) tally.notDelivered += 1;
    if (days !== undefined) tally.days.push(days);
  }
}

/**
 * Answers on time among the dated ones, 0 to 1 to three decimals; undefined when none is dated. Never
 * 1 while an answer came late, nor 0 while one came on time: 1,999 of 2,000 is 0.999, not 100%.
 */
export function onTimeShare(tally: AnswerTally): number | undefined {
  const dated = tally.onTime + tally.late;
  if (dated === 0) return undefined;
  const share = Math.round((tally.onTime / dated) * 1000) / 1000;
  return Math.min(tally.late > 0 ? 0.999 : 1, Math.max(tally.onTime > 0 ? 0.001 : 0, share));
}

/** Median and 90th percentile of the business days to answer, nearest rank; undefined without any. */
export function daysToAnswer(tally: AnswerTally): { median: number; p90: number } | undefined {
  if (tally.days.length === 0) return undefined;
  const sorted = [...tally.days].sort((a, b) => a - b);
  return { median: nearestRank(sorted, 50), p90: nearestRank(sorted, 90) };
}

/**
 * The value at rank ⌈n·percent/100⌉ (from 1) of ascending values: always one of them, never an
 * interpolation. In whole percents: n·percent is an exact integer, so no rounding of a fraction can move the rank.
 */
export function nearestRank(ascending: readonly number[], percent: number): number {
  if (ascending.length === 0) throw new RangeError('no values');
  const rank = Math.min(ascending.length, Math.max(1, Math.ceil((ascending.length * percent) / 100)));
  return ascending[rank - 1]!;
}
