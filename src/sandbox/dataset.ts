// The sandbox's data set: deterministic from (seed, now), dated relative to `now`, never in the
// future, with records earlier today and on each of the last seven days so that "today" and
// "this week" always have data, and the showcase records the README quotes (showcase.ts).
import { addBusinessDays } from '../calendar/business-days.js';
import { BIG_BOOK, BOOKS, type Book, bigBookPlanner } from './big-book.js';
import { isoUtc, limaDate, limaDayEnd, limaDayStart } from './lima-time.js';
import { ORGANIZATION_A, ORGANIZATIONS, type Organization, STORES, type Store } from './organizations.js';
import { createRandom, type Random } from './prng.js';
import { buildRecord, DEADLINE_DAYS, type SandboxRecord } from './record-builder.js';
import { SHOWCASE, showcaseRecords } from './showcase.js';

export type { Book } from './big-book.js';
export type { SandboxRecord } from './record-builder.js';

export interface DatasetOptions {
  now: Date;
  seed?: number;
  /** Generated records per organization over the period; defaults a: 420 (30,000 in the big book), b: 150. Organization A also holds the showcase records filed within the period. */
  recordsPerOrganization?: { a?: number; b?: number };
  /** Length of the period, in days ending today (Lima). Default 120 (365 for organization A in the big book). */
  days?: number;
  /**
   * `demo` (the default): the small book the README quotes. `big`: organization A's year of a
   * mid-size chain, with its backlog, undelivered answers and wrong deadlines (big-book.ts);
   * organization B keeps its demo records. `recordsPerOrganization` and `days` still apply.
   */
  book?: Book;
}

export interface Dataset {
  now: string;
  seed: number;
  book: Book;
  organizations: readonly Organization[];
  stores: readonly Store[];
  /** All records, newest first (createdAt desc, then id desc): the list's order. */
  records: readonly SandboxRecord[];
  byId: ReadonlyMap<string, SandboxRecord>;
}

const DEFAULT_SEED = 20_261_122;
const DEFAULT_DAYS = 120;
const DAY = 86_400_000;
const TRACKING_ALPHABET = [...'ABCDEFGHJKMNPQRSTUVWXYZ23456789']; // no 0/O, 1/I/L

/** Hours at which consumers file, by relative weight (night filings are rare but exist). */
const HOUR_WEIGHTS: readonly (readonly [number, number])[] = Array.from({ length: 24 }, (_, hour) => [
  hour,
  hour < 7 ? 1 : hour < 9 ? 3 : hour < 13 ? 6 : hour < 18 ? 7 : hour < 22 ? 6 : 3,
]);

export function generateDataset(options: DatasetOptions): Dataset {
  const nowMs = options.now.getTime();
  if (!Number.isFinite(nowMs)) throw new RangeError('generateDataset: now is not a valid date');
  const seed = options.seed ?? DEFAULT_SEED;
  const book = options.book ?? 'demo';
  if (!BOOKS.includes(book)) throw new RangeError(`generateDataset: book must be one of ${BOOKS.join(', ')}`);
  // The big book changes organization A only; B's records are the demo book's.
  const isBig = (organization: Organization) => book === 'big' && organization.key === 'a';
  const daysOf = (organization: Organization) => Math.max(1, Math.floor(options.days ?? (isBig(organization) ? BIG_BOOK.days : DEFAULT_DAYS)));
  const deadlines = new Map<string, { iso: string; ms: number }>();
  const deadlineOf = (createdAtMs: number) => {
    const filed = limaDate(createdAtMs);
    let deadline = deadlines.get(filed);
    if (!deadline) {
      const ms = limaDayEnd(addBusinessDays(filed, DEADLINE_DAYS));
      deadline = { iso: isoUtc(ms), ms };
      deadlines.set(filed, deadline);
    }
    return deadline;
  };

  // The showcase records' references are taken: no generated record may share one.
  const ids = new Set(SHOWCASE.map((showcase) => showcase.id));
  const trackingCodes = new Set(SHOWCASE.map((showcase) => showcase.trackingCode));
  const reservedCorrelatives = new Set(SHOWCASE.map((showcase) => showcase.correlative));
  const records: SandboxRecord[] = [];
  ORGANIZATIONS.forEach((organization, index) => {
    // One stream per organization, so that resizing one leaves the other unchanged.
    const rng = createRandom((seed + Math.imul(index + 1, 0x9e3779b9)) >>> 0);
    const big = isBig(organization);
    const days = daysOf(organization);
    const defaultCount = big ? BIG_BOOK.records : organization.defaultRecords;
    const count = Math.max(0, Math.floor(options.recordsPerOrganization?.[organization.key] ?? defaultCount));
    const stores = STORES.filter((store) => store.organizationId === organization.id);
    const storeWeights = stores.map((store, i) => [i, store.weight] as const);
    // The demo book doubles its last week's filings; a year at the big book's rate needs no extra ones.
    const guaranteedPerDay = big ? 1 : Math.max(1, Math.round(count / 140));
    const times = filingTimes(rng, nowMs, days, count, guaranteedPerDay, organization.key === 'a').sort((x, y) => x - y);
    const awaitingAnswer = new Set(nearDeadlineFilings(nowMs));
    const correlativeOf = correlatives(nowMs, days, count, reservedCorrelatives);
    const planBigBook = big ? bigBookPlanner(seed, nowMs) : undefined;
    for (const createdAtMs of times) {
      const storeIndex = rng.weighted(storeWeights);
      const store = stores[storeIndex];
      if (!store) throw new Error('organization without stores');
      const deadline = deadlineOf(createdAtMs);
      const choice = planBigBook?.({ createdAtMs, lawDeadlineMs: deadline.ms });
      records.push(
        buildRecord(rng, {
          id: unique(ids, () => rng.uuid()),
          organization,
          store,
          storeSeries: storeIndex + 1,
          correlative: correlativeOf(createdAtMs),
          trackingCode: unique(trackingCodes, () => trackingCode(rng)),
          createdAtMs,
          nowMs,
          deadline: deadline.iso,
          deadlineMs: deadline.ms,
          awaitingAnswer: awaitingAnswer.has(createdAtMs),
          plan: choice?.plan,
          serviceDeadline: choice?.serviceDeadline,
        }),
      );
    }
  });

  const today = limaDate(nowMs);
  records.push(...showcaseRecords(today, limaDate(limaDayStart(today) - (daysOf(ORGANIZATION_A) - 1) * DAY)));
  records.sort(newestFirst);
  return {
    now: isoUtc(nowMs),
    seed,
    book,
    organizations: ORGANIZATIONS,
    stores: STORES,
    records,
    byId: new Map(records.map((record) => [record.id, record])),
  };
}

