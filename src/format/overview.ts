// The overview view: what is at risk now over the whole book (every unresolved record: unanswered,
// overdue or due soon by the law's deadline, answered but not delivered), then what a manager asks
// about the period's filings (counts by status, type and store, activity, e-mail problems): the
// structured answer; then the text, written from that view alone.

import { localDate } from '../calendar/time-zone.js';
import type { ListFilters } from '../contract/list-query.js';
import type { AllPages } from '../contract/operations.js';
import type { AtRisk, OverviewAnswer, UrgentRecord } from '../contract/overview-answer.js';
import type { Clock } from '../domain/clock.js';
import { DUE_SOON_BUSINESS_DAYS, deadlineFields, dueSoonThrough, filingDay, legalDeadline, limaToday, urgencyOf } from '../domain/deadline.js';
import { exposureOf, type RecordDeadline } from '../domain/exposure.js';
import { activityOf } from './activity.js';
import {
  cell,
  consumerName,
  type DateStyle,
  dateStyle,
  datesNote,
  describeDeadline,
  line,
  needsAttention,
  nonEmpty,
  plural,
  readingGap,
  shortDate,
} from './fields.js';
import { filedRange } from './list.js';

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

/** What the overview reads: the unresolved records of the book (narrowed by store and type) and the period's filings. */
export interface OverviewPages {
  unresolved: AllPages;
  filed: AllPages;
}

export function toOverview({ unresolved, filed }: OverviewPages, filters: ListFilters, clock: Clock): OverviewView {
  const now = clock.now();
  const today = localDate(now, clock.timeZone);
  const answer: OverviewAnswer = {
    atRisk: atRiskOf(unresolved, filters, limaToday(now)),
    ...filingsOf(filed, filters, today, clock.timeZone),
  };
  return { answer, filters, today };
}

/** What is at risk now over the unresolved records read: the book, narrowed only by store and type. */
function atRiskOf(pages: AllPages, filters: ListFilters, limaDay: string): AtRisk {
  const exposure = exposureOf(pages.items, limaDay);
  const { urgent, notDelivered } = exposure;
  const mostUrgent = urgent.slice(0, LISTED);
  const listed = new Set(mostUrgent);
  const dueSoon = urgent.filter(({ deadline }) => urgencyOf(deadline.businessDaysLeft ?? undefined) === 'due_soon');
  const book = { ...(filters.type ? { type: filters.type } : {}), ...(filters.storeId ? { storeId: filters.storeId } : {}) };
  return {
    unresolved: pages.total,
    read: pages.items.length !== pages.total ? pages.items.length : undefined,
    unanswered: exposure.unanswered,
    overdue: exposure.overdue,
    dueSoon: exposure.dueSoon,
    answeredNotDelivered: exposure.answeredNotDelivered,
    serviceDeadlineDiffers: exposure.serviceDeadlineDiffers || undefined,
    deadlineUnknown: exposure.deadlineUnknown || undefined,
    mostUrgent: nonEmpty(mostUrgent.map(urgentRecord)),
    // The text names them by correlative and days left only: so does the answer, with their ids.
    alsoDueSoon: nonEmpty(
      dueSoon
        .slice(0, LISTED)
        .filter((entry) => !listed.has(entry))
        .map(({ item, deadline }) => ({ correlative: line(item.correlative, 40), daysLeft: deadline.businessDaysLeft!, id: line(item.id, 64) })),
    ),
    notDelivered: nonEmpty(
      notDelivered.slice(0, LISTED).map(({ item }) => ({
        correlative: line(item.correlative, 40),
        response: line(item.responseDeliveryStatus, 40),
        id: line(item.id, 64),
      })),
    ),
    listOverdue: exposure.overdue > 0 ? { overdue: true, ...book } : undefined,
    listDueSoon: urgent.length > 0 ? { dueBy: dueSoonThrough(limaDay), ...book } : undefined,
    incomplete: readingGap(pages, 'unresolved record'),
    stillExact: stillExact(pages, limaDay),
  };
}

/**
 * The figures that unread records cannot change: read oldest first, every unread record was filed at
 * or after `unreadSince`, so its law's deadline is no earlier than that day's. Overdue stays exact
 * when that deadline is not past; due soon too when it is beyond the due-soon days.
 */
function stillExact(pages: AllPages, limaDay: string): AtRisk['stillExact'] {
  if (pages.unread === 0 || pages.unreadSince === undefined) return undefined;
  const filed = filingDay(pages.unreadSince);
  const earliest = filed === null ? null : legalDeadline(filed);
  if (earliest === null || earliest < limaDay) return undefined;
  return earliest > dueSoonThrough(limaDay) ? ['overdue', 'dueSoon'] : ['overdue'];
}

