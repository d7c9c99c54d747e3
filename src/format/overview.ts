// Every matching record -> the overview view: the counts a complaints manager asks for first (by
// status, type and store), what is overdue or due soon by the legal deadline, what is unanswered, and
// which e-mails need attention (the structured answer); then the text, written from that view alone.

import { localDate } from '../calendar/time-zone.js';
import type { ListFilters } from '../contract/list-query.js';
import type { AllPages } from '../contract/operations.js';
import type { OverviewAnswer, UrgentRecord } from '../contract/overview-answer.js';
import type { Clock } from '../domain/clock.js';
import { DUE_SOON_BUSINESS_DAYS, deadlineFields, deadlineStatus, limaToday, urgencyOf } from '../domain/deadline.js';
import { activityOf } from './activity.js';
import { cell, consumerName, dateStyle, datesNote, describeDeadline, line, needsAttention, nonEmpty, plural, shortDate } from './fields.js';
import { describeFilters } from './list.js';

/** Records listed one by one in each section; the rest are counted. */
const LISTED = 10;
/** Values counted one by one (statuses, types, delivery states); the rarest beyond are summed as OTHER_VALUES. */
const COUNTED_VALUES = 20;
const OTHER_VALUES = '(other values)';
/** Stores listed, most records first: a book with more is narrowed with storeId. */
const LISTED_STORES = 50;

export interface OverviewView {
  /** The structured answer, as the tool returns it. */
  answer: OverviewAnswer;
  /** What the member asked for: the text's header names it; the answer does not repeat it. */
  filters: ListFilters;
  /** Today in the time zone: the year the text's MM-DD dates leave out. */
  today: string;
}

/**
 * Counts by a value, most first, at most COUNTED_VALUES of them (a service sending a thousand statuses
 * must not make a thousand keys). Counted in a Map and written with fromEntries, so that a value such
 * as "__proto__" or "constructor" stays a key like any other.
 */
function countBy<T>(items: readonly T[], key: (item: T) => string | undefined): Record<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const value = key(item) ?? 'unknown';
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  if (sorted.length <= COUNTED_VALUES) return Object.fromEntries(sorted);
  const rest = sorted.slice(COUNTED_VALUES - 1).reduce((sum, [, count]) => sum + count, 0);
  return Object.fromEntries([...sorted.slice(0, COUNTED_VALUES - 1), [OTHER_VALUES, rest]]);
}

/** Counts by type, unless the call asked for one type and every record is of it: that says nothing. */
function byTypeUnlessAsked(counts: Record<string, number>, filters: ListFilters): Record<string, number> | undefined {
  const types = Object.keys(counts);
  return filters.type !== undefined && types.length === 1 && types[0] === filters.type ? undefined : counts;
}

export function toOverview(pages: AllPages, filters: ListFilters, clock: Clock): OverviewView {
  const { items } = pages;
  const now = clock.now();
  const today = localDate(now, clock.timeZone);
  const head: OverviewAnswer = {
    total: pages.total,
    counted: items.length !== pages.total ? items.length : undefined,
    ...(filters.period ? { filedFrom: filters.from, filedTo: filters.to } : {}),
    timeZone: clock.timeZone,
  };
  const hint = countingHint(pages);
  if (items.length === 0) return { answer: { ...head, hint }, filters, today };

  const limaDay = limaToday(now);
  const withDeadline = items.map((item) => {
    const status = deadlineStatus(item.responseDeadline, item, limaDay);
    return { item, status, urgency: urgencyOf(status.businessDaysLeft ?? undefined) };
  });
  const urgent = withDeadline.filter(({ urgency }) => urgency !== null).sort((a, b) => a.status.businessDaysLeft! - b.status.businessDaysLeft!);
  const dueSoon = urgent.filter(({ urgency }) => urgency === 'due_soon');
  const mostUrgent = urgent.slice(0, LISTED);
  const listed = new Set(mostUrgent);

  const stores = new Map<string, { store?: string; count: number; storeId?: string }>();
  for (const item of items) {
    // By the cleaned id, else the cleaned name: an id that differs by an invisible character is the
    // same store, and a name is never taken for another store's id.
    const storeId = line(item.storeId, 64);
    const storeName = line(item.storeName, 80);
    const key = storeId !== undefined ? `id ${storeId}` : `name ${storeName ?? ''}`;
    const store = stores.get(key) ?? { store: storeName, count: 0, storeId };
    store.count += 1;
    stores.set(key, store);
  }

  const problems = items.filter((item) => needsAttention(item.receiptDeliveryStatus) || needsAttention(item.responseDeliveryStatus));
  const problemStates = problems.flatMap((item) => [item.receiptDeliveryStatus, item.responseDeliveryStatus].filter(needsAttention));

  const urgentRecord = ({ item, status }: (typeof withDeadline)[number]): UrgentRecord => ({
    correlative: line(item.correlative, 40),
    store: line(item.storeName, 80),
    consumer: consumerName(item),
    // Unanswered, so the due day and the business days left.
    ...deadlineFields(status),
    id: line(item.id, 64),
  });

  const answer: OverviewAnswer = {
    ...head,
    byStatus: countBy(items, (item) => line(item.status, 40)),
    byType: byTypeUnlessAsked(
      countBy(items, (item) => line(item.type, 40)),
      filters,
    ),
    byStore: [...stores.values()].sort((a, b) => b.count - a.count).slice(0, LISTED_STORES),
    unanswered: withDeadline.filter(({ status }) => !status.answered).length,
    overdue: urgent.length - dueSoon.length,
    dueSoon: dueSoon.length,
    // Drawn by the view (MCP Apps); the text leaves it out, as it was before the view.
    activity: activityOf(items, filters, today, clock.timeZone),
    mostUrgent: nonEmpty(mostUrgent.map(urgentRecord)),
    // The text names them by correlative and days left only: so does the answer, with their ids.
    alsoDueSoon: nonEmpty(
      dueSoon
        .slice(0, LISTED)
        .filter((entry) => !listed.has(entry))
        .map(({ item, status }) => ({ correlative: line(item.correlative, 40), daysLeft: status.businessDaysLeft!, id: line(item.id, 64) })),
    ),
    emailProblems:
      problems.length === 0
        ? undefined
        : {
            records: problems.length,
            byState: countBy(problemStates, (state) => line(state, 40)),
            first: problems.slice(0, LISTED).map((item) => ({
              correlative: line(item.correlative, 40),
              receipt: line(item.receiptDeliveryStatus, 40),
              response: line(item.responseDeliveryStatus, 40),
              id: line(item.id, 64),
            })),
          },
    hint,
    truncated:
      stores.size > LISTED_STORES
        ? `byStore lists the ${LISTED_STORES} stores with most records of ${stores.size}; narrow with storeId for another.`
        : undefined,
  };
  return { answer, filters, today };
}