function newestFirst(a: SandboxRecord, b: SandboxRecord): number {
  if (a.createdAtMs !== b.createdAtMs) return b.createdAtMs - a.createdAtMs;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * Filing instants: `perDay` guaranteed ones on each of the last seven Lima days (two more earlier
 * today, and one minutes ago), for organization A also filings at 00:00:30 and 23:59:00 Lima time on the two previous
 * days (they exercise the inclusive day bounds of from/to), the rest spread over the period.
 */
function filingTimes(rng: Random, nowMs: number, days: number, count: number, perDay: number, withEdges: boolean): number[] {
  const todayStart = limaDayStart(limaDate(nowMs));
  const elapsedToday = nowMs - todayStart;
  const times: number[] = [];
  for (let day = 0; day < Math.min(7, days); day += 1) {
    const dayStart = todayStart - day * DAY;
    const span = day === 0 ? elapsedToday : DAY;
    for (let i = 0; i < (day === 0 ? perDay + 2 : perDay); i += 1) times.push(dayStart + Math.floor(rng.next() * span));
  }
  // One filed minutes ago: its receipt e-mail is still queued.
  times.push(nowMs - rng.int(60, 600) * 1000);
  times.push(...nearDeadlineFilings(nowMs));
  if (withEdges && days >= 3) {
    for (const day of [1, 2]) {
      const dayStart = todayStart - day * DAY;
      times.push(dayStart + 30_000, dayStart + DAY - 60_000);
    }
  }
  times.length = Math.min(times.length, count);
  while (times.length < count) {
    const day = rng.int(0, days - 1);
    const hour = rng.weighted(HOUR_WEIGHTS);
    let offset = hour * 3_600_000 + Math.floor(rng.next() * 3_600_000);
    if (day === 0 && offset > elapsedToday) offset = Math.floor(rng.next() * elapsedToday);
    times.push(todayStart - day * DAY + offset);
  }
  return times;
}

/**
 * Filings whose legal deadline falls 1, 2 and 3 business days from today, at 11:00 Lima: with
 * `awaitingAnswer`, they make sure "what is close to its deadline" always has an answer in the demo.
 */
function nearDeadlineFilings(nowMs: number): number[] {
  const today = limaDate(nowMs);
  return [1, 2, 3].map((left) => limaDayStart(addBusinessDays(addBusinessDays(today, left), -DEADLINE_DAYS)) + 11 * 3_600_000);
}

/**
 * Correlatives run per organization and calendar year (Lima) in filing order. The sequence does
 * not start at 1 for the period's first year: the organization filed records before the period
 * began, estimated at the period's own rate. A reserved correlative (a showcase record's) is skipped.
 */
function correlatives(nowMs: number, days: number, count: number, reserved: ReadonlySet<string>): (createdAtMs: number) => string {
  const periodStart = limaDayStart(limaDate(nowMs)) - (days - 1) * DAY;
  const firstYear = Number(limaDate(periodStart).slice(0, 4));
  const dayOfYear = (periodStart - limaDayStart(`${firstYear}-01-01`)) / DAY;
  const counters = new Map<number, number>([[firstYear, Math.floor((dayOfYear * count) / days)]]);
  return (createdAtMs) => {
    const year = Number(limaDate(createdAtMs).slice(0, 4));
    let next = counters.get(year) ?? 0;
    let correlative: string;
    do {
      next += 1;
      correlative = [String(next).padStart(9, '0'), '-', year].join('');
    } while (reserved.has(correlative));
    counters.set(year, next);
    return correlative;
  };
}

function trackingCode(rng: Random): string {
  const chars = ['RCL-'];
  for (let i = 0; i < 8; i += 1) chars.push(i === 4 ? '-' : '', rng.pick(TRACKING_ALPHABET));
  return chars.join('');
}

function unique(seen: Set<string>, make: () => string): string {
  let value = make();
  while (seen.has(value)) value = make();
  seen.add(value);
  return value;
}
