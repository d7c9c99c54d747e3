// A phase of `npm run bench:http`: whether one member's whole-book reading makes another member wait.
// One member runs two complaints_overview {} at once, in a loop, over the sandbox's big book (30,000
// records) answering 40 ms late, while another member asks for the newest 5 records with
// list_complaints, one call after another. The other member's p95 is taken idle first, then during
// the overviews; the target is to stay within STALL_TARGET_MS of the idle p95. Beside each, the
// same requests as the service's side saw them (behind the counting proxy), so that what the server
// itself added stands apart from the service's own wait.
//
// The sandbox runs in a worker thread (whole-book-worker.ts): its pages cost milliseconds of CPU each,
// and on this thread they would delay the timing of the calls. The sandbox knows only its demo keys,
// so the two members are made-up keys the proxy passes on as the full demo key.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Pool } from 'undici';
import { DEMO_KEYS } from '../src/sandbox/demo-keys.js';
import { LatencyProxy, memberIdOfKey } from '../test/helpers/latency-proxy.js';
import { LATENCY_MS } from './figures/whole-book.js';
import { ErrorTally, McpHttpPeer } from './http-peer.js';
import type { ServerUnderTest } from './overview-load.js';
import { cpuMs } from './proc.js';
import { quantile } from './stats.js';

/** How far above its idle p95 the other member's p95 may go while the overviews run. */
export const STALL_TARGET_MS = 50;
/** Overviews the reading member runs at once (its whole-book slots are 2). */
export const STALL_OVERVIEWS = 2;
const IDLE_CALLS = 100;
/** How long the other member calls while the overviews run. */
export const STALL_SECONDS = 10;
const WARM_UP_CALLS = 20;
const CALL_TIMEOUT_MS = 60_000;
const READER = 'or_bench_stall_reader_member_01';
const OTHER = 'or_bench_stall_other_member_002';
const SMALL_CALL = { pageSize: 5 };

export interface Percentiles {
  calls: number;
  p50: number;
  p95: number;
  max: number;
}

/** The other member's calls, as it saw them, as the service's side saw their requests, and the difference call by call. */
export interface Side {
  call: Percentiles | null;
  atTheService: Percentiles | null;
  /** Each call's time less its request's at the service: what the server itself took, whatever the service did. */
  serverShare: Percentiles | null;
  /** How late the server's event loop ran a timer meanwhile (loop-delay.ts). */
  loopDelay: LoopDelay | null;
}

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

export interface StallLoadResult {
  records: string;
  latencyMs: number;
  seconds: number;
  idle: Side;
  during: Side;
  overviews: { answered: number; wallMs: Percentiles | null };
  readerPeakInFlight: number;
  serverCpuPercentOfOneCore: number;
  errors: { idle: number; during: number; overviews: number; samples: Record<string, string> };
}

/**
 * A side of the figure. Each call of the other member sends one request, and both are timed in order,
 * so the n-th call pairs with the n-th request (unless a retry or a failure broke the pairing: then
 * no share is given).
 */
function side(calls: readonly number[], atTheService: readonly number[], loopDelay: LoopDelay | null): Side {
  const paired = calls.length === atTheService.length;
  return {
    loopDelay,
    call: percentiles(calls),
    atTheService: percentiles(atTheService),
    serverShare: paired ? percentiles(calls.map((ms, index) => ms - atTheService[index]!)) : null,
  };
}

function percentiles(times: readonly number[]): Percentiles | null {
  if (times.length === 0) return null;
  return { calls: times.length, p50: quantile(times, 0.5), p95: quantile(times, 0.95), max: Math.max(...times) };
}

/** The big book in a worker thread; its URL, and how to close it. */
async function startBookWorker(now: Date): Promise<{ url: string; close: () => Promise<void> }> {
  const worker = new Worker(new URL('./whole-book-worker.js', import.meta.url), { workerData: { now: now.toISOString() } });
  const url = await new Promise<string>((resolve, reject) => {
    worker.once('message', (message: { url: string }) => resolve(message.url));
    worker.once('error', reject);
  });
  return {
    url,
    close: async () => {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await Promise.race([exited, sleep(5_000).then(() => worker.terminate())]);
    },
  };
}

