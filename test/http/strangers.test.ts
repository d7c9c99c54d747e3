// serve --http against strangers: keys the complaints service has not accepted must not cost members
// anything. In process, over loopback HTTP, against a fault server standing for the service: it
// accepts the members' keys and refuses (401) or holds every other. Clients on other loopback
// addresses (127.0.0.2...) stand for other machines.
import type { ServerResponse } from 'node:http';
import { Agent, request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HttpServeHandle } from '../../src/http/serve.js';
import { UNVERIFIED_BUDGET } from '../../src/http/unverified-budget.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { EMPTY_LIST, FaultServer, json } from '../helpers/fault-server.js';
import { authorizeQuery, CALLBACK, hiddenFields } from '../helpers/oauth-member.js';
import { serveInProcess } from '../helpers/serve-in-process.js';
import { Watched } from '../helpers/watched.js';

const MEMBER = DEMO_KEYS.full.key;
/** A member the service accepts whose key this server has not seen yet. */
const NEWCOMER = DEMO_KEYS.otherOrganization.key;

/** serve --http in this process, in front of `apiUrl`, with its default caps (64 in all, 8 per key). */
function serve(apiUrl: string): Promise<HttpServeHandle> {
  return serveInProcess(apiUrl, {}, { timeoutMs: 8000 });
}

/** Clients on other loopback addresses than 127.0.0.1, as other machines would be. */
const elsewhere = [new Agent({ localAddress: '127.0.0.2' }), new Agent({ localAddress: '127.0.0.3' })];

afterAll(async () => {
  await Promise.all(elsewhere.map((agent) => agent.close()));
});

