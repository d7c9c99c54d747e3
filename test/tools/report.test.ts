// What a manager reports for a month or a year, end to end: complaints_overview's counts,
// performance (answered on time or late by the law's deadline, days to answer, unanswered overdue,
// responses not delivered, reasons), each store's answering, and e-mail problems, plus
// list_complaints emailProblem=true paged to the end; from the stdio server's McpServer in process
// (helpers/in-process.ts) against the sandbox's big book (30,000 records of organization A over a year) over HTTP. Each figure is checked
// against ground truth the test works out itself from the sandbox's own records, with no code of
// src/calendar, src/domain or src/format: the law's deadline and business days come from
// test/helpers/law-deadline.ts (a hard-coded holiday list and a day-by-day count), "answered" and the
// e-mail states from the list item the service sends (listItemOf).
//
// The big book answers nearly everything, some late, with some response e-mails failed or bounced;
// it never sends an answer without a date, nor a delivery state in capitals, nor an answer right at a
// day's edge in Lima. Before the sandbox starts, seedEdges makes a few of those in last month (plain
// objects: the sandbox derives the list item from the detail on each request), and makes what the
// book happens to lack of the rest, so that every figure checked can fail.
//
// The year (27,000 records or so) is read whole: no window; a second book of 52,000 is not, and names its window.
// REPORT_TRUTH=1 prints the ground truth of last month and of the year.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dataset, generateDataset, type SandboxRecord } from '../../src/sandbox/dataset.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { findMemberByKey } from '../../src/sandbox/members.js';
import { listItemOf } from '../../src/sandbox/record-builder.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import type { Connection } from '../helpers/connection.js';
import { connectInProcess } from '../helpers/in-process.js';
import { LatencyProxy } from '../helpers/latency-proxy.js';
import { isBusinessDay, lawDeadline, limaDay, plusDays } from '../helpers/law-deadline.js';
import { onOneDay } from '../helpers/one-day.js';

const LIMA = 'America/Lima';
const MINUTE = 60_000;
const SLOW = 300_000;
/** Records one complaints_overview call reads of a period at most (the contract's 5,000). */
const READ_AT_MOST = 5_000;
/** Filings of a period an overview read whole before issue 42; and what it reads whole now (the README's figures). */
const OLD_CAP = 4_000;
const READ_WHOLE = 50_000;
/** The member's cap on requests in flight to the service, as the README states it. */
const MEMBER_MAX_IN_FLIGHT = 8;

const FULL = findMemberByKey(DEMO_KEYS.full.key)!;

/** One record of organization A as the law and the service's list item say. */
interface Fact {
  id: string;
  createdAtMs: number;
  storeId: string;
  status: string;
  type: string;
  reason: string;
  /** Lima filing day. */
  filed: string;
  /** The law's deadline (Lima day). */
  due: string;
  answered: boolean;
  /** Lima day of the response, when answered and its date can be read. */
  responseDay?: string;
  /** Answered, and the response e-mail failed or bounced (any case). */
  notDelivered: boolean;
  /** The receipt and response e-mail states that are neither sent nor queued, as sent. */
  receiptProblem?: string;
  responseProblem?: string;
}

const isProblem = (state: string | null | undefined): state is string =>
  typeof state === 'string' && state.trim() !== '' && !['sent', 'queued'].includes(state.trim().toLowerCase());

function factOf(record: SandboxRecord): Fact {
  const item = listItemOf(record); // what the service sends for this record
  const answered = typeof item.hasResponse === 'boolean' ? item.hasResponse : typeof item.respondedAt === 'string' && item.respondedAt.trim() !== '';
  const respondedMs = typeof item.respondedAt === 'string' ? Date.parse(item.respondedAt) : Number.NaN;
  const delivery = (item.responseDeliveryStatus ?? '').trim().toLowerCase();
  return {
    id: record.id,
    createdAtMs: record.createdAtMs,
    storeId: item.storeId ?? '',
    status: item.status ?? '',
    type: item.type ?? '',
    reason: (item.reasonLabel ?? '').trim(),
    filed: limaDay(record.createdAtMs),
    due: lawDeadline(record.createdAtMs),
    answered,
    ...(answered && Number.isFinite(respondedMs) ? { responseDay: limaDay(respondedMs) } : {}),
    notDelivered: answered && (delivery === 'failed' || delivery === 'bounced'),
    ...(isProblem(item.receiptDeliveryStatus) ? { receiptProblem: item.receiptDeliveryStatus } : {}),
    ...(isProblem(item.responseDeliveryStatus) ? { responseProblem: item.responseDeliveryStatus } : {}),
  };
}

