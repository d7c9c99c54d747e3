// A phase of `npm run bench:http`: what sharing the sign-in's state through Redis costs a signed-in
// member's calls. The same built server runs twice at once, with sign-in on: once with its state in
// its own memory, once with COMPLAINTS_HTTP_STATE_URL naming a redis-server this phase starts on a
// free loopback port (and stops). The clients call with sealed access tokens, one grant each, as apps
// that signed in do: every such call then asks the state whether its grant was withdrawn, whether its
// key was accepted, and takes (and gives back) a slot of the key's cap; with Redis, each is a round
// trip. The two servers take short rounds in turn (memory first, then Redis first, and so on), so that
// drift on a shared machine touches both alike. The bar: Redis at 0.8 of memory's calls/s or better.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { createClient } from '@redis/client';
import { Pool } from 'undici';
import { TokenSealer } from '../src/http/sign-in/sealed-tokens.js';
import { DEMO_KEYS } from '../src/sandbox/demo-keys.js';
import { findRedisServer, type RedisServer, startRedis } from '../test/helpers/redis-server.js';
import { idsOf, nextCall, READING_KEYS } from './call-mix.js';
import { ErrorTally, McpHttpPeer } from './http-peer.js';
import type { Latencies, ServerUnderTest } from './overview-load.js';
import { cpuMs } from './proc.js';
import { quantile } from './stats.js';

/** The bar: calls/s with the state in Redis, as a share of those with it in memory. */
export const STATE_BAR = 0.8;
/** Rounds each server runs; a round is the phase's seconds divided by this. */
export const STATE_ROUNDS = 6;
const WARM_UP_CALLS_PER_CLIENT = 10;
/** Calls of the one-at-a-time comparison, to each server. */
const SEQUENTIAL_CALLS = 300;
const CALL_TIMEOUT_MS = 30_000;
/** An access token's lifetime as the sign-in issues it: longer than any run. */
const ACCESS_TOKEN_SECONDS = 3600;

export interface StateServer extends ServerUnderTest {
  stderr: string[];
}

export interface StateRun {
  state: 'memory' | 'redis';
  calls: number;
  seconds: number;
  callsPerSecond: number;
  latency: Latencies | null;
  serverCpuPercentOfOneCore: number;
  /** The server's CPU time over its calls: what a call costs it, whatever the machine's other work let it run. */
  serverCpuMsPerCall: number;
  errors: Record<string, number>;
  errorSamples: Record<string, string>;
  warmUpErrors: Record<string, number>;
  serverStderrLines: number;
}

export type StateLoadResult =
  | { skipped: string }
  | {
      clients: number;
      rounds: number;
      roundSeconds: number;
      redisVersion: string;
      memory: StateRun;
      redis: StateRun;
      /** redis.callsPerSecond / memory.callsPerSecond */
      ratio: number;
      bar: number;
      met: boolean;
      /** Commands Redis ran during the Redis rounds (a script's own commands too), by name, divided by the calls made in them. */
      redisCommandsPerCall: Record<string, number>;
      /** redis-server's CPU during the Redis rounds; null when its process was not found. */
      redisCpuPercentOfOneCore: number | null;
      /** One client, one call at a time, to each server in turns: what the state adds to a call, without queueing. */
      sequential: { calls: number; memory: Latencies | null; redis: Latencies | null; errors: Record<string, number> };
    };

/** One virtual client of one server: its peers (warm-up and measured tallies) and where its browsing is. */
interface Client {
  token: string;
  warmUp: McpHttpPeer;
  peer: McpHttpPeer;
  call: number;
  ids: string[];
}

interface Contender {
  state: 'memory' | 'redis';
  server: StateServer;
  pool: Pool;
  clients: Client[];
  times: number[];
  errors: ErrorTally;
  warmUpErrors: ErrorTally;
  elapsedMs: number;
  serverCpuMs: number;
}

