// End to end, `serve --http`: the built server as a child process, spoken to over real HTTP on
// loopback, against the sandbox (or a loopback fault server for slow upstreams). Covers the per-request
// key, the guards in front of /mcp, the caps, the shutdown, and two members isolated from each other.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOT_FOUND_TEXT } from '../../src/api/errors.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { type Behaviour, EMPTY_LIST, FaultServer, json } from '../helpers/fault-server.js';
import { connectHttp, type HttpServe, INITIALIZE, MCP_HEADERS, startHttpServe } from '../helpers/http-serve.js';
import { listsAdvertisedAsChanging } from '../helpers/mcp.js';
import { idsVisibleTo } from '../helpers/visible-ids.js';
import { Watched } from '../helpers/watched.js';

const FULL = DEMO_KEYS.full.key;
const RESTRICTED = DEMO_KEYS.storeRestricted.key;

let sandbox: SandboxHandle;
let serve: HttpServe;

beforeAll(async () => {
  sandbox = await startSandbox();
  serve = await startHttpServe({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_LOG_LEVEL: 'debug', COMPLAINTS_LANGUAGE: 'en' });
  // Each key's first initialize costs one check of the key (e2e/key-check.test.ts): made here, so
  // that what the tests count is their own.
  for (const key of [FULL, RESTRICTED]) {
    sandbox.requests.length = 0;
    expect((await post(serve.url, { ...MCP_HEADERS, authorization: `Bearer ${key}` })).status).toBe(200);
    expect(sandbox.requests).toEqual([{ method: 'GET', path: '/api/v1/complaints', query: { page: '1', pageSize: '1' } }]);
  }
});

afterAll(async () => {
  await serve?.stop();
  await sandbox?.close();
});

beforeEach(() => {
  sandbox.requests.length = 0;
});

/** `from`: a client of another loopback address (127.0.0.2...), as a second machine would be. */
async function post(url: string, headers: Record<string, string>, body = INITIALIZE, from?: Agent) {
  const response = await request(url, { method: 'POST', headers, body, ...(from === undefined ? {} : { dispatcher: from }) });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, text, json: () => JSON.parse(text) };
}

describe('prompts', () => {
  it('write reports in COMPLAINTS_LANGUAGE (here en) unless the prompt is given a language, and ask nothing of the service', async () => {
    const member = await connectHttp(serve.url, FULL);
    try {
      const text = async (language?: string) => {
        const result = await member.client.getPrompt({ name: 'weekly_report', arguments: language ? { language } : {} });
        return (result.messages[0]!.content as { text: string }).text;
      };
      expect(await text()).toMatch(/^Write a short report on our complaints book/);
      expect(await text('es')).toMatch(/^Escribe un informe breve/);
      expect(sandbox.requests).toEqual([]);
    } finally {
      await member.close();
    }
  });

  it('bring a record read with the key of the request that asks: one member’s record is another’s not found', async () => {
    const theirs = await idsVisibleTo(sandbox.url, RESTRICTED);
    const outsideTheirStores = sandbox.dataset.records.find(
      (record) => record.organizationId === sandbox.dataset.organizations[0]!.id && !theirs.has(record.id),
    )!;
    sandbox.requests.length = 0;
    const full = await connectHttp(serve.url, FULL);
    const restricted = await connectHttp(serve.url, RESTRICTED);
    try {
      const result = await full.client.getPrompt({ name: 'draft_response', arguments: { reference: outsideTheirStores.id } });
      const text = (result.messages[0]!.content as { text: string }).text;
      expect(text).toContain(`(hoja de reclamación) ${outsideTheirStores.detail.correlative}`);
      expect(text).toContain('--- End of the record ---');
      await expect(restricted.client.getPrompt({ name: 'draft_response', arguments: { reference: outsideTheirStores.id } })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining(NOT_FOUND_TEXT),
      });
      // One read of the record each: the prompt asked the service with each member's own key.
      expect(sandbox.requests.filter((seen) => seen.path === `/api/v1/complaints/${outsideTheirStores.id}`)).toHaveLength(2);
    } finally {
      await full.close();
      await restricted.close();
    }
  });
});