/** Business days d with filed < d <= answeredOn: an answer on the deadline day counts 15, on the filing day 0. */
const DAYS_TO_ANSWER = new Map<string, number>();
function daysToAnswer(filed: string, answeredOn: string): number {
  const key = `${filed}/${answeredOn}`;
  let count = DAYS_TO_ANSWER.get(key);
  if (count === undefined) {
    count = 0;
    for (let day = plusDays(filed, 1); day <= answeredOn; day = plusDays(day, 1)) if (isBusinessDay(day)) count += 1;
    DAYS_TO_ANSWER.set(key, count);
  }
  return count;
}

/** Nearest rank: the value at 1-based rank ceil(p * N) of the values sorted ascending. */
const nearestRank = (sorted: readonly number[], p: number) => sorted[Math.ceil(p * sorted.length) - 1]!;
const share = (part: number, whole: number) => Math.round((part / whole) * 1000) / 1000;

/** How `facts` were answered, as of `today`: performance's figures (without byReason and window). */
function answeringOf(facts: readonly Fact[], today: string) {
  const answered = facts.filter((fact) => fact.answered);
  const dated = answered.filter((fact) => fact.responseDay !== undefined);
  const onTime = dated.filter((fact) => fact.responseDay! <= fact.due).length;
  const days = dated.map((fact) => daysToAnswer(fact.filed, fact.responseDay!)).sort((a, b) => a - b);
  return {
    records: facts.length,
    answered: answered.length,
    answeredOnTime: onTime,
    answeredLate: dated.length - onTime,
    answerUndated: answered.length - dated.length || undefined,
    unansweredOverdue: facts.filter((fact) => !fact.answered && fact.due < today).length,
    responsesNotDelivered: facts.filter((fact) => fact.notDelivered).length,
    onTimeShare: dated.length > 0 ? share(onTime, dated.length) : undefined,
    daysToAnswer: days.length > 0 ? { median: nearestRank(days, 0.5), p90: nearestRank(days, 0.9) } : undefined,
  };
}

const PERFORMANCE_FIGURES = [
  'records',
  'answered',
  'answeredOnTime',
  'answeredLate',
  'answerUndated',
  'unansweredOverdue',
  'responsesNotDelivered',
  'onTimeShare',
  'daysToAnswer',
] as const;
const performanceIn = (performance: Record<string, unknown>) => Object.fromEntries(PERFORMANCE_FIGURES.map((name) => [name, performance[name]]));

/** Counts of `key` over `items`, as a plain record. */
function countsOf<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/** A record of counts without its zero entries, keys sorted: two renderings of one count compare equal. */
const nonZero = (counts: Record<string, number> | undefined) =>
  Object.fromEntries(
    Object.entries(counts ?? {})
      .filter(([, count]) => count !== 0)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/** Counts whose keys are folded to lower case (e-mail states: "Bounced" and "bounced" are one state). */
function folded(counts: Record<string, number> | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, count] of Object.entries(counts ?? {})) out[key.toLowerCase()] = (out[key.toLowerCase()] ?? 0) + count;
  return nonZero(out);
}

/** Each store's answering, by store id: what byStore's rows must say beside their count. */
function storeAnswering(facts: readonly Fact[], today: string) {
  const byStore = new Map<string, Fact[]>();
  for (const fact of facts) byStore.set(fact.storeId, [...(byStore.get(fact.storeId) ?? []), fact]);
  return new Map(
    [...byStore].map(([storeId, own]) => {
      const figures = answeringOf(own, today);
      return [storeId, { answered: figures.answered, onTimeShare: figures.onTimeShare, medianDaysToAnswer: figures.daysToAnswer?.median }];
    }),
  );
}

