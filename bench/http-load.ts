// npm run bench:http [-- --clients N --seconds S --only PHASES --profile-dir DIR --server PATH --save]: a load test of
// `serve --http`. It starts the sandbox in-process and the built server as a child, runs many virtual
// MCP clients against that one instance on loopback and prints the figures as markdown; with --save,
// also writes them to bench/http-results.json (see save.ts). Its phases, each on a server of its own
// (--only load,stall runs those alone):
// - load: many clients for --seconds, then one client over HTTP and over stdio in turns;
// - overviews (overview-load.ts): another member's get_complaint while 8 members run
//   complaints_overview in a loop over a 30,000-record book 40 ms away, and the server's peak RSS;
// - stall (stall-load.ts): another member's 5-row list_complaints, idle and while one member runs two
//   whole-book overviews at once, against its target;
// - path (http-path.ts): the HTTP path's own cost, one client, beside stdio and the direct GET;
// - state (state-load.ts): signed-in clients' calls with the sign-in's state in memory and in a
//   redis-server it starts on loopback, side by side; skipped, and said so, without redis-server;
// - ready (ready-starts.ts): 20 starts with the sign-in on, counting those whose /healthz said 200
//   before the sign-in's routes answered.
// --profile-dir starts every server with node --cpu-prof, its profile written there when it stops;
// --server <path of index.js> measures another build (say, a copy of the last commit's dist/).
// A script, not a test: nothing here asserts. Linux only (it reads the server's /proc entries).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { arch, cpus, platform, release, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Pool, request } from 'undici';
import { DEMO_KEYS } from '../src/sandbox/demo-keys.js';
import { startSandbox } from '../src/sandbox/server.js';
import { CALL_MIX, idsOf, nextCall, READING_KEYS, type Tool } from './call-mix.js';
import { httpPathTable, measureHttpPath, PATH_CALLS } from './http-path.js';
import { ErrorTally, McpHttpPeer, PROTOCOL_VERSION } from './http-peer.js';
import { measureOverviewLoad, OVERVIEW_LOAD_SECONDS, OVERVIEW_MEMBERS, overviewLoadTable } from './overview-load.js';
import { cpuMs, rssMb } from './proc.js';
import { measureReadyStarts, READY_POLL_MS, READY_STARTS, readyStartsTable } from './ready-starts.js';
import { keepResults } from './save.js';
import { measureStallLoad, STALL_SECONDS, stallLoadTable } from './stall-load.js';
import { measureStateLoad, STATE_ROUNDS, stateLoadTable } from './state-load.js';
import { quantile } from './stats.js';
import { StdioPeer } from './stdio-peer.js';

// Compiled to bench/.build/bench/http-load.js.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** The built server, unless --server names another build (a copy of an earlier one, to compare in the same run). */
let SERVER_PATH = here('../../../dist/index.js');
const RESULTS_PATH = here('../../http-results.json');
const STDIO_RESULTS_PATH = here('../../results.json');

const WARM_UP_CALLS = 200;
const WARM_UP_CLIENTS = 4;
const SINGLE_CLIENT_CALLS = 500;
/** Stdio calls before the single-client phase: the HTTP server is warm by then, the stdio one is not. */
const SINGLE_CLIENT_WARM_UP = 100;
const RSS_SAMPLE_MS = 250;
/** A count-bound phase still ends by then, whatever happens. */
const COUNT_PHASE_LIMIT_MS = 60_000;
/** One call that takes longer than this is a network error, so that the run always ends. */
const CALL_TIMEOUT_MS = 30_000;

/** The phases, by the name --only takes. */
const PHASES = ['load', 'overviews', 'stall', 'path', 'state', 'ready'] as const;
type Phase = (typeof PHASES)[number];

interface Options {
  clients: number;
  seconds: number;
  save: boolean;
  /** The phases to run; every one without --only. */
  only: ReadonlySet<Phase>;
  /** A folder for the servers' CPU profiles (node --cpu-prof), written when each stops. */
  profileDir: string | undefined;
  /** The built server's index.js to measure, when not this checkout's dist/. */
  server: string | undefined;
}