/** Timings of `call`, sequential, while `more()` holds; failed calls are counted in their tally, not timed. */
async function timeCalls(call: () => Promise<unknown>, more: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (more()) {
    const started = performance.now();
    const result = await call();
    if (result !== undefined) times.push(performance.now() - started);
  }
  return times;
}

/** The server as http-load.ts starts it, with node's own arguments added, and the lines of its stderr so far. */
type StartServer = (env: Record<string, string>, nodeArgs?: readonly string[]) => Promise<ServerUnderTest & { stderr: string[] }>;

/** What loop-delay.ts saw in the server since it was last asked (SIGUSR2): its line on stderr, read. */
async function loopDelay(server: { pid: number; stderr: string[] }): Promise<LoopDelay | null> {
  const before = server.stderr.length;
  process.kill(server.pid, 'SIGUSR2');
  for (let wait = 0; wait < 100; wait++) {
    const line = server.stderr.slice(before).find((text) => text.startsWith('loop-delay '));
    if (line !== undefined) return JSON.parse(line.slice('loop-delay '.length)) as LoopDelay;
    await sleep(20);
  }
  return null;
}

export async function measureStallLoad(startServer: StartServer, seconds: number): Promise<StallLoadResult> {
  const book = await startBookWorker(new Date());
  const members = new Set([READER, OTHER].map((key) => `Bearer ${key}`));
  const proxy = await LatencyProxy.start(book.url, {
    forwardAs: (authorization) => (authorization !== undefined && members.has(authorization) ? `Bearer ${DEMO_KEYS.full.key}` : undefined),
  });
  let server: ServerUnderTest | undefined;
  let pool: Pool | undefined;
  try {
    // The team server as the container recipe starts it, with its default caps.
    const probe = fileURLToPath(new URL('./loop-delay.js', import.meta.url));
    const started = await startServer({ COMPLAINTS_API_URL: proxy.url, COMPLAINTS_LOG_LEVEL: 'info' }, [`--import=${pathToFileURL(probe).href}`]);
    server = started;
    pool = new Pool(server.origin, {
      connections: STALL_OVERVIEWS + 2,
      keepAliveTimeout: 10_000,
      headersTimeout: CALL_TIMEOUT_MS,
      bodyTimeout: CALL_TIMEOUT_MS,
    });
    const errors = { idle: new ErrorTally(), during: new ErrorTally(), overviews: new ErrorTally() };
    const other = new McpHttpPeer(pool, OTHER, errors.idle);
    const reader = new McpHttpPeer(pool, READER, errors.overviews);
    // Each member's first call makes its key one the service accepted; then both paths are warm.
    for (const peer of [other, reader]) await peer.handshake();
    await reader.callTool('complaints_overview', {});
    for (let call = 0; call < WARM_UP_CALLS; call++) await other.callTool('list_complaints', SMALL_CALL);

    proxy.reset();
    await loopDelay(started);
    let idleCalls = 0;
    const idle = await timeCalls(
      () => other.callTool('list_complaints', SMALL_CALL),
      () => idleCalls++ < IDLE_CALLS,
    );
    const idleAtTheService = [...proxy.timesOf(memberIdOfKey(OTHER))];
    const idleLoop = await loopDelay(started);

    proxy.reset();
    let running = true;
    const overviewTimes: number[] = [];
    const loops = Array.from({ length: STALL_OVERVIEWS }, async () => {
      while (running) {
        const started = performance.now();
        if ((await reader.callTool('complaints_overview', {})) !== undefined) overviewTimes.push(performance.now() - started);
      }
    });
    await proxy.until(() => proxy.requestsOf(memberIdOfKey(READER)) > 0);
    const loaded = new McpHttpPeer(pool, OTHER, errors.during);
    await loopDelay(started);
    const serverCpuBefore = await cpuMs(server.pid);
    const phaseStarted = performance.now();
    const deadline = phaseStarted + seconds * 1000;
    const during = await timeCalls(
      () => loaded.callTool('list_complaints', SMALL_CALL),
      () => performance.now() < deadline,
    );
    const serverCpu = (await cpuMs(server.pid)) - serverCpuBefore;
    const phaseMs = performance.now() - phaseStarted;
    const duringLoop = await loopDelay(started);
    const duringAtTheService = [...proxy.timesOf(memberIdOfKey(OTHER))];
    running = false;
    await Promise.all(loops);

    return {
      records: '30,000',
      latencyMs: LATENCY_MS,
      seconds,
      idle: side(idle, idleAtTheService, idleLoop),
      during: side(during, duringAtTheService, duringLoop),
      overviews: { answered: overviewTimes.length, wallMs: percentiles(overviewTimes) },
      readerPeakInFlight: proxy.peakOf(memberIdOfKey(READER)),
      serverCpuPercentOfOneCore: (100 * serverCpu) / phaseMs,
      errors: {
        idle: errors.idle.total,
        during: errors.during.total,
        overviews: errors.overviews.total,
        samples: Object.fromEntries([...errors.idle.samples, ...errors.during.samples, ...errors.overviews.samples]),
      },
    };
  } finally {
    await pool?.close().catch(() => undefined);
    await server?.stop();
    await proxy.close();
    await book.close();
  }
}

