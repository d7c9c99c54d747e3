// The overview view: what is at risk now over the whole book (every unresolved record: unanswered,
// overdue or due soon by the law's deadline, answered but not delivered), then what a manager asks
// about the period's filings (filings.ts): the structured answer; then the text, written from that
// view alone.

import { localDate } from '../calendar/time-zone.js';
import type { ListFilters } from '../contract/list-query.js';
import type { AllPages, ExactCounts } from '../contract/operations.js';
import type { AtRisk, OverviewAnswer, UrgentRecord } from '../contract/overview-answer.js';
import { atRiskSteps, type RecordDeadline } from '../domain/at-risk.js';
import type { Clock } from '../domain/clock.js';
import { DUE_SOON_BUSINESS_DAYS, deadlineFields, dueSoonThrough, filingDay, legalDeadline, limaToday, urgencyOf } from '../domain/deadline.js';
import { REFERENCE_PATTERN } from '../domain/reference.js';
import { finish, type Slices } from '../slices.js';
import { cell, consumerName, type DateStyle, dateStyle, describeDeadline, line, nonEmpty, plural, quotedCell, readingGap, shortDate } from './fields.js';
import { filingLines, filingsSteps, narrowing } from './filings.js';

/** Records listed one by one in each section; the rest are counted. */
const LISTED = 10;

export interface OverviewView {
  /** The structured answer, as the tool returns it. */
  answer: OverviewAnswer;
  /** What the member asked for: the text's header names it; the answer does not repeat it. */
  filters: ListFilters;
  /** Today in the time zone: the year the text's MM-DD dates leave out. */
  today: string;
}

/** What the overview reads: the unresolved records of the book (narrowed by store and type) and the period's filings. */
export interface OverviewPages {
  unresolved: AllPages;
  filed: AllPages;
  /** The service's counts of the period's records by status, type and store, when the pages did not hold them all. */
  counts?: ExactCounts;
  /** Why those counts could not be had, when they were asked for and failed. */
  countsFailed?: string;
  /** With storeId: the store asked about, by its name (api/store-asked.ts). */
  store?: OverviewAnswer['store'];
}

export function toOverview(pages: OverviewPages, filters: ListFilters, clock: Clock): OverviewView {
  return finish(overviewSteps(pages, filters, clock));
}

/**
 * toOverview, pausing between records (slices.ts): a whole book's overview is thousands of deadlines
 * and days, which a shared server works out a slice at a time (inSlices) between other calls.
 */
export function* overviewSteps({ unresolved, filed, counts, countsFailed, store }: OverviewPages, filters: ListFilters, clock: Clock): Slices<OverviewView> {
  const now = clock.now();
  const today = localDate(now, clock.timeZone);
  const limaDay = limaToday(now);
  const atRisk = yield* atRiskAnswer(unresolved, filters, limaDay);
  yield;
  const answer: OverviewAnswer = {
    ...(store ? { store } : {}),
    atRisk,
    ...(yield* filingsSteps({ pages: filed, counts, countsFailed }, filters, today, limaDay, clock.timeZone)),
  };
  return { answer, filters, today };
}

