// serve --http behind a reverse proxy, in process: this test is the proxy (its requests come from
// 127.0.0.1), and says which client each request is for in X-Forwarded-For. Named in
// COMPLAINTS_HTTP_TRUSTED_PROXIES, the proxy's clients keep their own limits: one client's flood of
// the sign-in's endpoints or of made-up keys leaves the others alone. Not named, a forged header
// changes nothing: every request is the proxy's, and meets the proxy's one limit.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RATE_LIMITS } from '../../src/http/sign-in/routes.js';
import { configureLog } from '../../src/log.js';
import { INITIALIZE } from '../helpers/http-serve.js';
import { serveInProcess } from '../helpers/serve-in-process.js';
import { captureStderr } from '../helpers/stderr-lines.js';

const SECRET = randomBytes(32).toString('base64');
const ATTACKER = '198.51.100.7';
const MEMBER = '203.0.113.9';

const stops: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
  vi.restoreAllMocks();
  configureLog({ level: 'warn', format: 'text' });
});

async function serve(env: Record<string, string>, apiUrl = 'http://127.0.0.1:9'): Promise<string> {
  const served = await serveInProcess(apiUrl, { COMPLAINTS_HTTP_TOKEN_SECRET: SECRET, ...env });
  stops.push(() => served.shutdown());
  return new URL(served.url).origin;
}

type Endpoint = 'token' | 'authorize' | 'register';