/** An overdue or due soon record as the overview lists it: unanswered, so the due day and the business days left. */
function urgentRecord({ item, deadline }: RecordDeadline): UrgentRecord {
  return {
    correlative: line(item.correlative, 40),
    store: line(item.storeName, 80),
    consumer: consumerName(item),
    ...deadlineFields(deadline),
    id: line(item.id, 64),
  };
}

/** The figures about the records filed in the period asked (the whole book without one). */
function filingsOf(pages: AllPages, filters: ListFilters, today: string, timeZone: string): Omit<OverviewAnswer, 'atRisk'> {
  const { items } = pages;
  const head = {
    total: pages.total,
    counted: items.length !== pages.total ? items.length : undefined,
    ...(filters.period ? { filedFrom: filters.from, filedTo: filters.to } : {}),
    timeZone,
  };
  const hint = countingHint(pages);
  if (items.length === 0) return { ...head, hint };

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

  return {
    ...head,
    byStatus: countBy(items, (item) => line(item.status, 40)),
    byType: byTypeUnlessAsked(
      countBy(items, (item) => line(item.type, 40)),
      filters,
    ),
    byStore: [...stores.values()].sort((a, b) => b.count - a.count).slice(0, LISTED_STORES),
    // Drawn by the view (MCP Apps); the text leaves it out, as it was before the view.
    activity: activityOf(items, filters, today, timeZone),
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
            list: { emailProblem: true, ...(filters.period || filters.from ? { from: filters.from } : {}), ...(filters.period || filters.to ? { to: filters.to } : {}), ...(filters.type ? { type: filters.type } : {}), ...(filters.storeId ? { storeId: filters.storeId } : {}) },
          },
    hint,
    truncated:
      stores.size > LISTED_STORES
        ? `byStore lists the ${LISTED_STORES} stores with most records of ${stores.size}; narrow with storeId for another.`
        : undefined,
  };
}

