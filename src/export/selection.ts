// Which records a register holds: the list's filters, fixed when the register is asked for (a period
// is its days then, so that a link opened after midnight gives the same days), and whether each
// sheet's content is written too. Plain data: a link keeps it as JSON (http/export-links.ts).
import { z } from 'zod';
import type { ListQuery } from '../contract/list-query.js';
import type { ComplaintsReader } from '../contract/operations.js';
import { UserFacingError } from '../errors.js';
import { thousands } from '../thousands.js';

/** A register without the sheets' content goes to this many rows. */
export const MAX_REGISTER_ROWS = 50_000;
/** Whole sheets are written for at most this many records a call, unless COMPLAINTS_MAX_SHEETS says otherwise. */
export const DEFAULT_MAX_SHEETS = 3_000;
/** The most a whole register may take to read and write (a call over stdio, a download over HTTP); each request is bounded by COMPLAINTS_TIMEOUT_MS. */
export const MOST_REGISTER_MS = 15 * 60_000;

export const exportSelectionSchema = z.strictObject({
  /** Filing days, as the API takes them (YYYY-MM-DD, or an ISO date-time it reads as that day). */
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  /** One query per status; none: every status. */
  statuses: z.array(z.string().max(20)).max(3).optional(),
  type: z.string().max(20).optional(),
  storeId: z.string().max(60).optional(),
  /** Each record's sheet too: one detail request per record. */
  sheets: z.boolean(),
  language: z.enum(['es', 'en']),
  /** How the member named the statuses (unresolved is two), for the file's name. */
  status: z.string().max(20).optional(),
});

export type ExportSelection = z.infer<typeof exportSelectionSchema>;

type Query = Omit<ListQuery, 'page' | 'pageSize'>;

/** The list queries whose records make the register: one per status asked for. */
export function selectionQueries(selection: ExportSelection): Query[] {
  const { from, to, type, storeId } = selection;
  const base: Query = Object.fromEntries(Object.entries({ from, to, type, storeId }).filter(([, value]) => value !== undefined));
  return selection.statuses === undefined ? [base] : selection.statuses.map((status) => ({ ...base, status }));
}

/**
 * The records the service counts for the selection now (one request of one record per query), within
 * what a register holds: a larger selection is refused before anything else is read, with its count
 * and how to split it.
 */
export async function countWithin(reader: ComplaintsReader, selection: ExportSelection, maxSheets: number, signal?: AbortSignal): Promise<number> {
  const firsts = await Promise.all(selectionQueries(selection).map((query) => reader.listComplaints({ ...query, page: 1, pageSize: 1 }, signal)));
  const counted = firsts.reduce((sum, first) => sum + first.pagination.total, 0);
  if (counted > mostRecords(selection, maxSheets)) throw tooManyRecords(counted, selection, maxSheets);
  return counted;
}

/** The most records the register may hold: fewer with the sheets, which cost a request each. */
export function mostRecords(selection: ExportSelection, maxSheets: number): number {
  return selection.sheets ? maxSheets : MAX_REGISTER_ROWS;
}

/** Refuses, before anything is read, a selection larger than a register holds, and says how to split it. */
export function tooManyRecords(total: number, selection: ExportSelection, maxSheets: number): UserFacingError {
  const count = thousands(total);
  const split =
    'Split it into smaller selections: fewer filing days (from and to: a month, a week), one store (storeId; complaints_overview lists the stores), one type or one status.';
  if (selection.sheets) {
    return new UserFacingError(
      `The selection holds ${count} records; whole sheets (details: true) are written for at most ${thousands(maxSheets)} a call (COMPLAINTS_MAX_SHEETS), one request each. ${split} Or leave details out: the register alone goes to ${thousands(MAX_REGISTER_ROWS)} rows.`,
    );
  }
  return new UserFacingError(`The selection holds ${count} records; a register holds at most ${thousands(MAX_REGISTER_ROWS)} rows. ${split}`);
}
