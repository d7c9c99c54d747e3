// The whole book: what reading every unresolved record costs against a remote service. The sandbox's
// big book (organization A's year of 30,000 records, with its backlog, answers not delivered and
// deadlines the service got wrong) answers every request 40 ms late (its latencyMs), behind a loopback
// proxy that adds nothing and counts the requests and the peak in flight (test/helpers/latency-proxy.ts),
// and the built server reads through it with the full demo key:
// - complaints_overview {}: requests and wall time (the targets: at most 80 requests, 3 s),
//   beside what its reading is designed to take (every unresolved page, and the filings up to their
//   cap) and one page's round trip;
// - list_complaints {"overdue":true} paged to the end in ten pages (the pageSize a tenth of the
//   overdue records): calls, requests (the target: one reading of the unresolved records, which the
//   first page makes and the next nine reuse) and wall time;
// - the overview's atRisk figures beside the same figures computed here from the sandbox's own
//   records with the project's calendar (business days, Lima days), not with the server's domain code;
// - the overview of the last full month, as monthly_report asks for it (last-month.ts).
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { addBusinessDays, businessDaysBetween } from '../../src/calendar/business-days.js';
import { localDate } from '../../src/calendar/time-zone.js';
import { type Dataset, generateDataset } from '../../src/sandbox/dataset.js';
import { ORGANIZATION_A } from '../../src/sandbox/organizations.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { LatencyProxy, type LatencyProxyOptions } from '../../test/helpers/latency-proxy.js';
import { type BenchContext, type Figure, figure } from '../figure.js';
import { cpuMs } from '../proc.js';
import { median, quantile, timed } from '../stats.js';
import { StdioPeer } from '../stdio-peer.js';
import { lastMonthFigures } from './last-month.js';

export const LATENCY_MS = 40;
const PAGE_SIZE = 100;
/** What the overview reads at most of the filings (src/tools/complaints-overview.ts). */
const MAX_FILING_PAGES = 40;
/** The statuses and types the contract lists: the overview counts each with one request when it cannot read every filing. */
const COUNTED_VALUES = 3 + 2;
/** The member's cap on requests in flight, as the README states it (src/api/request-gate.ts holds it). */
const MEMBER_MAX_IN_FLIGHT = 8;
const TARGET_REQUESTS = 80;
const TARGET_WALL_MS = 3000;
/** Pages the overdue list is paged in: its first reads the unresolved records, the next reuse that reading. */
const LIST_PAGES = 10;
/** Overview calls timed; the median is the figure. */
const OVERVIEW_RUNS = 3;
const LIMA = 'America/Lima';
const DUE_SOON_BUSINESS_DAYS = 3;
const LEGAL_BUSINESS_DAYS = 15;

/** The sandbox's big book: 30,000 records of organization A over a year (organization B keeps its demo records). */
export function wholeBookDataset(now: Date): Dataset {
  return generateDataset({ now, book: 'big' });
}

/** The big book served 40 ms late, and a proxy in front of it that counts what reaches it. */
export async function startWholeBook(
  dataset: Dataset,
  proxyOptions: Omit<LatencyProxyOptions, 'delayMs'> = {},
): Promise<{ sandbox: SandboxHandle; proxy: LatencyProxy }> {
  const sandbox = await startSandbox({ dataset, latencyMs: LATENCY_MS, recordRequests: false });
  const proxy = await LatencyProxy.start(sandbox.url, proxyOptions).catch(async (error: unknown) => {
    await sandbox.close();
    throw error;
  });
  return { sandbox, proxy };
}

export interface AtRiskTruth {
  unresolved: number;
  unanswered: number;
  overdue: number;
  dueSoon: number;
  answeredNotDelivered: number;
}

/**
 * What is at risk in organization A's book as of `now`, from the sandbox's records themselves: the
 * law's deadline is the 15th business day after the Lima filing day; answered is a registered
 * official response (what the sandbox lists as hasResponse); not delivered is a response e-mail
 * failed or bounced.
 */
