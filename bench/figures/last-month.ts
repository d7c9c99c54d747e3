// The overview of the last full month, as monthly_report asks for it: complaints_overview with the
// {from, to} of the last full month in Lima (relative to the sandbox's now) over the big book served
// 40 ms late (whole-book.ts starts it). Requests to the service and wall time (the target: at
// most 80 requests and 3 s), and agreement rows: every figure of the answer beside the same figure
// counted here from the sandbox's own records, with the tests' own calendar of the law
// (test/helpers/law-deadline.ts: a hard-coded holiday list and a day-by-day count), sharing no code
// with the server's domain or calendar.
import { performance } from 'node:perf_hooks';
import { periodRange } from '../../src/calendar/periods.js';
import type { Dataset, SandboxRecord } from '../../src/sandbox/dataset.js';
import { ORGANIZATION_A } from '../../src/sandbox/organizations.js';
import type { LatencyProxy } from '../../test/helpers/latency-proxy.js';
import { businessDaysLeft, lawDeadline, limaDay } from '../../test/helpers/law-deadline.js';
import { type Figure, figure } from '../figure.js';
import { median } from '../stats.js';
import type { StdioPeer } from '../stdio-peer.js';

const TARGET_REQUESTS = 80;
const PAGE_SIZE = 100;
/** As whole-book.ts: the service's added latency, and the member's cap on requests in flight. */
const LATENCY_MS = 40;
const MEMBER_MAX_IN_FLIGHT = 8;
const TARGET_WALL_MS = 3000;
/** Overview calls timed; the median is the figure. */
const RUNS = 3;
const LIMA = 'America/Lima';
/** Reasons the overview lists; the records of the others are its otherReasons (src/contract/overview-answer.ts). */
const MAX_REASONS = 20;

type Counts = Record<string, number>;

/** What the month's figures are, counted from the records themselves. */
export interface MonthTruth {
  total: number;
  byStatus: Counts;
  byType: Counts;
  byStore: Counts;
  /** Over the filing days performance covers (the whole month unless the answer names a window). */
  performance: {
    records: number;
    answered: number;
    answeredOnTime: number;
    answeredLate: number;
    unansweredOverdue: number;
    responsesNotDelivered: number;
    daysToAnswer: { median: number; p90: number } | undefined;
    byReason: Counts;
  };
}

/**
 * Answered: the service's flag (a non-blank official response) or a response date. On time: the Lima
 * day of the response on or before the law's deadline (the 15th business day after the Lima filing
 * day). Days to answer: the business days after the filing day up to and including the response day.
 * Not delivered: answered, its response e-mail failed or bounced. Unanswered overdue: the deadline
 * before `today`.
 */
export function monthTruth(dataset: Dataset, range: { from: string; to: string }, window: { from: string; to: string }, today: string): MonthTruth {
  const truth: MonthTruth = {
    total: 0,
    byStatus: {},
    byType: {},
    byStore: {},
    performance: {
      records: 0,
      answered: 0,
      answeredOnTime: 0,
      answeredLate: 0,
      unansweredOverdue: 0,
      responsesNotDelivered: 0,
      daysToAnswer: undefined,
      byReason: {},
    },
  };
  const add = (counts: Counts, key: string) => {
    counts[key] = (counts[key] ?? 0) + 1;
  };
  const days: number[] = [];
  const within = (day: string, bounds: { from: string; to: string }) => day >= bounds.from && day <= bounds.to;
  for (const record of dataset.records) {
    if (record.organizationId !== ORGANIZATION_A.id) continue;
    const filed = limaDay(record.createdAtMs);
    if (!within(filed, range)) continue;
    truth.total += 1;
    add(truth.byStatus, record.status);
    add(truth.byType, record.type);
    add(truth.byStore, record.storeId);
    if (!within(filed, window)) continue;
    const performance = truth.performance;
    performance.records += 1;
    add(performance.byReason, record.detail.reason ?? '');
    const due = lawDeadline(record.createdAtMs);
    const { answered, answeredOn } = responseOf(record);
    if (!answered) {
      if (due < today) performance.unansweredOverdue += 1;
      continue;
    }
    performance.answered += 1;
    if (answeredOn !== undefined) {
      if (answeredOn <= due) performance.answeredOnTime += 1;
      else performance.answeredLate += 1;
      days.push(answeredOn > filed ? businessDaysLeft(filed, answeredOn) : 0);
    }
    const mail = record.detail.delivery.response.status;
    if (mail === 'failed' || mail === 'bounced') performance.responsesNotDelivered += 1;
  }
  if (days.length > 0) {
    days.sort((a, b) => a - b);
    truth.performance.daysToAnswer = { median: nearestRank(days, 50), p90: nearestRank(days, 90) };
  }
  return truth;
}

