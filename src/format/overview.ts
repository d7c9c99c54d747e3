// Every matching record -> the counts a complaints manager asks for first (by status, type and store),
// what is overdue or due soon by the legal deadline, what is unanswered, and which e-mails need
// attention; as compact text and as structured content.
import type { AllPages } from '../api/all-pages.js';
import type { ComplaintListItem } from '../api/schemas.js';
import { localDate } from '../dates/local-date.js';
import type { Clock } from './clock.js';
import { deadlineStatus, describeDeadline, DUE_SOON_BUSINESS_DAYS, plural, type DeadlineStatus } from './deadline.js';
import { cell, consumerName, datesNote, dateStyle, needsAttention, shortDate } from './fields.js';
import { describeFilters, isAnswered, type ListFilters } from './list.js';

/** Records listed one by one in each section; the rest are counted. */
export const LISTED = 10;

export interface UrgentRecord {
  id: string | null;
  correlative: string | null;
  storeName: string | null;
  consumer: string | null;
  deadline: DeadlineStatus;
}

export interface DeliveryIssue {
  id: string | null;
  correlative: string | null;
  receipt: string | null;
  response: string | null;
}

export interface Overview {
  filters: ListFilters;
  /** Records that match, as the service counts them. */
  total: number;
  /** Records read and counted below (fewer than total when the page cap was reached). */
  counted: number;
  pagesRead: number;
  totalPages: number;
  capped: boolean;
  byStatus: Record<string, number>;
  byType: Record<string, number>;
  byStore: Array<{ storeId: string | null; storeName: string | null; count: number }>;
  unanswered: number;
  overdue: number;
  dueSoon: number;
  /** Overdue first (most overdue first), then due soon (fewest business days left first); at most LISTED. */
  mostUrgent: UrgentRecord[];
  /** Due soon, fewest business days left first, at most LISTED: still answerable in time, even when overdue records fill mostUrgent. */
  dueSoonRecords: UrgentRecord[];
  deliveryIssues: { records: number; byState: Record<string, number>; first: DeliveryIssue[] };
  timeZone: string;
  today: string;
}

function countBy(items: readonly ComplaintListItem[], key: (item: ComplaintListItem) => string | null): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const value = key(item) ?? 'unknown';
    counts[value] = (counts[value] ?? 0) + 1;
  }
  return counts;
}

export function toOverview(pages: AllPages, filters: ListFilters, clock: Clock): Overview {
  const { items } = pages;
  const withDeadline = items.map((item) => ({
    item,
    deadline: deadlineStatus(item.responseDeadline, { answered: isAnswered(item), respondedAt: item.respondedAt }, clock),
  }));

  const stores = new Map<string, { storeId: string | null; storeName: string | null; count: number }>();
  for (const { storeId, storeName } of items) {
    const key = storeId ?? storeName ?? 'unknown';
    const store = stores.get(key) ?? { storeId, storeName, count: 0 };
    store.count += 1;
    stores.set(key, store);
  }

  const urgent = withDeadline
    .filter(({ deadline }) => deadline.urgency !== null)
    .sort((a, b) => (a.deadline.businessDaysLeft ?? 0) - (b.deadline.businessDaysLeft ?? 0));
  const dueSoon = urgent.filter(({ deadline }) => deadline.urgency === 'due_soon');

  const issues = items.filter((item) => needsAttention(item.receiptDeliveryStatus) || needsAttention(item.responseDeliveryStatus));
  const byState: Record<string, number> = {};
  for (const item of issues) {
    for (const state of [item.receiptDeliveryStatus, item.responseDeliveryStatus]) {
      if (needsAttention(state)) byState[state] = (byState[state] ?? 0) + 1;
    }
  }

  return {
    filters,
    total: pages.total,
    counted: items.length,
    pagesRead: pages.pagesRead,
    totalPages: pages.totalPages,
    capped: pages.capped,
    byStatus: countBy(items, (item) => item.status),
    byType: countBy(items, (item) => item.type),
    byStore: [...stores.values()].sort((a, b) => b.count - a.count),
    unanswered: withDeadline.filter(({ deadline }) => !deadline.answered).length,
    overdue: urgent.length - dueSoon.length,
    dueSoon: dueSoon.length,
    mostUrgent: urgent.slice(0, LISTED).map(urgentRecord),
    dueSoonRecords: dueSoon.slice(0, LISTED).map(urgentRecord),
    deliveryIssues: {
      records: issues.length,
      byState,
      first: issues.slice(0, LISTED).map((item) => ({
        id: item.id,
        correlative: item.correlative,
        receipt: item.receiptDeliveryStatus,
        response: item.responseDeliveryStatus,
      })),
    },
    timeZone: clock.timeZone,
    today: localDate(clock.now(), clock.timeZone),
  };
}

