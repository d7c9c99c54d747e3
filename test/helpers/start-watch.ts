// Watches one start of the built `serve --http` with the sign-in on, as a balancer's readiness probe
// sees it: spawned on a port free a moment ago, its /healthz is asked every few milliseconds from the
// spawn on, and the moment it first says 200, the routes a client asks next are asked at once, all
// together: the sign-in's two discovery documents, /token, and a POST /mcp without a key, whose 401
// must name the resource metadata (else a client never finds the sign-in). Used by the e2e test of
// the start (test/e2e/ready.test.ts) and by npm run bench:http's count of starts (bench/ready-starts.ts).
// No vitest import here: the benchmarks compile it too.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { freePort } from './free-port.js';

/** The routes asked right after the first 200, as "METHOD path". */
export const ROUTES_AFTER_READY = [
  'GET /.well-known/oauth-protected-resource/mcp',
  'GET /.well-known/oauth-authorization-server',
  'POST /token',
  'POST /mcp',
] as const;

export type RouteAfterReady = (typeof ROUTES_AFTER_READY)[number];

export interface WatchedStart {
  /** How /healthz answered before its first 200, by status ("no connection" while nothing listened). */
  healthBefore: Map<string, number>;
  /** The body of the first 200. */
  healthBody: unknown;
  /** The status of each route asked right after that 200. */
  routes: Record<RouteAfterReady, number>;
  /** The WWW-Authenticate of the keyless POST /mcp. */
  challenge: string;
}

export interface WatchOptions {
  /** Milliseconds between two questions to /healthz. */
  everyMs: number;
  /** Told every answer of /healthz, the first 200 included, as it arrives. */
  onHealth?: (status: string) => void;
  /** Told what the server prints (stdout and stderr). */
  record?: (text: string) => void;
}

/** A start bound, not an assertion: a loaded machine gets a generous 30 s before the watch gives up. */
const GIVE_UP_MS = 30_000;

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'start-watch', version: '1' } },
});

/** Starts `serverPath` (dist/index.js) as `serve --http` with `env` and watches it start; the process is killed before this returns. */
export async function watchStart(serverPath: string, env: Record<string, string>, options: WatchOptions): Promise<WatchedStart> {
  // A port free a moment ago may be taken before the server binds it: then once more on another.
  for (let attempt = 1; ; attempt++) {
    const watched = await watchStartOn(await freePort(), serverPath, env, options);
    if (watched !== 'port taken' || attempt === 3) {
      if (watched === 'port taken') throw new Error('serve --http found its port taken 3 times');
      return watched;
    }
  }
}

async function watchStartOn(port: number, serverPath: string, env: Record<string, string>, options: WatchOptions): Promise<WatchedStart | 'port taken'> {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverPath, 'serve', '--http', '--host', '127.0.0.1', '--port', String(port)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      options.record?.(chunk.toString('utf8'));
    });
  }
  let exited = false;
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  child.once('exit', () => (exited = true));
  // Its own pool, closed with the watch.
  const dispatcher = new Agent();
  const ask = async (method: 'GET' | 'POST', path: string, body?: string, headers: Record<string, string> = {}) => {
    const answer = await request(`${origin}${path}`, { method, body, headers, dispatcher });
    const text = await answer.body.text();
    return { status: answer.statusCode, headers: answer.headers, text };
  };
  try {
    const healthBefore = new Map<string, number>();
    const giveUpAt = Date.now() + GIVE_UP_MS;
    let healthBody: string | undefined;
    while (healthBody === undefined) {
      if (exited) {
        await closed;
        if (output.includes('the port is in use')) return 'port taken';
        throw new Error(`serve --http exited before /healthz said 200:\n${output}`);
      }
      if (Date.now() > giveUpAt) throw new Error(`/healthz did not say 200 within ${GIVE_UP_MS} ms:\n${output}`);
      const health = await ask('GET', '/healthz').catch(() => undefined);
      const status = health === undefined ? 'no connection' : String(health.status);
      options.onHealth?.(status);
      if (health?.status === 200) healthBody = health.text;
      else {
        healthBefore.set(status, (healthBefore.get(status) ?? 0) + 1);
        await sleep(options.everyMs);
      }
    }
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const mcp = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const [resource, server, token, keyless] = await Promise.all([
      ask('GET', '/.well-known/oauth-protected-resource/mcp'),
      ask('GET', '/.well-known/oauth-authorization-server'),
      ask('POST', '/token', 'grant_type=authorization_code&code=none', form),
      ask('POST', '/mcp', INITIALIZE, mcp),
    ]);
    const challenge = keyless.headers['www-authenticate'];
    return {
      healthBefore,
      healthBody: JSON.parse(healthBody) as unknown,
      routes: {
        'GET /.well-known/oauth-protected-resource/mcp': resource.status,
        'GET /.well-known/oauth-authorization-server': server.status,
        'POST /token': token.status,
        'POST /mcp': keyless.status,
      },
      challenge: Array.isArray(challenge) ? challenge.join(', ') : (challenge ?? ''),
    };
  } finally {
    child.kill('SIGKILL');
    await closed;
    await dispatcher.close();
  }
}