/** The next call of `client`, timed when it succeeds (failures are counted in its peer's tally). */
async function callNext(client: Client, index: number, peer: McpHttpPeer, times?: number[]): Promise<void> {
  const [tool, args] = nextCall(index, client.call++, client.ids);
  const started = performance.now();
  const result = await peer.callTool(tool, args);
  if (result === undefined) return;
  times?.push(performance.now() - started);
  if (tool === 'list_complaints') client.ids = idsOf(result);
}

/** Every client of `contender` calls back to back for `ms`. */
async function runRound(contender: Contender, ms: number): Promise<void> {
  const cpuBefore = await cpuMs(contender.server.pid);
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    contender.clients.map(async (client, index) => {
      while (performance.now() < deadline) await callNext(client, index, client.peer, contender.times);
    }),
  );
  contender.elapsedMs += performance.now() - started;
  contender.serverCpuMs += (await cpuMs(contender.server.pid)) - cpuBefore;
}

/**
 * A server with sign-in on, and its clients, each with an access token of a grant of its own, sealed
 * as the sign-in seals them: for the member's key, to this server's /mcp.
 */
async function contender(state: Contender['state'], server: StateServer, secret: string, clientCount: number): Promise<Contender> {
  const sealer = new TokenSealer([secret]);
  const pool = new Pool(server.origin, { connections: clientCount, keepAliveTimeout: 10_000, headersTimeout: CALL_TIMEOUT_MS, bodyTimeout: CALL_TIMEOUT_MS });
  const errors = new ErrorTally();
  const warmUpErrors = new ErrorTally();
  const clients: Client[] = [];
  for (let index = 0; index < clientCount; index++) {
    const key = DEMO_KEYS[READING_KEYS[index % READING_KEYS.length]!].key;
    const token = await sealer.seal(
      'access',
      { k: key, c: `bench-client-${index}`, g: randomBytes(16).toString('base64url'), aud: `${server.origin}/mcp` },
      ACCESS_TOKEN_SECONDS,
    );
    clients.push({ token, warmUp: new McpHttpPeer(pool, token, warmUpErrors), peer: new McpHttpPeer(pool, token, errors), call: 0, ids: [] });
  }
  return { state, server, pool, clients, times: [], errors, warmUpErrors, elapsedMs: 0, serverCpuMs: 0 };
}

/**
 * Handshakes one at a time (the first makes each key one the service accepted: the server admits
 * few calls of keys it does not know), then a few calls of every client at once.
 */
async function warmUp(contender: Contender): Promise<void> {
  for (const client of contender.clients) await client.warmUp.handshake();
  await Promise.all(
    contender.clients.map(async (client, index) => {
      for (let call = 0; call < WARM_UP_CALLS_PER_CLIENT; call++) await callNext(client, index, client.warmUp);
    }),
  );
}

/**
 * One client of each server, one call at a time, to each in turns: the time each call takes with
 * nothing queued before it, so that what the store's round trips add to a call shows whole.
 */
async function sequential(memory: Contender, shared: Contender, errors: ErrorTally): Promise<{ memory: number[]; redis: number[] }> {
  const times = { memory: [] as number[], redis: [] as number[] };
  const sides = [memory, shared].map((each) => {
    const client = each.clients[0]!;
    return { client: { ...client, call: 0, ids: [] }, peer: new McpHttpPeer(each.pool, client.token, errors), times: times[each.state] };
  });
  for (let call = 0; call < SEQUENTIAL_CALLS; call++) {
    for (const side of call % 2 === 0 ? sides : [...sides].reverse()) await callNext(side.client, 0, side.peer, side.times);
  }
  return times;
}

function latencies(times: readonly number[]): Latencies | null {
  if (times.length === 0) return null;
  return { calls: times.length, p50: quantile(times, 0.5), p99: quantile(times, 0.99), max: times.reduce((a, b) => Math.max(a, b)) };
}

