// A register written as CSV, in pieces, to wherever it goes (a file over stdio, a download over
// HTTP): every record of the selection read to the end (api/every-record.ts), oldest first, then one
// row each; with the sheets, each record's detail read as its row's turn comes, a few at a time, so
// that memory holds the list and a handful of sheets, never the whole file.
import { readEveryRecord } from '../api/every-record.js';
import type { ComplaintsReader } from '../contract/operations.js';
import type { ComplaintDetail, ComplaintListItem } from '../contract/records.js';
import type { Clock } from '../domain/clock.js';
import { limaToday } from '../domain/deadline.js';
import { CSV_BOM, csvRecord } from '../format/csv.js';
import { plural } from '../format/fields.js';
import { maskInText } from '../format/mask-text.js';
import { redactDetail, redactListItem } from '../format/redact.js';
import { registerHeader, registerRow } from '../format/register.js';
import { type ExportSelection, mostRecords, selectionQueries, tooManyRecords } from './selection.js';

/** Sheets asked for at once: the member's gate lets 8 requests through (api/request-gate.ts). */
const SHEETS_IN_FLIGHT = 8;
/** Rows of a register without sheets handed to `write` at once: few writes, small pieces. */
const ROWS_A_PIECE = 250;

export interface RegisterOptions {
  clock: Clock;
  redactPii: boolean;
  /** COMPLAINTS_MAX_SHEETS. */
  maxSheets: number;
  /** Aborted: the reading stops at once, and the writing with it (the call was cancelled, the download closed). */
  signal: AbortSignal;
  /** Pages read, then sheets read, out of all there are to read. */
  progress?: (done: number, total: number, message: string) => void;
  /** Records the selection was counted to hold: the progress's first total. */
  counted?: number;
}

export interface WrittenRegister {
  rows: number;
  /** The store's name, when the selection names one store and a record names it. */
  storeName: string | undefined;
}

/**
 * Writes the register: the byte order mark and the header, then the rows. `write` may wait (a
 * file's or a socket's back-pressure). Rejects with the reason when the reading fails or is
 * aborted; what was written by then is not a register (the caller removes it, or cuts the download).
 */
export async function writeRegister(
  reader: ComplaintsReader,
  selection: ExportSelection,
  write: (piece: string) => unknown,
  options: RegisterOptions,
): Promise<WrittenRegister> {
  const { signal, progress } = options;
  const queries = selectionQueries(selection);
  const maxRecords = mostRecords(selection, options.maxSheets);
  const sheetsAhead = selection.sheets ? (options.counted ?? 0) : 0;
  // The pages as read, every reading's: the sheets' progress goes on from there, so that it keeps
  // rising (one query per status reads more pages than its records fill, a second reading twice as many).
  let pages = 0;
  const read = await readEveryRecord(reader, queries, {
    maxRecords,
    tooMany: (total) => tooManyRecords(total, selection, options.maxSheets),
    signal,
    onPage: (done, toRead) => {
      pages = done;
      progress?.(done, toRead + sheetsAhead, `read ${done} of ${plural(toRead, 'page')} of the list`);
    },
  });
  signal.throwIfAborted();
  const items = options.redactPii ? read.items.map(redactListItem) : read.items;
  const rowOptions = { language: selection.language, today: limaToday(options.clock.now()), redactPii: options.redactPii };
  await write(CSV_BOM + csvRecord(registerHeader(selection.language, selection.sheets)));

  if (!selection.sheets) {
    for (let start = 0; start < items.length; start += ROWS_A_PIECE) {
      signal.throwIfAborted();
      await write(
        items
          .slice(start, start + ROWS_A_PIECE)
          .map((item) => csvRecord(registerRow(item, undefined, rowOptions)))
          .join(''),
      );
    }
  } else {
    let done = 0;
    for await (const [item, sheet] of sheetsInOrder(reader, items, signal)) {
      await write(csvRecord(registerRow(item, options.redactPii ? redactDetail(sheet) : sheet, rowOptions)));
      done += 1;
      progress?.(pages + done, pages + items.length, `read ${done} of ${plural(items.length, 'sheet')}`);
    }
  }
  const named = selection.storeId === undefined ? undefined : (items.find((item) => item.storeName?.trim())?.storeName ?? undefined);
  // The file's name is masked as its cells are.
  const storeName = named !== undefined && options.redactPii ? maskInText(named) : named;
  return { rows: items.length, storeName };
}

/**
 * Each record with its sheet, in the records' order, with at most SHEETS_IN_FLIGHT asked for ahead
 * of the one written. A sheet that cannot be read ends the register: one with a hole is not the register.
 */
async function* sheetsInOrder(
  reader: ComplaintsReader,
  items: readonly ComplaintListItem[],
  signal: AbortSignal,
): AsyncGenerator<[ComplaintListItem, ComplaintDetail]> {
  // Stops the sheets still asked for when the register ends early (an error, the caller gone).
  const stop = new AbortController();
  const both = AbortSignal.any([signal, stop.signal]);
  const ahead: Array<Promise<ComplaintDetail>> = [];
  const ask = (index: number) => {
    const item = items[index]!;
    const asked = item.id === null ? Promise.reject(new Error(`record ${item.correlative ?? index + 1} has no id`)) : reader.getComplaint(item.id, both);
    // Handled where it is awaited; until then, a rejection must not count as unhandled.
    asked.catch(() => undefined);
    ahead.push(asked);
  };
  try {
    let next = 0;
    for (let index = 0; index < items.length; index += 1) {
      while (next < items.length && next < index + SHEETS_IN_FLIGHT) ask(next++);
      yield [items[index]!, await ahead.shift()!];
    }
  } finally {
    stop.abort();
  }
}
