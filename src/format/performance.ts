// How the period's records were answered, as the overview shows it: on time and late by the law's
// deadline, days to answer, answers not delivered, reasons, and each store's share on time. Over the
// records of the period when every one was read; else over the filing days whose records all were
// (the newest, read first), and the answer names those days.
import { addDays } from '../calendar/calendar-date.js';
import { wallDayOf } from '../calendar/date-time.js';
import type { ListFilters } from '../contract/list-query.js';
import type { AllPages } from '../contract/operations.js';
import type { Performance } from '../contract/overview-answer.js';
import type { ComplaintListItem } from '../contract/records.js';
import { type AnswerTally, daysToAnswer, emptyTally, onTimeShare, tallyRecord } from '../domain/performance.js';
import { quoted } from '../sanitize.js';
import { eachInSlices, finish, mapInSlices, type Slices } from '../slices.js';
import { line, plural } from './fields.js';

/** Reasons counted one by one, most first; the records of the rarest beyond are summed as otherReasons. */
const LISTED_REASONS = 20;

/** The records the figures about answers count, and the filing days they cover when fewer than asked. */
export interface CoveredRecords {
  records: readonly ComplaintListItem[];
  window?: { from: string; to: string };
  /** Why fewer records are counted than the period holds, when no window of whole days can say it. */
  incomplete?: string;
}

/**
 * Every record read, when they are all the period holds. Else, read newest first and cut by the cap,
 * the records of the days after the oldest day read: that day may have more records unread, the
 * days after it have none. A reading stopped midway may have gaps anywhere: its records are counted
 * as read, and the answer says so.
 */
export function coveredRecords(pages: AllPages, filters: ListFilters, today: string, timeZone: string): CoveredRecords {
  return finish(coveredSteps(pages, filters, today, timeZone));
}

/** coveredRecords, pausing between records (slices.ts). */
export function* coveredSteps(pages: AllPages, filters: ListFilters, today: string, timeZone: string): Slices<CoveredRecords> {
  const { items } = pages;
  if (pages.stoppedBy !== undefined) {
    return {
      records: items,
      incomplete: `${plural(pages.unread, 'record')} of the period could not be read (${pages.stoppedBy.replace(/\.$/, '')}): these figures count the ${items.length} read.`,
    };
  }
  if (!pages.capped) return { records: items };
  // The days asked, to today at most: a record the service dated outside them (out of order, in 2020
  // or in 9999) neither stretches the window nor counts in it.
  const first = filters.from?.slice(0, 10);
  const asked = filters.to?.slice(0, 10);
  const last = asked !== undefined && asked < today ? asked : today;
  const days = yield* mapInSlices(items, (item) => {
    const day = item.createdAt === null ? undefined : (wallDayOf(item.createdAt, timeZone) ?? undefined);
    return day !== undefined && (first === undefined || day >= first) && day <= last ? day : undefined;
  });
  const oldest = days.reduce<string | undefined>((min, day) => (day !== undefined && (min === undefined || day < min) ? day : min), undefined);
  const records = items.filter((_, index) => days[index] !== undefined && days[index]! > oldest!);
  if (oldest === undefined || records.length === 0) {
    return { records: items, incomplete: `The period holds ${pages.total} records and the newest ${items.length} were read: these figures count those.` };
  }
  return { records, window: { from: addDays(oldest, 1), to: last } };
}

/** A store's figures about answers, beside its count. */
export interface StoreAnswers {
  answered?: number;
  onTimeShare?: number;
  medianDaysToAnswer?: number;
}

/**
 * The figures about answers over the covered records, and each store's, by the key the overview
 * groups stores by (`storeKey`). Days are counted in Lima, as the law's deadline is.
 */
export function performanceOf(
  covered: CoveredRecords,
  limaDay: string,
  storeKey: (item: ComplaintListItem) => string,
): { performance: Performance; byStore: Map<string, StoreAnswers> } {
  return finish(performanceSteps(covered, limaDay, storeKey));
}