function options(): Options {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '32' },
      seconds: { type: 'string', default: '15' },
      save: { type: 'boolean', default: false },
      only: { type: 'string' },
      'profile-dir': { type: 'string' },
      server: { type: 'string' },
    },
  });
  const fail = (message: string): never => {
    process.stderr.write(`http-load: ${message}\n`);
    process.exit(2);
  };
  const whole = (name: string, raw: string, max: number) => {
    if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max) fail(`--${name} must be a whole number from 1 to ${max} (got "${raw}")`);
    return Number(raw);
  };
  const only = values.only === undefined ? PHASES : values.only.split(',').map((name) => name.trim());
  const unknown = only.filter((name) => !(PHASES as readonly string[]).includes(name));
  if (unknown.length > 0) fail(`--only takes phases among ${PHASES.join(', ')}, comma-separated (got "${unknown.join(', ')}")`);
  // Saved figures are the whole run: a part of it would drop the others from http-results.json.
  if (values.save && values.only !== undefined) fail('--save measures every phase: leave --only out');
  if (values.save && values.server !== undefined) fail("--save keeps this checkout's figures: leave --server out");
  return {
    clients: whole('clients', values.clients, 256),
    seconds: whole('seconds', values.seconds, 120),
    save: values.save,
    only: new Set(only as Phase[]),
    profileDir: values['profile-dir'],
    server: values.server,
  };
}

/** Calls a phase may still start: a count, a deadline, or both. Shared by the phase's clients. */
class Budget {
  constructor(
    private calls: number,
    private readonly deadline: number,
  ) {}

  get open(): boolean {
    return this.calls > 0 && performance.now() < this.deadline;
  }

  take(): boolean {
    if (!this.open) return false;
    this.calls--;
    return true;
  }
}

type Timings = Record<Tool, number[]>;

interface PhaseResult {
  clients: number;
  elapsedMs: number;
  /** Of the calls that succeeded; failures are counted by kind in `errors`. */
  timings: Timings;
  errors: ErrorTally;
}

const emptyPhase = (clients: number): PhaseResult => ({ clients, elapsedMs: 0, timings: { list_complaints: [], get_complaint: [] }, errors: new ErrorTally() });

/**
 * One virtual client: the handshake, then tools/call while the budget lasts. Times only the calls
 * that succeeded; failures are counted by kind in the peer's tally.
 */
async function virtualClient(peer: McpHttpPeer, index: number, budget: Budget, timings: Timings): Promise<void> {
  // A client whose handshake failed tries again, as one reconnecting would.
  while (budget.open && !(await peer.handshake())) await sleep(100);
  let ids: string[] = [];
  for (let call = 0; budget.take(); call++) {
    const [tool, args] = nextCall(index, call, ids);
    const started = performance.now();
    const result = await peer.callTool(tool, args);
    const ms = performance.now() - started;
    if (result === undefined) continue;
    timings[tool].push(ms);
    if (tool === 'list_complaints') ids = idsOf(result);
  }
}

/**
 * One client, sequential, over HTTP and over stdio in turns: the same call to each, so that drift on
 * a shared machine touches both alike and the stdio figure of `npm run bench` is re-measured beside.
 */
async function singleClient(pool: Pool, stdio: StdioPeer): Promise<{ http: PhaseResult; stdio: PhaseResult }> {
  const http = emptyPhase(1);
  const viaStdio = emptyPhase(1);
  const peer = new McpHttpPeer(pool, DEMO_KEYS.full.key, http.errors);
  await peer.handshake();
  await stdio.initialize();
  for (let call = 0; call < SINGLE_CLIENT_WARM_UP; call++) await stdio.callTool('list_complaints', { pageSize: 20 }).catch(() => undefined);
  let ids: string[] = [];
  for (let call = 0; call < SINGLE_CLIENT_CALLS; call++) {
    const [tool, args] = nextCall(0, call, ids);
    let started = performance.now();
    const result = await peer.callTool(tool, args);
    if (result !== undefined) {
      http.timings[tool].push(performance.now() - started);
      if (tool === 'list_complaints') ids = idsOf(result);
    }
    started = performance.now();
    try {
      await stdio.callTool(tool, args);
      viaStdio.timings[tool].push(performance.now() - started);
    } catch (error) {
      viaStdio.errors.add(`stdio tools/call ${tool}`, (error as Error).message);
    }
  }
  // Sequential: the rate is that of back-to-back calls, without the other transport's turns.
  for (const phase of [http, viaStdio]) phase.elapsedMs = [...phase.timings.list_complaints, ...phase.timings.get_complaint].reduce((a, b) => a + b, 0);
  return { http, stdio: viaStdio };
}

