// A page of records -> the list view: the structured answer (short rows, how to go on) and what the
// text's header adds to it (the filters asked, the current year). The text is written from the view
// alone, so the two renderings cannot tell different stories.

import { localDate } from '../calendar/time-zone.js';
import type { ListAnswer, ListRow } from '../contract/list-answer.js';
import { type ListFilters, UNRESOLVED } from '../contract/list-query.js';
import type { ListPage } from '../contract/operations.js';
import type { ComplaintListItem } from '../contract/records.js';
import { needsAttention } from '../domain/answered.js';
import type { Clock } from '../domain/clock.js';
import { deadlineFields, deadlineStatus, limaToday } from '../domain/deadline.js';
import { quoted } from '../sanitize.js';
import { cell, consumerName, type DateStyle, dateStyle, datesNote, dayIn, describeDeadline, line, plural, quotedCell, shortDate } from './fields.js';

export interface ListView {
  /** The structured answer, as the tool returns it. */
  answer: ListAnswer;
  /** When the total counts only the records read: which they were, for the sentence that states it. */
  counted?: ListCounted;
  /** What the member asked for: the text's header names it; the answer does not repeat it. */
  filters: ListFilters;
  /** Today in the time zone: the year the text's MM-DD dates leave out. */
  today: string;
}

/** One record as a row: what the text's row says, and its id; a value the call filtered on is left out. */
function listRow(item: ComplaintListItem, filters: ListFilters, timeZone: string, limaDay: string): ListRow {
  const deadline = deadlineFields(deadlineStatus({ createdAt: item.createdAt, serviceDeadline: item.responseDeadline, response: item }, limaDay));
  // Every key written, in one order, absent ones undefined (JSON leaves them out): rows of one shape,
  // which V8 writes, checks and cleans faster than rows of a few shapes made by spreading. The order
  // is the one both kinds of deadline write in (answered first, then due).
  return {
    correlative: line(item.correlative, 40),
    type: filters.type !== undefined && item.type === filters.type ? undefined : line(item.type, 40),
    status: filters.status !== undefined && item.status === filters.status ? undefined : line(item.status, 40),
    store: line(item.storeName, 80),
    consumer: consumerName(item),
    filed: dayIn(item.createdAt, timeZone),
    answered: deadline.answered,
    due: deadline.due,
    serviceDue: deadline.serviceDue,
    daysLeft: deadline.daysLeft,
    daysLate: deadline.daysLate,
    priority: item.priority && item.priority !== 'medium' ? line(item.priority, 40) : undefined,
    receiptEmail: needsAttention(item.receiptDeliveryStatus) ? line(item.receiptDeliveryStatus, 40) : undefined,
    responseEmail: needsAttention(item.responseDeliveryStatus) ? line(item.responseDeliveryStatus, 40) : undefined,
    id: line(item.id, 64),
  };
}

/** The records a total that is a lower bound counts the matches among: `read` of the `of` the service counts. */
export interface ListCounted {
  read: number;
  of: number;
  /** "record" or "unresolved record". */
  unit: string;
  /** Which were read, when a cap chose them (newest or oldest first); absent when a failure did. */
  which?: 'newest' | 'oldest';
}

/**
 * `unread`: what the page could not include, in words (unresolved records that could not be read).
 * `readSecondsAgo`: the age of the reading an earlier page of the same list made, when this page was cut from it.
 * `counted`: the records read, when not every record the filters may match was: the total is then a lower bound.
 */
