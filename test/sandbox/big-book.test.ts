// The sandbox's big book: organization A's year of 30,000 records, with what the product must find in
// it. Every figure is counted here on its own, with the law's deadline computed by a count of business
// days over a hard-coded list of Peru's national holidays, independent of src/calendar.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDetailEnvelope } from '../../src/api/read-records.js';
import { DETAIL_SPEC, LIST_ITEM_SPEC } from '../../src/contract/records.js';
import { generateDataset, type SandboxRecord } from '../../src/sandbox/dataset.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { ORGANIZATION_A, ORGANIZATION_B } from '../../src/sandbox/organizations.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { SHOWCASE } from '../../src/sandbox/showcase.js';

const NOW = new Date('2026-11-26T15:00:00Z'); // Thursday 10:00 in Lima
const TODAY = '2026-11-26';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Peru's national holidays of the years the book at NOW spans (filings from 2025-11-27, deadlines into December 2026). */
const HOLIDAYS = new Set([
  // 2025: Holy Thursday and Good Friday on 17 and 18 April.
  ...['01-01', '04-17', '04-18', '05-01', '06-07', '06-29', '07-23', '07-28', '07-29', '08-06', '08-30', '10-08', '11-01', '12-08', '12-09', '12-25'].map(
    (day) => `2025-${day}`,
  ),
  // 2026: Holy Thursday and Good Friday on 2 and 3 April.
  ...['01-01', '04-02', '04-03', '05-01', '06-07', '06-29', '07-23', '07-28', '07-29', '08-06', '08-30', '10-08', '11-01', '12-08', '12-09', '12-25'].map(
    (day) => `2026-${day}`,
  ),
]);
const HOLIDAY_YEARS = ['2025', '2026'];

// Lima is UTC-5 all year.
const limaDate = (ms: number) => new Date(ms - 5 * HOUR).toISOString().slice(0, 10);
const endOfLimaDay = (date: string) => new Date(Date.parse(`${date}T23:59:59.999-05:00`)).toISOString();
const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
const isBusinessDay = (date: string) => {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(date);
};

/** The law's deadline: the 15th business day after the filing day, counted one day at a time. */
const lawDeadlines = new Map<string, string>();
function lawDeadlineDay(filed: string): string {
  let due = lawDeadlines.get(filed);
  if (due === undefined) {
    due = filed;
    for (let left = 15; left > 0; ) {
      due = nextDate(due);
      if (isBusinessDay(due)) left -= 1;
    }
    lawDeadlines.set(filed, due);
  }
  return due;
}

/** Business days in (from, to]. */
function businessDaysAfter(from: string, to: string): number {
  let count = 0;
  for (let date = nextDate(from); date <= to; date = nextDate(date)) if (isBusinessDay(date)) count += 1;
  return count;
}

const isAnswered = (record: SandboxRecord) => record.detail.response.officialResponse !== null;
const isUnresolved = (record: SandboxRecord) => record.status !== 'resolved';
const isUndelivered = (record: SandboxRecord) => ['failed', 'bounced'].includes(record.detail.delivery.response.status ?? '');
/** The service's deadline counted in calendar days: 15 days after the filing day, end of that Lima day. */
const calendarDaysDeadline = (record: SandboxRecord) => endOfLimaDay(limaDate(record.createdAtMs + 15 * DAY));

/** What the product must find, counted once. */
interface Census {
  unresolved: SandboxRecord[];
  overdue: SandboxRecord[];
  dueSoon: SandboxRecord[];
  answeredNotDelivered: SandboxRecord[];
  answeredInReviewDelivered: SandboxRecord[];
  resolvedNotDelivered: SandboxRecord[];
  answeredLate: SandboxRecord[];
  calendarDaysDeadlines: SandboxRecord[];
  missingDeadlines: SandboxRecord[];
  /** Neither the law's, nor 15 calendar days, nor missing: should be none. */
  otherDeadlines: SandboxRecord[];
}