/** Whether the record is answered, and the Lima day of its response when it is dated. */
function responseOf(record: SandboxRecord): { answered: boolean; answeredOn?: string } {
  const { officialResponse, respondedAt } = record.detail.response;
  const answered = (officialResponse !== null && officialResponse.trim() !== '') || respondedAt !== null;
  // Every answered record of the sandbox has its response date; one without would be neither on time nor late.
  return answered && respondedAt !== null ? { answered, answeredOn: limaDay(Date.parse(respondedAt)) } : { answered };
}

/** The value at rank ⌈n·percent/100⌉ (from 1), in whole percents so that the rank is exact. */
function nearestRank(ascending: readonly number[], percent: number): number {
  return ascending[Math.min(ascending.length, Math.max(1, Math.ceil((ascending.length * percent) / 100))) - 1]!;
}

/** "key: ours vs truth" for every key whose counts differ. */
function countDifferences(ours: Counts, truth: Counts): string[] {
  return [...new Set([...Object.keys(ours), ...Object.keys(truth)])]
    .filter((key) => (ours[key] ?? 0) !== (truth[key] ?? 0))
    .map((key) => `${key}: ${ours[key] ?? 0} vs ${truth[key] ?? 0}`);
}

const withExtra = (row: Figure, extra: Record<string, number | string>): Figure => ({ ...row, extra: { ...row.extra, ...extra } });

const sum = (counts: Counts) => Object.values(counts).reduce((total, count) => total + count, 0);

/**
 * The reasons as the overview lists them: the first 20 by count (ties in any order), the records of
 * the rest as otherReasons. Differences are named; a listed reason that a larger unlisted one should
 * have displaced is one too.
 */
function reasonDifferences(named: ReadonlyArray<{ reason: string; count: number }>, other: number, truth: Counts): string[] {
  const differences: string[] = [];
  for (const { reason, count } of named) if (truth[reason] !== count) differences.push(`${reason}: ${count} vs ${truth[reason] ?? 0}`);
  const unlisted = Object.entries(truth).filter(([reason]) => !named.some((entry) => entry.reason === reason));
  const unlistedTotal = unlisted.reduce((total, [, count]) => total + count, 0);
  if (other !== unlistedTotal) differences.push(`otherReasons: ${other} vs ${unlistedTotal}`);
  const expectedNamed = Math.min(MAX_REASONS, Object.keys(truth).length);
  if (named.length !== expectedNamed) differences.push(`reasons named: ${named.length} vs ${expectedNamed}`);
  const smallestNamed = Math.min(...named.map((entry) => entry.count));
  for (const [reason, count] of unlisted) if (count > smallestNamed) differences.push(`${reason} (${count}) left out of the first ${MAX_REASONS}`);
  return differences;
}

interface OverviewAnswer {
  total: number;
  counted?: number;
  byStatus?: Counts;
  byType?: Counts;
  byStore?: Array<{ storeId?: string; count: number }>;
  otherStores?: number;
  hint?: string;
  performance?: {
    window?: { from: string; to: string };
    records: number;
    answered: number;
    answeredOnTime: number;
    answeredLate: number;
    answerUndated?: number;
    unansweredOverdue: number;
    responsesNotDelivered: number;
    onTimeShare?: number;
    daysToAnswer?: { median: number; p90: number };
    byReason: Array<{ reason: string; count: number }>;
    otherReasons?: number;
    incomplete?: string;
  };
  atRisk: { incomplete?: string };
}

/**
 * complaints_overview {from, to} of the last full month, RUNS times through `proxy`, then the answer
 * of the last run beside the records' own figures. `peer` is initialized and its HTTP client loaded.
 */