/** Why the records counted are not the total the service reported, when they are not. */
function countingHint(pages: AllPages): string | undefined {
  const counted = pages.items.length;
  if (pages.stoppedBy !== undefined) {
    return `${plural(pages.unread, 'record')} of ${pages.total} could not be read (${pages.stoppedBy.replace(/\.$/, '')}), so the ${counted} read are counted and every figure about filings is a lower bound.`;
  }
  if (pages.capped) {
    return `Only the first ${pages.pagesRead} pages were read (the cap), so the ${counted} newest records are counted and every figure about filings is a lower bound; narrow the period or filters for the rest.`;
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
  return [
    ...atRiskLines(answer.atRisk, view.filters, style),
    ...filingLines(answer, view.filters, style),
    'Read one record with get_complaint (id or correlative).',
  ].join('\n');
}

/** "whole book", or "whole book, type claim, store …": what the exposure is narrowed by. */
function bookScope(filters: ListFilters): string {
  return ['whole book', filters.type ? `type ${filters.type}` : undefined, filters.storeId ? `store ${filters.storeId}` : undefined]
    .filter((part) => part !== undefined)
    .join(', ');
}

function atRiskLines(atRisk: AtRisk, filters: ListFilters, style: DateStyle): string[] {
  const lines = [
    `At risk now, ${bookScope(filters)} (every unresolved record: ${atRisk.unresolved} open or in review${atRisk.read !== undefined ? `, ${atRisk.read} read` : ''}): ${atRisk.unanswered} unanswered; ${atRisk.overdue} OVERDUE; ${atRisk.dueSoon} due soon (${DUE_SOON_BUSINESS_DAYS} business days or fewer); ${atRisk.answeredNotDelivered} answered, still open, whose response e-mail failed or bounced.`,
  ];
  if (atRisk.incomplete) {
    const exact = atRisk.stillExact?.map((figure) => (figure === 'overdue' ? 'overdue' : 'due soon')).join(' and ');
    lines.push(
      `Not complete: ${atRisk.incomplete} ${
        exact
          ? `The ${exact} ${atRisk.stillExact!.length > 1 ? 'counts are' : 'count is'} exact all the same: the oldest records were read first, and those not read were filed too recently to count; the other figures count only the records read.`
          : 'Every figure above counts only the records read.'
      }`,
    );
  }
  if (atRisk.serviceDeadlineDiffers) {
    lines.push(
      `Deadlines are the law's (15 business days after the filing day, Lima); for ${plural(atRisk.serviceDeadlineDiffers, 'unanswered record')} the service's own deadline differs or is missing ("by law" below).`,
    );
  }
  if (atRisk.deadlineUnknown) {
    lines.push(
      `${plural(atRisk.deadlineUnknown, 'unanswered record')} ${atRisk.deadlineUnknown === 1 ? 'has' : 'have'} no deadline that can be read (neither a filing date nor the service's deadline): counted in no deadline figure; list them with list_complaints {"status":"unresolved"}.`,
    );
  }
  if (atRisk.mostUrgent) {
    const urgent = atRisk.overdue + atRisk.dueSoon;
    lines.push(
      `Most urgent${urgent > atRisk.mostUrgent.length ? ` (${atRisk.mostUrgent.length} of ${urgent} shown)` : ''}:`,
      ['correlative', 'store', 'consumer', 'response deadline', 'id'].join('\t'),
    );
    for (const record of atRisk.mostUrgent) {
      const deadline = describeDeadline(record, (date) => shortDate(date, style));
      lines.push([cell(record.correlative), cell(record.store), cell(record.consumer), deadline, cell(record.id)].join('\t'));
    }
  }
  if (atRisk.alsoDueSoon) {
    const days = (record: { correlative?: string; daysLeft?: number }) => `${cell(record.correlative)} (${plural(record.daysLeft ?? 0, 'business day')} left)`;
    lines.push(`Due soon, below the overdue ones: ${atRisk.alsoDueSoon.map(days).join(', ')}.`);
  }
  const every = [
    atRisk.listOverdue ? `all ${atRisk.overdue} overdue: list_complaints ${JSON.stringify(atRisk.listOverdue)}` : undefined,
    atRisk.listDueSoon ? `overdue and due soon (${atRisk.overdue + atRisk.dueSoon}): list_complaints ${JSON.stringify(atRisk.listDueSoon)}` : undefined,
  ].filter((part) => part !== undefined);
  if (every.length > 0) lines.push(`Every record, earliest deadline first, page by page: ${every.join('; ')}.`);
  if (atRisk.notDelivered) {
    const shown = atRisk.notDelivered.length < atRisk.answeredNotDelivered ? `, first ${atRisk.notDelivered.length}` : '';
    lines.push(
      `Answered, response e-mail not delivered (${plural(atRisk.answeredNotDelivered, 'record')}${shown}): ${atRisk.notDelivered
        .map((record) => `${cell(record.correlative)} (${cell(record.response)}, id ${cell(record.id)})`)
        .join(', ')}.`,
    );
  }
  return lines;
}

/** "Filed 2026-11-16..2026-11-22 (this_week), type claim: …", or "Filed at any time (whole book): …". */
function filingLines(answer: OverviewAnswer, filters: ListFilters, style: DateStyle): string[] {
  const narrowed = [filters.type ? `type ${filters.type}` : undefined, filters.storeId ? `store ${filters.storeId}` : undefined].filter(Boolean);
  const scope = `Filed ${filedRange(filters, style) ?? 'at any time (whole book)'}${narrowed.length > 0 ? `, ${narrowed.join(', ')}` : ''}`;
  if (answer.total === 0) return [`${scope}: no records.`];
  const lines = [
    `${scope}: ${answer.total} ${answer.total === 1 ? 'record' : 'records'}${answer.hint !== undefined ? `. ${answer.hint}` : `; all ${answer.total} counted.`} ${datesNote(style)}`,
    `By status: ${counts(answer.byStatus)}.${answer.byType ? ` By type: ${counts(answer.byType)}.` : ''}`,
    // With each store's id: the storeId filter of every tool takes it, and nothing else shows it.
    `By store (storeId): ${(answer.byStore ?? []).map((store) => `${store.store ?? 'unknown'} ${store.count}${store.storeId ? ` (${store.storeId})` : ''}`).join(', ')}.`,
  ];
  const problems = answer.emailProblems;
  if (problems === undefined) {
    lines.push('E-mail: every receipt and response of these is sent or queued.');
  } else {
    lines.push(
      `E-mail deliveries neither sent nor queued: ${counts(problems.byState)} (${plural(problems.records, 'record')}${problems.records > problems.first.length ? `, first ${problems.first.length}` : ''}):`,
      ['correlative', 'receipt e-mail', 'response e-mail', 'id'].join('\t'),
    );
    for (const issue of problems.first) lines.push([cell(issue.correlative), cell(issue.receipt), cell(issue.response), cell(issue.id)].join('\t'));
  }
  if (answer.truncated) lines.push(answer.truncated);
  return lines;
}
