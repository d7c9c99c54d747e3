// What is at risk now, end to end: complaints_overview's atRisk and list_complaints' overdue, dueBy
// and status "unresolved", from the stdio server's McpServer in process (helpers/in-process.ts) against the sandbox over HTTP, checked
// against ground truth the test works out itself from the sandbox's own records. The truth uses no
// code of src/calendar, src/domain or src/format: the law's deadline comes from
// test/helpers/law-deadline.ts (a hard-coded holiday list and a day-by-day count), "answered" and
// "not delivered" from the record as the service sends it.
//
// Two books: the demo book (the sandbox's default) and a big one (30,000 records of organization A
// over a year). Neither comes with answers left undelivered nor with service deadlines that differ
// from the law's, so before its sandbox starts the test makes a few of each in the data set (plain
// objects; the sandbox derives the list item from the detail on each request): see seedGaps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dataset, generateDataset, type SandboxRecord } from '../../src/sandbox/dataset.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { findMemberByKey } from '../../src/sandbox/members.js';
import { listItemOf } from '../../src/sandbox/record-builder.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import type { Connection } from '../helpers/connection.js';
import { connectInProcess } from '../helpers/in-process.js';
import { businessDayAfter, businessDaysLeft, DUE_SOON_DAYS, lawDeadline, limaDay, plusDays } from '../helpers/law-deadline.js';
import { onOneDay } from '../helpers/one-day.js';

const LIMA = 'America/Lima';
const DAY_MS = 86_400_000;
const SLOW = 180_000;

const BOOKS: Record<string, () => Dataset> = {
  demo: () => generateDataset({ now: new Date() }),
  // A year of 30,000 records with old ones left unanswered, answers not delivered, and service
  // deadlines wrong or missing: seedGaps leaves it as it comes.
  big: () => generateDataset({ now: new Date(), book: 'big' }),
};

const FULL = findMemberByKey(DEMO_KEYS.full.key)!;
const RESTRICTED = findMemberByKey(DEMO_KEYS.storeRestricted.key)!;

/** One unresolved record as the law and the service's own fields say, as of `today`. */
interface Fact {
  id: string;
  createdAtMs: number;
  storeId: string;
  type: string;
  /** Lima filing day. */
  filed: string;
  /** The law's deadline (Lima day). */
  due: string;
  /** Only when the service's deadline is not the law's day: its Lima day, or "none". */
  serviceDue?: string;
  answered: boolean;
  /** Answered, and the response e-mail failed or bounced. */
  notDelivered: boolean;
  /** Business days left, while unanswered. */
  daysLeft?: number;
}

function factOf(record: SandboxRecord, today: string): Fact {
  const item = listItemOf(record); // what the service sends for this record
  const due = lawDeadline(record.createdAtMs);
  const service = item.responseDeadline === null ? 'none' : limaDay(Date.parse(item.responseDeadline));
  // The service's flag; without it, a response date or an official response that is not blank.
  const answered =
    typeof item.hasResponse === 'boolean' ? item.hasResponse : item.respondedAt !== null || (record.detail.response.officialResponse ?? '').trim() !== '';
  const delivery = (item.responseDeliveryStatus ?? '').toLowerCase();
  return {
    id: record.id,
    createdAtMs: record.createdAtMs,
    storeId: record.storeId,
    type: record.type,
    filed: limaDay(record.createdAtMs),
    due,
    ...(service === due ? {} : { serviceDue: service }),
    answered,
    notDelivered: answered && (delivery === 'failed' || delivery === 'bounced'),
    ...(answered ? {} : { daysLeft: businessDaysLeft(today, due) }),
  };
}

const isOverdue = (fact: Fact) => !fact.answered && fact.daysLeft! < 0;
const isDueSoon = (fact: Fact) => !fact.answered && fact.daysLeft! >= 0 && fact.daysLeft! <= DUE_SOON_DAYS;
const isUnresolved = (record: SandboxRecord) => record.status === 'open' || record.status === 'in_review';

/** Earliest deadline first, then the oldest filing, then by id. */
const byDeadline = (a: Fact, b: Fact) => (a.due < b.due ? -1 : a.due > b.due ? 1 : a.createdAtMs - b.createdAtMs || (a.id < b.id ? -1 : 1));
const byFiling = (a: Fact, b: Fact) => a.createdAtMs - b.createdAtMs || (a.id < b.id ? -1 : 1);