export function atRiskTruth(dataset: Dataset, now: Date): AtRiskTruth {
  const today = localDate(now, LIMA);
  const truth: AtRiskTruth = { unresolved: 0, unanswered: 0, overdue: 0, dueSoon: 0, answeredNotDelivered: 0 };
  for (const record of dataset.records) {
    if (record.organizationId !== ORGANIZATION_A.id || (record.status !== 'open' && record.status !== 'in_review')) continue;
    truth.unresolved += 1;
    const { response, delivery } = record.detail;
    if (response.officialResponse !== null) {
      if (delivery.response.status === 'failed' || delivery.response.status === 'bounced') truth.answeredNotDelivered += 1;
      continue;
    }
    truth.unanswered += 1;
    const deadline = addBusinessDays(localDate(new Date(record.createdAtMs), LIMA), LEGAL_BUSINESS_DAYS);
    const left = businessDaysBetween(today, deadline);
    if (left < 0) truth.overdue += 1;
    else if (left <= DUE_SOON_BUSINESS_DAYS) truth.dueSoon += 1;
  }
  return truth;
}

/**
 * Pages organization A's unresolved queries hold, the filing pages the overview {} reads, and the
 * counts of one record it asks when those pages cannot hold the book (each status, type and store).
 */
function designedPages(dataset: Dataset): { unresolved: number; filed: number; counts: number } {
  const ofA = dataset.records.filter((record) => record.organizationId === ORGANIZATION_A.id);
  const pages = (status: string) => Math.ceil(ofA.filter((record) => record.status === status).length / PAGE_SIZE);
  const filingPages = Math.ceil(ofA.length / PAGE_SIZE);
  const stores = new Set(ofA.map((record) => record.storeId)).size;
  return {
    unresolved: pages('open') + pages('in_review'),
    filed: Math.min(MAX_FILING_PAGES, filingPages),
    counts: filingPages > MAX_FILING_PAGES ? COUNTED_VALUES + stores : 0,
  };
}

/** p50 of one 100-record page of the unresolved query, through the proxy: a round trip, the 40 ms included. */
async function pageRoundTrip(proxyUrl: string, key: string): Promise<number> {
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  const get = async () => {
    const response = await request(`${proxyUrl}/api/v1/complaints?status=open&page=1&pageSize=${PAGE_SIZE}`, {
      dispatcher,
      headers: { authorization: `Bearer ${key}` },
    });
    await response.body.text();
  };
  try {
    await get();
    const times: number[] = [];
    for (let i = 0; i < 20; i++) times.push(await timed(get));
    return quantile(times, 0.5);
  } finally {
    await dispatcher.close();
  }
}

