// End to end, three replicas of `serve --http` sharing their state in one real Redis, behind a
// loopback proxy that sends each request to the replica the test chooses, as a load balancer could.
// What one replica learns (a code spent, a refresh token rotated, a sign-in revoked, a rate counted, a
// key accepted, a call in flight) binds the others at once; while Redis does not answer, the sign-in
// is refused rather than guessed, a member's own key keeps working, and every replica comes back.
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { type HttpServe, INITIALIZE, MCP_HEADERS, startHttpServe } from '../helpers/http-serve.js';
import { LatencyProxy, memberIdOfKey } from '../helpers/latency-proxy.js';
import { authorizeQuery, CALLBACK, hiddenFields } from '../helpers/oauth-member.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';
import { ReplicaProxy } from '../helpers/replica-proxy.js';
import { rememberSecrets } from '../helpers/transcript.js';

/** The key members sign in with. */
const FULL = DEMO_KEYS.full.key;
/** A member who sends their own key, through the outage. */
const OWN = DEMO_KEYS.storeRestricted.key;
/** A key no replica has seen before its case: what the memory of accepted keys shares. */
const UNSEEN = DEMO_KEYS.otherOrganization.key;
const SECRET = randomBytes(32).toString('base64');
const REPLICAS = 3;
/** A key's calls in flight, in all replicas. */
const PER_KEY = 2;

/** Redis asks for a password, as compose.yaml's does; odd characters, so that the URL carries it percent-encoded. */
const REDIS_PASSWORD = 'r3dis/pa:ss@word%';
let redis: RedisServer;
let sandbox: SandboxHandle;
/** In front of the sandbox: slow on cue, and counts a member's requests in flight. */
let service: LatencyProxy;
let proxy: ReplicaProxy;
const replicas: HttpServe[] = [];
/** Every code and token made here, for the check that no replica ever wrote one. */
const made: string[] = [];

beforeAll(async () => {
  redis = await startRedis({ password: REDIS_PASSWORD });
  sandbox = await startSandbox();
  service = await LatencyProxy.start(sandbox.url);
  // First the proxy: every replica is told its origin as the public one (one issuer for all).
  proxy = await ReplicaProxy.start();
  for (let index = 0; index < REPLICAS; index++) {
    replicas.push(
      await startHttpServe({
        COMPLAINTS_API_URL: service.url,
        COMPLAINTS_LOG_LEVEL: 'debug',
        COMPLAINTS_LANGUAGE: 'en',
        COMPLAINTS_HTTP_TOKEN_SECRET: SECRET,
        COMPLAINTS_HTTP_STATE_URL: redis.url,
        COMPLAINTS_HTTP_PUBLIC_URL: proxy.origin,
        COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY: String(PER_KEY),
      }),
    );
  }
  proxy.targets = replicas.map((replica) => new URL(replica.url).origin);
}, 90_000);

afterAll(async () => {
  await Promise.allSettled(replicas.map((replica) => replica.stop()));
  await proxy?.close();
  await service?.close();
  await sandbox?.close();
  await redis?.stop();
}, 30_000);

/** Codes and tokens: kept out of every transcript (the suite's key scan) and out of the replicas' output (the last case). */
function remember(...values: Array<string | undefined>): void {
  for (const value of values) if (value !== undefined) made.push(value);
  rememberSecrets(...values);
}

interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** A request through the proxy, answered by replica `on`; the body read whole. */
async function through(on: number, path: string, init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {}) {
  proxy.to(on);
  const response = await request(`${proxy.origin}${path}`, { method: init.method ?? 'GET', headers: init.headers ?? {}, body: init.body });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, text, json: () => JSON.parse(text) };
}