/** The atRisk figures over `facts` (the unresolved records one call may see). */
function figuresOf(facts: readonly Fact[]) {
  const unanswered = facts.filter((fact) => !fact.answered);
  return {
    unresolved: facts.length,
    unanswered: unanswered.length,
    overdue: facts.filter(isOverdue).length,
    dueSoon: facts.filter(isDueSoon).length,
    answeredNotDelivered: facts.filter((fact) => fact.notDelivered).length,
    serviceDeadlineDiffers: unanswered.filter((fact) => fact.serviceDue !== undefined).length || undefined,
  };
}

const FIGURES = ['unresolved', 'unanswered', 'overdue', 'dueSoon', 'answeredNotDelivered', 'serviceDeadlineDiffers'] as const;
const figuresIn = (atRisk: Record<string, unknown>) => Object.fromEntries(FIGURES.map((name) => [name, atRisk[name]]));

/** The last day whose deadline has at most DUE_SOON_DAYS business days left from `today`. */
function lastDueSoonDay(today: string): string {
  let day = today;
  while (businessDaysLeft(today, plusDays(day, 1)) <= DUE_SOON_DAYS) day = plusDays(day, 1);
  return day;
}

/** What the test changed in a book, by record id. */
interface Seeded {
  /** Service deadline moved to 15 calendar days after filing, or removed. */
  serviceDeadline: string[];
  /** Service deadline on the law's day but written at 23:30 Lima in UTC (the next UTC day): no difference. */
  sameLimaDay: string[];
  /** Answered: response e-mail failed, bounced, or sent. */
  answered: string[];
}

/**
 * Makes what the current books lack: a few unanswered records whose service deadline differs from the
 * law's (15 calendar days after filing) or is missing, one whose service deadline is the law's day
 * written in another offset, and in_review records answered with the response e-mail failed, bounced
 * or sent. Each only when the book has none of that kind, so a book that brings its own is left alone.
 */
function seedGaps(dataset: Dataset, today: string): Seeded {
  const seeded: Seeded = { serviceDeadline: [], sameLimaDay: [], answered: [] };
  const book = dataset.records.filter((record) => record.organizationId === FULL.organizationId && isUnresolved(record));
  const facts = new Map(book.map((record) => [record.id, factOf(record, today)]));
  const taken = new Set<string>();
  const pick = (wanted: (fact: Fact, record: SandboxRecord) => boolean, from: 'oldest' | 'newest' = 'newest') => {
    const ordered = from === 'newest' ? book : [...book].reverse();
    const record = ordered.find((candidate) => !taken.has(candidate.id) && wanted(facts.get(candidate.id)!, candidate));
    if (record) taken.add(record.id);
    return record;
  };
  const unanswered = (fact: Fact) => !fact.answered;
  const notYetDue = (fact: Fact) => unanswered(fact) && fact.daysLeft! > DUE_SOON_DAYS;

  if (![...facts.values()].some((fact) => fact.serviceDue !== undefined)) {
    const calendarDays = (record: SandboxRecord) => {
      record.detail.deadline.date = new Date(record.createdAtMs + 15 * DAY_MS).toISOString();
    };
    const none = (record: SandboxRecord) => {
      record.detail.deadline.date = null;
    };
    // The oldest overdue record is among the most urgent: its row there must carry the service's day.
    const changes: Array<[SandboxRecord | undefined, (record: SandboxRecord) => void]> = [
      [pick((fact) => isOverdue(fact), 'oldest'), calendarDays],
      [pick((fact) => isOverdue(fact)), none],
      [pick((fact) => isDueSoon(fact)), calendarDays],
      [pick(notYetDue), calendarDays],
      [pick(notYetDue), none],
    ];
    for (const [record, change] of changes) {
      if (!record) continue;
      change(record);
      seeded.serviceDeadline.push(record.id);
    }
    const control = pick(notYetDue);
    if (control) {
      control.detail.deadline.date = `${facts.get(control.id)!.due}T23:30:00-05:00`;
      seeded.sameLimaDay.push(control.id);
    }
  }

  if (![...facts.values()].some((fact) => fact.notDelivered)) {
    const inReview = (fact: Fact, record: SandboxRecord) => unanswered(fact) && record.status === 'in_review';
    const answers: Array<[SandboxRecord | undefined, string]> = [
      [pick((fact, record) => inReview(fact, record) && isOverdue(fact), 'oldest'), 'failed'],
      [pick((fact, record) => inReview(fact, record) && isOverdue(fact)), 'failed'],
      [pick((fact, record) => inReview(fact, record) && fact.daysLeft! >= 0), 'bounced'],
      // Answered and delivered: no longer unanswered, and not counted as undelivered either.
      [pick((fact, record) => inReview(fact, record) && isOverdue(fact)), 'sent'],
    ];
    for (const [record, status] of answers) {
      if (!record) continue;
      const respondedAt = new Date(Math.min(record.createdAtMs + 2 * DAY_MS, Date.now() - 60_000)).toISOString();
      record.detail.response = {
        officialResponse: 'Estimado(a) cliente: atendimos su reclamo y le enviamos la respuesta por correo.',
        respondedAt,
        respondedBy: 'Agente de pruebas',
      };
      record.detail.delivery.response = { status, sentAt: status === 'failed' ? null : respondedAt };
      seeded.answered.push(record.id);
    }
  }
  return seeded;
}