/** A junk request to the sign-in's `endpoint` for the client `forwardedFor` (refused 400, counted by its rate limit): its status. */
async function junk(origin: string, forwardedFor: string, endpoint: Endpoint = 'token'): Promise<number> {
  const headers = { 'x-forwarded-for': forwardedFor };
  const answer =
    endpoint === 'authorize'
      ? await request(`${origin}/authorize?client_id=junk&response_type=code`, { headers })
      : await request(`${origin}/${endpoint}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': endpoint === 'token' ? 'application/x-www-form-urlencoded' : 'application/json' },
          body: endpoint === 'token' ? 'grant_type=refresh_token&refresh_token=junk&client_id=junk' : '{"redirect_uris":["not a url"]}',
        });
  await answer.body.dump();
  return answer.statusCode;
}
const junkToken = (origin: string, forwardedFor: string) => junk(origin, forwardedFor);

/** `count` junk requests, a few at a time: the statuses seen, by how many. */
async function flood(origin: string, count: number, forwardedFor: (index: number) => string, endpoint: Endpoint = 'token'): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  for (let sent = 0; sent < count; sent += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, count - sent) }, (_, index) => junk(origin, forwardedFor(sent + index), endpoint)));
    for (const status of batch) statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return statuses;
}

describe('behind a trusted proxy', () => {
  it.each(['token', 'authorize', 'register'] as const)("keeps each client's %s rate limit: one client's flood leaves another's alone", async (endpoint) => {
    const origin = await serve({ COMPLAINTS_HTTP_TRUSTED_PROXIES: '127.0.0.1' });
    const limit = RATE_LIMITS[endpoint].limit;
    expect(await flood(origin, limit + 5, () => ATTACKER, endpoint)).toEqual({ 400: limit, 429: 5 });
    expect(await junk(origin, MEMBER, endpoint)).toBe(400);
  });

  it('reads the rightmost address the proxy added: what the client wrote to the left of it is not believed', async () => {
    const origin = await serve({ COMPLAINTS_HTTP_TRUSTED_PROXIES: '127.0.0.1' });
    const limit = RATE_LIMITS.token.limit;
    // Each request forges a new address before the one the proxy appended: all are the attacker's.
    expect(await flood(origin, limit + 5, (index) => `10.9.${index >> 8}.${index & 255}, ${ATTACKER}`)).toEqual({ 400: limit, 429: 5 });
    expect(await junkToken(origin, MEMBER)).toBe(400);
  });
});

describe('straight at the server (no trusted proxy)', () => {
  it('counts a client that forges X-Forwarded-For against its own address: a new forged address each time still meets the limit', async () => {
    const origin = await serve({});
    const limit = RATE_LIMITS.token.limit;
    expect(await flood(origin, limit + 5, (index) => `10.8.${index >> 8}.${index & 255}`)).toEqual({ 400: limit, 429: 5 });
  });

  it('ignores the header from a peer not named, even when another proxy is', async () => {
    const origin = await serve({ COMPLAINTS_HTTP_TRUSTED_PROXIES: '192.0.2.1,10.0.0.0/8' });
    const limit = RATE_LIMITS.token.limit;
    expect(await flood(origin, limit + 5, (index) => `10.7.${index >> 8}.${index & 255}`)).toEqual({ 400: limit, 429: 5 });
  });
});

describe('the share of keys the service has not accepted, behind a trusted proxy', () => {
  /** An API that holds every request until released, then refuses the key (401). */
  async function holdingApi() {
    const held: Array<() => void> = [];
    const server: Server = createServer((_req, res) => {
      held.push(() => res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"invalid key"}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(async () => {
      for (const answer of held.splice(0)) answer();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    const refuseAll = () => {
      for (const answer of held.splice(0)) answer();
    };
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, waiting: () => held.length, refuseAll };
  }

  const initialize = (origin: string, key: string, forwardedFor: string) =>
    request(`${origin}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${key}`,
        'x-forwarded-for': forwardedFor,
      },
      body: INITIALIZE,
    });

  it("one client's made-up keys take its own part of the share: another client's first initialize is still checked", async () => {
    const api = await holdingApi();
    const origin = await serve({ COMPLAINTS_HTTP_TRUSTED_PROXIES: '127.0.0.1' }, api.url);
    // The attacker fills its part (half of the share: 4 with the defaults) with keys the API holds.
    const pending = Array.from({ length: 4 }, (_, index) => initialize(origin, `or_madeup${index}`, ATTACKER));
    await expect.poll(api.waiting, { timeout: 60_000 }).toBe(4);
    const refused = await initialize(origin, 'or_madeup9', ATTACKER);
    await refused.body.dump();
    expect(refused.statusCode).toBe(429);
    // Another client behind the same proxy is admitted: its key reaches the API.
    const member = initialize(origin, 'or_newmember', MEMBER);
    const outcome = await Promise.race([
      member.then((answer) => `answered ${answer.statusCode} before its key was checked`),
      expect
        .poll(api.waiting, { timeout: 60_000 })
        .toBe(5)
        .then(() => 'checked'),
    ]);
    expect(outcome).toBe('checked');
    api.refuseAll();
    for (const answer of await Promise.all([...pending, member])) await answer.body.dump();
  }, 90_000);
});

describe('the log', () => {
  it('names the client a trusted proxy forwards in the request line (at debug)', async () => {
    const origin = await serve({ COMPLAINTS_HTTP_TRUSTED_PROXIES: '127.0.0.1' });
    configureLog({ level: 'debug', format: 'json' });
    const lines = captureStderr();
    await junkToken(origin, `1.2.3.4, ${MEMBER}`);
    await expect.poll(() => lines.some((line) => line.includes('"path":"/token"'))).toBe(true);
    const line = JSON.parse(lines.find((line) => line.includes('"path":"/token"'))!);
    expect(line).toMatchObject({ message: 'http', method: 'POST', path: '/token', client: MEMBER });
  });

  it('warns, naming the setting, when a peer not trusted sends forwarded headers', async () => {
    const origin = await serve({});
    const lines = captureStderr();
    await junkToken(origin, MEMBER);
    await junkToken(origin, MEMBER);
    const warnings = lines.filter((line) => line.includes('COMPLAINTS_HTTP_TRUSTED_PROXIES'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('requests from 127.0.0.1 carry X-Forwarded-For');
  });
});