function postForm(on: number, path: string, fields: Record<string, string>) {
  return through(on, path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
}

/** An MCP request on replica `on` with `credential` (an access token or a member's own key): initialize unless told otherwise. */
function postMcp(on: number, credential: string, body = INITIALIZE) {
  return through(on, '/mcp', { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${credential}` }, body });
}

const toolCall = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_complaints', arguments: { pageSize: 1 } } });

/** Whether a tool call's answer (JSON, or one server-sent event) holds a result that is no error. */
function answeredWithoutError(text: string): boolean {
  const message = JSON.parse(text.startsWith('{') ? text : (text.split('\n').find((line) => line.startsWith('data: ')) ?? '').slice(6));
  return message.result !== undefined && message.result.isError !== true;
}

function renew(on: number, clientId: string, refreshToken: string) {
  return postForm(on, '/token', { grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken });
}

async function register(on: number): Promise<string> {
  const answer = await through(on, '/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Replicas', redirect_uris: [CALLBACK], token_endpoint_auth_method: 'none' }),
  });
  expect(answer.status).toBe(201);
  return answer.json().client_id;
}

interface SignedIn {
  clientId: string;
  code: string;
  verifier: string;
}

/** A browser's part of a sign-in, by hand: the page from replica `page`, its form posted to replica `form`. Gives the code. */
async function codeAcross(on: { page: number; form: number }, key = FULL): Promise<SignedIn> {
  const clientId = await register(on.page);
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'replicas',
    resource: `${proxy.origin}/mcp`,
  });
  const page = await through(on.page, `/authorize?${query}`);
  expect(page.status).toBe(200);
  const fields = hiddenFields(page.text);
  remember(...fields.filter(([name]) => name === 'form').map(([, value]) => value));
  const setCookie = page.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0] ?? '';
  const form = new URLSearchParams(fields);
  form.set('api_key', key);
  const posted = await through(on.form, '/authorize', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: form.toString(),
  });
  expect(posted.status).toBe(303);
  const back = new URL(String(posted.headers.location));
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  expect(back.searchParams.get('state')).toBe('replicas');
  const code = back.searchParams.get('code') ?? '';
  remember(code);
  expect(code).not.toBe('');
  return { clientId, code, verifier };
}

function exchange(on: number, signedIn: SignedIn) {
  const { clientId, code, verifier } = signedIn;
  return postForm(on, '/token', { grant_type: 'authorization_code', client_id: clientId, code, code_verifier: verifier, redirect_uri: CALLBACK });
}

/** A whole sign-in, page, form and code exchange each on the replica named. */
async function signInAcross(on: { page: number; form: number; token: number }, key = FULL): Promise<SignedIn & { tokens: Tokens }> {
  const signedIn = await codeAcross(on, key);
  const answer = await exchange(on.token, signedIn);
  expect(answer.status).toBe(200);
  const tokens = answer.json() as Tokens;
  remember(tokens.access_token, tokens.refresh_token);
  return { ...signedIn, tokens };
}

/** The status `credential` gets on each replica, in order. */
async function statusesOf(credential: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let on = 0; on < REPLICAS; on++) statuses.push((await postMcp(on, credential)).status);
  return statuses;
}

const everywhere = (status: number) => Array.from({ length: REPLICAS }, () => status);

/** Asks `attempt` until it gives true, pausing between tries; false if it never did within `forMs` (a generous bound, not a speed asserted). */
async function eventually(attempt: () => Promise<boolean>, forMs: number): Promise<boolean> {
  const giveUpAt = Date.now() + forMs;
  for (;;) {
    if (await attempt()) return true;
    if (Date.now() > giveUpAt) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a sign-in spread over three replicas', () => {
  it('works with the page, the form and the code exchange each on another replica; its token works on every replica', async () => {
    const routedBefore = proxy.routed.length;
    const { tokens } = await signInAcross({ page: 0, form: 1, token: 2 });
    // register and the page on 0, the form on 1, the exchange on 2: the proxy did send them there.
    expect(proxy.routed.slice(routedBefore)).toEqual([0, 0, 1, 2]);
    expect(await statusesOf(tokens.access_token)).toEqual(everywhere(200));
  });

  it('a code exchanged again on another replica: invalid_grant, and what the first exchange gave is refused on every replica', async () => {
    const signedIn = await codeAcross({ page: 1, form: 2 });
    const first = await exchange(0, signedIn);
    expect(first.status).toBe(200);
    const tokens = first.json() as Tokens;
    remember(tokens.access_token, tokens.refresh_token);
    const again = await exchange(1, signedIn);
    expect(again.status).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await statusesOf(tokens.access_token)).toEqual(everywhere(401));
    expect((await renew(2, signedIn.clientId, tokens.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('revoked on one replica: the very next request with its access token is refused on each of the two others', async () => {
    const { clientId, tokens } = await signInAcross({ page: 2, form: 0, token: 1 });
    expect(await statusesOf(tokens.access_token)).toEqual(everywhere(200));
    const revoked = await postForm(0, '/revoke', { client_id: clientId, token: tokens.refresh_token, token_type_hint: 'refresh_token' });
    expect(revoked.status).toBe(200);
    for (const on of [1, 2]) {
      const after = await postMcp(on, tokens.access_token);
      expect(after.status).toBe(401);
      expect(String(after.headers['www-authenticate'])).toContain('error="invalid_token"');
    }
  });
});

describe('a refresh token rotates once for all replicas', () => {
  it('rotated on two replicas: a retry within the minute on a third gets the same bytes; a token two generations old ends the sign-in everywhere', async () => {
    const { clientId, tokens: first } = await signInAcross({ page: 0, form: 1, token: 2 });
    const rotated = await renew(0, clientId, first.refresh_token);
    expect(rotated.status).toBe(200);
    const second = rotated.json() as Tokens;
    remember(second.access_token, second.refresh_token);
    const rotatedAgain = await renew(1, clientId, second.refresh_token);
    expect(rotatedAgain.status).toBe(200);
    const third = rotatedAgain.json() as Tokens;
    remember(third.access_token, third.refresh_token);
    expect(new Set([first.refresh_token, second.refresh_token, third.refresh_token]).size).toBe(3);

    // The newest refresh token used (answered on replica 1) shown again on replica 0: a lost answer, answered alike.
    const retry = await renew(0, clientId, second.refresh_token);
    expect(retry.status).toBe(200);
    const repeated = retry.json() as Tokens;
    expect(repeated.access_token).toBe(third.access_token);
    expect(repeated.refresh_token).toBe(third.refresh_token);
    expect(await statusesOf(third.access_token)).toEqual(everywhere(200));

    // Two generations old, on replica 2: one of its holders is not the member; the sign-in ends on all.
    const replay = await renew(2, clientId, first.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await statusesOf(third.access_token)).toEqual(everywhere(401));
    for (let on = 0; on < REPLICAS; on++) expect((await renew(on, clientId, third.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('renewed with the same refresh token at once on two replicas: both get the same new tokens, and the member stays signed in', async () => {
    const { clientId, tokens } = await signInAcross({ page: 1, form: 2, token: 0 });
    const routedBefore = proxy.routed.length;
    sandbox.requests.length = 0;
    // One to each of replicas 1 and 2, whichever arrives first.
    proxy.toEach([1, 2]);
    const answers = await Promise.all(
      [1, 2].map(() =>
        request(`${proxy.origin}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh_token }).toString(),
        }).then(async (response) => ({ status: response.statusCode, text: await response.body.text() })),
      ),
    );
    expect([...proxy.routed.slice(routedBefore)].sort()).toEqual([1, 2]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [one, other] = answers.map((answer) => JSON.parse(answer.text) as Tokens);
    remember(one!.access_token, one!.refresh_token);
    expect(other).toEqual(one);
    // One rotated (and asked the service about the key again), the other was answered as its retry.
    expect(sandbox.requests).toHaveLength(1);
    expect(one!.refresh_token).not.toBe(tokens.refresh_token);
    expect(await statusesOf(one!.access_token)).toEqual(everywhere(200));
    // Still the newest: it rotates once more, on any replica.
    const next = await renew(0, clientId, one!.refresh_token);
    expect(next.status).toBe(200);
    remember(next.json().access_token, next.json().refresh_token);
  });
});