function urgentRecord({ item, deadline }: { item: ComplaintListItem; deadline: DeadlineStatus }): UrgentRecord {
  return { id: item.id, correlative: item.correlative, storeName: item.storeName, consumer: consumerName(item), deadline };
}

const counts = (record: Record<string, number>) =>
  Object.entries(record)
    .sort((a, b) => b[1] - a[1])
    .map(([name, count]) => `${cell(name)} ${count}`)
    .join(', ');

export function formatOverviewText(overview: Overview): string {
  const style = dateStyle(overview.today, overview.timeZone);
  const what = describeFilters(overview.filters, style);
  if (overview.total === 0) return `No records match${what ? ` (${what})` : ''}.`;
  const read = overview.capped
    ? `only the first ${overview.pagesRead} of ${overview.totalPages} pages were read (the cap), so the ${overview.counted} newest records are counted; narrow the period or filters for the rest`
    : `all ${overview.counted} counted`;
  const lines = [
    `${overview.total} ${overview.total === 1 ? 'record matches' : 'records match'}${what ? ` (${what})` : ''}; ${read}. ${datesNote(style)}`,
    `By status: ${counts(overview.byStatus)}. By type: ${counts(overview.byType)}.`,
    `By store: ${overview.byStore.map((store) => `${cell(store.storeName ?? store.storeId)} ${store.count}`).join(', ')}.`,
    // Capped, the unread pages are the oldest records, the likeliest overdue: the counts are lower bounds.
    `${overview.capped ? 'Among the records counted (at least): ' : ''}Unanswered: ${overview.unanswered}. Overdue: ${overview.overdue}. Due soon (${DUE_SOON_BUSINESS_DAYS} business days or fewer): ${overview.dueSoon}.`,
  ];
  if (overview.mostUrgent.length > 0) {
    const urgent = overview.overdue + overview.dueSoon;
    lines.push(`Most urgent${urgent > LISTED ? ` (${LISTED} of ${urgent} shown)` : ''}:`, ['correlative', 'store', 'consumer', 'response deadline', 'id'].join('\t'));
    for (const record of overview.mostUrgent) {
      const deadline = describeDeadline(record.deadline, (date) => shortDate(date, style));
      lines.push([cell(record.correlative), cell(record.storeName), cell(record.consumer), deadline, cell(record.id, 64)].join('\t'));
    }
  }
  const shown = new Set(overview.mostUrgent.map((record) => record.id));
  const dueSoonNotShown = overview.dueSoonRecords.filter((record) => !shown.has(record.id));
  if (dueSoonNotShown.length > 0) {
    const days = (record: UrgentRecord) => `${cell(record.correlative)} (${plural(record.deadline.businessDaysLeft ?? 0, 'business day')} left)`;
    lines.push(`Due soon, below the overdue ones: ${dueSoonNotShown.map(days).join(', ')}.`);
  }
  const { deliveryIssues } = overview;
  if (deliveryIssues.records === 0) {
    lines.push('E-mail: every receipt and response is sent or queued.');
  } else {
    lines.push(
      `E-mail deliveries neither sent nor queued: ${counts(deliveryIssues.byState)} (${plural(deliveryIssues.records, 'record')}${deliveryIssues.records > LISTED ? `, first ${LISTED}` : ''}):`,
      ['correlative', 'receipt e-mail', 'response e-mail', 'id'].join('\t'),
    );
    for (const issue of deliveryIssues.first) {
      lines.push([cell(issue.correlative), cell(issue.receipt), cell(issue.response), cell(issue.id, 64)].join('\t'));
    }
  }
  lines.push('Read one record with get_complaint (id or correlative); list them with list_complaints.');
  return lines.join('\n');
}