describe('completing a prompt’s reference', () => {
  it('offers each member, asking at once, only the records their own key reads', async () => {
    const theirs = await idsVisibleTo(sandbox.url, RESTRICTED);
    const byCorrelative = new Map(sandbox.dataset.records.map((record) => [record.detail.correlative, record]));
    const full = await connectHttp(serve.url, FULL);
    const restricted = await connectHttp(serve.url, RESTRICTED);
    try {
      const complete = (member: typeof full) =>
        member.client.complete({ ref: { type: 'ref/prompt', name: 'draft_response' }, argument: { name: 'reference', value: '' } });
      const answers = await Promise.all([complete(full), complete(restricted), complete(full), complete(restricted)]);
      const [fullValues, restrictedValues] = [answers[0]!.completion.values, answers[1]!.completion.values];
      expect(restrictedValues.length).toBeGreaterThan(0);
      for (const value of restrictedValues) expect(theirs.has(byCorrelative.get(value)!.id), value).toBe(true);
      expect(fullValues.some((value) => !theirs.has(byCorrelative.get(value)!.id))).toBe(true);
      expect(answers[2]!.completion.values).toEqual(fullValues);
      expect(answers[3]!.completion.values).toEqual(restrictedValues);
    } finally {
      await full.close();
      await restricted.close();
    }
  });
});

describe('routes', () => {
  it('answers GET /healthz with 200 and no key, and 404 elsewhere', async () => {
    const health = await request(serve.url.replace(/\/mcp$/, '/healthz'));
    expect(health.statusCode).toBe(200);
    expect(await health.body.json()).toEqual({ status: 'ok', state: 'memory' });
    const elsewhere = await request(serve.url.replace(/\/mcp$/, '/other'));
    expect(elsewhere.statusCode).toBe(404);
    await elsewhere.body.text();
  });

  it('does not write to its debug log a path that holds a key', async () => {
    const pasted = 'or_live_pasted0into0the0path77';
    const answer = await request(serve.url.replace(/\/mcp$/, `/${pasted}`));
    expect(answer.statusCode).toBe(404);
    await answer.body.text();
    await serve.untilStderr('a path that looks like it holds an API key');
    expect(serve.stderr()).not.toContain('pasted0into0the0path');
  });

  it('is stateless: GET and DELETE on /mcp are 405, and no session id is ever issued', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await request(serve.url, { method, headers: { authorization: `Bearer ${FULL}`, accept: 'text/event-stream' } });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('POST');
      await response.body.text();
    }
    const initialized = await post(serve.url, { ...MCP_HEADERS, authorization: `Bearer ${FULL}` });
    expect(initialized.status).toBe(200);
    expect(initialized.headers['mcp-session-id']).toBeUndefined();
    expect(initialized.text).toContain('"serverInfo":{"name":"complaints-book-mcp"');
  });
});

describe('initialize', () => {
  // Stateless: a change could not be announced, there being no stream to send it on (GET is 405).
  it('offers tools, resources and prompts without promising notices of list changes', async () => {
    const member = await connectHttp(serve.url, FULL);
    try {
      const capabilities = member.client.getServerCapabilities() ?? {};
      expect(capabilities).toMatchObject({ tools: {}, resources: {}, prompts: {} });
      expect(listsAdvertisedAsChanging(capabilities)).toEqual([]);
    } finally {
      await member.close();
    }
  });
});