function runOf(contender: Contender): StateRun {
  return {
    state: contender.state,
    calls: contender.times.length,
    seconds: contender.elapsedMs / 1000,
    callsPerSecond: contender.times.length / (contender.elapsedMs / 1000),
    latency: latencies(contender.times),
    serverCpuPercentOfOneCore: (100 * contender.serverCpuMs) / contender.elapsedMs,
    serverCpuMsPerCall: contender.serverCpuMs / Math.max(1, contender.times.length),
    errors: Object.fromEntries(contender.errors.counts),
    errorSamples: Object.fromEntries(contender.errors.samples),
    warmUpErrors: Object.fromEntries(contender.warmUpErrors.counts),
    serverStderrLines: contender.server.stderr.length,
  };
}

/** The redis-server listening on `port`: Redis names its process "redis-server 127.0.0.1:<port>". */
async function redisPid(port: number): Promise<number | undefined> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const command = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (command.includes('redis-server') && command.includes(`:${port}`)) return Number(entry);
  }
  return undefined;
}

/** Calls per command name in INFO commandstats (cmdstat_evalsha:calls=12,...). */
function commandCounts(info: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [, name, calls] of info.matchAll(/^cmdstat_(\S+?):calls=(\d+)/gm)) counts.set(name!, Number(calls));
  return counts;
}

export async function measureStateLoad(
  startServer: (env: Record<string, string>) => Promise<StateServer>,
  apiUrl: string,
  clientCount: number,
  seconds: number,
): Promise<StateLoadResult> {
  let found: ReturnType<typeof findRedisServer>;
  try {
    found = findRedisServer(process.env);
  } catch (error) {
    return { skipped: (error as Error).message };
  }
  if (!found.found) return { skipped: 'no redis-server found (install Redis, or set REDIS_SERVER_PATH to a redis-server binary)' };
  let redis: RedisServer;
  try {
    redis = await startRedis();
  } catch (error) {
    return { skipped: `redis-server did not start: ${(error as Error).message.split('\n', 1)[0]}` };
  }

  // A secret of this run only, never shown: both servers hold it, as replicas of one deployment would.
  const secret = randomBytes(32).toString('base64');
  // Twice the clients, so that neither cap is what is measured (as in the load phase).
  const cap = String(Math.max(64, 2 * clientCount));
  const env = {
    COMPLAINTS_API_URL: apiUrl,
    COMPLAINTS_LOG_LEVEL: 'info',
    COMPLAINTS_HTTP_MAX_IN_FLIGHT: cap,
    COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY: cap,
    COMPLAINTS_HTTP_TOKEN_SECRET: secret,
  };
  // The bench's own look at Redis: its version and what the server asked of it.
  const inspector = createClient({ url: redis.url });
  inspector.on('error', () => undefined);
  const contenders: Contender[] = [];
  try {
    await inspector.connect();
    const version = /^redis_version:(\S+)/m.exec(String(await inspector.sendCommand(['INFO', 'server'])))?.[1] ?? 'unknown';
    contenders.push(await contender('memory', await startServer(env), secret, clientCount));
    contenders.push(await contender('redis', await startServer({ ...env, COMPLAINTS_HTTP_STATE_URL: redis.url }), secret, clientCount));
    const [memory, shared] = contenders as [Contender, Contender];
    for (const each of contenders) await warmUp(each);

    await inspector.sendCommand(['CONFIG', 'RESETSTAT']);
    const pid = await redisPid(redis.port);
    let redisCpuMs = 0;
    const roundMs = (seconds * 1000) / STATE_ROUNDS;
    for (let round = 0; round < STATE_ROUNDS; round++) {
      for (const each of round % 2 === 0 ? [memory, shared] : [shared, memory]) {
        const before = each === shared && pid !== undefined ? await cpuMs(pid) : 0;
        await runRound(each, roundMs);
        if (each === shared && pid !== undefined) redisCpuMs += (await cpuMs(pid)) - before;
      }
    }
    const commands = commandCounts(String(await inspector.sendCommand(['INFO', 'commandstats'])));
    // The bench's own questions are not the server's.
    for (const own of ['info', 'config|resetstat', 'config']) commands.delete(own);
    const attempted = shared.times.length + shared.errors.total;
    // After the command counts: only the rounds' calls are divided into them.
    const sequentialErrors = new ErrorTally();
    const oneAtATime = await sequential(memory, shared, sequentialErrors);

    const memoryRun = runOf(memory);
    const redisRun = runOf(shared);
    const ratio = redisRun.callsPerSecond / memoryRun.callsPerSecond;
    return {
      clients: clientCount,
      rounds: STATE_ROUNDS,
      roundSeconds: roundMs / 1000,
      redisVersion: version,
      memory: memoryRun,
      redis: redisRun,
      ratio,
      bar: STATE_BAR,
      met: ratio >= STATE_BAR,
      redisCommandsPerCall: Object.fromEntries([...commands].map(([name, calls]) => [name, calls / Math.max(1, attempted)])),
      redisCpuPercentOfOneCore: pid === undefined ? null : (100 * redisCpuMs) / shared.elapsedMs,
      sequential: {
        calls: SEQUENTIAL_CALLS,
        memory: latencies(oneAtATime.memory),
        redis: latencies(oneAtATime.redis),
        errors: Object.fromEntries(sequentialErrors.counts),
      },
    };
  } finally {
    for (const each of contenders) {
      await each.pool.close().catch(() => undefined);
      await each.server.stop();
    }
    await inspector.close().catch(() => undefined);
    await redis.stop();
  }
}

