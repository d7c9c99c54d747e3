// A phase of `npm run bench:http`: the team server while members read the whole book. Eight members
// each run complaints_overview {} in a loop over the sandbox's big book (30,000 records) answering
// 40 ms late, behind the counting proxy of test/helpers/latency-proxy.ts, while another member opens one record after
// another with get_complaint. What it tells: whether one member's waits grow with the others' reading
// (each member is held to 8 requests in flight, so 8 members can put 64 in flight), and how much
// memory the server takes holding eight overviews' pages at once (peak RSS, sampled).
//
// The sandbox knows only its demo keys, so the eight members are made-up keys that the proxy passes
// on as the full demo key: the server sees (and gates) eight members of organization A.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { DEMO_KEYS } from '../src/sandbox/demo-keys.js';
import { STORE_IDS } from '../src/sandbox/organizations.js';
import { memberIdOfKey } from '../test/helpers/latency-proxy.js';
import { LATENCY_MS, startWholeBook, wholeBookDataset } from './figures/whole-book.js';
import { ErrorTally, McpHttpPeer } from './http-peer.js';
import { cpuMs, rssMb } from './proc.js';
import { quantile } from './stats.js';

export const OVERVIEW_MEMBERS = 8;
/** How long the other member opens records while the overviews run. */
export const OVERVIEW_LOAD_SECONDS = 10;
/** get_complaint calls timed with no overview running. */
const IDLE_CALLS = 50;
const RSS_SAMPLE_MS = 250;
const CALL_TIMEOUT_MS = 60_000;
const OTHER = DEMO_KEYS.storeRestricted.key;