describe('the key of each request', () => {
  /** The description names the key's prefix, quoted as RFC 6750 wants it (test/http/bearer-challenge.test.ts tries to break out). */
  const SAYS_WHY = `error_description="[^"]*or_[^"]*"$`;
  it.each([
    ['no Authorization header', undefined, `^Bearer realm="complaints-book-mcp", ${SAYS_WHY}`],
    ['an empty one', '', `^Bearer realm="complaints-book-mcp", ${SAYS_WHY}`],
    ['another scheme', `Basic ${Buffer.from(`me:${FULL}`).toString('base64')}`, `^Bearer realm="complaints-book-mcp", ${SAYS_WHY}`],
    ['a key without the or_ prefix', 'Bearer sk_live_0123456789', `^Bearer realm="complaints-book-mcp", error="invalid_token", ${SAYS_WHY}`],
    ['a bare prefix', 'Bearer or_', `^Bearer realm="complaints-book-mcp", error="invalid_token", ${SAYS_WHY}`],
    ['two tokens', `Bearer ${FULL} ${FULL}`, `^Bearer realm="complaints-book-mcp", error="invalid_token", ${SAYS_WHY}`],
  ])('refuses %s with 401, a challenge that says why and a JSON-RPC error, sending nothing upstream', async (_label, authorization, challenge) => {
    const headers: Record<string, string> = { ...MCP_HEADERS };
    if (authorization !== undefined) headers.authorization = authorization;
    const answer = await post(serve.url, headers);
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toMatch(new RegExp(challenge));
    expect(answer.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringMatching(/^Unauthorized: .*or_/) }, id: null });
    expect(sandbox.requests).toEqual([]);
  });

  it('uses the request key upstream, and never writes it to the log even at debug level', async () => {
    const member = await connectHttp(serve.url, FULL);
    const { isError } = await member.call('list_complaints', { pageSize: 1 });
    await member.close();
    expect(isError).toBe(false);
    expect(sandbox.requests).toHaveLength(1);
    await serve.untilStderr(/path=\/api\/v1\/complaints/); // the debug request line is there...
    expect(serve.stderr()).not.toContain(FULL); // ...without the key
    expect(serve.stderr()).not.toContain(FULL.slice(3));
  });

  it('passes an upstream refusal of a well-formed key back as the tool error, naming the header', async () => {
    // A call without initialize (the server is stateless), as from a client whose key was revoked since.
    const answer = await post(serve.url, { ...MCP_HEADERS, authorization: 'Bearer or_not_a_member_0000000000000000' }, toolCall(1));
    expect(answer.status).toBe(200);
    const { isError, text } = toolAnswer(answer.text);
    expect(isError).toBe(true);
    expect(text).toMatch(/refused the API key \(401\).*Check the key in the Authorization header your MCP client sends/);
    // The shared server's own environment holds no key: the member has no COMPLAINTS_API_KEY to check.
    expect(text).not.toMatch(/COMPLAINTS_API_KEY/);
  });
});

describe('two members at once', () => {
  it('gives each exactly their own records, on every interleaved call', async () => {
    const [fullIds, restrictedIds] = await Promise.all([idsVisibleTo(sandbox.url, FULL), idsVisibleTo(sandbox.url, RESTRICTED)]);
    const onlyFull = [...fullIds].filter((id) => !restrictedIds.has(id));
    // The test means something only if the two views differ and overlap.
    expect(restrictedIds.size).toBeGreaterThan(0);
    expect(onlyFull.length).toBeGreaterThan(0);
    expect([...restrictedIds].every((id) => fullIds.has(id))).toBe(true);

    const [full, restricted] = await Promise.all([connectHttp(serve.url, FULL), connectHttp(serve.url, RESTRICTED)]);
    const seen = { full: new Set<string>(), restricted: new Set<string>() };
    const pages = Math.ceil(fullIds.size / 100);
    const shared = [...restrictedIds];
    // Asked by id, a record answers without repeating it: it is told by its correlative.
    const correlativeOf = (id: string) => sandbox.dataset.records.find((record) => record.id === id)!.detail.correlative;
    for (let page = 1; page <= pages; page++) {
      // Both clients number their requests alike, so equal JSON-RPC ids are in flight together.
      const [fullPage, restrictedPage, fullReadsOther, restrictedReadsOther, restrictedReadsOwn, fullOverview, restrictedOverview] = await Promise.all([
        full.call('list_complaints', { page, pageSize: 100 }),
        restricted.call('list_complaints', { page, pageSize: 100 }),
        full.call('get_complaint', { id: onlyFull[page % onlyFull.length] }),
        restricted.call('get_complaint', { id: onlyFull[page % onlyFull.length] }),
        restricted.call('get_complaint', { id: shared[page % shared.length] }),
        full.call('complaints_overview'),
        restricted.call('complaints_overview'),
      ]);
      expect(fullPage.structured.total).toBe(fullIds.size);
      expect(restrictedPage.structured.total).toBe(restrictedIds.size);
      for (const item of fullPage.structured.items ?? []) seen.full.add(item.id);
      for (const item of restrictedPage.structured.items ?? []) seen.restricted.add(item.id);
      expect(fullReadsOther.isError).toBe(false);
      expect(fullReadsOther.structured.correlative).toBe(correlativeOf(onlyFull[page % onlyFull.length]!));
      expect(restrictedReadsOther).toMatchObject({ isError: true, text: NOT_FOUND_TEXT });
      expect(restrictedReadsOwn.structured.correlative).toBe(correlativeOf(shared[page % shared.length]!));
      expect(fullOverview.structured.total).toBe(fullIds.size);
      expect(restrictedOverview.structured.total).toBe(restrictedIds.size);
    }
    await Promise.all([full.close(), restricted.close()]);
    expect(seen.full).toEqual(fullIds);
    expect(seen.restricted).toEqual(restrictedIds);
  });
});