/** What is at risk now over the unresolved records read: the book, narrowed only by store and type. */
function* atRiskAnswer(pages: AllPages, filters: ListFilters, limaDay: string): Slices<AtRisk> {
  const risk = yield* atRiskSteps(pages.items, limaDay);
  const { urgent, notDelivered } = risk;
  const mostUrgent = urgent.slice(0, LISTED);
  const listed = new Set(mostUrgent);
  const dueSoon = urgent.filter(({ deadline }) => urgencyOf(deadline.businessDaysLeft ?? undefined) === 'due_soon');
  const alsoDueSoon = dueSoon.slice(0, LISTED).filter((entry) => !listed.has(entry));
  const book = { ...(filters.type ? { type: filters.type } : {}), ...(filters.storeId ? { storeId: filters.storeId } : {}) };
  return {
    unresolved: pages.total,
    read: pages.items.length !== pages.total ? pages.items.length : undefined,
    unanswered: risk.unanswered,
    overdue: risk.overdue,
    dueSoon: risk.dueSoon,
    answeredNotDelivered: risk.answeredNotDelivered,
    serviceDeadlineDiffers: risk.serviceDeadlineDiffers || undefined,
    deadlineUnknown: risk.deadlineUnknown || undefined,
    mostUrgent: nonEmpty(mostUrgent.map(urgentRecord)),
    // The text names them by correlative and days left only: so does the answer, with their ids.
    alsoDueSoon: nonEmpty(
      alsoDueSoon.map(({ item, deadline }) => ({ correlative: line(item.correlative, 40), daysLeft: deadline.businessDaysLeft!, id: line(item.id, 64) })),
    ),
    notDelivered: nonEmpty(
      notDelivered.slice(0, LISTED).map(({ item }) => ({
        correlative: line(item.correlative, 40),
        response: line(item.responseDeliveryStatus, 40),
        id: line(item.id, 64),
      })),
    ),
    listOverdue: risk.overdue > 0 ? { overdue: true, ...book } : undefined,
    listDueSoon: urgent.length > 0 ? { dueBy: dueSoonThrough(limaDay), ...book } : undefined,
    draftResponse: draftArguments([...mostUrgent, ...alsoDueSoon]),
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

/**
 * The draft_response prompt's arguments for the first listed record whose correlative it takes (the
 * prompt reads a record by it, as get_complaint does); undefined when none has one.
 */
function draftArguments(listed: readonly RecordDeadline[]): AtRisk['draftResponse'] {
  const reference = listed
    .map(({ item }) => line(item.correlative, 40))
    .find((correlative) => correlative !== undefined && REFERENCE_PATTERN.test(correlative));
  return reference === undefined ? undefined : { reference };
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

export function formatOverviewText(view: OverviewView): string {
  const { answer } = view;
  const style = dateStyle(view.today, answer.timeZone);
  return [
    ...atRiskLines(answer, view.filters, style),
    ...filingLines(answer, view.filters, style),
    'Read one record with get_complaint (id or correlative).',
  ].join('\n');
}

/** "whole book", or "whole book, type claim, store Tienda Miraflores": what atRisk is narrowed by. */
function bookScope(filters: ListFilters, store: OverviewAnswer['store']): string {
  return ['whole book', ...narrowing(filters, store)].join(', ');
}

function atRiskLines(answer: OverviewAnswer, filters: ListFilters, style: DateStyle): string[] {
  const { atRisk, store } = answer;
  // Each figure counted over only the records read says so where it is stated: a model quotes one sentence.
  const exact = new Set(atRisk.stillExact);
  const count = (figure: number, exactAllTheSame = false) => (atRisk.incomplete === undefined || exactAllTheSame ? `${figure}` : `at least ${figure}`);
  const overdue = count(atRisk.overdue, exact.has('overdue'));
  // Due soon is exact only when overdue is too (stillExact): so then is their sum.
  const urgent = count(atRisk.overdue + atRisk.dueSoon, exact.has('dueSoon'));
  const lines = [
    `At risk now, ${bookScope(filters, store)} (every unresolved record: ${atRisk.unresolved} open or in review${atRisk.read !== undefined ? `, only ${atRisk.read} read` : ''}): ${count(atRisk.unanswered)} unanswered; ${overdue} OVERDUE; ${count(atRisk.dueSoon, exact.has('dueSoon'))} due soon (${DUE_SOON_BUSINESS_DAYS} business days or fewer); ${count(atRisk.answeredNotDelivered)} answered but still open with a response e-mail that failed or bounced.`,
  ];
  if (store?.noRecord) {
    lines.push(
      `No record of store ${store.id} can be read with this key, at any date: the id is wrong, or the member cannot see that store; complaints_overview {} names every store with its id.`,
    );
  }
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
      `Deadlines are the law's (15 business days after the filing day, Lima); for ${count(atRisk.serviceDeadlineDiffers)} unanswered ${atRisk.serviceDeadlineDiffers === 1 ? 'record' : 'records'} the service's own deadline differs or is missing ("by law" below).`,
    );
  }
  if (atRisk.deadlineUnknown) {
    lines.push(
      `${count(atRisk.deadlineUnknown)} unanswered ${atRisk.deadlineUnknown === 1 ? 'record has' : 'records have'} no deadline that can be read (neither a filing date nor the service's deadline): counted in no deadline figure; list them with list_complaints {"status":"unresolved"}.`,
    );
  }
  if (atRisk.mostUrgent) {
    lines.push(
      `Most urgent${atRisk.overdue + atRisk.dueSoon > atRisk.mostUrgent.length ? ` (${atRisk.mostUrgent.length} of ${urgent} shown)` : ''}:`,
      ['correlative', 'store', 'consumer', 'response deadline', 'id'].join('\t'),
    );
    for (const record of atRisk.mostUrgent) {
      const deadline = describeDeadline(record, (date) => shortDate(date, style));
      lines.push([cell(record.correlative), cell(record.store), quotedCell(record.consumer, 80), deadline, cell(record.id)].join('\t'));
    }
  }
  if (atRisk.alsoDueSoon) {
    const days = (record: { correlative?: string; daysLeft?: number }) => `${cell(record.correlative)} (${plural(record.daysLeft ?? 0, 'business day')} left)`;
    lines.push(`Due soon, below the overdue ones: ${atRisk.alsoDueSoon.map(days).join(', ')}.`);
  }
  const every = [
    atRisk.listOverdue ? `all ${overdue} overdue: list_complaints ${JSON.stringify(atRisk.listOverdue)}` : undefined,
    atRisk.listDueSoon ? `overdue and due soon (${urgent}): list_complaints ${JSON.stringify(atRisk.listDueSoon)}` : undefined,
  ].filter((part) => part !== undefined);
  if (every.length > 0) lines.push(`Every record, earliest deadline first, page by page: ${every.join('; ')}.`);
  if (atRisk.draftResponse) {
    lines.push(
      `The member can draft the official response to any of these with the draft_response prompt and its correlative: draft_response ${JSON.stringify(atRisk.draftResponse)}.`,
    );
  }
  if (atRisk.notDelivered) {
    const shown = atRisk.notDelivered.length < atRisk.answeredNotDelivered ? `, first ${atRisk.notDelivered.length}` : '';
    lines.push(
      `Answered, response e-mail not delivered (${count(atRisk.answeredNotDelivered)} ${atRisk.answeredNotDelivered === 1 ? 'record' : 'records'}${shown}): ${atRisk.notDelivered
        .map((record) => `${cell(record.correlative)} (${cell(record.response)}, id ${cell(record.id)})`)
        .join(', ')}.`,
    );
  }
  return lines;
}