/** Why the records counted are not the total the service reported, when they are not. */
function countingHint(pages: AllPages): string | undefined {
  const counted = pages.items.length;
  if (pages.capped) {
    return `Only the first ${pages.pagesRead} of ${pages.totalPages} pages were read (the cap), so the ${counted} newest records are counted and every figure is a lower bound; narrow the period or filters for the rest.`;
  }
  if (counted === pages.total && pages.sentMore === 0) return undefined;
  const why = [
    pages.repeated > 0 ? `${plural(pages.repeated, 'record')} showed on more than one page and counted once` : undefined,
    pages.sentMore > 0 ? `${plural(pages.sentMore, 'record')} sent beyond the page size asked were left out` : undefined,
  ].filter((part) => part !== undefined);
  return `The service reported ${pages.total} matching records and its pages held ${counted} distinct ones${why.length > 0 ? ` (${why.join('; ')})` : ''}: every figure counts those ${counted}.`;
}

const counts = (record: Record<string, number> = {}) =>
  Object.entries(record)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');

export function formatOverviewText(view: OverviewView): string {
  const { answer } = view;
  const style = dateStyle(view.today, answer.timeZone);
  const what = describeFilters(view.filters, style);
  const matches = `${answer.total} ${answer.total === 1 ? 'record matches' : 'records match'}${what ? ` (${what})` : ''}`;
  if (answer.total === 0) return `No records match${what ? ` (${what})` : ''}.`;
  const capped = answer.counted !== undefined;
  const lines = [
    answer.hint !== undefined ? `${matches}. ${answer.hint} ${datesNote(style)}` : `${matches}; all ${answer.total} counted. ${datesNote(style)}`,
    `By status: ${counts(answer.byStatus)}.${answer.byType ? ` By type: ${counts(answer.byType)}.` : ''}`,
    // With each store's id: the storeId filter of every tool takes it, and nothing else shows it.
    `By store (storeId): ${(answer.byStore ?? []).map((store) => `${store.store ?? 'unknown'} ${store.count}${store.storeId ? ` (${store.storeId})` : ''}`).join(', ')}.`,
    // Capped, the unread pages are the oldest records, the likeliest overdue: the counts are lower bounds.
    `${capped ? 'Among the records counted (at least): ' : ''}Unanswered: ${answer.unanswered ?? 0}. Overdue: ${answer.overdue ?? 0}. Due soon (${DUE_SOON_BUSINESS_DAYS} business days or fewer): ${answer.dueSoon ?? 0}.`,
  ];
  if (answer.mostUrgent) {
    const urgent = (answer.overdue ?? 0) + (answer.dueSoon ?? 0);
    lines.push(
      `Most urgent${urgent > answer.mostUrgent.length ? ` (${answer.mostUrgent.length} of ${urgent} shown)` : ''}:`,
      ['correlative', 'store', 'consumer', 'response deadline', 'id'].join('\t'),
    );
    for (const record of answer.mostUrgent) {
      const deadline = describeDeadline(record, (date) => shortDate(date, style));
      lines.push([cell(record.correlative), cell(record.store), cell(record.consumer), deadline, cell(record.id)].join('\t'));
    }
  }
  if (answer.alsoDueSoon) {
    const days = (record: { correlative?: string; daysLeft?: number }) => `${cell(record.correlative)} (${plural(record.daysLeft ?? 0, 'business day')} left)`;
    lines.push(`Due soon, below the overdue ones: ${answer.alsoDueSoon.map(days).join(', ')}.`);
  }
  const problems = answer.emailProblems;
  if (problems === undefined) {
    lines.push('E-mail: every receipt and response is sent or queued.');
  } else {
    lines.push(
      `E-mail deliveries neither sent nor queued: ${counts(problems.byState)} (${plural(problems.records, 'record')}${problems.records > problems.first.length ? `, first ${problems.first.length}` : ''}):`,
      ['correlative', 'receipt e-mail', 'response e-mail', 'id'].join('\t'),
    );
    for (const issue of problems.first) lines.push([cell(issue.correlative), cell(issue.receipt), cell(issue.response), cell(issue.id)].join('\t'));
  }
  if (answer.truncated) lines.push(answer.truncated);
  lines.push('Read one record with get_complaint (id or correlative); list them with list_complaints.');
  return lines.join('\n');
}