describe('DNS rebinding guard (bound to loopback)', () => {
  const withKey = { ...MCP_HEADERS, authorization: `Bearer ${FULL}` };

  it.each([
    ['a foreign Host', () => ({ host: 'evil.example.com' })],
    ['a foreign Host on the right port', (port: string) => ({ host: `evil.example.com:${port}` })],
    ['a host that only starts like localhost', (port: string) => ({ host: `localhost.evil.example.com:${port}` })],
    ['a foreign Origin', () => ({ origin: 'http://evil.example.com' })],
    ['a foreign Origin that names localhost in its path', () => ({ origin: 'http://evil.example.com/localhost' })],
    ['the string "null" as Origin', () => ({ origin: 'null' })],
  ])('refuses %s with 403 and sends nothing upstream', async (_label, extra) => {
    const answer = await post(
      serve.url,
      { ...withKey, ...extra(new URL(serve.url).port) },
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_complaints', arguments: {} } }),
    );
    expect(answer.status).toBe(403);
    expect(answer.json().error.message).toMatch(/^Forbidden: /);
    expect(sandbox.requests).toEqual([]);
  });

  it.each([
    ['localhost with its port', (port: string) => ({ host: `localhost:${port}` })],
    ['the loopback address', (port: string) => ({ host: `127.0.0.1:${port}` })],
    ['a loopback Origin', () => ({ origin: 'http://localhost:5173' })],
  ])('accepts %s', async (_label, extra) => {
    const answer = await post(serve.url, { ...withKey, ...extra(new URL(serve.url).port) });
    expect(answer.status).toBe(200);
  });

  it('answers only the names listed in COMPLAINTS_HTTP_ALLOWED_HOSTS when they are set', async () => {
    const listed = await startHttpServe({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_HTTP_ALLOWED_HOSTS: 'mcp.internal.example' });
    try {
      expect((await post(listed.url, { ...withKey, host: 'mcp.internal.example' })).status).toBe(200);
      expect((await post(listed.url, { ...withKey, host: 'localhost' })).status).toBe(403);
    } finally {
      await listed.stop();
    }
  });

  it('says at start which proxies it takes X-Forwarded-For from', async () => {
    const behind = await startHttpServe({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_HTTP_TRUSTED_PROXIES: '10.0.0.5,fd00::/8' });
    try {
      // Said after the line startHttpServe waits for.
      await behind.untilStderr("reading each client's address from X-Forwarded-For when the request comes from 10.0.0.5, fd00::/8\n");
    } finally {
      await behind.stop();
    }
  });
});

describe('request body', () => {
  it('refuses a body that is not JSON with 400 and a parse error, sending nothing upstream', async () => {
    const answer = await post(serve.url, { ...MCP_HEADERS, authorization: `Bearer ${FULL}` }, '{"jsonrpc":"2.0",');
    expect(answer.status).toBe(400);
    expect(answer.json()).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the request body is not JSON.' }, id: null });
    expect(sandbox.requests).toEqual([]);
  });

  it('refuses a body over 256 KiB with 413 before parsing it', async () => {
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'list_complaints', arguments: { search: 'x'.repeat(300 * 1024) } },
    });
    const answer = await post(serve.url, { ...MCP_HEADERS, authorization: `Bearer ${FULL}` }, big);
    expect(answer.status).toBe(413);
    expect(answer.json()).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringMatching(/Payload Too Large/) } });
    expect(sandbox.requests).toEqual([]);
  });
});