const ms = (value: number | undefined) => (value === undefined ? '-' : `${value.toFixed(1)} ms`);
const loop = (delay: LoopDelay | null) => (delay === null ? '-' : `${ms(delay.p99)} (${ms(delay.max)})`);

/** The phase's rows, as markdown: the figure beside its idle reference, the target and whether it is met. */
export function stallLoadTable(result: StallLoadResult): string[] {
  const line = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  const { idle, during } = result;
  const met = idle.call !== null && during.call !== null ? (during.call.p95 <= idle.call.p95 + STALL_TARGET_MS ? 'yes' : 'NO') : '-';
  return [
    `### No member waits on another: one member's ${STALL_OVERVIEWS} whole-book overviews at once, ${result.records} records, +${result.latencyMs} ms a request`,
    '',
    line(['figure', 'during the overviews', 'idle (reference)', 'target', 'met']),
    line(Array(5).fill('---')),
    line([
      `another member's list_complaints {"pageSize":5} p95 (${during.call?.calls ?? 0} calls in ${result.seconds} s; idle ${idle.call?.calls ?? 0})`,
      ms(during.call?.p95),
      ms(idle.call?.p95),
      `<= idle p95 + ${STALL_TARGET_MS} ms`,
      met,
    ]),
    line(['the same, p50', ms(during.call?.p50), ms(idle.call?.p50), '-', '-']),
    line(["its requests as the service's side saw them (the 40 ms included), p95", ms(during.atTheService?.p95), ms(idle.atTheService?.p95), '-', '-']),
    line([
      "what the server itself took of each call (the call less its request's time at the service), p95",
      ms(during.serverShare?.p95),
      ms(idle.serverShare?.p95),
      '-',
      '-',
    ]),
    line(['the same, p50', ms(during.serverShare?.p50), ms(idle.serverShare?.p50), '-', '-']),
    line(["the server's event loop: how late it ran a timer, p99 (max)", loop(during.loopDelay), loop(idle.loopDelay), '-', '-']),
    '',
    line(['the reading member', 'value']),
    line(['---', '---']),
    line(['overviews answered; wall time p50, max', `${result.overviews.answered}; ${ms(result.overviews.wallMs?.p50)}, ${ms(result.overviews.wallMs?.max)}`]),
    line(['its peak requests in flight to the service', result.readerPeakInFlight]),
    line(['server CPU during the overviews', `${result.serverCpuPercentOfOneCore.toFixed(0)}% of one core`]),
    line(['errors (idle, during, overviews)', `${result.errors.idle}, ${result.errors.during}, ${result.errors.overviews}`]),
  ];
}
