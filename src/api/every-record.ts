// Every record of one or more list queries, for a register that must hold each of them once: read to
// the end (never a sample), and read again while the book moves under the reading.
//
// The list is paged by position, newest first. A record filed, or one whose status leaves the
// query's, while the pages are read shifts the records after it by one place: one record shows on two
// pages (counted once, by id), or one slips from a page not yet read to a page already read, and is
// missed. The pages say when this may have happened (a total that changed, a record seen twice), and
// then every page is read again. A reading during which nothing moved is the register; after three
// that all moved, their records are joined, by id (a record is lost only if it slipped past all
// three), and the register says the book was still moving.
import type { ListQuery } from '../contract/list-query.js';
import type { ComplaintsReader } from '../contract/operations.js';
import type { ComplaintListItem } from '../contract/records.js';
import { UserFacingError } from '../errors.js';
import { cleanLine } from '../sanitize.js';
import { PAGE_SIZE, readAllPages } from './all-pages.js';

type Query = Omit<ListQuery, 'page' | 'pageSize'>;

const MOST_READINGS = 3;

export interface EveryRecord {
  /** Each record once, oldest filing first: the first settled reading's, else every reading's (the latest copy of each). */
  items: ComplaintListItem[];
  /** How many times the pages were read. */
  readings: number;
  /** The book still moved during the last reading: a record may be missing. */
  unsettled: boolean;
}

export interface EveryRecordOptions {
  /** Records read at most: a reading that would pass it stops before it and fails with `tooMany`. */
  maxRecords: number;
  tooMany: (total: number) => Error;
  signal?: AbortSignal;
  onPage?: (pagesRead: number, pagesToRead: number) => void;
}

export async function readEveryRecord(api: ComplaintsReader, queries: readonly Query[], options: EveryRecordOptions): Promise<EveryRecord> {
  const byId = new Map<string, ComplaintListItem>();
  const unnamed: ComplaintListItem[] = [];
  let readings = 0;
  let moved = true;
  // Pages read so far by earlier readings: progress keeps rising through a second reading.
  let pagesBefore = 0;
  while (moved && readings < MOST_READINGS) {
    readings += 1;
    const pages = await readAllPages(api, queries, {
      maxPages: Math.ceil(options.maxRecords / PAGE_SIZE) + queries.length,
      signal: options.signal,
      onPage: (read, toRead) => options.onPage?.(pagesBefore + read, pagesBefore + toRead),
    });
    if (pages.total > options.maxRecords) throw options.tooMany(pages.total);
    // A register is whole or it is not made: a page the service failed to give ends it.
    if (pages.stoppedBy !== undefined || pages.capped) {
      throw new UserFacingError(`The register was not made: ${pages.stoppedBy ?? 'the service listed more records than it counted.'} Try again.`);
    }
    pagesBefore += pages.pagesRead;
    moved = pages.moved === true || pages.repeated > 0;
    // A reading during which nothing moved is whole by itself, and the book as it stands: a record
    // that left the selection while an earlier reading ran is not kept with its old status.
    if (!moved) return { items: oldestFirst(pages.items), readings, unsettled: false };
    for (const item of pages.items) {
      const id = item.id === null ? '' : cleanLine(item.id, item.id.length).toLowerCase();
      if (id === '') {
        if (readings === 1) unnamed.push(item);
      } else byId.set(id, item);
    }
  }
  return { items: oldestFirst([...byId.values(), ...unnamed]), readings, unsettled: true };
}

/** Oldest filing first; a record whose filing time cannot be read goes last. Ties by correlative. */
function oldestFirst(items: ComplaintListItem[]): ComplaintListItem[] {
  const when = (item: ComplaintListItem) => {
    const instant = item.createdAt === null ? Number.NaN : Date.parse(item.createdAt);
    return Number.isNaN(instant) ? Number.POSITIVE_INFINITY : instant;
  };
  return items
    .map((item) => ({ item, at: when(item) }))
    .sort((a, b) => a.at - b.at || (a.item.correlative ?? '').localeCompare(b.item.correlative ?? ''))
    .map(({ item }) => item);
}