describe('progress over HTTP', () => {
  const call = JSON.stringify({
    jsonrpc: '2.0',
    id: 5,
    method: 'tools/call',
    params: { name: 'complaints_overview', arguments: {}, _meta: { progressToken: 'overview' } },
  });

  it('comes on the event stream before the result when the call asks for it', async () => {
    const answer = await post(serve.url, { ...MCP_HEADERS, authorization: `Bearer ${FULL}` }, call);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
    const messages = answer.text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)));
    const progress = messages.filter((message) => message.method === 'notifications/progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((message) => message.params.progressToken === 'overview')).toBe(true);
    expect(messages.at(-1)).toMatchObject({ id: 5, result: { structuredContent: { atRisk: expect.any(Object) } } });
  });
});

/** The result of a tools/call answered as JSON or as one server-sent event. */
function toolAnswer(body: string): { isError: boolean; text: string } {
  const message = JSON.parse(
    body.startsWith('{')
      ? body
      : body
          .split('\n')
          .find((line) => line.startsWith('data: '))!
          .slice(6),
  );
  return { isError: message.result.isError === true, text: message.result.content.map((block: { text: string }) => block.text).join('\n') };
}

const toolsList = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
const batchOf = (count: number, message: (id: number) => unknown) => JSON.stringify(Array.from({ length: count }, (_, index) => message(index + 1)));

describe('JSON-RPC batches', () => {
  const withKey = { ...MCP_HEADERS, authorization: `Bearer ${FULL}` };

  it('refuses a batch of more calls than a key may have in flight with 429, naming the cap, sending nothing upstream', async () => {
    const answer = await post(
      serve.url,
      withKey,
      batchOf(40, (id) => JSON.parse(toolCall(id))),
    );
    expect(answer.status).toBe(429);
    expect(answer.headers['retry-after']).toBeUndefined(); // the same batch would be refused again
    expect(answer.json().error.message).toMatch(/^Too Many Requests: this batch holds 40 calls, more than the 8 .*COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY/);
    expect(sandbox.requests).toEqual([]);
  });

  it('answers a batch of 100 tools/list with a short refusal, not megabytes', async () => {
    const answer = await post(serve.url, withKey, batchOf(100, toolsList));
    expect(answer.status).toBe(429);
    expect(answer.text.length).toBeLessThan(1024);
  });

  it('answers every call of a batch within the cap (clients on 2025-03-26 may batch), in a bounded answer', async () => {
    const one = await post(serve.url, withKey, JSON.stringify(toolsList(1)));
    const eight = await post(serve.url, withKey, batchOf(8, toolsList));
    expect(eight.status).toBe(200);
    for (let id = 1; id <= 8; id++) expect(eight.text).toContain(`"id":${id}}`);
    // The largest batch a key may send answers with at most its calls' answers: the cap bounds the size.
    expect(eight.text.length).toBeLessThan(8 * one.text.length + 1024);
  });
});

/** An upstream that holds every request until `release()`, then answers with an empty list. */
function gate() {
  const held: ServerResponse[] = [];
  const arrivals = new Watched();
  const behaviour: Behaviour = (_request: IncomingMessage, response: ServerResponse) => {
    held.push(response);
    arrivals.changed();
  };
  return {
    behaviour,
    held,
    /** Resolves once `count` requests are held. */
    holding: (count: number) => arrivals.until(() => held.length === count),
    release: () => {
      for (const response of held.splice(0)) json(200, EMPTY_LIST)(undefined as never, response);
    },
  };
}

const toolCall = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_complaints', arguments: {} } });