describe('counted once for all replicas', () => {
  it('the rate limit of /authorize: what remains goes down by one per request, whichever replica answers', async () => {
    const clientId = await register(0);
    const query = authorizeQuery(clientId);
    const remaining: number[] = [];
    for (const on of [0, 1, 2, 0, 2, 1]) {
      const page = await through(on, `/authorize?${query}`);
      expect(page.status).toBe(200);
      remember(
        ...hiddenFields(page.text)
          .filter(([name]) => name === 'form')
          .map(([, value]) => value),
      );
      // express-rate-limit's draft-6 headers (standardHeaders: true).
      const header = page.headers['ratelimit-remaining'];
      expect(header).toMatch(/^\d+$/);
      remaining.push(Number(header));
    }
    const first = remaining[0]!;
    expect(remaining).toEqual(remaining.map((_, index) => first - index));
  });

  it('the memory of accepted keys: an initialize on replica 0 asks the service about the key; the same key on replicas 1 and 2 does not', async () => {
    sandbox.requests.length = 0;
    expect((await postMcp(0, UNSEEN)).status).toBe(200);
    expect(sandbox.requests).toHaveLength(1);
    for (const on of [1, 2]) expect((await postMcp(on, UNSEEN)).status).toBe(200);
    expect(sandbox.requests).toHaveLength(1);
  });

  it(`the cap of ${PER_KEY} calls in flight per key: calls on replicas 0 and 1 take it, a third on replica 2 gets 429; once they end, a call passes`, async () => {
    const member = memberIdOfKey(FULL);
    const calls = new AbortController();
    const inFlight: Array<Promise<unknown>> = [];
    // Held at the service until cut: both calls are surely in flight when the third comes.
    service.delayMs = 60_000;
    try {
      for (const on of [0, 1]) {
        const before = service.inFlightOf(member);
        proxy.to(on);
        const answered = request(`${proxy.origin}/mcp`, {
          method: 'POST',
          headers: { ...MCP_HEADERS, authorization: `Bearer ${FULL}` },
          body: toolCall,
          signal: calls.signal,
        })
          .then(async (response) => `${response.statusCode} ${(await response.body.text()).slice(0, 200)}`)
          .catch(() => 'cut');
        inFlight.push(answered);
        // Arrived at the service: the replica holds its slot. A call answered before that was refused.
        const arrived = await Promise.race([service.until(() => service.inFlightOf(member) > before).then(() => true), answered]);
        expect(arrived, `the call on replica ${on} never reached the service`).toBe(true);
      }
      const third = await postMcp(2, FULL, toolCall);
      expect(third.status).toBe(429);
      expect(third.json().error.message).toMatch(/^Too Many Requests: too many requests in flight for your key/);
      expect(third.headers['retry-after']).toBe('1');
    } finally {
      service.delayMs = 0;
      calls.abort();
      await Promise.all(inFlight);
    }
    await service.until(() => service.inFlightOf(member) === 0);
    // The slots are given back as the calls end (asynchronously, in the store): a call passes once they are.
    let last: Awaited<ReturnType<typeof postMcp>> | undefined;
    const passed = await eventually(async () => {
      last = await postMcp(2, FULL, toolCall);
      return last.status === 200;
    }, 20_000);
    expect(passed, `last answer: ${last?.status} ${last?.text.slice(0, 200)}`).toBe(true);
    expect(answeredWithoutError(last!.text)).toBe(true);
  }, 60_000);
});