async function runPhase(pool: Pool, clients: number, budget: Budget): Promise<PhaseResult> {
  const phase = emptyPhase(clients);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, (_, index) => {
      const key = DEMO_KEYS[READING_KEYS[index % READING_KEYS.length]!].key;
      return virtualClient(new McpHttpPeer(pool, key, phase.errors), index, budget, phase.timings);
    }),
  );
  phase.elapsedMs = performance.now() - started;
  return phase;
}

interface LatencyRow {
  calls: number;
  p50: number;
  p99: number;
  max: number;
}

function latency(times: readonly number[]): LatencyRow | null {
  if (times.length === 0) return null;
  return { calls: times.length, p50: quantile(times, 0.5), p99: quantile(times, 0.99), max: times.reduce((a, b) => Math.max(a, b)) };
}

function summary(phase: PhaseResult) {
  const all = [...phase.timings.list_complaints, ...phase.timings.get_complaint];
  return {
    clients: phase.clients,
    seconds: phase.elapsedMs / 1000,
    callsPerSecond: all.length / (phase.elapsedMs / 1000),
    all: latency(all),
    list_complaints: latency(phase.timings.list_complaints),
    get_complaint: latency(phase.timings.get_complaint),
    errors: Object.fromEntries(phase.errors.counts),
    errorSamples: Object.fromEntries(phase.errors.samples),
  };
}

/**
 * The built server as a child, with nothing in its environment but what it needs, started as the
 * README's container recipe starts a team server: `node dist/index.js serve --http`, with V8's own
 * heap sizes. (The bin's launch line trades throughput for a desktop's memory.)
 */