/** The e-mail problems of `facts` (newest first, as the book lists them). */
function emailProblemsOf(facts: readonly Fact[]) {
  const problems = facts.filter((fact) => fact.receiptProblem !== undefined || fact.responseProblem !== undefined);
  const states = problems.flatMap((fact) => [fact.receiptProblem, fact.responseProblem].filter((state): state is string => state !== undefined));
  return { problems, byState: countsOf(states, (state) => state) };
}

/** The last full calendar month before `today` (Lima days). */
function lastMonthOf(today: string): { from: string; to: string } {
  const firstOfThisMonth = `${today.slice(0, 8)}01`;
  const to = plusDays(firstOfThisMonth, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

const filedIn = (facts: readonly Fact[], from: string, to: string) => facts.filter((fact) => fact.filed >= from && fact.filed <= to);

/** What the test changed in the book, by record id. */
interface Seeded {
  /** Answered, the response date removed. */
  undated: string[];
  /** Answered at 23:30 Lima of the deadline day (the next day in UTC): on time. */
  onDeadlineDay: string[];
  /** Answered at 00:15 Lima of the day after the deadline: late. */
  dayAfterDeadline: string[];
  /** Answered a minute after filing, the same Lima day: 0 days. */
  sameDay: string[];
  /** Response e-mail in capitals ("Bounced"): not delivered all the same. */
  capitalized: string[];
  /** Made because the book lacked them: response e-mails failed, records left unanswered past the deadline. */
  lacking: string[];
}

/**
 * Changes a few answered records of last month, picked from its first days (so that their new
 * response instants are well past): the response date removed, answers at the edges of Lima days,
 * a delivery state in capitals. Then, only when the month has none of them, answers whose e-mail
 * failed and records left unanswered past the deadline.
 */
function seedEdges(dataset: Dataset, today: string): Seeded {
  const seeded: Seeded = { undated: [], onDeadlineDay: [], dayAfterDeadline: [], sameDay: [], capitalized: [], lacking: [] };
  const { from, to } = lastMonthOf(today);
  const month = dataset.records
    .filter((record) => record.organizationId === FULL.organizationId && limaDay(record.createdAtMs) >= from && limaDay(record.createdAtMs) <= to)
    .reverse(); // oldest first
  const taken = new Set<string>();
  const pick = (wanted: (fact: Fact, record: SandboxRecord) => boolean) => {
    const record = month.find((candidate) => !taken.has(candidate.id) && wanted(factOf(candidate), candidate));
    if (record) taken.add(record.id);
    return record;
  };
  const answeredAndSent = (fact: Fact, record: SandboxRecord) =>
    record.status === 'resolved' && fact.answered && fact.responseDay !== undefined && record.detail.delivery.response.status === 'sent';
  const answerAt = (record: SandboxRecord, ms: number) => {
    if (ms >= Date.now()) throw new Error(`seedEdges: ${record.id} would be answered in the future`);
    record.detail.response.respondedAt = new Date(ms).toISOString();
  };

  for (let i = 0; i < 2; i += 1) {
    const record = pick(answeredAndSent);
    if (!record) continue;
    record.detail.response.respondedAt = null;
    seeded.undated.push(record.id);
  }
  for (let i = 0; i < 2; i += 1) {
    const onDay = pick(answeredAndSent);
    if (onDay) {
      answerAt(onDay, Date.parse(`${lawDeadline(onDay.createdAtMs)}T23:30:00-05:00`));
      seeded.onDeadlineDay.push(onDay.id);
    }
    const dayAfter = pick(answeredAndSent);
    if (dayAfter) {
      answerAt(dayAfter, Date.parse(`${plusDays(lawDeadline(dayAfter.createdAtMs), 1)}T00:15:00-05:00`));
      seeded.dayAfterDeadline.push(dayAfter.id);
    }
  }
  const sameDay = pick((fact, record) => answeredAndSent(fact, record) && limaDay(record.createdAtMs + MINUTE) === fact.filed);
  if (sameDay) {
    answerAt(sameDay, sameDay.createdAtMs + MINUTE);
    seeded.sameDay.push(sameDay.id);
  }
  const capitalized = pick(answeredAndSent);
  if (capitalized) {
    capitalized.detail.delivery.response = { status: 'Bounced', sentAt: capitalized.detail.delivery.response.sentAt };
    seeded.capitalized.push(capitalized.id);
  }

  const facts = month.map(factOf);
  if (!facts.some((fact) => fact.notDelivered && fact.responseProblem?.toLowerCase() === 'failed')) {
    for (let i = 0; i < 3; i += 1) {
      const record = pick(answeredAndSent);
      if (!record) continue;
      record.detail.delivery.response = { status: 'failed', sentAt: null };
      seeded.lacking.push(record.id);
    }
  }
  if (!facts.some((fact) => !fact.answered && fact.due < today)) {
    for (let i = 0; i < 3; i += 1) {
      const record = pick(answeredAndSent);
      if (!record) continue;
      record.status = 'in_review';
      record.detail.status = 'in_review';
      record.detail.response = { officialResponse: null, respondedAt: null, respondedBy: null };
      record.detail.delivery.response = { status: null, sentAt: null };
      seeded.lacking.push(record.id);
    }
  }
  return seeded;
}

interface Row {
  id?: string;
  receiptEmail?: string;
  responseEmail?: string;
  [field: string]: unknown;
}

interface StoreRow {
  store?: string;
  storeId?: string;
  count: number;
  answered?: number;
  onTimeShare?: number;
  medianDaysToAnswer?: number;
}

/** A number as the text may write it: 2431 or 2,431. */
const writtenAs = (text: string, value: number) => text.includes(String(value)) || text.includes(value.toLocaleString('en-US'));

/** The checks of byStore, byReason and emailProblems against the records of the book `sandboxOf` serves. */
function expectations(sandboxOf: () => SandboxHandle) {
  const storesOfA = () => sandboxOf().dataset.stores.filter((store) => store.organizationId === FULL.organizationId);

  /** byStore's rows must be the stores of `facts`, each with its exact count, by id; and how each answers over `answering`. */
  function expectStores(rows: StoreRow[] | undefined, facts: readonly Fact[], answering: readonly Fact[], today: string, why: string) {
    const names = new Map(storesOfA().map((store) => [store.id, store.name]));
    const counts = countsOf(facts, (fact) => fact.storeId);
    const answers = storeAnswering(answering, today);
    const got = [...(rows ?? [])].sort((a, b) => ((a.storeId ?? '') < (b.storeId ?? '') ? -1 : 1));
    expect(
      got.map((row) => ({ storeId: row.storeId, store: row.store, count: row.count })),
      `${why}: byStore's counts`,
    ).toEqual(
      Object.keys(counts)
        .sort()
        .map((storeId) => ({ storeId, store: names.get(storeId), count: counts[storeId] })),
    );
    expect(
      got.map((row) => ({ storeId: row.storeId, answered: row.answered ?? 0, onTimeShare: row.onTimeShare, medianDaysToAnswer: row.medianDaysToAnswer })),
      `${why}: how each store answers`,
    ).toEqual(
      got.map((row) => {
        const own = answers.get(row.storeId!);
        return { storeId: row.storeId, answered: own?.answered ?? 0, onTimeShare: own?.onTimeShare, medianDaysToAnswer: own?.medianDaysToAnswer };
      }),
    );
    const listed = (rows ?? []).map((row) => row.count);
    expect(
      listed.every((count, i) => i === 0 || count <= listed[i - 1]!),
      `${why}: most records first`,
    ).toBe(true);
  }

  /** byReason: the same reasons with the same counts, most first. */
  function expectReasons(byReason: Array<{ reason: string; count: number }> | undefined, facts: readonly Fact[], why: string) {
    const got = byReason ?? [];
    expect(nonZero(Object.fromEntries(got.map((entry) => [entry.reason, entry.count]))), `${why}: byReason`).toEqual(
      nonZero(countsOf(facts, (fact) => fact.reason)),
    );
    expect(new Set(got.map((entry) => entry.reason)).size, `${why}: each reason once`).toBe(got.length);
    expect(
      got.every((entry, i) => i === 0 || entry.count <= got[i - 1]!.count),
      `${why}: most first`,
    ).toBe(true);
  }

  /** emailProblems over `facts`: how many records, which states, the newest 10. */
  function expectEmailProblems(emailProblems: Record<string, any> | undefined, facts: readonly Fact[], why: string) {
    const { problems, byState } = emailProblemsOf(facts);
    expect(emailProblems?.records, `${why}: emailProblems.records`).toBe(problems.length);
    expect(folded(emailProblems?.byState), `${why}: emailProblems.byState`).toEqual(folded(byState));
    expect(
      (emailProblems?.first ?? []).map((entry: Row) => entry.id),
      `${why}: emailProblems.first, newest first`,
    ).toEqual(problems.slice(0, 10).map((fact) => fact.id));
  }

  return { expectStores, expectReasons, expectEmailProblems };
}

describe('what a manager reports for a month or a year, the big book', () => {
  let sandbox: SandboxHandle;
  let full: Connection;
  let seeded: Seeded;
  /** In front of the sandbox, adding nothing: it counts the requests in flight at once. */
  let proxy: LatencyProxy;

  beforeAll(async () => {
    const dataset = generateDataset({ now: new Date(), book: 'big' });
    seeded = seedEdges(dataset, limaDay(Date.now()));
    sandbox = await startSandbox({ dataset, recordRequests: false });
    proxy = await LatencyProxy.start(sandbox.url);
    // A generous bound per call: a loaded machine must not turn a slow read into a partial answer.
    full = await connectInProcess({ COMPLAINTS_API_URL: proxy.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key, COMPLAINTS_TIMEOUT_MS: '120000' });
  }, SLOW);

  afterAll(async () => {
    await full?.close();
    await proxy?.close();
    await sandbox?.close();
  });

  /** Every record of organization A the full member sees, newest first (the list's order). */
  const book = (): Fact[] => sandbox.dataset.records.filter((record) => record.organizationId === FULL.organizationId).map(factOf);
  const storesOfA = () => sandbox.dataset.stores.filter((store) => store.organizationId === FULL.organizationId);
  const { expectStores, expectReasons, expectEmailProblems } = expectations(() => sandbox);

  it('keeps in last month what the figures need: answers late, undated and at the edges, e-mails not delivered, overdue, several reasons, every store', async () => {
    await onOneDay(LIMA, async (now, today) => {
      const { from, to } = lastMonthOf(today);
      const month = filedIn(book(), from, to);
      const truth = answeringOf(month, today);
      if (process.env.REPORT_TRUTH) {
        console.log(`last month ${from}..${to}`, JSON.stringify(truth), JSON.stringify(countsOf(month, (fact) => fact.reason)));
        console.log('email problems', emailProblemsOf(month).problems.length, JSON.stringify(emailProblemsOf(month).byState));
        console.log('seeded', JSON.stringify(seeded), now.toISOString());
        const year = filedIn(book(), plusDays(today, -365), today);
        console.log(`year: ${year.length}`, JSON.stringify(answeringOf(year, today)), JSON.stringify(countsOf(year, (fact) => fact.status)));
      }
      expect(month.length).toBeGreaterThan(1000);
      expect(month.length, 'the month is read whole').toBeLessThan(READ_AT_MOST);
      expect(truth.answeredOnTime).toBeGreaterThan(0);
      expect(truth.answeredLate).toBeGreaterThan(0);
      expect(truth.answerUndated).toBeGreaterThan(0);
      expect(truth.unansweredOverdue).toBeGreaterThan(0);
      expect(truth.responsesNotDelivered).toBeGreaterThan(0);
      expect(truth.daysToAnswer!.median).toBeLessThan(truth.daysToAnswer!.p90);
      expect(new Set(month.map((fact) => fact.reason)).size).toBeGreaterThanOrEqual(5);
      expect(new Set(month.map((fact) => fact.storeId))).toEqual(new Set(storesOfA().map((store) => store.id)));
      expect(storesOfA().length).toBe(6);
      expect(emailProblemsOf(month).problems.length).toBeGreaterThan(100); // more than one page of list_complaints
      // The seeded edges are what the truth says they are.
      const byId = new Map(month.map((fact) => [fact.id, fact]));
      for (const id of seeded.onDeadlineDay) expect(byId.get(id)!.responseDay).toBe(byId.get(id)!.due);
      for (const id of seeded.dayAfterDeadline) expect(byId.get(id)!.responseDay! > byId.get(id)!.due).toBe(true);
      for (const id of seeded.sameDay) expect(daysToAnswer(byId.get(id)!.filed, byId.get(id)!.responseDay!)).toBe(0);
      for (const id of seeded.capitalized) expect(byId.get(id)!.notDelivered).toBe(true);
      expect(seeded.onDeadlineDay.length + seeded.dayAfterDeadline.length + seeded.sameDay.length).toBe(5);
    });
  });

  it(
    'complaints_overview for last month (from/to): total, byStatus, byType and byStore are the exact counts; period last_month says the same',
    async () => {
      await onOneDay(LIMA, async (_now, today) => {
        const { from, to } = lastMonthOf(today);
        const month = filedIn(book(), from, to);
        const [asked, named] = await Promise.all([full.call('complaints_overview', { from, to }), full.call('complaints_overview', { period: 'last_month' })]);
        for (const [why, { structured, isError, text }] of [
          [`{from: ${from}, to: ${to}}`, asked],
          ['{period: last_month}', named],
        ] as const) {
          expect(isError, text).toBe(false);
          expect(structured.total, `${why}: total`).toBe(month.length);
          expect(structured.counted, `${why}: every record read`).toBeUndefined();
          expect(nonZero(structured.byStatus), `${why}: byStatus`).toEqual(nonZero(countsOf(month, (fact) => fact.status)));
          expect(nonZero(structured.byType), `${why}: byType`).toEqual(nonZero(countsOf(month, (fact) => fact.type)));
          expect(structured.otherStores, why).toBeUndefined();
          expectStores(structured.byStore, month, month, today, why);
        }
        expect({ filedFrom: named.structured.filedFrom, filedTo: named.structured.filedTo }).toEqual({ filedFrom: from, filedTo: to });
      });
    },
    SLOW,
  );

  it(
    "complaints_overview for last month: performance by the law's deadline, days to answer, reasons, each store's answering, and the text says it",
    async () => {
      await onOneDay(LIMA, async (_now, today) => {
        const { from, to } = lastMonthOf(today);
        const month = filedIn(book(), from, to);
        const truth = answeringOf(month, today);
        const { structured, isError, text } = await full.call('complaints_overview', { from, to });
        expect(isError, text).toBe(false);
        const { performance } = structured;
        expect(performance, 'performance').toBeDefined();
        expect(performance.window, 'every record of the month was read: no window').toBeUndefined();
        expect(performance.incomplete).toBeUndefined();
        expect(performanceIn(performance)).toEqual(truth);
        expectReasons(performance.byReason, month, 'last month');
        expectStores(structured.byStore, month, month, today, 'last month');
        expect(writtenAs(text, truth.answeredOnTime), `the text gives the ${truth.answeredOnTime} answered on time:\n${text}`).toBe(true);
        expect(writtenAs(text, truth.answeredLate), `the text gives the ${truth.answeredLate} answered late:\n${text}`).toBe(true);
      });
    },
    SLOW,
  );

  it(
    'complaints_overview for last month: e-mail problems, their states, the newest 10, and the list_complaints arguments that list them',
    async () => {
      await onOneDay(LIMA, async (_now, today) => {
        const { from, to } = lastMonthOf(today);
        const month = filedIn(book(), from, to);
        const { structured, isError, text } = await full.call('complaints_overview', { from, to });
        expect(isError, text).toBe(false);
        expectEmailProblems(structured.emailProblems, month, 'last month');
        expect(structured.emailProblems.list).toEqual({ emailProblem: true, from, to });
      });
    },
    SLOW,
  );

  it(
    'list_complaints emailProblem=true for last month, paged to the end: every record whose receipt or response e-mail is neither sent nor queued, once, newest first',
    async () => {
      await onOneDay(LIMA, async (_now, today) => {
        const { from, to } = lastMonthOf(today);
        const { problems } = emailProblemsOf(filedIn(book(), from, to));
        const rows: Row[] = [];
        let total: number | undefined;
        const atMostPages = Math.ceil(problems.length / 100) + 1;
        for (let page = 1; ; ) {
          const { structured, isError, text } = await full.call('list_complaints', { emailProblem: true, from, to, pageSize: 100, page });
          expect(isError, text).toBe(false);
          expect(structured.page).toBe(page);
          expect(structured.truncated, text).toBeUndefined();
          total ??= structured.total;
          expect(structured.total, 'the total does not change from page to page').toBe(total);
          rows.push(...((structured.items ?? []) as Row[]));
          if (structured.nextPage === undefined) break;
          expect(structured.nextPage).toBe(page + 1);
          page = structured.nextPage;
          if (page > atMostPages) throw new Error(`list_complaints emailProblem=true goes on past page ${atMostPages}`);
        }
        const ids = rows.map((row) => row.id);
        expect(new Set(ids).size, 'each record once').toBe(ids.length);
        expect(total).toBe(problems.length);
        expect(ids, 'the same records, newest first').toEqual(problems.map((fact) => fact.id));
        expect(rows.map((row) => ({ id: row.id, receiptEmail: row.receiptEmail, responseEmail: row.responseEmail }))).toEqual(
          problems.map((fact) => ({ id: fact.id, receiptEmail: fact.receiptProblem, responseEmail: fact.responseProblem })),
        );
      });
    },
    SLOW,
  );

  it(
    'complaints_overview for the whole year (under what one call reads whole): every count and every figure about answers over every record, no window, at most 8 requests in flight',
    async () => {
      await onOneDay(LIMA, async (_now, today) => {
        const from = plusDays(today, -365);
        const to = today;
        const year = filedIn(book(), from, to);
        expect(year.length, 'more than the 4,000 an overview read before').toBeGreaterThan(OLD_CAP);
        expect(year.length, 'within what one call reads whole').toBeLessThan(READ_WHOLE);
        proxy.reset();
        const { structured, isError, text } = await full.call('complaints_overview', { from, to });
        expect(isError, text).toBe(false);
        expect(proxy.peak, 'requests in flight at once').toBeLessThanOrEqual(MEMBER_MAX_IN_FLIGHT);
        expect(proxy.peak, 'read several pages at a time').toBeGreaterThan(1);
        expect(structured.total).toBe(year.length);
        expect(structured.counted, 'every record read').toBeUndefined();
        expect(structured.hint, text).toBeUndefined();
        expect(nonZero(structured.byStatus), 'byStatus').toEqual(nonZero(countsOf(year, (fact) => fact.status)));
        expect(nonZero(structured.byType), 'byType').toEqual(nonZero(countsOf(year, (fact) => fact.type)));
        expect(structured.otherStores).toBeUndefined();

        const { performance } = structured;
        expect(performance.window, 'every record of the year was read: no window').toBeUndefined();
        expect(performance.incomplete, text).toBeUndefined();
        const truth = answeringOf(year, today);
        expect(performanceIn(performance), 'performance over the whole year').toEqual(truth);
        expectReasons(performance.byReason, year, 'the year');
        expectStores(structured.byStore, year, year, today, 'the year');
        expectEmailProblems(structured.emailProblems, year, 'the year');
        expect(structured.emailProblems.list).toEqual({ emailProblem: true, from, to });
        expect(text, 'the text names no window').not.toContain('newest whole days read');
        expect(writtenAs(text, truth.answeredOnTime), `the text gives the ${truth.answeredOnTime} answered on time:\n${text}`).toBe(true);
      });
    },
    SLOW,
  );

  it(
    "complaints_overview for the whole year when the call's deadline comes first: answers with the records read, says so, and names no window",
    async () => {
      // 300 ms a request against 2,000 ms a call: about 50 of the year's 300 pages come in time, 8 at a
      // time, however fast the machine (a slower one reads fewer).
      const hurried = await connectInProcess({ COMPLAINTS_API_URL: proxy.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key, COMPLAINTS_TIMEOUT_MS: '2000' });
      try {
        await onOneDay(LIMA, async (_now, today) => {
          const from = plusDays(today, -365);
          const year = filedIn(book(), from, today);
          expect(Math.ceil(year.length / 100) / MEMBER_MAX_IN_FLIGHT, 'rounds of 300 ms a whole reading takes').toBeGreaterThan(10);
          proxy.delayMs = 300;
          const { structured, isError, text } = await hurried.call('complaints_overview', { from, to: today });
          expect(isError, text).toBe(false);
          expect(structured.total).toBe(year.length);
          const { performance } = structured;
          expect(structured.counted, 'fewer records read than the year holds').toBeLessThan(year.length);
          expect(performance.records, 'performance counts the records read').toBe(structured.counted);
          expect(performance.window, 'no window: the records read are not whole days').toBeUndefined();
          expect(performance.incomplete).toContain(`these figures count the ${structured.counted} read`);
          expect(text).toContain(`these figures count the ${structured.counted} read`);
          expect(text).toContain('COMPLAINTS_TIMEOUT_MS');
        });
      } finally {
        proxy.delayMs = 0;
        await hurried.close();
      }
    },
    SLOW,
  );
});

describe('a year of more records than one call reads whole', () => {
  let sandbox: SandboxHandle;
  let full: Connection;

  beforeAll(async () => {
    // Organization A's year at 52,000 records: beyond what an overview reads of a period.
    const dataset = generateDataset({ now: new Date(), book: 'big', recordsPerOrganization: { a: READ_WHOLE + 2_000 } });
    sandbox = await startSandbox({ dataset, recordRequests: false });
    full = await connectInProcess({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key, COMPLAINTS_TIMEOUT_MS: '120000' });
  }, SLOW);

  afterAll(async () => {
    await full?.close();
    await sandbox?.close();
  });

  const book = (): Fact[] => sandbox.dataset.records.filter((record) => record.organizationId === FULL.organizationId).map(factOf);
  const { expectStores, expectReasons, expectEmailProblems } = expectations(() => sandbox);

  it(
    'complaints_overview for a year beyond what one call reads whole: exact counts by status, type and store; performance over the window it names, each of its days counted whole',
    async () => {
      await onOneDay(LIMA, async (_now, today) => {
        const from = plusDays(today, -365);
        const to = today;
        const year = filedIn(book(), from, to);
        expect(year.length, 'more than one call reads whole').toBeGreaterThan(READ_WHOLE);
        const { structured, isError, text } = await full.call('complaints_overview', { from, to });
        expect(isError, text).toBe(false);
        expect(structured.total).toBe(year.length);
        expect(nonZero(structured.byStatus), 'byStatus').toEqual(nonZero(countsOf(year, (fact) => fact.status)));
        expect(nonZero(structured.byType), 'byType').toEqual(nonZero(countsOf(year, (fact) => fact.type)));
        expect(structured.otherStores).toBeUndefined();

        const { performance } = structured;
        const window = performance?.window;
        expect(window, 'performance names the filing days it covers').toBeDefined();
        expect(window.from <= window.to && window.from >= from && window.to <= to, `window ${JSON.stringify(window)} inside ${from}..${to}`).toBe(true);
        const covered = filedIn(year, window.from, window.to);
        if (process.env.REPORT_TRUTH)
          console.log(`year ${from}..${to}: ${year.length}; window`, JSON.stringify(window), JSON.stringify(answeringOf(covered, today)));
        expect(covered.length).toBeGreaterThan(0);
        expect(covered.length).toBeLessThan(year.length);
        expect(performanceIn(performance), `performance over ${window.from}..${window.to}`).toEqual(answeringOf(covered, today));
        expectReasons(performance.byReason, covered, 'the year');
        expectStores(structured.byStore, year, covered, today, 'the year');
        expectEmailProblems(structured.emailProblems, covered, 'the year');
        expect(structured.emailProblems.list.emailProblem).toBe(true);
      });
    },
    SLOW,
  );
});
