// The readings of every record a list may match (api/unresolved-records.ts, or a query's newest
// pages), kept a minute after a list's first page made one, so that its next pages are cut from the
// same reading rather than each reading the whole book again: ten pages of an overdue list cost one
// reading, not ten.
//
// One memory per process, outside the MCP servers (serve --http makes one per request), each reading
// under its member (the key's id, http/key-id.ts; never the key) and what the list asked: one member
// never sees another's reading, and a list with any other filter reads again. Bounded: at most
// MEMBER_KEPT_READINGS readings and MEMBER_KEPT_RECORDS records of one member (their own oldest
// dropped first, so that one member paging many lists cannot push out everyone else's), and
// MAX_KEPT_READINGS readings and MAX_KEPT_RECORDS records in all (each reading holds at most
// MAX_UNRESOLVED_RECORDS), the oldest dropped first; each is dropped at the end of its window too,
// so an idle process holds none.
import type { AllPages } from '../contract/operations.js';
import { MAX_UNRESOLVED_RECORDS } from './reading-bounds.js';

/** How long a reading serves the next pages of its list. */
export const READING_REUSE_MS = 60_000;

/** Readings kept at most by a process, of all its members. */
export const MAX_KEPT_READINGS = 8;

/** Records kept at most by a process, in all its readings: two of the largest (some 25 MB each). */
export const MAX_KEPT_RECORDS = 2 * MAX_UNRESOLVED_RECORDS;

/** Readings kept at most of one member: paging two lists in turn. */
export const MEMBER_KEPT_READINGS = 2;

/** Records kept at most of one member: one of the largest readings. */
export const MEMBER_KEPT_RECORDS = MAX_UNRESOLVED_RECORDS;

/** A reading, and when it began (ms since the epoch, by the clock of the call that made it). */
export interface KeptReading {
  pages: AllPages;
  readAtMs: number;
  /** Whether it was made by an earlier call: how old it is, the answer says. */
  reused: boolean;
}

interface Entry {
  member: string;
  reading: Promise<AllPages>;
  readAtMs: number;
  /** Records held, once the reading is in; 0 while it is read (the whole-book slot bounds that). */
  records: number;
  expiry: NodeJS.Timeout;
}

/** One member's side of the memory: what a server is given. */
export interface MemberReadings {
  /**
   * The reading of `list` begun within the window before `nowMs` (one still being read included),
   * else `read()`'s, kept for the next pages. `fresh` reads whatever is kept: a list's first page.
   */
  reading(list: string, read: () => Promise<AllPages>, options: ReadingOptions): Promise<KeptReading>;
}

export interface ReadingOptions {
  nowMs: number;
  fresh: boolean;
  /** The call's: waiting for another call's reading ends with it. */
  signal?: AbortSignal;
}

export class RecentReadings {
  /** In the order they were begun, oldest first (a Map keeps insertion order). */
  private readonly kept = new Map<string, Entry>();

  constructor(private readonly windowMs = READING_REUSE_MS) {}

  of(member: string): MemberReadings {
    return { reading: (list, read, options) => this.reading(member, JSON.stringify([member, list]), read, options) };
  }

  private async reading(member: string, key: string, read: () => Promise<AllPages>, { nowMs, fresh, signal }: ReadingOptions): Promise<KeptReading> {
    const entry = this.kept.get(key);
    const age = entry === undefined ? Number.NaN : nowMs - entry.readAtMs;
    if (!fresh && entry !== undefined && age >= 0 && age <= this.windowMs) {
      // A reading that failed (its call cancelled, the key refused) serves no one: this call reads.
      const pages = await until(entry.reading, signal).catch((error: unknown) => {
        if (signal?.aborted) throw error;
        return undefined;
      });
      if (pages !== undefined) return { pages, readAtMs: entry.readAtMs, reused: true };
    }
    return { pages: await this.readAndKeep(member, key, read, nowMs), readAtMs: nowMs, reused: false };
  }

  private async readAndKeep(member: string, key: string, read: () => Promise<AllPages>, nowMs: number): Promise<AllPages> {
    const reading = read();
    const entry: Entry = { member, reading, readAtMs: nowMs, records: 0, expiry: setTimeout(() => this.drop(key, entry), this.windowMs) };
    entry.expiry.unref();
    this.drop(key, this.kept.get(key));
    this.kept.set(key, entry);
    this.evict(member);
    try {
      const pages = await reading;
      // A reading with a page the service failed to give is answered, not kept: the next page may read it whole.
      if (pages.stoppedBy !== undefined) this.drop(key, entry);
      else {
        entry.records = pages.items.length;
        this.evict(member);
      }
      return pages;
    } catch (error) {
      this.drop(key, entry);
      throw error;
    }
  }

  /** The oldest readings dropped until the bounds hold: `member`'s own first (they just added one), then anyone's. */
  private evict(member: string): void {
    this.dropOldest(MEMBER_KEPT_READINGS, MEMBER_KEPT_RECORDS, (entry) => entry.member === member);
    this.dropOldest(MAX_KEPT_READINGS, MAX_KEPT_RECORDS, () => true);
  }

  /** The oldest readings `among` dropped until at most `readings` of them, holding at most `records`, are left. */
  private dropOldest(readings: number, records: number, among: (entry: Entry) => boolean): void {
    const counted = [...this.kept].filter(([, entry]) => among(entry));
    let held = counted.reduce((sum, [, entry]) => sum + entry.records, 0);
    let left = counted.length;
    for (const [key, entry] of counted) {
      if (left <= readings && held <= records) return;
      held -= entry.records;
      left -= 1;
      this.drop(key, entry);
    }
  }

  /** `entry` dropped, if it is still the one kept under `key`. */
  private drop(key: string, entry: Entry | undefined): void {
    if (entry === undefined || this.kept.get(key) !== entry) return;
    clearTimeout(entry.expiry);
    this.kept.delete(key);
  }
}

/** `promise`, or the signal's reason once it aborts, whichever comes first. */
function until<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