const ms = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(2));

/** The phase's rows, as markdown. */
export function stateLoadTable(result: StateLoadResult): string[] {
  const title = 'Signed-in calls, the sign-in state in memory and in Redis';
  if ('skipped' in result) return [`### ${title}: skipped`, '', `Skipped: ${result.skipped.replace(/\.+$/, '')}.`];
  const line = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  const errors = (tally: Record<string, number>) => Object.values(tally).reduce((a, b) => a + b, 0);
  const row = (label: string, run: StateRun) =>
    line([
      label,
      result.clients,
      run.calls,
      run.callsPerSecond.toFixed(1),
      ms(run.latency?.p50),
      ms(run.latency?.p99),
      ms(run.latency?.max),
      `${run.serverCpuPercentOfOneCore.toFixed(0)}%`,
      ms(run.serverCpuMsPerCall),
      errors(run.errors),
    ]);
  const perCall = Object.entries(result.redisCommandsPerCall)
    .filter(([, count]) => count >= 0.005)
    .sort(([, a], [, b]) => b - a);
  const total = perCall.reduce((sum, [, count]) => sum + count, 0);
  return [
    `### ${title}: ${result.clients} clients with access tokens, ${result.rounds} rounds of ${result.roundSeconds.toFixed(1)} s each, in turns`,
    '',
    line(['state', 'clients', 'calls', 'calls/s', 'p50 ms', 'p99 ms', 'max ms', 'server CPU (one core)', 'server CPU ms a call', 'errors']),
    line(Array(10).fill('---')),
    row('in memory', result.memory),
    row(`Redis ${result.redisVersion}, loopback`, result.redis),
    '',
    `ratio ${result.ratio.toFixed(2)} (bar: ${result.bar}) ${result.met ? 'OK' : 'NO'}`,
    '',
    line(['one client, one call at a time, in turns', 'calls', 'p50 ms', 'p99 ms', 'errors']),
    line(Array(5).fill('---')),
    ...(['memory', 'redis'] as const).map((state) =>
      line([
        state === 'memory' ? 'in memory' : 'Redis',
        result.sequential[state]?.calls ?? 0,
        ms(result.sequential[state]?.p50),
        ms(result.sequential[state]?.p99),
        '',
      ]),
    ),
    line([
      'Redis minus memory, p50',
      '',
      ms((result.sequential.redis?.p50 ?? Number.NaN) - (result.sequential.memory?.p50 ?? Number.NaN)),
      '',
      errors(result.sequential.errors),
    ]),
    '',
    `Redis commands per call (the commands a script runs counted too): ${perCall.map(([name, count]) => `${name} ${count.toFixed(2)}`).join(', ')} (${total.toFixed(2)} in all); ` +
      `redis-server CPU during its rounds: ${result.redisCpuPercentOfOneCore === null ? 'not found' : `${result.redisCpuPercentOfOneCore.toFixed(0)}% of one core`}.`,
  ];
}