function census(records: readonly SandboxRecord[], today: string): Census {
  const counted: Census = {
    unresolved: [],
    overdue: [],
    dueSoon: [],
    answeredNotDelivered: [],
    answeredInReviewDelivered: [],
    resolvedNotDelivered: [],
    answeredLate: [],
    calendarDaysDeadlines: [],
    missingDeadlines: [],
    otherDeadlines: [],
  };
  for (const record of records) {
    const due = lawDeadlineDay(limaDate(record.createdAtMs));
    const service = record.detail.deadline.date;
    if (service === null) counted.missingDeadlines.push(record);
    else if (service === calendarDaysDeadline(record)) counted.calendarDaysDeadlines.push(record);
    else if (service !== endOfLimaDay(due)) counted.otherDeadlines.push(record);
    if (isUnresolved(record)) counted.unresolved.push(record);
    if (isUnresolved(record) && !isAnswered(record)) {
      if (due < today) counted.overdue.push(record);
      else if (businessDaysAfter(today, due) <= 3) counted.dueSoon.push(record);
    }
    if (isAnswered(record)) {
      if (isUnresolved(record)) (isUndelivered(record) ? counted.answeredNotDelivered : counted.answeredInReviewDelivered).push(record);
      else if (isUndelivered(record)) counted.resolvedNotDelivered.push(record);
      if (limaDate(Date.parse(record.detail.response.respondedAt ?? '')) > due) counted.answeredLate.push(record);
    }
  }
  return counted;
}

/** What is wrong with a record's shape, in words; none for a good one. */
function shapeProblems(record: SandboxRecord): string[] {
  const { detail } = record;
  const problems: string[] = [];
  const check = (holds: boolean, problem: string) => holds || problems.push(problem);
  check(readDetailEnvelope({ data: detail }) !== null, 'not a contract detail');
  const times = detail.history.map((event) => Date.parse(event.createdAt ?? ''));
  check(
    times.every((time, i) => i === 0 || time >= (times[i - 1] ?? 0)),
    'history out of order',
  );
  check((times.at(-1) ?? 0) <= NOW.getTime(), 'history after now');
  check(detail.updatedAt === detail.history.at(-1)?.createdAt, 'updatedAt is not the last event');
  const changes = detail.history.filter((event) => event.eventType === 'status_changed');
  check((changes.at(-1)?.toStatus ?? 'open') === detail.status, 'the last status change is not the status');
  // An answer is whole (text, date, author) or absent; an open record has none, a resolved one always.
  const parts = [detail.response.officialResponse, detail.response.respondedAt, detail.response.respondedBy];
  check(parts.every((part) => part === null) || parts.every((part) => part !== null), 'a partial response');
  check(detail.status !== 'open' || !isAnswered(record), 'an open record answered');
  check(detail.status !== 'resolved' || isAnswered(record), 'a resolved record unanswered');
  const mail = detail.delivery.response;
  check(isAnswered(record) || (mail.status === null && mail.sentAt === null), 'a response e-mail without a response');
  check(mail.status !== 'failed' || mail.sentAt === null, 'a failed e-mail with a sending time');
  check(mail.status !== 'bounced' || mail.sentAt !== null, 'a bounced e-mail without a sending time');
  check(detail.deadline.days === 15, 'deadline days are not 15');
  return problems;
}

const showcaseIds = new Set(SHOWCASE.map((reference) => reference.id));

let sandbox: SandboxHandle;
let recordsA: SandboxRecord[];
let found: Census;

beforeAll(async () => {
  // The big book takes about a second to generate: once for the file, through startSandbox.
  sandbox = await startSandbox({ now: NOW, book: 'big' });
  recordsA = sandbox.dataset.records.filter((record) => record.organizationId === ORGANIZATION_A.id);
  found = census(recordsA, TODAY);
});

afterAll(async () => {
  await sandbox?.close();
});

