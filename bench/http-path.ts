// A phase of `npm run bench:http`: what the HTTP path itself costs one call, on an idle server with one
// client. The same 5-row list_complaints goes, in turns, to serve --http, to the stdio server, and
// straight to the sandbox as the GET both servers send (undici, keep-alive): the difference to the
// direct GET is each server's own cost, and HTTP's over stdio what the HTTP path adds. The servers'
// CPU time per call is read from /proc around the calls (each server answers only its own turns).
import { performance } from 'node:perf_hooks';
import { Pool, request } from 'undici';
import { DEMO_KEYS } from '../src/sandbox/demo-keys.js';
import { ErrorTally, McpHttpPeer } from './http-peer.js';
import type { ServerUnderTest } from './overview-load.js';
import { cpuMs } from './proc.js';
import { quantile } from './stats.js';
import { StdioPeer } from './stdio-peer.js';

export const PATH_CALLS = 500;
const WARM_UP_CALLS = 100;
const ARGS = { pageSize: 5 };
const KEY = DEMO_KEYS.full.key;

export interface PathTimes {
  p50: number;
  p95: number;
  /** The server's CPU time per call (user and system), for the two servers. */
  cpuMs?: number;
}

export interface HttpPathResult {
  calls: number;
  direct: PathTimes;
  stdio: PathTimes;
  http: PathTimes;
  errors: number;
}

const times = (values: readonly number[], cpu?: number): PathTimes => ({ p50: quantile(values, 0.5), p95: quantile(values, 0.95), cpuMs: cpu });

export async function measureHttpPath(
  startServer: (env: Record<string, string>) => Promise<ServerUnderTest>,
  serverPath: string,
  sandboxUrl: string,
): Promise<HttpPathResult> {
  const server = await startServer({ COMPLAINTS_API_URL: sandboxUrl, COMPLAINTS_LOG_LEVEL: 'info' });
  const stdio = StdioPeer.launch(serverPath, { COMPLAINTS_API_URL: sandboxUrl, COMPLAINTS_API_KEY: KEY });
  const pool = new Pool(server.origin, { connections: 1, keepAliveTimeout: 10_000 });
  const direct = new Pool(sandboxUrl, { connections: 1, keepAliveTimeout: 10_000 });
  try {
    const errors = new ErrorTally();
    const http = new McpHttpPeer(pool, KEY, errors);
    await http.handshake();
    await stdio.initialize();
    const get = async () => {
      const response = await request(`${sandboxUrl}/api/v1/complaints?page=1&pageSize=5`, {
        dispatcher: direct,
        headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' },
      });
      JSON.parse(await response.body.text());
    };
    const viaHttp = () => http.callTool('list_complaints', ARGS);
    const viaStdio = () => stdio.callTool('list_complaints', ARGS);
    for (let call = 0; call < WARM_UP_CALLS; call++) await Promise.all([viaHttp(), viaStdio(), get()].map((p) => p.catch(() => undefined)));

    const samples = { direct: [] as number[], stdio: [] as number[], http: [] as number[] };
    const cpu = { http: 0, stdio: 0 };
    const timeOne = async (run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      return performance.now() - started;
    };
    for (let call = 0; call < PATH_CALLS; call++) {
      // A different order each round, so that no path always follows the same one.
      const order = (['direct', 'stdio', 'http'] as const).map((_, index, all) => all[(index + call) % all.length]!);
      for (const path of order) {
        if (path === 'direct') samples.direct.push(await timeOne(get));
        else {
          const pid = path === 'http' ? server.pid : stdio.child.pid!;
          const before = await cpuMs(pid);
          samples[path].push(await timeOne(path === 'http' ? viaHttp : viaStdio));
          cpu[path] += (await cpuMs(pid)) - before;
        }
      }
    }
    return {
      calls: PATH_CALLS,
      direct: times(samples.direct),
      stdio: times(samples.stdio, cpu.stdio / PATH_CALLS),
      http: times(samples.http, cpu.http / PATH_CALLS),
      errors: errors.total,
    };
  } finally {
    await pool.close().catch(() => undefined);
    await direct.close().catch(() => undefined);
    await stdio.stop();
    await server.stop();
  }
}

const ms = (value: number | undefined) => (value === undefined ? '-' : `${value.toFixed(2)} ms`);

/** The phase's rows, as markdown: each path beside the direct GET it wraps. */
export function httpPathTable(result: HttpPathResult): string[] {
  const line = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  const row = (name: string, path: PathTimes) =>
    line([name, ms(path.p50), ms(path.p95), ms(path.p50 - result.direct.p50), ms(path.p95 - result.direct.p95), ms(path.cpuMs)]);
  return [
    `### The HTTP path's own cost: one client, idle, list_complaints {"pageSize":5}, ${result.calls} calls each, in turns`,
    '',
    line(['path', 'p50', 'p95', 'p50 over the direct GET', 'p95 over the direct GET', 'server CPU a call']),
    line(Array(6).fill('---')),
    line(['the GET itself, straight to the sandbox (reference)', ms(result.direct.p50), ms(result.direct.p95), '-', '-', '-']),
    row('stdio server', result.stdio),
    row('serve --http', result.http),
    line(['HTTP over stdio', ms(result.http.p50 - result.stdio.p50), ms(result.http.p95 - result.stdio.p95), '-', '-', ms(diffCpu(result))]),
    ...(result.errors > 0 ? ['', `errors over HTTP: ${result.errors}`] : []),
  ];
}

const diffCpu = (result: HttpPathResult) =>
  result.http.cpuMs === undefined || result.stdio.cpuMs === undefined ? undefined : result.http.cpuMs - result.stdio.cpuMs;
