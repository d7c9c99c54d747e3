// Parses and validates the query string of GET /api/v1/complaints. Unknown parameters are ignored;
// a known parameter given twice, empty or out of its rule is refused with an error naming it.
import { readIso } from '../calendar/date-time.js';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../contract/list-query.js';
import { STATUSES, TYPES } from '../contract/records.js';
import { limaDate, limaDayEnd, limaDayStart } from './lima-time.js';

export interface ParsedListQuery {
  page: number;
  pageSize: number;
  status?: (typeof STATUSES)[number];
  type?: (typeof TYPES)[number];
  /** Lower-cased. */
  storeId?: string;
  /** Trimmed and lower-cased. */
  search?: string;
  /** First millisecond of the `from` day in Lima, epoch ms. */
  fromMs?: number;
  /** Last millisecond of the `to` day in Lima, epoch ms. */
  toMs?: number;
}

export interface QueryError {
  parameter: string;
  message: string;
}

export type ListQueryResult = { ok: true; query: ParsedListQuery } | { ok: false; error: QueryError };

const SEARCH_MAX_LENGTH = 200;
const KNOWN = ['page', 'pageSize', 'status', 'type', 'storeId', 'search', 'from', 'to'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const RULES = {
  page: 'page must be an integer of at least 1',
  pageSize: `pageSize must be an integer from 1 to ${PAGE_SIZE_MAX}`,
  status: `status must be one of ${STATUSES.join(', ')}`,
  type: `type must be one of ${TYPES.join(', ')}`,
  storeId: 'storeId must be a UUID',
  search: `search must be from 1 to ${SEARCH_MAX_LENGTH} characters`,
  from: 'from must be an ISO date (YYYY-MM-DD) or an ISO date-time',
  to: 'to must be an ISO date (YYYY-MM-DD) or an ISO date-time',
} as const;

export function parseListQuery(params: URLSearchParams): ListQueryResult {
  const fail = (parameter: string, message: string): ListQueryResult => ({ ok: false, error: { parameter, message } });
  const values: Partial<Record<(typeof KNOWN)[number], string>> = {};
  for (const name of KNOWN) {
    const all = params.getAll(name);
    if (all.length > 1) return fail(name, `${name} must be given at most once`);
    if (all.length === 1) values[name] = all[0];
  }

  const query: ParsedListQuery = { page: 1, pageSize: PAGE_SIZE_DEFAULT };
  if (values.page !== undefined) {
    const page = parseInteger(values.page);
    if (page === undefined || page < 1) return fail('page', RULES.page);
    query.page = page;
  }
  if (values.pageSize !== undefined) {
    const pageSize = parseInteger(values.pageSize);
    if (pageSize === undefined || pageSize < 1 || pageSize > PAGE_SIZE_MAX) return fail('pageSize', RULES.pageSize);
    query.pageSize = pageSize;
  }
  if (values.status !== undefined) {
    const status = STATUSES.find((known) => known === values.status);
    if (!status) return fail('status', RULES.status);
    query.status = status;
  }
  if (values.type !== undefined) {
    const type = TYPES.find((known) => known === values.type);
    if (!type) return fail('type', RULES.type);
    query.type = type;
  }
  if (values.storeId !== undefined) {
    if (!UUID.test(values.storeId)) return fail('storeId', RULES.storeId);
    query.storeId = values.storeId.toLowerCase();
  }
  if (values.search !== undefined) {
    const search = values.search.trim();
    if (search.length === 0 || search.length > SEARCH_MAX_LENGTH) return fail('search', RULES.search);
    query.search = search.toLowerCase();
  }
  if (values.from !== undefined) {
    const day = limaDayOf(values.from);
    if (day === undefined) return fail('from', RULES.from);
    query.fromMs = limaDayStart(day);
  }
  if (values.to !== undefined) {
    const day = limaDayOf(values.to);
    if (day === undefined) return fail('to', RULES.to);
    query.toMs = limaDayEnd(day);
  }
  if (query.fromMs !== undefined && query.toMs !== undefined && query.fromMs > query.toMs) {
    return fail('to', 'to must not be before from');
  }
  return { ok: true, query };
}

/** Digits only (no sign, exponent or decimals), within the safe integer range. */
function parseInteger(text: string): number | undefined {
  if (!/^\d{1,15}$/.test(text)) return undefined;
  return Number(text);
}

/**
 * The Lima calendar day a `from`/`to` value designates. A date is taken as is; a date-time with an
 * offset (Z, -05:00...) is converted to Lima time first; a date-time without one is read as Lima
 * local time, so its own date is the day.
 */
export function limaDayOf(text: string): string | undefined {
  const value = readIso(text);
  if (value === null) return undefined;
  return value.instant === null ? value.date : limaDate(value.instant.getTime());
}