export async function lastMonthFigures(peer: StdioPeer, proxy: LatencyProxy, dataset: Dataset): Promise<Figure[]> {
  const range = periodRange('last_month', new Date(dataset.now), LIMA);
  const args = { from: range.from, to: range.to };
  const times: number[] = [];
  const requests: number[] = [];
  const peaks: number[] = [];
  let answer: OverviewAnswer | undefined;
  for (let run = 0; run < RUNS; run++) {
    proxy.reset();
    const started = performance.now();
    answer = (await peer.callTool('complaints_overview', args)).structured as OverviewAnswer;
    times.push(performance.now() - started);
    requests.push(proxy.requests);
    peaks.push(proxy.peak);
  }
  const overview = answer!;
  const performanceOf = overview.performance;
  // Right after the last run: the same day, so the same overdue records.
  const today = limaDay(Date.now());
  const truth = monthTruth(dataset, range, performanceOf?.window ?? range, today);
  const wall = median(times);
  // What the reading is designed to take: a count of one record per unresolved status, every
  // unresolved page (atRisk is the whole book's), every page of the month's filings.
  const ofA = dataset.records.filter((record) => record.organizationId === ORGANIZATION_A.id);
  const unresolvedPages = (['open', 'in_review'] as const).reduce(
    (pages, status) => pages + Math.ceil(ofA.filter((record) => record.status === status).length / PAGE_SIZE),
    0,
  );
  const monthPages = Math.ceil(truth.total / PAGE_SIZE);
  const designed = 2 + unresolvedPages + monthPages;
  const lastRequests = requests[requests.length - 1]!;
  const name = (what: string) => `Last full month (${range.from}..${range.to}): overview ${what}`;
  const label = "the sandbox's own records, by the tests' calendar of the law";

  const countsRow = (what: string, ours: Counts | undefined, expected: Counts): Figure => {
    const differences = countDifferences(ours ?? {}, expected);
    return figure({
      name: name(what),
      unit: 'records',
      value: sum(ours ?? {}),
      reference: { label, value: sum(expected) },
      target: '= the sandbox, key by key',
      met: differences.length === 0,
      extra: { keys: Object.keys(expected).length, differences: differences.join('; ') || 'none' },
    });
  };
  const numberRow = (what: string, ours: number | undefined, expected: number | undefined, unit: Figure['unit'] = 'records'): Figure =>
    figure({
      name: name(what),
      unit,
      value: ours ?? Number.NaN,
      reference: { label, value: expected ?? Number.NaN },
      target: '= the sandbox',
      met: ours === expected,
    });
  const byStore = Object.fromEntries((overview.byStore ?? []).map((entry) => [entry.storeId ?? '(no id)', entry.count]));
  const reasons = reasonDifferences(performanceOf?.byReason ?? [], performanceOf?.otherReasons ?? 0, truth.performance.byReason);
  const scope = performanceOf?.window ? `window ${performanceOf.window.from}..${performanceOf.window.to}` : 'the whole month';

  return [
    figure({
      name: name('{from, to}, requests'),
      unit: 'requests',
      value: lastRequests,
      reference: {
        label: `requests it is designed to make: a count of one record per unresolved status (2) + ${unresolvedPages} unresolved pages + ${monthPages} of the month's filings`,
        value: designed,
      },
      target: `<= ${TARGET_REQUESTS}`,
      met: lastRequests <= TARGET_REQUESTS,
      extra: {
        requestsPerRun: requests.join(', '),
        peakInFlight: Math.max(...peaks),
        records: truth.total,
        performanceCovers: scope,
        complete:
          overview.atRisk.incomplete === undefined && performanceOf?.incomplete === undefined
            ? 'yes'
            : `NO: ${overview.atRisk.incomplete ?? performanceOf?.incomplete}`,
        hint: overview.hint ?? 'none',
      },
    }),
    figure({
      name: name(`{from, to}, wall time (median of ${RUNS})`),
      unit: 'ms',
      value: wall,
      reference: {
        label: `the service's latency alone: ${designed} requests, ${MEMBER_MAX_IN_FLIGHT} at a time, ${LATENCY_MS} ms each`,
        value: Math.ceil(designed / MEMBER_MAX_IN_FLIGHT) * LATENCY_MS,
      },
      target: `<= ${TARGET_WALL_MS / 1000} s`,
      met: wall <= TARGET_WALL_MS,
      extra: { runsMs: times.map((ms) => ms.toFixed(0)).join(', ') },
    }),
    numberRow('total', overview.total, truth.total),
    countsRow('byStatus', overview.byStatus, truth.byStatus),
    countsRow('byType', overview.byType, truth.byType),
    withExtra(countsRow('byStore (by id)', byStore, truth.byStore), { otherStores: overview.otherStores ?? 0 }),
    numberRow(`performance.records (${scope})`, performanceOf?.records, truth.performance.records),
    numberRow('performance.answeredOnTime', performanceOf?.answeredOnTime, truth.performance.answeredOnTime),
    numberRow('performance.answeredLate', performanceOf?.answeredLate, truth.performance.answeredLate),
    numberRow('performance.unansweredOverdue', performanceOf?.unansweredOverdue, truth.performance.unansweredOverdue),
    numberRow('performance.responsesNotDelivered', performanceOf?.responsesNotDelivered, truth.performance.responsesNotDelivered),
    numberRow('performance.daysToAnswer.median', performanceOf?.daysToAnswer?.median, truth.performance.daysToAnswer?.median, 'days'),
    numberRow('performance.daysToAnswer.p90', performanceOf?.daysToAnswer?.p90, truth.performance.daysToAnswer?.p90, 'days'),
    figure({
      name: name('performance.byReason'),
      unit: 'records',
      value: sum(Object.fromEntries((performanceOf?.byReason ?? []).map((entry) => [entry.reason, entry.count]))) + (performanceOf?.otherReasons ?? 0),
      reference: { label, value: sum(truth.performance.byReason) },
      target: `= the sandbox: the first ${MAX_REASONS}, then otherReasons`,
      met: performanceOf !== undefined && reasons.length === 0,
      extra: { reasons: Object.keys(truth.performance.byReason).length, differences: reasons.join('; ') || 'none' },
    }),
  ];
}