interface Row {
  id?: string;
  due?: string;
  serviceDue?: string;
  daysLeft?: number;
  answered?: string;
  [field: string]: unknown;
}

/** Every page of list_complaints with `args`, following nextPage; each page checked for its own consistency. */
async function pageThrough(mcp: Connection, args: Record<string, unknown>, atMostPages: number): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  let total: number | undefined;
  for (let page = 1; ; ) {
    const { structured, isError, text } = await mcp.call('list_complaints', { ...args, page });
    expect(isError, text).toBe(false);
    expect(structured.page).toBe(page);
    expect(structured.truncated, 'no unresolved record may be left unread').toBeUndefined();
    total ??= structured.total;
    expect(structured.total, 'the total does not change from page to page').toBe(total);
    rows.push(...((structured.items ?? []) as Row[]));
    if (structured.nextPage === undefined) break;
    expect(structured.nextPage).toBe(page + 1);
    page = structured.nextPage;
    if (page > atMostPages) throw new Error(`list_complaints ${JSON.stringify(args)} goes on past page ${atMostPages}`);
  }
  return { rows, total: total ?? 0 };
}

/** The row's deadline fields, and what the truth says they must be. */
const deadlineOfRow = (row: Row) => ({ id: row.id, due: row.due, serviceDue: row.serviceDue, daysLeft: row.daysLeft });
const deadlineOfFact = (fact: Fact) => ({ id: fact.id, due: fact.due, serviceDue: fact.serviceDue, daysLeft: fact.daysLeft });

/** Rows listed by deadline: each record once, the same set as `expected`, due never earlier than the row before, each row's deadline the law's. */
function expectDeadlineRows(rows: readonly Row[], expected: readonly Fact[]): void {
  const ids = rows.map((row) => row.id);
  expect(new Set(ids).size, 'each record once').toBe(ids.length);
  expect([...ids].sort()).toEqual(expected.map((fact) => fact.id).sort());
  const dues = rows.map((row) => row.due ?? '');
  expect(
    dues.every((due, i) => i === 0 || due >= dues[i - 1]!),
    'due never decreases across pages',
  ).toBe(true);
  const byId = new Map(expected.map((fact) => [fact.id, fact]));
  expect(rows.map(deadlineOfRow)).toEqual(rows.map((row) => deadlineOfFact(byId.get(row.id!)!)));
}

const pagesFor = (count: number, pageSize: number) => Math.ceil(count / pageSize) + 1;

