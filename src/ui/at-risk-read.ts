// What is at risk now (complaints_overview's atRisk) and the pages of list_complaints that list every
// overdue or due soon record (or every record of the period with e-mail problems), read without trust
// as read.ts reads the rest: a host may pass on anything. Pure: the drawing is in overview-view.ts
// and risk-list-view.ts.
import type { ListAnswer, ListRow } from '../contract/list-answer.js';
import type { AtRisk } from '../contract/overview-answer.js';
import { count, fields, integer, objects, text, type Unchecked } from './read.js';

export type AtRiskFields = Unchecked<AtRisk>;

/** Records per page of the full lists: the most urgent list shows 10, so does each page. */
export const RISK_PAGE_SIZE = 10;

/**
 * The full lists: every overdue record, every overdue or due soon one (both of the whole book), and
 * the period's records with e-mail problems (emailProblems.list).
 */
export type RiskListKind = 'overdue' | 'dueSoon' | 'emailProblems';

/** list_complaints arguments as the answer gives them (listOverdue, listDueSoon, emailProblems.list), page and pageSize left to the view. */
export type ListArguments = Record<string, string | number | boolean>;

/** The server sends at most five (overdue, dueBy or emailProblem, from, to, type, storeId); more is a host's doing. */
const MAX_ARGUMENTS = 20;
/** A storeId is a UUID, dueBy or from a day: 200 characters is ample, and a megabyte is not sent on. */
const MAX_ARGUMENT_CHARS = 200;

/**
 * The arguments of listOverdue, listDueSoon or emailProblems.list, to send back as they are: every
 * text, flag or number (a filter the contract adds later passes too), none of page or pageSize, which
 * the view sets. Undefined when there is no such list (the answer leaves it out when it would be empty).
 */
export function listArguments(value: unknown): ListArguments | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const kept: [string, string | number | boolean][] = [];
  for (const key of Object.keys(value).slice(0, MAX_ARGUMENTS)) {
    if (key === 'page' || key === 'pageSize') continue;
    const argument = (value as Record<string, unknown>)[key];
    if ((typeof argument === 'string' && argument.length <= MAX_ARGUMENT_CHARS) || typeof argument === 'boolean' || Number.isFinite(argument)) {
      kept.push([key, argument as string | number | boolean]);
    }
  }
  // fromEntries defines own properties: a "__proto__" key stays a key, it sets no prototype.
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/** The tools/call arguments for one page of a full list. */
export function listRequest(list: ListArguments, page: number): ListArguments {
  return { ...list, pageSize: RISK_PAGE_SIZE, page };
}

export interface AtRiskFigures {
  unresolved: number;
  unanswered: number;
  overdue: number;
  dueSoon: number;
  answeredNotDelivered: number;
  /** Unanswered records whose service deadline differs from the law's; 0 when the answer says none. */
  serviceDeadlineDiffers: number;
  /** Not every unresolved record was read: each figure counts only those read, a lower bound. */
  lowerBound: boolean;
  /** The distinct records read, when the answer says it differs from unresolved. */
  read: number | undefined;
  /** The server's sentence (in English) on what could not be read. */
  incomplete: string | undefined;
  listOverdue: ListArguments | undefined;
  listDueSoon: ListArguments | undefined;
}

/** atRisk's figures and list arguments; undefined when the answer holds no atRisk object to draw from. */
export function atRiskFigures(value: unknown): AtRiskFigures | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const atRisk = fields<AtRisk>(value);
  const read = integer(atRisk.read);
  const incomplete = text(atRisk.incomplete);
  return {
    unresolved: count(atRisk.unresolved),
    unanswered: count(atRisk.unanswered),
    overdue: count(atRisk.overdue),
    dueSoon: count(atRisk.dueSoon),
    answeredNotDelivered: count(atRisk.answeredNotDelivered),
    serviceDeadlineDiffers: count(atRisk.serviceDeadlineDiffers),
    lowerBound: read !== undefined || incomplete !== undefined,
    read: read === undefined ? undefined : Math.max(0, read),
    incomplete,
    listOverdue: listArguments(atRisk.listOverdue),
    listDueSoon: listArguments(atRisk.listDueSoon),
  };
}

/** One row of a full list or of the most urgent list, as drawn. */
export interface RiskRow {
  id: string | undefined;
  correlative: string | undefined;
  store: string | undefined;
  consumer: string | undefined;
  due: string | undefined;
  serviceDue: string | undefined;
  daysLeft: number | undefined;
  /** The receipt's and the response's e-mail delivery states, when neither sent nor queued. */
  receiptEmail: string | undefined;
  responseEmail: string | undefined;
}

/** A row of list_complaints or an entry of mostUrgent (the same names), each field checked. */
export function riskRow(value: unknown): RiskRow {
  const row = fields<ListRow>(value);
  return {
    id: text(row.id),
    correlative: text(row.correlative),
    store: text(row.store),
    consumer: text(row.consumer),
    due: text(row.due),
    serviceDue: text(row.serviceDue),
    daysLeft: integer(row.daysLeft),
    receiptEmail: text(row.receiptEmail),
    responseEmail: text(row.responseEmail),
  };
}

/** One page of a full list, as drawn. */
export interface RiskPage {
  total: number;
  page: number;
  /** At least `page`: a page the answer says exists. */
  pages: number;
  /** The page to ask for next, after this one; undefined on the last page. */
  nextPage: number | undefined;
  /** At most MAX_ENTRIES, whatever the answer holds. */
  rows: RiskRow[];
  /** The server's sentence (in English) on what the list leaves out: unresolved records that could not be read. */
  truncated: string | undefined;
}

/** A page number: a whole number from 1 up (a count keeps it exact). */
function pageNumber(value: unknown): number | undefined {
  const page = count(value);
  return page >= 1 ? page : undefined;
}

/** A list_complaints structuredContent read as one page of `asked`; its own page when it states one. */
export function riskPage(value: unknown, asked: number): RiskPage {
  const answer = fields<ListAnswer>(value);
  const page = pageNumber(answer.page) ?? asked;
  const next = pageNumber(answer.nextPage);
  return {
    total: count(answer.total),
    page,
    pages: Math.max(page, count(answer.pages)),
    // A next page that goes back would page in a circle.
    nextPage: next !== undefined && next > page ? next : undefined,
    rows: objects(answer.items).map(riskRow),
    truncated: text(answer.truncated),
  };
}