describe('while the store does not answer', () => {
  it('the sign-in is refused (503) rather than guessed, a member’s own key still works, /healthz says so, no replica exits; all come back', async () => {
    const { clientId, tokens } = await signInAcross({ page: 0, form: 1, token: 2 });
    expect(await statusesOf(tokens.access_token)).toEqual(everywhere(200));
    redis.pause();
    try {
      // Within the store's bound (about 2 s) a replica gives up on it; asked until then, never timed.
      let refused: Awaited<ReturnType<typeof postMcp>> | undefined;
      const gaveUp = await eventually(async () => {
        refused = await postMcp(0, tokens.access_token);
        return refused.status === 503;
      }, 30_000);
      expect(gaveUp, `last answer: ${refused?.status}`).toBe(true);
      expect(refused!.headers['retry-after']).toBe('5');
      expect(refused!.json().error.message).toMatch(/the sign-in cannot be checked right now/);
      for (const on of [1, 2]) expect((await postMcp(on, tokens.access_token)).status).toBe(503);

      const renewal = await renew(1, clientId, tokens.refresh_token);
      expect(renewal.status).toBe(503);
      expect(renewal.json()).toMatchObject({ error: 'temporarily_unavailable' });
      expect(renewal.headers['retry-after']).toBe('5');

      // A member's own key: its key check and its call go to the service, not to the store.
      const initialized = await postMcp(2, OWN);
      expect(initialized.status).toBe(200);
      const called = await postMcp(2, OWN, toolCall);
      expect(called.status).toBe(200);
      expect(answeredWithoutError(called.text)).toBe(true);

      for (let on = 0; on < REPLICAS; on++) {
        let health: Awaited<ReturnType<typeof through>> | undefined;
        const said = await eventually(async () => {
          health = await through(on, '/healthz');
          return health.status === 503;
        }, 30_000);
        expect(said, `replica ${on}: ${health?.status} ${health?.text}`).toBe(true);
        expect(health!.json()).toEqual({ status: 'store unreachable', state: 'redis', store: 'unreachable' });
      }
      for (const replica of replicas) expect(replica.child.exitCode).toBeNull();
    } finally {
      redis.resume();
    }

    // Back: generous time for every replica to notice, no speed asserted.
    for (let on = 0; on < REPLICAS; on++) {
      let last = '';
      const back = await eventually(async () => {
        const [mcp, health] = [await postMcp(on, tokens.access_token), await through(on, '/healthz')];
        last = `/mcp ${mcp.status}, /healthz ${health.status} ${health.text}`;
        return mcp.status === 200 && health.status === 200;
      }, 30_000);
      expect(back, `replica ${on}: ${last}`).toBe(true);
      expect((await through(on, '/healthz')).json()).toEqual({ status: 'ok', state: 'redis', store: 'reachable' });
    }
    for (const replica of replicas) expect(replica.child.exitCode).toBeNull();
  }, 180_000);
});

describe('what the replicas wrote', () => {
  it('no key, code, token or Redis password appears in any replica’s output; Redis is named by host and port', () => {
    const secrets = [...Object.values(DEMO_KEYS).map(({ key }) => key), SECRET, ...made, REDIS_PASSWORD, encodeURIComponent(REDIS_PASSWORD), redis.url];
    expect(made.length).toBeGreaterThan(20);
    for (const [index, replica] of replicas.entries()) {
      // The output is there to be scanned: each replica logged its requests (debug), and its start line the store.
      expect(replica.stderr()).toContain('path=/token');
      expect(replica.stderr()).toContain(`through Redis at 127.0.0.1:${redis.port}\n`);
      for (const secret of secrets) {
        if (replica.stderr().includes(secret)) expect.fail(`replica ${index} wrote a secret: ${secret.slice(0, 3)}…${secret.slice(-4)}`);
      }
    }
  });
});