export function toListView(
  result: ListPage,
  filters: ListFilters,
  clock: Clock,
  { unread, readSecondsAgo, counted }: { unread?: string; readSecondsAgo?: number; counted?: ListCounted } = {},
): ListView {
  const { page, pageSize, total, totalPages } = result.pagination;
  const now = clock.now();
  const limaDay = limaToday(now);
  const items = result.items.map((item) => listRow(item, filters, clock.timeZone, limaDay));
  const nextPage = items.length > 0 && page < totalPages ? page + 1 : undefined;
  const answer: ListAnswer = {
    total,
    totalIsLowerBound: counted === undefined ? undefined : true,
    page,
    pages: totalPages,
    ...(filters.period ? { filedFrom: filters.from, filedTo: filters.to } : {}),
    timeZone: clock.timeZone,
    items: items.length > 0 ? items : undefined,
    nextPage,
    hint: hintOf({ total, page, totalPages, pageSize, shown: items.length, nextPage, searched: filters.search !== undefined }),
    truncated:
      result.sentMore > 0
        ? `The service sent ${items.length + result.sentMore} records for a page of ${items.length}: only the first ${plural(items.length, 'record')} ${items.length === 1 ? 'is' : 'are'} shown.`
        : unread,
    readSecondsAgo,
  };
  return { answer, counted, filters, today: localDate(now, clock.timeZone) };
}

/** The sentence that says what to call next, when there is something to say. */
function hintOf(page: {
  total: number;
  page: number;
  totalPages: number;
  pageSize: number;
  shown: number;
  nextPage?: number;
  searched: boolean;
}): string | undefined {
  if (page.total === 0) {
    // A model searching a company's name otherwise learns nothing from an empty page.
    return page.searched ? 'Search matches the correlative, tracking code and consumer first or last name only.' : undefined;
  }
  if (page.shown === 0) {
    const last = page.totalPages > 1 ? `page=${page.totalPages} or page=1` : 'page=1';
    // The same filters, as the next-page hint says: without them an earlier page is another list.
    return `Page ${page.page} is past the last page (${page.totalPages}): call list_complaints with ${last} and the same filters.`;
  }
  if (page.nextPage === undefined) return undefined;
  const remaining = page.total - (page.page - 1) * page.pageSize - page.shown;
  // Without a total from the service, only its page count says that more exist.
  const more = remaining > 0 ? `${remaining} more` : 'More records exist';
  return `${more}: call list_complaints with page=${page.nextPage} and the same filters.`;
}

// Rows are tab-separated under one line of column names: fewer tokens than labelled cells, and no cell
// can hold a tab (values are cleaned to one line of single spaces).
export function formatListText(view: ListView): string {
  const { answer, filters } = view;
  const style = dateStyle(view.today, answer.timeZone);
  const what = describeFilters(filters, style);
  const hint = answer.hint ? ` ${answer.hint}` : '';
  const age =
    answer.readSecondsAgo === undefined ? '' : ` Records as read ${answer.readSecondsAgo} s ago for an earlier page of this list; page 1 reads them again.`;
  // A total of the records read only is said so in its own sentence: a model quotes that sentence alone.
  const among = view.counted === undefined ? '' : ` among ${readRecords(view.counted)}`;
  if (answer.total === 0) return `No records match${what ? ` (${what})` : ''}${among}.${age}${hint}${answer.truncated ? ` ${answer.truncated}` : ''}`;
  const atLeast = view.counted === undefined ? '' : 'At least ';
  const matches = `${atLeast}${answer.total} ${answer.total === 1 ? 'record matches' : 'records match'}${what ? ` (${what})` : ''}${among}.${age}`;
  const items = answer.items ?? [];
  if (items.length === 0) return `${matches}${hint}`;
  // A column every row leaves out (the type or status the call filtered on) is left out of the table too.
  const columns = COLUMNS.filter((column) => column.shownWhen === undefined || items.some((row) => column.shownWhen!(row, filters)));
  const lines = [
    `${matches} Page ${answer.page} of ${answer.pages}, ${items.length} shown, ${byDeadline(filters) ? 'earliest deadline first' : 'newest first'}. ${datesNote(style)}`,
    columns.map((column) => column.name).join('\t'),
  ];
  for (const row of items) {
    const cells = columns.map((column) => column.write(row, style, filters));
    // The flags column is last and mostly empty: a row without flags ends before it.
    if (cells[cells.length - 1] === '') cells.pop();
    lines.push(cells.join('\t'));
  }
  if (answer.truncated) lines.push(answer.truncated);
  if (answer.nextPage !== undefined && answer.hint) lines.push(answer.hint);
  return lines.join('\n');
}