/** performanceOf, pausing between records (slices.ts). */
export function* performanceSteps(
  covered: CoveredRecords,
  limaDay: string,
  storeKey: (item: ComplaintListItem) => string,
): Slices<{ performance: Performance; byStore: Map<string, StoreAnswers> }> {
  const period = emptyTally();
  const stores = new Map<string, AnswerTally>();
  const reasons = new Map<string, number>();
  yield* eachInSlices(covered.records, (item) => {
    const key = storeKey(item);
    let store = stores.get(key);
    if (store === undefined) {
      store = emptyTally();
      stores.set(key, store);
    }
    tallyRecord(item, limaDay, period, store);
    // Cleaned like every other string a consumer or the service wrote, so "Demora " and "Demora" are one reason.
    const reason = line(item.reasonLabel, 120) ?? 'unknown';
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  });
  const performance: Performance = {
    window: covered.window,
    records: period.records,
    answered: period.answered,
    answeredOnTime: period.onTime,
    answeredLate: period.late,
    answerUndated: period.undated || undefined,
    unansweredOverdue: period.unansweredOverdue,
    responsesNotDelivered: period.notDelivered,
    onTimeShare: onTimeShare(period),
    daysToAnswer: daysToAnswer(period),
    ...mostFirst(reasons),
    incomplete: covered.incomplete,
  };
  const byStore = new Map(
    [...stores].map(([key, tally]) => [
      key,
      { answered: tally.answered || undefined, onTimeShare: onTimeShare(tally), medianDaysToAnswer: daysToAnswer(tally)?.median } satisfies StoreAnswers,
    ]),
  );
  return { performance, byStore };
}

/**
 * Reasons most first (then by name, so that equal counts keep one order), at most LISTED_REASONS, and
 * the records of the others as a count of its own: no reason a service sends can pass for that sum.
 */
function mostFirst(counts: Map<string, number>): Pick<Performance, 'byReason' | 'otherReasons'> {
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([reason, count]) => ({ reason, count }));
  const rest = sorted.slice(LISTED_REASONS).reduce((sum, { count }) => sum + count, 0);
  return { byReason: sorted.slice(0, LISTED_REASONS), otherReasons: rest || undefined };
}

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

/**
 * The records the figures about answers count, when fewer than the period's: "the records filed
 * 2026-10-12..2026-11-28", "the 9800 records read"; undefined when they are all of them.
 */
export function coveredScope(p: Performance): string | undefined {
  if (p.window) return `the records filed ${p.window.from}..${p.window.to}`;
  return p.incomplete ? `the ${p.records} records read` : undefined;
}

/** The performance lines of the overview's text. */
export function performanceLines(performance: Performance): string[] {
  const p = performance;
  // Each sentence of figures names the records it counts when they are not the whole period.
  const covered = coveredScope(p);
  const scope = p.window ? `records filed ${p.window.from}..${p.window.to} (the newest whole days read)` : (covered ?? 'these records');
  const dated = p.answeredOnTime + p.answeredLate;
  const lines = [
    [
      `Answers to ${scope}: ${p.answered} of ${p.records} answered`,
      dated > 0 ? `, ${p.answeredOnTime} on time and ${p.answeredLate} late by the law's deadline (${percent(p.onTimeShare ?? 0)} on time)` : '',
      p.answerUndated ? `, ${p.answerUndated} without a date that can be read` : '',
      `; ${p.unansweredOverdue} not answered and past the deadline`,
      `; ${p.responsesNotDelivered} answered with the response e-mail failed or bounced.`,
    ].join(''),
  ];
  if (p.daysToAnswer) {
    lines.push(
      `Business days to answer (after the filing day, up to the response day; the law allows 15): median ${p.daysToAnswer.median}, 90th percentile ${p.daysToAnswer.p90}.`,
    );
  }
  if (p.incomplete) lines.push(`Not complete: ${p.incomplete}`);
  if (p.byReason.length > 0) {
    const others = p.otherReasons ? `; other reasons ${p.otherReasons}` : '';
    lines.push(
      `Reasons${covered ? ` of ${covered}` : ''}, most first: ${p.byReason.map(({ reason, count }) => `${quoted(reason, 120)} ${count}`).join(', ')}${others}.`,
    );
  }
  return lines;
}

/** "29 answered, 93.1% on time, median 9 business days": a store's answers, for its entry in the text. */
export function storeAnswersText(store: StoreAnswers): string | undefined {
  if (!store.answered) return undefined;
  return [
    `${store.answered} answered`,
    store.onTimeShare === undefined ? undefined : `${percent(store.onTimeShare)} on time`,
    store.medianDaysToAnswer === undefined ? undefined : `median ${plural(store.medianDaysToAnswer, 'business day')}`,
  ]
    .filter((part) => part !== undefined)
    .join(', ');
}