async function startServer(env: Record<string, string>, nodeArgs: readonly string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs, SERVER_PATH, 'serve', '--http', '--host', '127.0.0.1', '--port', '0'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  let partial = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop()!;
    stderr.push(...lines);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let running = true;
  void exited.then(() => (running = false));
  const pid = child.pid!;

  // The start line (log level info) names the endpoint: http://127.0.0.1:PORT/mcp
  let origin: string | undefined;
  const deadline = performance.now() + 10_000;
  while (origin === undefined) {
    if (!running || performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start listening:\n${stderr.join('\n')}`);
    }
    await sleep(20);
    origin = stderr.map((line) => /serving MCP over Streamable HTTP at (\S+)\/mcp/.exec(line)?.[1]).find(Boolean);
  }
  const health = await request(`${origin}/healthz`);
  await health.body.dump();
  if (health.statusCode !== 200) throw new Error(`GET /healthz answered ${health.statusCode}`);

  return {
    pid,
    origin,
    stderr,
    /** SIGTERM, as an orchestrator stops it; SIGKILL if it has not exited in 15 s. */
    async stop() {
      if (!running) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
  };
}

/** The stdio figure of `npm run bench` to stand beside, if bench/results.json holds one. */
function stdioReference(): { p50: number; calls: number; measuredAt: string } | null {
  if (!existsSync(STDIO_RESULTS_PATH)) return null;
  const results = JSON.parse(readFileSync(STDIO_RESULTS_PATH, 'utf8')) as { measuredAt: string; figures: Array<{ name: string; value: number }> };
  const row = results.figures.find((f) => f.name.startsWith('Call: list_complaints p50'));
  // The name says how many calls, e.g. "Call: list_complaints p50 (500 calls)".
  return row ? { p50: row.value, calls: Number(/\((\d+) calls\)/.exec(row.name)?.[1] ?? 0), measuredAt: results.measuredAt } : null;
}

const line = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
const ms = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(2));
const mb = (value: number) => `${value.toFixed(1)} MB`;

function latencyRows(phase: string, result: ReturnType<typeof summary>): string[] {
  return (['list_complaints', 'get_complaint', 'all'] as const).map((tool) => {
    const row = result[tool];
    const rate = tool === 'all' ? result.callsPerSecond.toFixed(1) : '';
    return line([phase, result.clients, tool === 'all' ? '**all calls**' : tool, row?.calls ?? 0, rate, ms(row?.p50), ms(row?.p99), ms(row?.max)]);
  });
}

type StartServer = (env: Record<string, string>, nodeArgs?: readonly string[]) => ReturnType<typeof startServer>;

/**
 * The load phase: warm-up, many clients for `seconds`, then one client over HTTP and stdio in turns,
 * on one server; its figures for the results file and its rows of the printed table.
 */
async function measureLoad(start: StartServer, sandboxUrl: string, clients: number, seconds: number) {
  // Twice the clients: each has one request in flight at most, so neither cap can be reached. The
  // total stays at 64 or more, as the figures were first measured (the server's pool of connections
  // to the API was sized from it then; now it follows what the gates let through, api-dispatcher.ts).
  const caps = { total: Math.max(64, 2 * clients), perKey: Math.max(64, 2 * clients) };
  const clientsPerKey = Object.fromEntries(READING_KEYS.map((name, k) => [name, Math.floor(clients / 3) + (k < clients % 3 ? 1 : 0)]));
  const server = await start({
    COMPLAINTS_API_URL: sandboxUrl,
    COMPLAINTS_LOG_LEVEL: 'info', // the start and stop lines only; request lines are at debug
    COMPLAINTS_HTTP_MAX_IN_FLIGHT: String(caps.total),
    COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY: String(caps.perKey),
  });
  let pool: Pool | undefined;
  try {
    const { pid } = server;
    await sleep(300);
    const rssAfterStart = await rssMb(pid);
    // Keep-alive, one connection per client at most: the clients reuse theirs as real ones would.
    pool = new Pool(server.origin, { connections: clients, keepAliveTimeout: 10_000, headersTimeout: CALL_TIMEOUT_MS, bodyTimeout: CALL_TIMEOUT_MS });

    process.stderr.write(`warming up (${WARM_UP_CALLS} calls)...\n`);
    const warmUp = await runPhase(pool, WARM_UP_CLIENTS, new Budget(WARM_UP_CALLS, performance.now() + COUNT_PHASE_LIMIT_MS));
    await sleep(300);
    const rssBeforeLoad = await rssMb(pid);

    process.stderr.write(`load: ${clients} clients for ${seconds} s...\n`);
    let rssPeak = rssBeforeLoad;
    let rssSamples = 0;
    const sampler = setInterval(() => {
      void rssMb(pid)
        .then((value) => {
          rssPeak = Math.max(rssPeak, value);
          rssSamples++;
        })
        .catch(() => undefined);
    }, RSS_SAMPLE_MS);
    const serverCpuBefore = await cpuMs(pid);
    const benchCpuBefore = process.cpuUsage();
    const load = await runPhase(pool, clients, new Budget(Infinity, performance.now() + seconds * 1000));
    const serverCpu = (await cpuMs(pid)) - serverCpuBefore;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    clearInterval(sampler);
    const rssAfterLoad = await rssMb(pid);
    rssPeak = Math.max(rssPeak, rssAfterLoad);

    process.stderr.write(`single client (${SINGLE_CLIENT_CALLS} sequential calls, HTTP and stdio in turns)...\n`);
    // The stdio server is the desktop's: its own key in its environment, as `npm run bench` runs it.
    const stdio = StdioPeer.launch(SERVER_PATH, { COMPLAINTS_API_URL: sandboxUrl, COMPLAINTS_API_KEY: DEMO_KEYS.full.key });
    const { http: single, stdio: singleStdio } = await singleClient(pool, stdio).finally(() => stdio.stop());

    // Whether the memory taken under load is given back once the load is gone.
    const rssAtEnd = await rssMb(pid);
    await pool.close();
    pool = undefined;
    const exit = await server.stop();

    const loadSummary = summary(load);
    const singleSummary = summary(single);
    const stdioSummary = summary(singleStdio);
    const cpu = {
      serverPercentOfOneCore: (100 * serverCpu) / load.elapsedMs,
      benchPercentOfOneCore: (100 * (benchCpu.user + benchCpu.system)) / 1000 / load.elapsedMs,
    };
    const errorsTotal = warmUp.errors.total + load.errors.total + single.errors.total + singleStdio.errors.total;
    const reference = stdioReference();
    const settings = {
      clients,
      seconds,
      clientsPerKey,
      caps: { COMPLAINTS_HTTP_MAX_IN_FLIGHT: caps.total, COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY: caps.perKey },
      protocolVersion: PROTOCOL_VERSION,
      mix: CALL_MIX,
      warmUpCalls: WARM_UP_CALLS,
      singleClientCalls: SINGLE_CLIENT_CALLS,
      rssSampleMs: RSS_SAMPLE_MS,
    };
    const figures = {
      singleClient: singleSummary,
      singleClientStdio: stdioSummary,
      load: loadSummary,
      rssMb: { afterStart: rssAfterStart, beforeLoad: rssBeforeLoad, peakDuringLoad: rssPeak, afterLoad: rssAfterLoad, atEnd: rssAtEnd, samples: rssSamples },
      cpuDuringLoad: cpu,
      errors: { total: errorsTotal, warmUp: Object.fromEntries(warmUp.errors.counts) },
      stdioReference: reference,
    };
    const rows = [
      `### serve --http under load: ${clients} clients for ${seconds} s`,
      '',
      line(['phase', 'clients', 'tool', 'calls', 'calls/s', 'p50 ms', 'p99 ms', 'max ms']),
      line(Array(8).fill('---')),
      ...latencyRows('single client, sequential, HTTP', singleSummary),
      ...latencyRows('same calls over stdio, in turns', stdioSummary),
      ...latencyRows(`load, ${seconds} s`, loadSummary),
      ...(reference
        ? [
            line([
              `stdio in npm run bench (bench/results.json, ${reference.measuredAt.slice(0, 10)})`,
              1,
              'list_complaints, page 1',
              reference.calls,
              '',
              ms(reference.p50),
              '-',
              '-',
            ]),
          ]
        : []),
      '',
      line(['server process', 'value']),
      line(['---', '---']),
      line(['RSS after start', mb(rssAfterStart)]),
      line([`RSS before load (after ${WARM_UP_CALLS} warm-up calls)`, mb(rssBeforeLoad)]),
      line([`RSS peak during load (${rssSamples} samples, every ${RSS_SAMPLE_MS} ms)`, mb(rssPeak)]),
      line(['RSS right after load', mb(rssAfterLoad)]),
      line([`RSS at the end (after the ${SINGLE_CLIENT_CALLS} single-client calls)`, mb(rssAtEnd)]),
      line(['CPU during load, server', `${cpu.serverPercentOfOneCore.toFixed(0)}% of one core`]),
      line(['CPU during load, this script (clients and sandbox)', `${cpu.benchPercentOfOneCore.toFixed(0)}% of one core`]),
      line([
        'errors (warm-up, load, single client HTTP, stdio)',
        `${warmUp.errors.total}, ${load.errors.total}, ${single.errors.total}, ${singleStdio.errors.total}`,
      ]),
      '',
      `Caps: COMPLAINTS_HTTP_MAX_IN_FLIGHT=${caps.total}, COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY=${caps.perKey}; clients per key: ${Object.entries(clientsPerKey)
        .map(([name, count]) => `${name} ${count}`)
        .join(', ')}.`,
    ];
    if (errorsTotal > 0) {
      rows.push('', line(['phase', 'error', 'count', 'first message']), line(Array(4).fill('---')));
      for (const [phase, tally] of [
        ['warm-up', warmUp.errors],
        ['load', load.errors],
        ['single client', single.errors],
        ['stdio', singleStdio.errors],
      ] as const) {
        for (const [kind, count] of tally.counts) rows.push(line([phase, kind, count, (tally.samples.get(kind) ?? '').replace(/[|\n]/g, ' ')]));
      }
    }
    return { settings, figures, rows, server: { exit, stderrLines: server.stderr.length, stderrFirst: server.stderr.slice(0, 20) } };
  } finally {
    await pool?.close().catch(() => undefined);
    await server.stop();
  }
}