export async function measureWholeBook(context: BenchContext): Promise<Figure[]> {
  const now = new Date();
  const dataset = wholeBookDataset(now);
  const { sandbox, proxy } = await startWholeBook(dataset);
  const peer = StdioPeer.launch(context.serverPath, { COMPLAINTS_API_URL: proxy.url, COMPLAINTS_API_KEY: context.apiKey });
  try {
    const pages = designedPages(dataset);
    const roundTrip = await pageRoundTrip(proxy.url, context.apiKey);
    await peer.initialize();
    // The first call loads the server's HTTP client; the measured ones find it loaded.
    await peer.callTool('list_complaints', { pageSize: 1 });
    // The server checks its settings once after the handshake (one request of its own): none of the runs counts it.
    while (proxy.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));

    const overviewTimes: number[] = [];
    const overviewRequests: number[] = [];
    const overviewPeaks: number[] = [];
    const serverCpu: number[] = [];
    const benchCpu: number[] = [];
    let overview: Awaited<ReturnType<StdioPeer['callTool']>> | undefined;
    for (let run = 0; run < OVERVIEW_RUNS; run++) {
      proxy.reset();
      const serverCpuBefore = await cpuMs(peer.child.pid!);
      const benchCpuBefore = process.cpuUsage();
      const started = performance.now();
      overview = await peer.callTool('complaints_overview', {});
      overviewTimes.push(performance.now() - started);
      serverCpu.push((await cpuMs(peer.child.pid!)) - serverCpuBefore);
      const used = process.cpuUsage(benchCpuBefore);
      benchCpu.push((used.user + used.system) / 1000);
      overviewRequests.push(proxy.requests);
      overviewPeaks.push(proxy.peak);
    }
    // The figures are taken right after the last overview: the same day, so the same deadlines.
    const truth = atRiskTruth(dataset, new Date());
    const atRisk = overview!.structured.atRisk as AtRiskTruth & { read?: number; incomplete?: string };

    // Ten pages of the overdue list, whatever the book's backlog.
    const listPageSize = Math.max(1, Math.ceil(truth.overdue / LIST_PAGES));
    proxy.reset();
    const listStarted = performance.now();
    let calls = 0;
    let rows = 0;
    let listTotal = 0;
    const callTimes: number[] = [];
    for (let page: number | undefined = 1; page !== undefined; calls++) {
      const started = performance.now();
      const answer = await peer.callTool('list_complaints', { overdue: true, pageSize: listPageSize, page });
      callTimes.push(performance.now() - started);
      rows += answer.structured.items?.length ?? 0;
      listTotal = answer.structured.total ?? listTotal;
      page = answer.structured.nextPage;
    }
    const listWall = performance.now() - listStarted;
    const listRequests = proxy.requests;
    const lastMonth = await lastMonthFigures(peer, proxy, dataset);

    // The two counts of one record (open, in_review) that tell the unresolved pages, then every page.
    const oneReading = 2 + pages.unresolved;
    const designed = oneReading + pages.filed + pages.counts;
    const overviewWall = median(overviewTimes);
    const requests = overviewRequests[overviewRequests.length - 1]!;
    const complete = atRisk.incomplete === undefined;
    const agreementRow = (name: keyof AtRiskTruth): Figure =>
      figure({
        name: `Whole book: overview atRisk.${name}`,
        unit: 'records',
        value: atRisk[name],
        reference: { label: "the sandbox's own records, by the project's calendar", value: truth[name] },
        target: '= the sandbox',
        met: atRisk[name] === truth[name],
        ...(name === 'unresolved' && atRisk.read !== undefined ? { extra: { read: atRisk.read } } : {}),
      });
    return [
      figure({
        name: `Whole book (${dataset.records.length.toLocaleString('en-US')} records, +${LATENCY_MS} ms a request): complaints_overview {}, requests`,
        unit: 'requests',
        value: requests,
        reference: {
          label: `requests it is designed to make: a count of one record per unresolved status (2) + ${pages.unresolved} unresolved pages + ${pages.filed} of filings + ${pages.counts} counts by status, type and store`,
          value: designed,
        },
        target: `<= ${TARGET_REQUESTS}`,
        met: requests <= TARGET_REQUESTS,
        extra: {
          requestsPerRun: overviewRequests.join(', '),
          peakInFlight: Math.max(...overviewPeaks),
          complete: complete ? 'yes' : `NO: ${atRisk.incomplete}`,
          filingsHint: overview!.structured.hint ?? 'none',
        },
      }),
      figure({
        name: `Whole book: complaints_overview {}, wall time (median of ${OVERVIEW_RUNS})`,
        unit: 'ms',
        value: overviewWall,
        reference: {
          label: `${designed} requests, ${MEMBER_MAX_IN_FLIGHT} at a time, at one page's round trip (p50 ${roundTrip.toFixed(1)} ms)`,
          value: Math.ceil(designed / MEMBER_MAX_IN_FLIGHT) * roundTrip,
        },
        target: `<= ${TARGET_WALL_MS / 1000} s`,
        met: overviewWall <= TARGET_WALL_MS,
        extra: {
          runsMs: overviewTimes.map((ms) => ms.toFixed(0)).join(', '),
          pageRoundTripMs: roundTrip,
          // Where the time goes: the server's CPU, and this process's (the sandbox answering, the proxy), per run.
          serverCpuMs: serverCpu.map((ms) => ms.toFixed(0)).join(', '),
          sandboxAndProxyCpuMs: benchCpu.map((ms) => ms.toFixed(0)).join(', '),
        },
      }),
      figure({
        name: `Whole book: list_complaints {"overdue":true,"pageSize":${listPageSize}} paged to the end (${calls} pages), requests`,
        unit: 'requests',
        value: listRequests,
        reference: { label: `one reading of the unresolved records: a count of one record per status (2) + ${pages.unresolved} pages`, value: oneReading },
        target: '<= one reading',
        met: listRequests <= oneReading,
        extra: { calls, rows, overdueTotal: listTotal, requestsPerCall: listRequests / calls },
      }),
      figure({
        name: `Whole book: list_complaints {"overdue":true,"pageSize":${listPageSize}} paged to the end (${calls} pages), wall time`,
        unit: 'ms',
        value: listWall,
        reference: { label: 'the overview {} (median)', value: overviewWall },
        target: '',
        met: null,
        extra: { calls, p50PerCallMs: median(callTimes), maxPerCallMs: Math.max(...callTimes) },
      }),
      ...(['unresolved', 'unanswered', 'overdue', 'dueSoon', 'answeredNotDelivered'] as const).map(agreementRow),
      ...lastMonth,
    ];
  } finally {
    await peer.stop();
    await proxy.close();
    await sandbox.close();
  }
}