describe('caps on requests in flight', () => {
  let upstream: FaultServer;
  let capped: HttpServe;

  beforeAll(async () => {
    upstream = await FaultServer.start();
    capped = await startHttpServe({
      COMPLAINTS_API_URL: upstream.url,
      COMPLAINTS_HTTP_MAX_IN_FLIGHT: '3',
      COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY: '2',
    });
  });

  afterAll(async () => {
    await capped?.stop();
    await upstream?.close();
  });

  const headers = (key: string) => ({ ...MCP_HEADERS, authorization: `Bearer ${key}` });

  /** One answered call each, so that the service has accepted the keys and only the caps under test apply. */
  async function acceptKeys(...keys: string[]) {
    upstream.reset();
    for (const key of keys) expect((await post(capped.url, headers(key), toolCall(9))).status).toBe(200);
    upstream.reset();
  }

  it('counts each call of a batch against the caps', async () => {
    await acceptKeys(FULL, RESTRICTED);
    const held = gate();
    upstream.always(held.behaviour);
    const batch = post(
      capped.url,
      headers(FULL),
      batchOf(2, (id) => JSON.parse(toolCall(id))),
    );
    try {
      await held.holding(2); // the batch's two calls
      const overKey = await post(capped.url, headers(FULL), toolCall(3));
      expect(overKey.status).toBe(429);
      expect(overKey.json().error.message).toMatch(/for your key/);
      const overTotal = await post(
        capped.url,
        headers(RESTRICTED),
        batchOf(2, (id) => JSON.parse(toolCall(id))),
      );
      expect(overTotal.status).toBe(429);
      expect(overTotal.json().error.message).toMatch(/on this server/);
      expect(upstream.requests).toHaveLength(2);
    } finally {
      // Whatever happened, the slots are freed for the tests that follow.
      upstream.always(json(200, EMPTY_LIST));
      held.release();
    }
    expect((await batch).status).toBe(200);
  });

  it('answers 429 beyond the per-key cap and beyond the total, and admits again once requests finish', async () => {
    await acceptKeys(FULL, RESTRICTED);
    const held = gate();
    upstream.always(held.behaviour);
    const first = [post(capped.url, headers(FULL), toolCall(1)), post(capped.url, headers(FULL), toolCall(2))];
    await held.holding(2);

    const overKey = await post(capped.url, headers(FULL), toolCall(3));
    expect(overKey.status).toBe(429);
    expect(overKey.headers['retry-after']).toBe('1');
    expect(overKey.json().error.message).toMatch(/for your key/);

    const other = post(capped.url, headers(RESTRICTED), toolCall(4)); // the third slot in all
    await held.holding(3);
    const overTotal = await post(capped.url, headers(DEMO_KEYS.otherOrganization.key), toolCall(5));
    expect(overTotal.status).toBe(429);
    expect(overTotal.json().error.message).toMatch(/on this server/);
    expect(upstream.requests).toHaveLength(3);

    held.release();
    for (const answer of await Promise.all([...first, other])) expect(answer.status).toBe(200);
    upstream.always(json(200, EMPTY_LIST));
    expect((await post(capped.url, headers(FULL), toolCall(6))).status).toBe(200);
  });

  it('gives no slot to a request whose body has not arrived, so made-up keys cannot lock members out', async () => {
    upstream.reset();
    const { port } = new URL(capped.url);
    const stalled = await Promise.all(
      [1, 2, 3, 4].map(async (n) => {
        const socket = connect(Number(port), '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        socket.write(
          `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer or_made_up_${n}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
        );
        return socket;
      }),
    );
    try {
      const member = await post(capped.url, { ...MCP_HEADERS, authorization: `Bearer ${FULL}` }, toolCall(7));
      expect(member.status).toBe(200);
    } finally {
      for (const socket of stalled) socket.destroy();
    }
  });
});

describe('made-up keys against a slow API', () => {
  let upstream: FaultServer;
  let server: HttpServe;
  /** Requests with a key the API does not know: held until the test ends, then refused (401). */
  const strangers: ServerResponse[] = [];
  /** Told of each stranger held and each refusal. */
  const progress = new Watched();
  let restrictedRevoked = false;
  /** A member the service accepts whose key this server has not seen yet. */
  const NEWCOMER = DEMO_KEYS.otherOrganization.key;
  /** Clients on two other addresses than the members'. */
  const elsewhere = [new Agent({ localAddress: '127.0.0.2' }), new Agent({ localAddress: '127.0.0.3' })];
  const answerStrangers = () => {
    for (const response of strangers.splice(0)) json(401, { message: 'invalid key' })(undefined as never, response);
  };

  beforeAll(async () => {
    upstream = await FaultServer.start();
    upstream.always((request, response) => {
      const key = request.headers.authorization?.replace(/^Bearer /, '');
      if (key === FULL || key === NEWCOMER || (key === RESTRICTED && !restrictedRevoked)) json(200, EMPTY_LIST)(request, response);
      else if (key === RESTRICTED) json(401, { message: 'revoked' })(request, response);
      else {
        strangers.push(response);
        progress.changed();
      }
    });
    server = await startHttpServe({ COMPLAINTS_API_URL: upstream.url }); // 64 in all, 8 per key
  });

  afterAll(async () => {
    answerStrangers();
    await server?.stop();
    await upstream?.close();
    await Promise.all(elsewhere.map((agent) => agent.close()));
  });

  /** Sends one call per made-up key, each from the next of `from` in turn; resolves once each is held upstream or refused, with the refusals. */
  async function flood(count: number, tag: string, from: Array<Agent | undefined> = [undefined]) {
    const refusals: Array<{ status: number; message: string }> = [];
    const answers = Array.from({ length: count }, (_, n) =>
      // Each claims another address in X-Forwarded-For, which the server must not believe.
      post(
        server.url,
        { ...MCP_HEADERS, authorization: `Bearer or_made_up_${tag}_${n}`, 'x-forwarded-for': `198.51.100.${n % 250}` },
        toolCall(1),
        from[n % from.length],
      ).then((answer) => {
        if (answer.status === 429) refusals.push({ status: answer.status, message: answer.json().error.message });
        progress.changed();
        return answer;
      }),
    );
    await progress.until(() => strangers.length + refusals.length === count);
    return { refusals, answers };
  }

  it('leaves the slots of a member the service has accepted free: 80 made-up keys from two addresses share an eighth', async () => {
    const member = { ...MCP_HEADERS, authorization: `Bearer ${FULL}` };
    expect((await post(server.url, member, toolCall(1))).status).toBe(200); // the service accepts the key
    const { refusals, answers } = await flood(80, 'a', elsewhere);
    try {
      const served = await post(server.url, member, toolCall(2));
      expect(served.status).toBe(200);
      expect(served.text).toContain('No records');
      expect(strangers).toHaveLength(8); // 64 / 8
      expect(refusals).toHaveLength(72);
      for (const refusal of refusals) expect(refusal.message).toMatch(/keys the complaints service has not yet accepted/);
    } finally {
      answerStrangers();
    }
    for (const answer of await Promise.all(answers)) expect([200, 429]).toContain(answer.status);
  });

  it('lets a new member through while made-up keys from one address wait on the service: an address holds half the eighth', async () => {
    const { refusals, answers } = await flood(80, 'c', [elsewhere[0]]);
    try {
      // Not yet accepted, so in the same share, but from another address: the key check and the call pass.
      const newcomer = { ...MCP_HEADERS, authorization: `Bearer ${NEWCOMER}` };
      expect((await post(server.url, newcomer)).status).toBe(200);
      expect((await post(server.url, newcomer, toolCall(2))).text).toContain('No records');
      expect(strangers).toHaveLength(4); // half of 64 / 8
      expect(refusals).toHaveLength(76);
    } finally {
      answerStrangers();
    }
    await Promise.all(answers);
  });

  it('forgets a key at once when the service answers 401 for it', async () => {
    const restricted = { ...MCP_HEADERS, authorization: `Bearer ${RESTRICTED}` };
    const member = { ...MCP_HEADERS, authorization: `Bearer ${FULL}` };
    expect((await post(server.url, member, toolCall(1))).status).toBe(200);
    expect((await post(server.url, restricted, toolCall(1))).text).toContain('No records');
    restrictedRevoked = true;
    expect((await post(server.url, restricted, toolCall(2))).text).toMatch(/refused the API key \(401\)/);
    const { answers } = await flood(8, 'b');
    try {
      // The revoked key now shares the made-up keys' eighth, and their address's half of it, which they hold.
      const refused = await post(server.url, restricted, toolCall(3));
      expect(refused.status).toBe(429);
      expect(refused.json().error.message).toMatch(/keys the complaints service has not yet accepted/);
      expect((await post(server.url, member, toolCall(4))).status).toBe(200);
    } finally {
      answerStrangers();
      restrictedRevoked = false;
    }
    await Promise.all(answers);
  });
});

describe('shutdown on SIGTERM', () => {
  let upstream: FaultServer;

  beforeAll(async () => {
    upstream = await FaultServer.start();
  });

  afterAll(async () => {
    await upstream?.close();
  });

  it('finishes the requests in flight, refuses new connections, and exits 0', async () => {
    const held = gate();
    upstream.reset().always(held.behaviour);
    const server = await startHttpServe({ COMPLAINTS_API_URL: upstream.url, COMPLAINTS_HTTP_SHUTDOWN_GRACE_MS: '5000' });
    const inFlight = post(server.url, { ...MCP_HEADERS, authorization: `Bearer ${FULL}` }, toolCall(1));
    await held.holding(1);
    server.child.kill('SIGTERM');
    await server.untilStderr('SIGTERM: finishing requests in flight');
    // The listener closes right after that line: a connection that reached its queue meanwhile is reset
    // rather than refused. Either way it is not served.
    await expect(request(server.url.replace(/\/mcp$/, '/healthz'))).rejects.toThrow(/ECONNREFUSED|ECONNRESET/);
    held.release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('"result":{"content":[{"type":"text","text":"No records');
    expect(answer.text).not.toContain('"isError":true');
    expect(await server.exited).toBe(0);
    await server.untilStderr(/stopped\n/);
  });

  it('stops at once on a second signal, exiting 1', async () => {
    const held = gate();
    upstream.reset().always(held.behaviour);
    const server = await startHttpServe({ COMPLAINTS_API_URL: upstream.url, COMPLAINTS_HTTP_SHUTDOWN_GRACE_MS: '20000' });
    const inFlight = post(server.url, { ...MCP_HEADERS, authorization: `Bearer ${FULL}` }, toolCall(1)).catch((error: Error) => error);
    await held.holding(1);
    server.child.kill('SIGINT');
    await server.untilStderr('SIGINT: finishing requests in flight');
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(1);
    await server.untilStderr('SIGINT again: stopping now');
    await inFlight;
  });

  it('cuts what is still running when the grace period ends, and still exits 0', async () => {
    const held = gate();
    upstream.reset().always(held.behaviour);
    const server = await startHttpServe({ COMPLAINTS_API_URL: upstream.url, COMPLAINTS_HTTP_SHUTDOWN_GRACE_MS: '300', COMPLAINTS_TIMEOUT_MS: '60000' });
    const inFlight = post(server.url, { ...MCP_HEADERS, authorization: `Bearer ${FULL}` }, toolCall(1)).catch((error: Error) => error);
    await held.holding(1);
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Not before the grace period. The call's own deadline (60 s) is past the test's timeout: only the
    // end of the grace can have ended it, which the log line says.
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(290);
    await server.untilStderr('stopped with 1 request cut at the end of the grace period');
    // The member's client gets an error it can act on at once, not a stream that ends without an answer.
    const cut = await inFlight;
    if (cut instanceof Error) throw cut;
    expect(cut.text).toContain('"error":{"code":-32000,"message":"The server is shutting down and stopped this call before it finished; retry it."}');
    expect(cut.text).toContain('"id":1');
    expect(cut.text).not.toContain('"result"');
  });
});

describe('settings', () => {
  it.each([
    ['a key in the environment', { COMPLAINTS_API_KEY: FULL }, /COMPLAINTS_API_KEY must not be set for serve --http/],
    ['no API URL', { COMPLAINTS_API_URL: '' }, /COMPLAINTS_API_URL is not set/],
    ['an unusable cap', { COMPLAINTS_HTTP_MAX_IN_FLIGHT: 'lots' }, /COMPLAINTS_HTTP_MAX_IN_FLIGHT must be a whole number from 1/],
    ['an origin without a scheme', { COMPLAINTS_HTTP_ALLOWED_ORIGINS: 'app.example.com' }, /COMPLAINTS_HTTP_ALLOWED_ORIGINS must be a comma-separated list/],
  ])('refuses to start with %s (exit 3), naming the setting', async (_label, env, message) => {
    const failure = startHttpServe({ COMPLAINTS_API_URL: sandbox.url, ...env });
    await expect(failure).rejects.toThrow(/exited with 3 before listening/);
    await expect(failure).rejects.toThrow(message);
  });

  it('says so in one line when the port is taken (exit 1)', async () => {
    const failure = startHttpServe({ COMPLAINTS_API_URL: sandbox.url }, ['--port', new URL(serve.url).port]);
    await expect(failure).rejects.toThrow(/exited with 1 before listening/);
    await expect(failure).rejects.toThrow(/cannot listen on 127\.0\.0\.1:\d+: the port is in use by another program; stop it or choose another --port\n$/);
  });
});
