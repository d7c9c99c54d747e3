// A page of records -> one compact text block for the model and the same facts as structured content.
import type { ListResult } from '../api/client.js';
import type { ComplaintListItem, ListQuery } from '../api/schemas.js';
import { stripUnsafeDeep } from './clean.js';
import type { Clock } from './clock.js';
import { deadlineStatus, describeDeadline, type DeadlineStatus } from './deadline.js';
import { quoted } from '../sanitize.js';
import { localDate } from '../dates/local-date.js';
import { cell, consumerName, dateOnly, datesNote, dateStyle, needsAttention, shortDate, type DateStyle } from './fields.js';

/** The filters as sent to the API, plus the `period` they came from (for the header only). */
export type ListFilters = Omit<ListQuery, 'page' | 'pageSize'> & { period?: string };

export interface ListPage {
  items: Array<ComplaintListItem & { deadline: DeadlineStatus }>;
  pagination: ListResult['pagination'] & { nextPage: number | null };
  filters: ListFilters;
  timeZone: string;
  /** The date days left are counted from, in the time zone. */
  today: string;
}


export function toListPage(result: ListResult, filters: ListFilters, clock: Clock): ListPage {
  const { page, totalPages } = result.pagination;
  return {
    items: result.items.map((item) => ({
      ...stripUnsafeDeep(item),
      deadline: deadlineStatus(item.responseDeadline, { answered: isAnswered(item), respondedAt: item.respondedAt }, clock),
    })),
    pagination: { ...result.pagination, nextPage: page < totalPages ? page + 1 : null },
    filters,
    timeZone: clock.timeZone,
    today: localDate(clock.now(), clock.timeZone),
  };
}

export function isAnswered(item: ComplaintListItem): boolean {
  return item.hasResponse === true || (item.hasResponse === null && item.respondedAt !== null);
}

// Rows are tab-separated under one line of column names: fewer tokens than labelled cells or " | "
// separators, and no cell can hold a tab (cells are cleaned to one line of single spaces).
const COLUMNS = ['correlative', 'type', 'status', 'store', 'consumer', 'filed', 'response deadline', 'id', 'flags'];

export function formatListText(list: ListPage): string {
  const { page, pageSize, total, totalPages, nextPage } = list.pagination;
  const style = dateStyle(list.today, list.timeZone);
  const what = describeFilters(list.filters, style);
  const lines: string[] = [];
  if (total === 0) {
    // A model searching a company's name otherwise learns nothing from an empty page.
    const searchHint = list.filters.search ? ' Search matches the correlative, tracking code and consumer first or last name only.' : '';
    lines.push(`No records match${what ? ` (${what})` : ''}.${searchHint}`);
    return lines.join('\n');
  }
  const matches = `${total} ${total === 1 ? 'record matches' : 'records match'}${what ? ` (${what})` : ''}.`;
  if (list.items.length === 0) {
    lines.push(`${matches} Page ${page} is past the last page (${totalPages}); call list_complaints with page=${totalPages} or page=1.`);
    return lines.join('\n');
  }
  lines.push(`${matches} Page ${page} of ${totalPages}, ${list.items.length} shown, newest first. ${datesNote(style)}`);
  lines.push(COLUMNS.join('\t'));
  for (const item of list.items) lines.push(formatListLine(item, style));
  if (nextPage !== null) {
    const remaining = total - (page - 1) * pageSize - list.items.length;
    // Without a total from the service, only its page count says that more exist.
    const more = remaining > 0 ? `${remaining} more` : 'More records exist';
    lines.push(`${more}: call list_complaints with page=${nextPage} and the same filters.`);
  }
  return lines.join('\n');
}

/** One row under COLUMNS; the id is what get_complaint needs; flags only when something needs attention. */
export function formatListLine(item: ListPage['items'][number], style: DateStyle): string {
  const flags: string[] = [];
  if (item.priority && item.priority !== 'medium') flags.push(`priority ${cell(item.priority)}`);
  for (const [label, state] of [
    ['receipt e-mail', item.receiptDeliveryStatus],
    ['response e-mail', item.responseDeliveryStatus],
  ] as const) {
    if (needsAttention(state)) flags.push(`${label} ${cell(state)}`);
  }
  const cells = [
    cell(item.correlative),
    cell(item.type),
    cell(item.status),
    cell(item.storeName),
    cell(consumerName(item)),
    cell(dateOnly(item.createdAt, style)),
    describeDeadline(item.deadline, (date) => shortDate(date, style)),
    cell(item.id, 64),
  ];
  if (flags.length > 0) cells.push(flags.join(', '));
  return cells.join('\t');
}

export function describeFilters(filters: ListFilters, style: DateStyle): string {
  const parts: string[] = [];
  if (filters.status) parts.push(`status ${filters.status}`);
  if (filters.type) parts.push(`type ${filters.type}`);
  if (filters.storeId) parts.push(`store ${filters.storeId}`);
  if (filters.search) parts.push(`search ${quoted(filters.search, 100)}`);
  if (filters.from || filters.to) {
    // The API takes a date-time's whole day, so the header shows days, as they are applied, in full:
    // they are what the member asked for.
    const from = filters.from?.slice(0, 10);
    const to = filters.to?.slice(0, 10);
    const range = from && to ? `${from}..${to}` : from ? `on or after ${from}` : `on or before ${to}`;
    parts.push(`filed ${filters.period ? `${filters.period}, ` : ''}${range}${filters.period ? ` in ${style.timeZone}` : ''}`);
  }
  return parts.join(', ');
}
