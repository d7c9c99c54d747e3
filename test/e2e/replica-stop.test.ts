// A rolling update must not lock a member out: a replica of `serve --http` stopped (SIGTERM) while a
// member's calls run, its grace too short for them, cuts those calls; the slots they held in the
// shared state (Redis) must be given back as it stops, or every other replica refuses the member
// (429) until the leases end. A replica killed (SIGKILL, out of memory) gives nothing back: its
// leases, no longer renewed, end within their 30 s. Replicas on one real Redis, in front of a
// service made slow on cue.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { type HttpServe, INITIALIZE, MCP_HEADERS, startHttpServe } from '../helpers/http-serve.js';
import { LatencyProxy, memberIdOfKey } from '../helpers/latency-proxy.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';

const FULL = DEMO_KEYS.full.key;
/** A key's calls in flight, in all replicas: the default. */
const PER_KEY = 8;
const toolCall = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_complaints', arguments: { pageSize: 1 } } });

let redis: RedisServer;
let sandbox: SandboxHandle;
/** In front of the sandbox: holds the calls at the service on cue, and counts a member's in flight. */
let service: LatencyProxy;
let stopping: HttpServe;
let other: HttpServe;
/** The settings every replica here runs with. */
let env: Record<string, string>;

beforeAll(async () => {
  redis = await startRedis();
  sandbox = await startSandbox();
  service = await LatencyProxy.start(sandbox.url);
  env = {
    COMPLAINTS_API_URL: service.url,
    COMPLAINTS_LANGUAGE: 'en',
    COMPLAINTS_HTTP_STATE_URL: redis.url,
    COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY: String(PER_KEY),
    // The calls' own deadline past the test's: only the end of the grace cuts them.
    COMPLAINTS_TIMEOUT_MS: '60000',
  };
  stopping = await startHttpServe({ ...env, COMPLAINTS_HTTP_SHUTDOWN_GRACE_MS: '300' });
  other = await startHttpServe(env);
}, 60_000);

afterAll(async () => {
  await Promise.allSettled([stopping?.stop(), other?.stop()]);
  await service?.close();
  await sandbox?.close();
  await redis?.stop();
}, 30_000);

async function post(replica: HttpServe, body: string) {
  const response = await request(replica.url, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${FULL}` }, body });
  return { status: response.statusCode, text: await response.body.text() };
}

/** The member's whole cap taken by calls to `replica`, held at the service: resolves once all arrived there. */
async function holdTheCap(replica: HttpServe) {
  const member = memberIdOfKey(FULL);
  service.delayMs = 60_000;
  const calls = Array.from({ length: PER_KEY }, () => post(replica, toolCall).catch((error: Error) => ({ status: 0, text: error.message })));
  const arrived = await Promise.race([service.until(() => service.inFlightOf(member) === PER_KEY).then(() => true), Promise.any(calls).then(() => false)]);
  expect(arrived, 'a call was answered before all reached the service').toBe(true);
  return calls;
}

describe('a replica stopped with a member’s calls in flight', () => {
  it(`SIGTERM, its grace ending with ${PER_KEY} of the member’s calls cut: the other replica serves the member at once`, async () => {
    // Accepted by the service first (an initialize's key check), so its calls are a member's, not a stranger's share.
    expect((await post(other, INITIALIZE)).status).toBe(200);
    try {
      const calls = await holdTheCap(stopping);
      // The stopping replica holds the member's whole cap, for all replicas.
      const refused = await post(other, toolCall);
      expect(refused.status).toBe(429);

      stopping.child.kill('SIGTERM');
      expect(await stopping.exited).toBe(0);
      expect(stopping.stderr()).toContain(`stopped with ${PER_KEY} requests cut at the end of the grace period`);
      for (const cut of await Promise.all(calls)) expect(cut.text).not.toContain('"result"');
    } finally {
      service.delayMs = 0;
    }
    // The very next call, no retry: the member's slots came back with the stopped replica.
    const served = await post(other, toolCall);
    expect(served.status, served.text.slice(0, 300)).toBe(200);
    expect(served.text).toContain('"result"');
  }, 60_000);

  it('killed (SIGKILL) with the member’s calls in flight: the other replica serves the member within a minute', async () => {
    const killed = await startHttpServe(env);
    try {
      expect((await post(other, INITIALIZE)).status).toBe(200);
      const calls = await holdTheCap(killed);
      expect((await post(other, toolCall)).status).toBe(429);
      killed.child.kill('SIGKILL');
      const killedAt = Date.now();
      await killed.exited;
      await Promise.all(calls);
      service.delayMs = 0;
      // Nothing was given back: the leases end, no longer renewed, within their 30 s.
      let last = { status: 0, text: '' };
      while (Date.now() - killedAt < 60_000) {
        last = await post(other, toolCall);
        if (last.status !== 429) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(last.status, last.text.slice(0, 300)).toBe(200);
    } finally {
      service.delayMs = 0;
      await killed.stop();
    }
  }, 90_000);
});
