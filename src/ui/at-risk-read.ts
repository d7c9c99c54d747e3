// What is at risk now (complaints_overview's atRisk) and the pages of list_complaints that list every
// overdue or due soon record (or every record of the period with e-mail problems), read without trust
// as read.ts reads the rest: a host may pass on anything. Pure: the drawing is in overview-view.ts
// and risk-list-view.ts.
import type { ListAnswer, ListRow } from '../contract/list-answer.js';
import type { AtRisk } from '../contract/overview-answer.js';
import { type Counted, count, fields, integer, list, objectOf, objects, type Read, text, type Unchecked } from './read.js';

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
  const object = objectOf(value);
  if (object === undefined) return undefined;
  const kept: [string, string | number | boolean][] = [];
  for (const key of Object.keys(object).slice(0, MAX_ARGUMENTS)) {
    if (key === 'page' || key === 'pageSize') continue;
    const argument = object[key];
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

/**
 * atRisk as drawn: its counts (0 when absent: serviceDeadlineDiffers is absent when none), read and
 * incomplete as the contract has them, and what the view adds.
 */
export type AtRiskFigures = Counted<AtRisk, 'unresolved' | 'unanswered' | 'overdue' | 'dueSoon' | 'answeredNotDelivered' | 'serviceDeadlineDiffers'> &
  Read<AtRisk, 'read' | 'incomplete'> & {
    /** Not every unresolved record was read: each figure counts only those read, a lower bound. */
    lowerBound: boolean;
    /** Of overdue and dueSoon, those the records not read cannot change: exact all the same. */
    stillExact: ReadonlyArray<'overdue' | 'dueSoon'>;
    /** The answer's listOverdue and listDueSoon, as sent on (a filter the contract adds later passes too). */
    listOverdue: ListArguments | undefined;
    listDueSoon: ListArguments | undefined;
  };

/** atRisk's figures and list arguments; undefined when the answer holds no atRisk object to draw from. */
export function atRiskFigures(value: unknown): AtRiskFigures | undefined {
  const atRisk = objectOf<AtRisk>(value);
  if (atRisk === undefined) return undefined;
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
    stillExact: list(atRisk.stillExact).filter((figure): figure is 'overdue' | 'dueSoon' => figure === 'overdue' || figure === 'dueSoon'),
    read: read === undefined ? undefined : Math.max(0, read),
    incomplete,
    listOverdue: listArguments(atRisk.listOverdue),
    listDueSoon: listArguments(atRisk.listDueSoon),
  };
}

/** One row of a full list or of the most urgent list, as drawn. */
/**
 * One row of a full list or of the most urgent list, as drawn: the fields of list_complaints' rows
 * (mostUrgent's entries have the same names). receiptEmail and responseEmail are the e-mail delivery
 * states, when neither sent nor queued.
 */
export type RiskRow = Read<ListRow, 'id' | 'correlative' | 'store' | 'consumer' | 'due' | 'serviceDue' | 'daysLeft' | 'receiptEmail' | 'responseEmail'>;

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

/** One page of a full list, as drawn: list_complaints' answer, its counts checked. */
export type RiskPage = Counted<ListAnswer, 'total' | 'page' | 'pages'> &
  Read<ListAnswer, 'nextPage' | 'truncated'> & {
    /** The answer's items, at most MAX_ENTRIES whatever it holds. */
    rows: RiskRow[];
    /** total counts only the records read: drawn as "at least". */
    totalIsLowerBound: boolean;
  };

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
    totalIsLowerBound: answer.totalIsLowerBound === true,
  };
}