/** "the 10000 newest records read of 30002" */
function readRecords({ read, of, unit, which }: ListCounted): string {
  return `the ${read}${which === undefined ? '' : ` ${which}`} ${read === 1 ? unit : `${unit}s`} read of ${of}`;
}

/** Whether the rows come earliest deadline first: with the filters on the deadline. */
export function byDeadline(filters: ListFilters): boolean {
  return filters.overdue === true || filters.dueBy !== undefined;
}

interface Column {
  name: string;
  /** Shown when some row satisfies this; always when absent. */
  shownWhen?: (row: ListRow, filters: ListFilters) => boolean;
  write: (row: ListRow, style: DateStyle, filters: ListFilters) => string;
}

const COLUMNS: Column[] = [
  { name: 'correlative', write: (row) => cell(row.correlative) },
  // Left out of a row when it equals the filter: the filter's value, when another row needs the column.
  {
    name: 'type',
    shownWhen: (row, filters) => filters.type === undefined || row.type !== undefined,
    write: (row, _, filters) => cell(row.type ?? filters.type),
  },
  {
    name: 'status',
    shownWhen: (row, filters) => filters.status === undefined || row.status !== undefined,
    write: (row, _, filters) => cell(row.status ?? filters.status),
  },
  { name: 'store', write: (row) => cell(row.store) },
  // The consumer's own words: quoted, so that a name cannot pass for the server's.
  { name: 'consumer', write: (row) => quotedCell(row.consumer, 80) },
  { name: 'filed', write: (row, style) => cell(row.filed && shortDate(row.filed, style)) },
  { name: 'response deadline', write: (row, style) => describeDeadline(row, (date) => shortDate(date, style)) },
  { name: 'id', write: (row) => cell(row.id) },
  { name: 'flags', shownWhen: (row) => flagsOf(row) !== '', write: flagsOf },
];

/** Priority other than medium, e-mails neither sent nor queued; "" when nothing needs attention. */
function flagsOf(row: ListRow): string {
  const flags: string[] = [];
  if (row.priority) flags.push(`priority ${row.priority}`);
  if (row.receiptEmail) flags.push(`receipt e-mail ${row.receiptEmail}`);
  if (row.responseEmail) flags.push(`response e-mail ${row.responseEmail}`);
  return flags.join(', ');
}

export function describeFilters(filters: ListFilters, style: DateStyle): string {
  const parts: string[] = [];
  if (filters.status) parts.push(filters.status === UNRESOLVED ? 'status open or in_review' : `status ${filters.status}`);
  const onDeadline = [filters.overdue ? "past the law's deadline" : undefined, filters.dueBy ? `due by ${filters.dueBy}` : undefined].filter(Boolean);
  if (onDeadline.length > 0) parts.push(`unanswered, ${onDeadline.join(' and ')}`);
  if (filters.emailProblem) parts.push('receipt or response e-mail neither sent nor queued');
  if (filters.type) parts.push(`type ${filters.type}`);
  if (filters.storeId) parts.push(`store ${filters.storeId}`);
  if (filters.search) parts.push(`search ${quoted(filters.search, 100)}`);
  const range = filedRange(filters, style);
  if (range) parts.push(`filed ${range}`);
  return parts.join(', ');
}

/** "this_week, 2026-11-16..2026-11-22 in America/Lima", "on or after 2026-11-01"; undefined without from/to. */
export function filedRange(filters: ListFilters, style: DateStyle): string | undefined {
  if (!filters.from && !filters.to) return undefined;
  // The API takes a date-time's whole day, so the header shows days, as they are applied, in full:
  // they are what the member asked for.
  const from = filters.from?.slice(0, 10);
  const to = filters.to?.slice(0, 10);
  const range = from && to ? `${from}..${to}` : from ? `on or after ${from}` : `on or before ${to}`;
  return `${filters.period ? `${filters.period}, ` : ''}${range}${filters.period ? ` in ${style.timeZone}` : ''}`;
}
