// Every record of one or more list queries, for a register that must hold each of them once: read to
// the end (never a sample), and read again while the book moves under the reading.
//
// The list is paged by position, newest first. A record filed, or one whose status leaves the
// query's, while the pages are read shifts the records after it by one place: one record shows on two
// pages (counted once, by id), or one slips from a page not yet read to a page already read, and is
// missed. The pages say when this may have happened: a total that changed, a record seen twice, or
// other than the total listed. Then every page is read again; a reading during which nothing moved is
// the register. After three that all moved, no register is made: one with a hole is not the register.
import type { ListQuery } from '../contract/list-query.js';
import type { ComplaintsReader } from '../contract/operations.js';
import type { ComplaintListItem } from '../contract/records.js';
import { oldestFirst } from '../domain/at-risk.js';
import { UserFacingError } from '../errors.js';
import { thousands } from '../thousands.js';
import { readAllPages } from './all-pages.js';
import { PAGE_SIZE } from './reading-bounds.js';

type Query = Omit<ListQuery, 'page' | 'pageSize'>;

const MOST_READINGS = 3;

export interface EveryRecord {
  /** Each record once, oldest filing first. */
  items: ComplaintListItem[];
  /** How many times the pages were read. */
  readings: number;
}

export interface EveryRecordOptions {
  /** Records read at most: a selection counted above it fails with `tooMany` before its other pages are read. */
  maxRecords: number;
  tooMany: (total: number) => Error;
  signal?: AbortSignal;
  onPage?: (pagesRead: number, pagesToRead: number) => void;
}

export async function readEveryRecord(api: ComplaintsReader, queries: readonly Query[], options: EveryRecordOptions): Promise<EveryRecord> {
  // Pages read so far by earlier readings: progress keeps rising through a second reading.
  let pagesBefore = 0;
  let listed = { records: 0, total: 0 };
  for (let readings = 1; readings <= MOST_READINGS; readings += 1) {
    const pages = await readAllPages(api, queries, {
      maxPages: Math.ceil(options.maxRecords / PAGE_SIZE) + queries.length,
      signal: options.signal,
      onPage: (read, toRead) => options.onPage?.(pagesBefore + read, pagesBefore + toRead),
      onTotal: (total) => {
        if (total > options.maxRecords) throw options.tooMany(total);
      },
    });
    // A register is whole or it is not made: a page the service failed to give ends it, and so does
    // a service that does not say how many records match (its pages cannot be known to be all).
    if (pages.stoppedBy !== undefined || pages.capped) {
      throw new UserFacingError(`The register was not made: ${pages.stoppedBy ?? 'the service listed more records than it counted.'} Try again.`);
    }
    if (pages.totalUnreported) {
      throw new UserFacingError(
        'The register was not made: the complaints service did not say how many records match, so the pages read cannot be known to be all of them.',
      );
    }
    pagesBefore += pages.pagesRead;
    listed = { records: pages.items.length + pages.repeated, total: pages.total };
    const moved = pages.moved === true || pages.repeated > 0 || listed.records !== pages.total;
    if (!moved) return { items: oldestFirst(pages.items), readings };
  }
  throw new UserFacingError(
    `The register was not made: the book changed while it was read, ${MOST_READINGS} times over (records filed or answered meanwhile; the last reading listed ${thousands(listed.records)} records where the service counted ${thousands(listed.total)}). Try again in a minute.`,
  );
}