describe.each(Object.keys(BOOKS))('what is at risk now, the %s book', (bookName) => {
  let sandbox: SandboxHandle;
  let full: Connection;
  let restricted: Connection;
  let seeded: Seeded;

  beforeAll(async () => {
    const dataset = BOOKS[bookName]!();
    seeded = seedGaps(dataset, limaDay(Date.now()));
    sandbox = await startSandbox({ dataset, recordRequests: false });
    // A generous bound per call: a loaded machine must not turn a slow read into a partial answer.
    const env = (key: string) => ({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: key, COMPLAINTS_TIMEOUT_MS: '120000' });
    [full, restricted] = await Promise.all([connectInProcess(env(DEMO_KEYS.full.key)), connectInProcess(env(DEMO_KEYS.storeRestricted.key))]);
  }, SLOW);

  afterAll(async () => {
    await Promise.all([full?.close(), restricted?.close()]);
    await sandbox?.close();
  });

  /** The unresolved records `member` can see, as of `today`. */
  const factsFor = (member: typeof FULL, today: string): Fact[] =>
    sandbox.dataset.records
      .filter(
        (record) =>
          record.organizationId === member.organizationId && isUnresolved(record) && (member.storeIds === null || member.storeIds.includes(record.storeId)),
      )
      .map((record) => factOf(record, today));

  /** The store with most records matching `wanted`: a narrowing with something in it. */
  const busiestStore = (facts: readonly Fact[], wanted: (fact: Fact) => boolean): string => {
    const counts = new Map<string, number>();
    for (const fact of facts.filter(wanted)) counts.set(fact.storeId, (counts.get(fact.storeId) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? facts[0]!.storeId;
  };

  it('keeps the seeded gaps in the book: records whose service deadline differs, answers not delivered', async () => {
    await onOneDay(LIMA, async (now) => {
      const facts = factsFor(FULL, limaDay(now.getTime()));
      expect(facts.filter((fact) => !fact.answered && fact.serviceDue !== undefined).length).toBeGreaterThan(0);
      expect(facts.filter((fact) => fact.notDelivered).length).toBeGreaterThan(0);
      expect(facts.filter(isOverdue).length).toBeGreaterThan(0);
      expect(facts.filter(isDueSoon).length).toBeGreaterThan(0);
    });
  });

  it(
    'complaints_overview: atRisk counts every unresolved record of the book, and no period or from/to changes it',
    async () => {
      await onOneDay(LIMA, async (now) => {
        const today = limaDay(now.getTime());
        const facts = factsFor(FULL, today);
        const expected = figuresOf(facts);
        const urgent = facts.filter((fact) => isOverdue(fact) || isDueSoon(fact)).sort(byDeadline);
        const calls = [{}, { period: 'this_week' }, { period: 'last_month' }, { from: '2020-01-01', to: '2020-01-31' }];
        const answers = await Promise.all(calls.map((args) => full.call('complaints_overview', args)));
        for (const [i, { structured, isError, text }] of answers.entries()) {
          const why = `complaints_overview ${JSON.stringify(calls[i])}`;
          expect(isError, text).toBe(false);
          const { atRisk } = structured;
          expect(figuresIn(atRisk), why).toEqual(expected);
          expect(atRisk.read, `${why}: every unresolved record was read`).toBeUndefined();
          expect(atRisk.incomplete, why).toBeUndefined();
          // The 10 earliest deadlines, each with the law's day, the service's when it differs, and the days left.
          expect(
            (atRisk.mostUrgent ?? []).map((record: Row) => deadlineOfRow(record)),
            why,
          ).toEqual(urgent.slice(0, 10).map(deadlineOfFact));
          // Due soon records that did not fit: due soon indeed, and not listed above.
          const listed = new Set(urgent.slice(0, 10).map((fact) => fact.id));
          const dueSoon = new Map(facts.filter(isDueSoon).map((fact) => [fact.id, fact]));
          for (const also of atRisk.alsoDueSoon ?? []) {
            expect(listed.has(also.id), why).toBe(false);
            expect(also.daysLeft, why).toBe(dueSoon.get(also.id)?.daysLeft);
          }
          // Answered but not delivered: the oldest filings first, at most 10.
          expect(
            (atRisk.notDelivered ?? []).map((record: Row) => record.id),
            why,
          ).toEqual(
            facts
              .filter((fact) => fact.notDelivered)
              .sort(byFiling)
              .slice(0, 10)
              .map((fact) => fact.id),
          );
          expect(atRisk.listOverdue, why).toEqual(expected.overdue > 0 ? { overdue: true } : undefined);
          expect(atRisk.listDueSoon, why).toEqual(urgent.length > 0 ? { dueBy: lastDueSoonDay(today) } : undefined);
        }
        expect(answers[0]!.text).toContain(`${expected.unanswered} unanswered; ${expected.overdue} OVERDUE; ${expected.dueSoon} due soon`);
      });
    },
    SLOW,
  );

  it(
    'complaints_overview narrowed by type and by store: the figures of that narrowing, still whatever the period',
    async () => {
      await onOneDay(LIMA, async (now) => {
        const facts = factsFor(FULL, limaDay(now.getTime()));
        const store = busiestStore(facts, isOverdue);
        const narrowings: Array<[Record<string, string>, (fact: Fact) => boolean]> = [
          [{ type: 'claim' }, (fact) => fact.type === 'claim'],
          [{ storeId: store }, (fact) => fact.storeId === store],
          [{ type: 'complaint', storeId: store, period: 'last_week' }, (fact) => fact.type === 'complaint' && fact.storeId === store],
        ];
        const answers = await Promise.all(narrowings.map(([args]) => full.call('complaints_overview', args)));
        for (const [i, { structured, isError, text }] of answers.entries()) {
          const [args, wanted] = narrowings[i]!;
          expect(isError, text).toBe(false);
          expect(figuresIn(structured.atRisk), `complaints_overview ${JSON.stringify(args)}`).toEqual(figuresOf(facts.filter(wanted)));
          const { period: _, ...book } = args;
          if (structured.atRisk.overdue > 0) expect(structured.atRisk.listOverdue).toEqual({ overdue: true, ...book });
        }
      });
    },
    SLOW,
  );

  it(
    'list_complaints overdue=true, paged to the end: every overdue record once, earliest deadline first, each by the law',
    async () => {
      await onOneDay(LIMA, async (now) => {
        const overdue = factsFor(FULL, limaDay(now.getTime())).filter(isOverdue);
        const { rows, total } = await pageThrough(full, { overdue: true, pageSize: 100 }, pagesFor(overdue.length, 100));
        expect(total).toBe(overdue.length);
        expectDeadlineRows(rows, overdue);
        expect(rows.every((row) => row.daysLeft! < 0)).toBe(true);
      });
    },
    SLOW,
  );

  it(
    'list_complaints dueBy 5 business days from today, paged to the end: every unanswered record due by then, overdue included',
    async () => {
      await onOneDay(LIMA, async (now) => {
        const today = limaDay(now.getTime());
        const dueBy = businessDayAfter(today, 5);
        const due = factsFor(FULL, today).filter((fact) => !fact.answered && fact.due <= dueBy);
        const { rows, total } = await pageThrough(full, { dueBy, pageSize: 100 }, pagesFor(due.length, 100));
        expect(total).toBe(due.length);
        expectDeadlineRows(rows, due);
      });
    },
    SLOW,
  );

  it(
    'list_complaints overdue=true with type and storeId: the overdue records of that narrowing',
    async () => {
      await onOneDay(LIMA, async (now) => {
        const facts = factsFor(FULL, limaDay(now.getTime()));
        const store = busiestStore(facts, (fact) => isOverdue(fact) && fact.type === 'complaint');
        const overdue = facts.filter((fact) => isOverdue(fact) && fact.type === 'complaint' && fact.storeId === store);
        const { rows, total } = await pageThrough(full, { overdue: true, type: 'complaint', storeId: store, pageSize: 100 }, pagesFor(overdue.length, 100));
        expect(total).toBe(overdue.length);
        expectDeadlineRows(rows, overdue);
      });
    },
    SLOW,
  );

  it(
    'list_complaints dueBy with from/to: the unanswered records filed in those days and due by then',
    async () => {
      await onOneDay(LIMA, async (now) => {
        const today = limaDay(now.getTime());
        const dueBy = businessDayAfter(today, 5);
        const from = plusDays(today, -90);
        const to = plusDays(today, -20);
        const due = factsFor(FULL, today).filter((fact) => !fact.answered && fact.due <= dueBy && fact.filed >= from && fact.filed <= to);
        const { rows, total } = await pageThrough(full, { dueBy, from, to, pageSize: 100 }, pagesFor(due.length, 100));
        expect(total).toBe(due.length);
        expectDeadlineRows(rows, due);
      });
    },
    SLOW,
  );

  it(
    "list_complaints status=unresolved, paged to the end: every open and in_review record once, newest first, each row with the law's deadline",
    async () => {
      await onOneDay(LIMA, async (now) => {
        const facts = factsFor(FULL, limaDay(now.getTime()));
        const { rows, total } = await pageThrough(full, { status: 'unresolved', pageSize: 100 }, pagesFor(facts.length, 100));
        expect(total).toBe(facts.length);
        const ids = rows.map((row) => row.id!);
        expect(new Set(ids).size, 'each record once').toBe(ids.length);
        expect([...ids].sort()).toEqual(facts.map((fact) => fact.id).sort());
        const byId = new Map(facts.map((fact) => [fact.id, fact]));
        const filed = ids.map((id) => byId.get(id)!.createdAtMs);
        expect(
          filed.every((ms, i) => i === 0 || ms <= filed[i - 1]!),
          'newest first',
        ).toBe(true);
        // Unanswered rows: the law's day, the service's when it differs, the days left. Answered rows: no days left.
        const unanswered = rows.filter((row) => !byId.get(row.id!)!.answered);
        expect(unanswered.map(deadlineOfRow)).toEqual(unanswered.map((row) => deadlineOfFact(byId.get(row.id!)!)));
        for (const row of rows.filter((candidate) => byId.get(candidate.id!)!.answered)) {
          expect(row.daysLeft, `row ${row.id} is answered`).toBeUndefined();
          expect(row.answered, `row ${row.id} is answered`).toBeDefined();
        }
      });
    },
    SLOW,
  );

  it(
    "get_complaint: the law's deadline, and the service's day (or none) only where it differs on the Lima calendar",
    async () => {
      await onOneDay(LIMA, async (now) => {
        const facts = factsFor(FULL, limaDay(now.getTime()));
        const byId = new Map(facts.map((fact) => [fact.id, fact]));
        // The records the test changed, and up to 10 more whose service deadline the book itself gets wrong.
        const ids = [
          ...seeded.serviceDeadline,
          ...seeded.sameLimaDay,
          ...facts
            .filter((fact) => !fact.answered && fact.serviceDue !== undefined && !seeded.serviceDeadline.includes(fact.id))
            .slice(0, 10)
            .map((fact) => fact.id),
        ];
        expect(ids.length).toBeGreaterThan(0);
        const answers = await Promise.all(ids.map((id) => full.call('get_complaint', { id })));
        for (const [i, { structured, isError, text }] of answers.entries()) {
          const fact = byId.get(ids[i]!)!;
          expect(isError, text).toBe(false);
          const { date, serviceDate, daysLeft } = structured.deadline ?? {};
          expect({ id: fact.id, due: date, serviceDue: serviceDate, daysLeft }).toEqual(deadlineOfFact(fact));
        }
        for (const id of seeded.sameLimaDay) expect(byId.get(id)!.serviceDue, "the control record keeps the law's day").toBeUndefined();
        for (const id of seeded.serviceDeadline) expect(byId.get(id)!.serviceDue).toBeDefined();
      });
    },
    SLOW,
  );

  it(
    'the store-restricted key: atRisk and overdue over its own stores only',
    async () => {
      await onOneDay(LIMA, async (now) => {
        const facts = factsFor(RESTRICTED, limaDay(now.getTime()));
        expect(new Set(facts.map((fact) => fact.storeId))).toEqual(new Set(RESTRICTED.storeIds));
        const [overview, overdue] = await Promise.all([
          restricted.call('complaints_overview', { period: 'this_week' }),
          restricted.call('list_complaints', { overdue: true, pageSize: 100 }),
        ]);
        expect(overview.isError, overview.text).toBe(false);
        expect(figuresIn(overview.structured.atRisk)).toEqual(figuresOf(facts));
        expect(overview.structured.atRisk.incomplete).toBeUndefined();
        expect(overdue.isError, overdue.text).toBe(false);
        expect(overdue.structured.total).toBe(facts.filter(isOverdue).length);
      });
    },
    SLOW,
  );
});