async function list(query: string) {
  const response = await fetch(`${sandbox.url}/api/v1/complaints?${query}`, { headers: { authorization: `Bearer ${DEMO_KEYS.full.key}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as { data: Record<string, unknown>[]; pagination: { total: number } };
}

describe('the big book at a fixed clock', () => {
  it('holds 30,000 generated records for organization A over 365 Lima days, and organization B as in the demo book', () => {
    expect(sandbox.dataset.book).toBe('big');
    expect(recordsA.filter((record) => !showcaseIds.has(record.id))).toHaveLength(30_000);
    const days = new Set(recordsA.map((record) => limaDate(record.createdAtMs)));
    expect(days.size).toBe(365);
    expect([...days].sort()[0]).toBe('2025-11-27');
    expect(Math.max(...recordsA.map((record) => record.createdAtMs))).toBeLessThanOrEqual(NOW.getTime());
    // The holiday list above covers every day counted from.
    for (const day of lawDeadlines.values()) expect(HOLIDAY_YEARS).toContain(day.slice(0, 4));
    const demoB = generateDataset({ now: NOW }).records.filter((record) => record.organizationId === ORGANIZATION_B.id);
    expect(sandbox.dataset.records.filter((record) => record.organizationId === ORGANIZATION_B.id)).toEqual(demoB);
  });

  it('has contract-shaped records whose history runs in order up to now and agrees with the record', () => {
    // Plain checks gathered into one list: 30,000 records times a dozen expect() calls take seconds.
    const problems = recordsA.flatMap((record) => shapeProblems(record).map((problem) => `${record.detail.correlative}: ${problem}`));
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it('has about 2,000 unresolved records, most of them filed in the last month', () => {
    const { unresolved } = found;
    expect(unresolved.length).toBeGreaterThanOrEqual(1_700);
    expect(unresolved.length).toBeLessThanOrEqual(2_500);
    const recent = unresolved.filter((record) => NOW.getTime() - record.createdAtMs < 30 * DAY);
    expect(recent.length / unresolved.length).toBeGreaterThan(0.7);
  });

  it("has a few hundred old records left unanswered past the law's deadline, filed over the months before", () => {
    const { overdue } = found;
    expect(overdue.length).toBeGreaterThanOrEqual(150);
    expect(overdue.length).toBeLessThanOrEqual(600);
    const ageDays = (record: SandboxRecord) => (NOW.getTime() - record.createdAtMs) / DAY;
    expect(overdue.filter((record) => ageDays(record) > 90).length).toBeGreaterThanOrEqual(50);
    expect(overdue.filter((record) => ageDays(record) > 180).length).toBeGreaterThanOrEqual(20);
    // The oldest are the most overdue: some were filed near the start of the year.
    expect(Math.max(...overdue.map(ageDays))).toBeGreaterThan(300);
    expect(new Set(overdue.map((record) => limaDate(record.createdAtMs).slice(0, 7))).size).toBeGreaterThanOrEqual(10);
    // And the deadline runs on the recent ones: some are due within 3 business days.
    expect(found.dueSoon.length).toBeGreaterThan(0);
  });

  it('has a few dozen unresolved records answered, in review, whose response e-mail failed or bounced', () => {
    const { answeredNotDelivered, answeredInReviewDelivered } = found;
    expect(answeredNotDelivered.length).toBeGreaterThanOrEqual(20);
    expect(answeredNotDelivered.length).toBeLessThanOrEqual(100);
    for (const record of answeredNotDelivered) {
      expect(record.status).toBe('in_review');
      expect(record.detail.response.respondedAt).not.toBeNull();
    }
    const statuses = (records: SandboxRecord[]) => new Set(records.map((record) => record.detail.delivery.response.status));
    expect(statuses(answeredNotDelivered)).toEqual(new Set(['failed', 'bounced']));
    // Others in review were answered and their e-mail went out, or waits in the queue.
    expect(answeredInReviewDelivered.length).toBeGreaterThan(0);
    expect(statuses(answeredInReviewDelivered)).toEqual(new Set(['sent', 'queued']));
  });

  it('has resolved records whose response e-mail failed or bounced, and answers given after the deadline', () => {
    const resolved = recordsA.filter((record) => record.status === 'resolved').length;
    expect(found.resolvedNotDelivered.length).toBeGreaterThan(0);
    expect(found.resolvedNotDelivered.length / resolved).toBeLessThan(0.05);
    expect(found.answeredLate.length).toBeGreaterThan(0);
    expect(found.answeredLate.length / resolved).toBeLessThan(0.05);
  });

  it("has about 0.5% service deadlines counted in calendar days and 0.2% missing, some of each on unanswered records; the rest are the law's", () => {
    const { calendarDaysDeadlines, missingDeadlines, otherDeadlines } = found;
    expect(otherDeadlines).toEqual([]);
    expect(calendarDaysDeadlines.length).toBeGreaterThanOrEqual(90);
    expect(calendarDaysDeadlines.length).toBeLessThanOrEqual(240);
    expect(missingDeadlines.length).toBeGreaterThanOrEqual(30);
    expect(missingDeadlines.length).toBeLessThanOrEqual(105);
    const unanswered = (record: SandboxRecord) => isUnresolved(record) && !isAnswered(record);
    expect(calendarDaysDeadlines.filter(unanswered).length).toBeGreaterThan(0);
    expect(missingDeadlines.filter(unanswered).length).toBeGreaterThan(0);
    // Where it matters: the service says overdue, the law says the deadline still runs.
    const serviceOnlyOverdue = calendarDaysDeadlines.filter(
      (record) => unanswered(record) && Date.parse(record.detail.deadline.date ?? '') < NOW.getTime() && !found.overdue.includes(record),
    );
    expect(serviceOnlyOverdue.length).toBeGreaterThan(0);
  });
});

describe('the big book over HTTP', () => {
  it('counts the unresolved records with two list queries, as the product does', async () => {
    expect((await list('pageSize=1')).pagination.total).toBe(recordsA.length);
    const open = await list('status=open&pageSize=1');
    const inReview = await list('status=in_review&pageSize=1');
    expect(open.pagination.total + inReview.pagination.total).toBe(found.unresolved.length);
  });

  it("sends the service's deadline, wrong or missing, and no field of the law's", async () => {
    for (const record of [found.calendarDaysDeadlines[0], found.missingDeadlines[0], found.answeredNotDelivered[0]]) {
      const { data } = await list(`search=${record?.detail.correlative}`);
      const item = data.find((listed) => listed.id === record?.id);
      expect(Object.keys(item ?? {}).sort()).toEqual(Object.keys(LIST_ITEM_SPEC).sort());
      expect(item?.responseDeadline).toBe(record?.detail.deadline.date);
      expect(item?.hasResponse).toBe(record !== undefined && isAnswered(record));
      expect(item?.responseDeliveryStatus).toBe(record?.detail.delivery.response.status);
      const detail = await fetch(`${sandbox.url}/api/v1/complaints/${record?.id}`, { headers: { authorization: `Bearer ${DEMO_KEYS.full.key}` } });
      const body = (await detail.json()) as { data: Record<string, unknown> };
      expect(Object.keys(body.data).sort()).toEqual(Object.keys(DETAIL_SPEC).sort());
    }
    expect(found.missingDeadlines[0]?.detail.deadline.date).toBeNull();
  });
});

describe('the demo book', () => {
  it('is the default and has not changed, byte for byte', () => {
    const demo = generateDataset({ now: NOW });
    expect(demo.book).toBe('demo');
    // The README and the other tests quote these records: a change here is a change to all of them.
    const hash = createHash('sha256').update(JSON.stringify(demo.records)).digest('hex');
    expect(hash).toBe('8b47040b4d88c225d2cc9f4b07e63a217686f95a4cffb67987361ddd00776f6c');
    expect(generateDataset({ now: NOW, book: 'demo' }).records).toEqual(demo.records);
  });

  it('refuses an unknown book', () => {
    expect(() => generateDataset({ now: NOW, book: 'huge' as 'big' })).toThrow(/book must be one of demo, big/);
  });
});

describe('the big book on the real clock', () => {
  // Only facts that hold whatever today's holidays: 15 business days never span 40 calendar days.
  it('has the same shape today', () => {
    const now = new Date();
    const records = generateDataset({ now, book: 'big' }).records.filter((record) => record.organizationId === ORGANIZATION_A.id);
    expect(records.filter((record) => !showcaseIds.has(record.id))).toHaveLength(30_000);
    expect(new Set(records.map((record) => limaDate(record.createdAtMs))).size).toBe(365);
    const unresolved = records.filter(isUnresolved);
    expect(unresolved.length).toBeGreaterThanOrEqual(1_700);
    expect(unresolved.length).toBeLessThanOrEqual(2_500);
    const surelyOverdue = unresolved.filter((record) => !isAnswered(record) && now.getTime() - record.createdAtMs > 40 * DAY);
    expect(surelyOverdue.length).toBeGreaterThanOrEqual(100);
    expect(surelyOverdue.length).toBeLessThanOrEqual(600);
    const calendarDays = records.filter((record) => record.detail.deadline.date === calendarDaysDeadline(record));
    const missing = records.filter((record) => record.detail.deadline.date === null);
    expect(calendarDays.length).toBeGreaterThanOrEqual(90);
    expect(calendarDays.length).toBeLessThanOrEqual(240);
    expect(missing.length).toBeGreaterThanOrEqual(30);
    expect(missing.length).toBeLessThanOrEqual(105);
    const undelivered = unresolved.filter((record) => isAnswered(record) && isUndelivered(record));
    expect(undelivered.length).toBeGreaterThanOrEqual(20);
    expect(undelivered.length).toBeLessThanOrEqual(100);
  });
});