async function post(url: string, key: string, body: string, from?: Agent) {
  const response = await request(url, {
    method: 'POST',
    headers: { ...MCP_HEADERS, authorization: `Bearer ${key}` },
    body,
    ...(from === undefined ? {} : { dispatcher: from }),
  });
  const text = await response.body.text();
  return { status: response.statusCode, retryAfter: response.headers['retry-after'], text };
}

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'strangers', version: '1' } },
});
const toolCall = (name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
/** A deadline list: every record at risk, a whole-book read. */
const DEADLINE_LIST = toolCall('list_complaints', { overdue: true });
const OVERVIEW = toolCall('complaints_overview', {});

/** The key a request to the service carried. */
const keyOf = (authorization: string | undefined) => authorization?.replace(/^Bearer /, '');

/** The service: it accepts the members' keys and refuses (401) every other at once. */
async function refusingStrangers(): Promise<FaultServer> {
  const upstream = await FaultServer.start();
  upstream.always((request, response) => {
    const key = keyOf(request.headers.authorization);
    if (key === MEMBER || key === NEWCOMER) json(200, EMPTY_LIST)(request, response);
    else json(401, { message: 'invalid key' })(request, response);
  });
  return upstream;
}

describe('made-up keys relayed to the service', () => {
  let upstream: FaultServer;
  let served: HttpServeHandle;

  beforeAll(async () => {
    upstream = await refusingStrangers();
    served = await serve(upstream.url);
  });

  afterAll(async () => {
    await served?.shutdown();
    await upstream?.close();
  });

  afterEach(() => {
    upstream.requests.length = 0;
  });

  it('one address gets 429 with Retry-After beyond its budget of checks; the service hears at most the budget; another address and a member pass', async () => {
    const [stranger, other] = elsewhere as [Agent, Agent];
    // The member's key is accepted first (its first initialize, from elsewhere).
    expect((await post(served.url, MEMBER, INITIALIZE)).status).toBe(200);
    upstream.requests.length = 0;

    const { perWindow } = UNVERIFIED_BUDGET;
    const answers = [];
    for (let n = 0; n < perWindow + 10; n++) answers.push(await post(served.url, `or_made_up_${n}`, INITIALIZE, stranger));
    expect(answers.slice(0, perWindow).every((answer) => answer.status === 401)).toBe(true);
    const refused = answers.slice(perWindow);
    expect(refused.map((answer) => answer.status)).toEqual(refused.map(() => 429));
    for (const answer of refused) {
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(60);
      expect(JSON.parse(answer.text).error.message).toMatch(/^Too Many Requests: .*API keys the complaints service has not yet accepted/);
    }
    expect(upstream.requests).toHaveLength(perWindow);

    // Not the budget of another address, nor of a key the service accepted.
    expect((await post(served.url, 'or_made_up_elsewhere', INITIALIZE, other)).status).toBe(401);
    expect((await post(served.url, MEMBER, DEADLINE_LIST, stranger)).text).toContain('No records');
    // A tool call with a made-up key reaches the service too: it spends the same budget.
    expect((await post(served.url, 'or_made_up_call', DEADLINE_LIST, stranger)).status).toBe(429);
  });
});

describe('made-up keys against a service slow to refuse them', () => {
  let upstream: FaultServer;
  let served: HttpServeHandle;
  /** The strangers' requests the service holds, until the test refuses them. */
  const held: ServerResponse[] = [];
  const progress = new Watched();
  const refuseStrangers = () => {
    for (const response of held.splice(0)) json(401, { message: 'invalid key' })(undefined as never, response);
  };

  beforeAll(async () => {
    upstream = await FaultServer.start();
    upstream.always((request, response) => {
      const key = keyOf(request.headers.authorization);
      if (key === MEMBER || key === NEWCOMER) json(200, EMPTY_LIST)(request, response);
      else held.push(response);
      progress.changed();
    });
    served = await serve(upstream.url);
    // The member's key is accepted.
    expect((await post(served.url, MEMBER, INITIALIZE)).status).toBe(200);
  });

  afterAll(async () => {
    refuseStrangers();
    await served?.shutdown();
    await upstream?.close();
  });

  /** Four deadline lists with made-up keys from one address (all its share of the unverified slots), held by the service. */
  async function strangersReading(tag: string) {
    const answers = Array.from({ length: 4 }, (_, n) => post(served.url, `or_made_up_${tag}_${n}`, DEADLINE_LIST, elsewhere[0]));
    await progress.until(() => held.length === 4);
    return answers;
  }

  it("a member's overview is read while strangers' deadline lists wait on the service: they hold no whole-book slot", async () => {
    const strangers = await strangersReading('a');
    try {
      const overview = post(served.url, MEMBER, OVERVIEW);
      // The member's read reaches the service while the four strangers are still held there.
      const answer = await overview;
      expect(answer.text).not.toMatch(/other overviews or deadline lists/);
      expect(answer.text).toMatch(/overview|records/i);
      expect(held).toHaveLength(4);
    } finally {
      refuseStrangers();
    }
    for (const answer of await Promise.all(strangers)) expect(answer.text).toMatch(/refused the API key \(401\)/);
  });

  it('a member with a new key whose first call is a whole-book read gets it while strangers wait: once the service accepts the key', async () => {
    const strangers = await strangersReading('b');
    try {
      const answer = await post(served.url, NEWCOMER, DEADLINE_LIST);
      expect(answer.text).toContain('No records');
      expect(held).toHaveLength(4);
    } finally {
      refuseStrangers();
    }
    await Promise.all(strangers);
  });
});

describe('made-up keys posted on the sign-in form', () => {
  let upstream: FaultServer;
  let served: HttpServeHandle;

  beforeAll(async () => {
    upstream = await refusingStrangers();
    served = await serveInProcess(upstream.url, { COMPLAINTS_HTTP_TOKEN_SECRET: 'a'.repeat(44) }, { timeoutMs: 8000 });
  });

  afterAll(async () => {
    await served?.shutdown();
    await upstream?.close();
  });

  /** The sign-in page's form as `from` gets it: the fields to post back, and its cookie. */
  async function signInForm(from: Agent) {
    const origin = new URL(served.url).origin;
    const registered = await request(`${origin}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [CALLBACK], token_endpoint_auth_method: 'none' }),
    });
    const { client_id: clientId } = (await registered.body.json()) as { client_id: string };
    const page = await request(`${origin}/authorize?${authorizeQuery(clientId)}`, { dispatcher: from });
    const cookie = String(page.headers['set-cookie']).split(';')[0] ?? '';
    const fields = hiddenFields(await page.body.text());
    /** Posts the form with `key`: the status, and the page or the redirect. */
    return async (key: string) => {
      const form = new URLSearchParams(fields);
      form.set('api_key', key);
      const posted = await request(`${origin}/authorize`, {
        method: 'POST',
        dispatcher: from,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: form.toString(),
      });
      return { status: posted.statusCode, html: await posted.body.text() };
    };
  }

  it("spend their address's budget as /mcp's do: beyond it the page says to wait, and the service hears no more", async () => {
    const [stranger, other] = elsewhere as [Agent, Agent];
    const postForm = await signInForm(stranger);
    upstream.requests.length = 0;
    const { perWindow } = UNVERIFIED_BUDGET;
    const statuses = [];
    for (let n = 0; n < perWindow; n++) statuses.push((await postForm(`or_made_up_form_${n}`)).status);
    expect(statuses).toEqual(statuses.map(() => 403));
    const refused = await postForm('or_made_up_form_last');
    expect(refused.status).toBe(429);
    expect(refused.html).toContain('demasiadas claves que el servicio no ha aceptado');
    expect(upstream.requests).toHaveLength(perWindow);
    // One budget per address: /mcp's is spent too.
    expect((await post(served.url, 'or_made_up_mcp', INITIALIZE, stranger)).status).toBe(429);

    // Another address's member signs in.
    const member = await signInForm(other);
    expect((await member(NEWCOMER)).status).toBe(303);
  });
});