async function main(): Promise<void> {
  const { clients, seconds, save, only, profileDir, server } = options();
  if (server !== undefined) SERVER_PATH = server;
  const now = new Date();
  // Each server writes its profile when it stops: open them in Chrome's DevTools (Performance) or an editor that reads .cpuprofile.
  const start: StartServer = (env, nodeArgs = []) =>
    startServer(env, [...nodeArgs, ...(profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`])]);
  const sandbox = await startSandbox({ recordRequests: false });
  try {
    const loadPhase = only.has('load') ? await measureLoad(start, sandbox.url, clients, seconds) : undefined;
    // Servers of their own, against the whole book: the phases above leave them nothing in memory.
    if (only.has('overviews')) process.stderr.write(`overviews over the whole book: ${OVERVIEW_MEMBERS} members in a loop for ${OVERVIEW_LOAD_SECONDS} s...\n`);
    const wholeBook = only.has('overviews') ? await measureOverviewLoad(start) : undefined;
    if (only.has('stall')) process.stderr.write(`another member's small calls while one member reads the whole book twice at once, ${STALL_SECONDS} s...\n`);
    const stall = only.has('stall') ? await measureStallLoad(start, STALL_SECONDS) : undefined;
    if (only.has('path')) process.stderr.write(`the HTTP path's own cost: ${PATH_CALLS} calls over HTTP, stdio and straight to the sandbox, in turns...\n`);
    const httpPath = only.has('path') ? await measureHttpPath(start, SERVER_PATH, sandbox.url) : undefined;
    if (only.has('state'))
      process.stderr.write(`signed-in calls, the state in memory and in Redis: ${clients} clients, ${STATE_ROUNDS} rounds each, in turns...\n`);
    const sharedState = only.has('state') ? await measureStateLoad(start, sandbox.url, clients, seconds) : undefined;
    if (only.has('ready')) process.stderr.write(`starts with the sign-in on: ${READY_STARTS}, /healthz asked every ${READY_POLL_MS} ms...\n`);
    const readyStarts = only.has('ready') ? await measureReadyStarts(SERVER_PATH, sandbox.url) : undefined;

    const results = {
      measuredAt: now.toISOString(),
      machine: {
        platform: `${platform()} ${arch()} ${release()}`,
        cpus: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown'}`,
        cores: cpus().length,
        memoryMb: Math.round(totalmem() / 1024 / 1024),
      },
      node: process.version,
      settings: loadPhase?.settings,
      figures: { ...loadPhase?.figures, wholeBookOverviews: wholeBook, noMemberWaits: stall, httpPath, sharedState, readyStarts },
      server: loadPhase?.server,
    };
    const kept = keepResults(RESULTS_PATH, results, save);
    const out = [
      ...(loadPhase ? [...loadPhase.rows, ''] : []),
      ...(wholeBook ? [...overviewLoadTable(wholeBook), ''] : []),
      ...(stall ? [...stallLoadTable(stall), ''] : []),
      ...(httpPath ? [...httpPathTable(httpPath), ''] : []),
      ...(sharedState ? [...stateLoadTable(sharedState), ''] : []),
      ...(readyStarts ? [...readyStartsTable(readyStarts), ''] : []),
      `Node ${process.version}, ${results.machine.cpus}, ${results.machine.memoryMb} MB; ${now.toISOString()}. ${kept}`,
    ];
    process.stdout.write(`${out.join('\n')}\n`);
    // The server logs only warnings and errors here; any line is worth reading.
    if (loadPhase && loadPhase.server.stderrLines > 0) {
      process.stderr.write(`\nserver stderr (${loadPhase.server.stderrLines} lines; first 20):\n${loadPhase.server.stderrFirst.join('\n')}\n`);
    }
    if (loadPhase) process.stderr.write(`server exit: code ${loadPhase.server.exit.code}, signal ${loadPhase.server.exit.signal}\n`);
  } finally {
    await sandbox.close();
  }
}

await main();