export interface ServerUnderTest {
  pid: number;
  origin: string;
  stop: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface Latencies {
  calls: number;
  p50: number;
  p99: number;
  max: number;
}

export interface OverviewLoadResult {
  members: number;
  latencyMs: number;
  records: number;
  seconds: number;
  otherMemberGetComplaint: {
    idle: Latencies | null;
    duringOverviews: Latencies | null;
    /** The same calls' requests as the proxy saw them: the service's share of the wait (its 40 ms included). */
    atTheServiceIdle: Latencies | null;
    atTheServiceDuringOverviews: Latencies | null;
  };
  cpuDuringOverviews: { serverPercentOfOneCore: number; benchPercentOfOneCore: number };
  overviews: { answered: number; partial: number; wallMs: Latencies | null };
  rssMb: { afterStart: number; beforeOverviews: number; peak: number; afterOverviews: number; samples: number };
  toService: { requests: number; peakInFlight: number; peakInFlightOfOneMember: number; peakInFlightOfOtherMember: number };
  errors: { idle: Record<string, number>; duringOverviews: Record<string, number>; overviews: Record<string, number>; samples: Record<string, string> };
}

function latencies(times: readonly number[]): Latencies | null {
  if (times.length === 0) return null;
  return { calls: times.length, p50: quantile(times, 0.5), p99: quantile(times, 0.99), max: Math.max(...times) };
}

/** The made-up key of bench member `index` (1-based): fixed, key-shaped, and known to nothing but the proxy. */
const memberKey = (index: number) => `or_bench_overview_member_${String(index).padStart(2, '0')}`;

/** Timings of `call`, sequential, until `until()` is false; failed calls are counted in their tally, not timed. */
async function timeCalls(call: () => Promise<unknown>, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (until()) {
    const started = performance.now();
    const result = await call();
    if (result !== undefined) times.push(performance.now() - started);
  }
  return times;
}

export async function measureOverviewLoad(
  startServer: (env: Record<string, string>) => Promise<ServerUnderTest>,
  memberCount = OVERVIEW_MEMBERS,
): Promise<OverviewLoadResult> {
  const dataset = wholeBookDataset(new Date());
  const members = Array.from({ length: memberCount }, (_, index) => memberKey(index + 1));
  const standsFor = new Set(members.map((key) => `Bearer ${key}`));
  const { sandbox, proxy } = await startWholeBook(dataset, {
    forwardAs: (authorization) => (authorization !== undefined && standsFor.has(authorization) ? `Bearer ${DEMO_KEYS.full.key}` : undefined),
  });
  let server: ServerUnderTest | undefined;
  let pool: Pool | undefined;
  try {
    // The team server as the container recipe starts it, with its default caps (8 calls per key, 64 in all).
    server = await startServer({ COMPLAINTS_API_URL: proxy.url, COMPLAINTS_LOG_LEVEL: 'info' });
    const { pid } = server;
    await sleep(300);
    const afterStart = await rssMb(pid);
    pool = new Pool(server.origin, {
      connections: memberCount + 2,
      keepAliveTimeout: 10_000,
      headersTimeout: CALL_TIMEOUT_MS,
      bodyTimeout: CALL_TIMEOUT_MS,
    });

    // The other member: a record of a store it may see, opened after a warm-up, with no overview running.
    const record = dataset.records.find((candidate) => candidate.storeId === STORE_IDS.miraflores)!;
    const idleErrors = new ErrorTally();
    const other = new McpHttpPeer(pool, OTHER, idleErrors);
    await other.handshake();
    for (let call = 0; call < 10; call++) await other.callTool('get_complaint', { id: record.id });
    proxy.reset();
    let idleCalls = 0;
    const idle = await timeCalls(
      () => other.callTool('get_complaint', { id: record.id }),
      () => idleCalls++ < IDLE_CALLS,
    );
    const atTheServiceIdle = latencies(proxy.timesOf(memberIdOfKey(OTHER)));

    // Each member's first call makes its key one the service has accepted (the server admits few calls of unknown keys).
    const overviewErrors = new ErrorTally();
    const peers = members.map((key) => new McpHttpPeer(pool!, key, overviewErrors));
    for (const peer of peers) {
      await peer.handshake();
      await peer.callTool('list_complaints', { pageSize: 1 });
    }
    await sleep(300);
    const beforeOverviews = await rssMb(pid);

    proxy.reset();
    const serverCpuBefore = await cpuMs(pid);
    const benchCpuBefore = process.cpuUsage();
    const phaseStarted = performance.now();
    let peak = beforeOverviews;
    let samples = 0;
    const sampler = setInterval(() => {
      void rssMb(pid)
        .then((value) => {
          peak = Math.max(peak, value);
          samples++;
        })
        .catch(() => undefined);
    }, RSS_SAMPLE_MS);
    let running = true;
    let partial = 0;
    const overviewTimes: number[] = [];
    const loops = peers.map(async (peer) => {
      while (running) {
        const started = performance.now();
        const result = await peer.callTool('complaints_overview', {});
        if (result === undefined) continue;
        overviewTimes.push(performance.now() - started);
        const structured = result.structuredContent;
        if (structured?.atRisk?.incomplete !== undefined || /could not be read/.test(structured?.hint ?? '')) partial++;
      }
    });
    // Once every member is reading, the other member opens records for OVERVIEW_LOAD_SECONDS.
    await proxy.until(() => members.every((key) => proxy.requestsOf(memberIdOfKey(key)) > 0));
    const loadErrors = new ErrorTally();
    const loaded = new McpHttpPeer(pool, OTHER, loadErrors);
    await loaded.handshake();
    const deadline = performance.now() + OVERVIEW_LOAD_SECONDS * 1000;
    const duringOverviews = await timeCalls(
      () => loaded.callTool('get_complaint', { id: record.id }),
      () => performance.now() < deadline,
    );
    const atTheServiceDuringOverviews = latencies(proxy.timesOf(memberIdOfKey(OTHER)));
    running = false;
    await Promise.all(loops);
    clearInterval(sampler);
    const phaseMs = performance.now() - phaseStarted;
    const serverCpu = (await cpuMs(pid)) - serverCpuBefore;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const afterOverviews = await rssMb(pid);
    peak = Math.max(peak, afterOverviews);

    const samplesOfErrors = Object.fromEntries([...idleErrors.samples, ...loadErrors.samples, ...overviewErrors.samples]);
    return {
      members: memberCount,
      latencyMs: LATENCY_MS,
      records: dataset.records.length,
      seconds: OVERVIEW_LOAD_SECONDS,
      otherMemberGetComplaint: { idle: latencies(idle), duringOverviews: latencies(duringOverviews), atTheServiceIdle, atTheServiceDuringOverviews },
      cpuDuringOverviews: {
        serverPercentOfOneCore: (100 * serverCpu) / phaseMs,
        benchPercentOfOneCore: (100 * (benchCpu.user + benchCpu.system)) / 1000 / phaseMs,
      },
      overviews: { answered: overviewTimes.length, partial, wallMs: latencies(overviewTimes) },
      rssMb: { afterStart, beforeOverviews, peak, afterOverviews, samples },
      toService: {
        requests: proxy.requests,
        peakInFlight: proxy.peak,
        peakInFlightOfOneMember: Math.max(...members.map((key) => proxy.peakOf(memberIdOfKey(key)))),
        peakInFlightOfOtherMember: proxy.peakOf(memberIdOfKey(OTHER)),
      },
      errors: {
        idle: Object.fromEntries(idleErrors.counts),
        duringOverviews: Object.fromEntries(loadErrors.counts),
        overviews: Object.fromEntries(overviewErrors.counts),
        samples: samplesOfErrors,
      },
    };
  } finally {
    await pool?.close().catch(() => undefined);
    await server?.stop();
    await proxy.close();
    await sandbox.close();
  }
}

const ms = (value: number | undefined) => (value === undefined ? '-' : `${value.toFixed(2)} ms`);

/** The phase's rows, as markdown. */
export function overviewLoadTable(result: OverviewLoadResult): string[] {
  const line = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  const { idle, duringOverviews } = result.otherMemberGetComplaint;
  const errors = (tally: Record<string, number>) => Object.values(tally).reduce((a, b) => a + b, 0);
  return [
    `### Overviews over the whole book: ${result.members} members in a loop, ${result.records.toLocaleString('en-US')} records, +${result.latencyMs} ms a request`,
    '',
    line(['figure', 'value']),
    line(['---', '---']),
    line([`another member's get_complaint p50, no overview running (${idle?.calls ?? 0} calls)`, `${ms(idle?.p50)} (p99 ${ms(idle?.p99)})`]),
    line([
      `the same while ${result.members} members run overviews (${duringOverviews?.calls ?? 0} calls in ${result.seconds} s)`,
      `${ms(duringOverviews?.p50)} (p99 ${ms(duringOverviews?.p99)}, max ${ms(duringOverviews?.max)})`,
    ]),
    line([
      "its request as the service's side saw it (the 40 ms included), p50: idle, during",
      `${ms(result.otherMemberGetComplaint.atTheServiceIdle?.p50)}, ${ms(result.otherMemberGetComplaint.atTheServiceDuringOverviews?.p50)}`,
    ]),
    line(['overviews answered (of which partial)', `${result.overviews.answered} (${result.overviews.partial})`]),
    line(['overview wall time p50, max', `${ms(result.overviews.wallMs?.p50)}, ${ms(result.overviews.wallMs?.max)}`]),
    line([
      'CPU during the overviews: server, this script (sandbox, proxy, clients)',
      `${result.cpuDuringOverviews.serverPercentOfOneCore.toFixed(0)}%, ${result.cpuDuringOverviews.benchPercentOfOneCore.toFixed(0)}% of one core`,
    ]),
    line(['server RSS after start', `${result.rssMb.afterStart.toFixed(1)} MB`]),
    line(['server RSS before the overviews', `${result.rssMb.beforeOverviews.toFixed(1)} MB`]),
    line([`server RSS peak during the overviews (${result.rssMb.samples} samples, every ${RSS_SAMPLE_MS} ms)`, `${result.rssMb.peak.toFixed(1)} MB`]),
    line(['server RSS right after', `${result.rssMb.afterOverviews.toFixed(1)} MB`]),
    line([
      'requests to the service; peak in flight: all, one member, the other member',
      `${result.toService.requests}; ${result.toService.peakInFlight}, ${result.toService.peakInFlightOfOneMember}, ${result.toService.peakInFlightOfOtherMember}`,
    ]),
    line([
      'errors (idle get_complaint, get_complaint during, overviews)',
      `${errors(result.errors.idle)}, ${errors(result.errors.duringOverviews)}, ${errors(result.errors.overviews)}`,
    ]),
  ];
}
