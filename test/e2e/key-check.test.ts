// End to end, a refused key shows where clients look, not at the member's first question.
// - serve --http: an initialize whose key the service refuses gets a 401 with a challenge (Claude Code
//   then shows "Needs authentication", not "Connected"); a member without complaints.view gets a 403;
//   the service being down does not stop initialize. One request of one record per key not yet
//   accepted, none once accepted, bounded by the caps whatever a client sends.
// - stdio: the settings are checked once, when initialize arrives: a key the service refuses (401, 403)
//   fails initialize with an error naming COMPLAINTS_API_KEY, so clients list the server as failed; a
//   service slow, down or failing lets the handshake through after at most a short bound, and another
//   failure the settings can cause is one line on stderr naming the setting and the check command.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { type Behaviour, closedPort, EMPTY_LIST, FaultServer, json, stallBeforeHeaders, text } from '../helpers/fault-server.js';
import { connectHttp, type HttpServe, INITIALIZE, MCP_HEADERS, startHttpServe } from '../helpers/http-serve.js';
import { SERVER_PATH } from '../helpers/mcp.js';
import { signIn } from '../helpers/oauth-member.js';
import { RawServer } from '../helpers/raw-server.js';
import { START_CHECK, START_CHECK_URL } from '../helpers/start-check.js';
import { openTranscript, rememberSecrets } from '../helpers/transcript.js';
import { Watched } from '../helpers/watched.js';

const FULL = DEMO_KEYS.full.key;
const RESTRICTED = DEMO_KEYS.storeRestricted.key;
const OTHER = DEMO_KEYS.otherOrganization.key;
const NO_PERMISSION = DEMO_KEYS.noPermission.key;
/** A key no service issued; the key scan looks for it in every transcript too. */
const MADE_UP = 'or_made_up_key_7c1e0d5a9b3f42a8';

beforeAll(() => rememberSecrets(MADE_UP));

const CHALLENGE_REFUSED =
  'Bearer realm="complaints-book-mcp", error="invalid_token", error_description="The complaints service refused this API key: it may be mistyped, expired or revoked. Send your current personal API key in the Authorization header."';
const REFUSED_MESSAGE =
  'Unauthorized: The complaints service refused the API key (401): it may be mistyped, expired or revoked. Check the key in the Authorization header your MCP client sends (Bearer or_...).';

/** `key` is nowhere in `text`: as given, without its prefix, in any case, or with separators put between its characters. */
function expectNoKey(text: string, key: string): void {
  const bare = text.toLowerCase().replace(/[\s.•*_-]/g, '');
  expect(text.toLowerCase()).not.toContain(key.toLowerCase());
  expect(bare).not.toContain(key.slice(3).toLowerCase().replace(/[_-]/g, ''));
}

async function post(url: string, key: string, body: unknown = INITIALIZE) {
  const response = await request(url, {
    method: 'POST',
    headers: { ...MCP_HEADERS, authorization: `Bearer ${key}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const answer = await response.body.text();
  return { status: response.statusCode, headers: response.headers, text: answer, json: () => JSON.parse(answer) };
}

const initialize = (id: number | undefined, method = 'initialize') => ({
  jsonrpc: '2.0',
  ...(id === undefined ? {} : { id }),
  method,
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const TOOLS_LIST = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
const LIST_CALL = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'list_complaints', arguments: {} } };

describe('serve --http: the key of an initialize', () => {
  let sandbox: SandboxHandle;
  let serve: HttpServe;

  beforeAll(async () => {
    sandbox = await startSandbox();
    serve = await startHttpServe({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_LOG_LEVEL: 'debug' });
  });

  afterAll(async () => {
    await serve?.stop();
    await sandbox?.close();
  });

  beforeEach(() => {
    sandbox.requests.length = 0;
  });

  it('refuses a key the service refuses with 401, an invalid_token challenge and a JSON-RPC error, after one request of one record', async () => {
    const answer = await post(serve.url, MADE_UP);
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe(CHALLENGE_REFUSED);
    expect(answer.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: REFUSED_MESSAGE }, id: null });
    expect(sandbox.requests).toEqual([START_CHECK]);
    // Not in a header, the body or the log (at debug level).
    await serve.untilStderr(/path=\/mcp status=401/);
    expectNoKey(JSON.stringify(answer.headers) + answer.text + serve.stderr(), MADE_UP);
  });

  it("makes the SDK's client fail to connect, with the service's refusal (no client shows it connected)", async () => {
    await expect(connectHttp(serve.url, MADE_UP)).rejects.toMatchObject({ code: 401, message: expect.stringMatching(/refused the API key \(401\)/) });
  });

  it('answers a good key after one request, and asks nothing more once it is accepted: not at the next initialize, not for a connected client', async () => {
    const first = await post(serve.url, RESTRICTED);
    expect(first.status).toBe(200);
    expect(first.text).toContain('"serverInfo":{"name":"complaints-book-mcp"');
    expect(sandbox.requests).toEqual([START_CHECK]);
    const second = await post(serve.url, RESTRICTED);
    expect(second.status).toBe(200);
    const member = await connectHttp(serve.url, RESTRICTED);
    await member.client.listTools();
    await member.close();
    expect(sandbox.requests).toEqual([START_CHECK]);
  });

  it('asks nothing at initialize for a key a tool call had accepted', async () => {
    const call = await post(serve.url, OTHER, LIST_CALL);
    expect(call.status).toBe(200);
    expect(sandbox.requests).toEqual([{ method: 'GET', path: '/api/v1/complaints', query: { page: '1', pageSize: '20' } }]);
    sandbox.requests.length = 0;
    expect((await post(serve.url, OTHER)).status).toBe(200);
    expect(sandbox.requests).toEqual([]);
  });

  it('refuses a member without complaints.view with 403 naming the permission, and no challenge (that would send OAuth clients to sign in again, in a loop)', async () => {
    const answer = await post(serve.url, NO_PERMISSION);
    expect(answer.status).toBe(403);
    expect(answer.headers['www-authenticate']).toBeUndefined();
    expect(answer.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message:
          'Forbidden: The API key is valid but its member lacks the permission complaints.view (403). Ask an administrator of your organization to grant it.',
      },
      id: null,
    });
    expect(sandbox.requests).toEqual([START_CHECK]);
    // A 403 accepts nothing: the next initialize asks again, one request again.
    expect((await post(serve.url, NO_PERMISSION)).status).toBe(403);
    expect(sandbox.requests).toEqual([START_CHECK, START_CHECK]);
  });

  it('checks no other request: tools/list of a made-up key is answered without asking the service', async () => {
    const answer = await post(serve.url, MADE_UP, TOOLS_LIST);
    expect(answer.status).toBe(200);
    expect(sandbox.requests).toEqual([]);
  });

  it.each([
    ['a batch of three initialize requests', [initialize(1), initialize(2), initialize(3)]],
    ['initialize in a batch after other calls', [TOOLS_LIST, LIST_CALL, initialize(1)]],
    ['initialize in odd casing', initialize(1, 'Initialize')],
    ['initialize with spaces around', initialize(1, ' INITIALIZE ')],
    ['initialize as a notification (no id)', initialize(undefined)],
    ['initialize as a notification in a batch', [initialize(undefined), TOOLS_LIST]],
  ])('checks %s too: one request, and a made-up key refused before any call runs', async (_label, body) => {
    const answer = await post(serve.url, MADE_UP, body);
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe(CHALLENGE_REFUSED);
    expect(sandbox.requests).toEqual([START_CHECK]);
  });
});

/** An upstream behaviour that holds every request until `answer()`, which answers them all with `status`. */
function holder() {
  const held: Array<(status: number) => void> = [];
  const arrivals = new Watched();
  return {
    held,
    arrivals,
    behaviour: ((_request, response) => {
      held.push((status) => json(status, status === 200 ? EMPTY_LIST : { message: 'invalid key' })(undefined as never, response));
      arrivals.changed();
    }) satisfies Behaviour,
    answer: (status: number) => {
      for (const respond of held.splice(0)) respond(status);
    },
  };
}

describe('serve --http: made-up keys cannot multiply the checks', () => {
  let upstream: FaultServer;
  let server: HttpServe;
  const hold = holder();

  beforeAll(async () => {
    upstream = await FaultServer.start();
    upstream.always((req, res) => {
      if (req.headers.authorization === `Bearer ${FULL}`) json(200, EMPTY_LIST)(req, res);
      else hold.behaviour(req, res);
    });
    server = await startHttpServe({ COMPLAINTS_API_URL: upstream.url }); // 64 in all, 8 per key, 8 for keys not yet accepted, 4 of them from one address
    expect((await post(server.url, FULL)).status).toBe(200); // the member's key, accepted
  });

  afterAll(async () => {
    hold.answer(401);
    await server?.stop();
    await upstream?.close();
  });

  it.each([
    ['one made-up key', (_n: number) => MADE_UP],
    ['twenty made-up keys', (n: number) => `or_made_up_key_${n}_7c1e0d5a9b3f`],
  ])(
    '%s sending 20 initializes at once from one address: 4 checks reach the service, 16 are refused with 429, and a member still connects',
    async (_label, keyOf) => {
      upstream.requests.length = 0;
      const refusals: string[] = [];
      const answers = Array.from({ length: 20 }, (_, n) =>
        post(server.url, keyOf(n)).then((answer) => {
          if (answer.status === 429) refusals.push(answer.json().error.message);
          hold.arrivals.changed();
          return answer;
        }),
      );
      try {
        await hold.arrivals.until(() => hold.held.length + refusals.length === 20);
        expect(hold.held).toHaveLength(4);
        expect(refusals).toHaveLength(16);
        for (const message of refusals)
          expect(message).toMatch(/^Too Many Requests: too many requests in flight (for your key|from keys the complaints service has not yet accepted)/);
        expect(upstream.requests.map(({ url }) => url)).toEqual(Array(4).fill(START_CHECK_URL));
        // The slots of accepted keys are not theirs: the member's initialize is answered, and asks nothing.
        expect((await post(server.url, FULL)).status).toBe(200);
        expect(upstream.requests).toHaveLength(4);
      } finally {
        hold.answer(401);
      }
      const statuses = (await Promise.all(answers)).map((answer) => answer.status).sort();
      expect(statuses).toEqual([...Array(4).fill(401), ...Array(16).fill(429)]);
    },
  );
});

describe('serve --http: a service that cannot answer does not stop initialize', () => {
  it('answers when nothing listens at the URL', async () => {
    const serve = await startHttpServe({ COMPLAINTS_API_URL: `http://127.0.0.1:${await closedPort()}`, COMPLAINTS_TIMEOUT_MS: '3000' });
    try {
      const answer = await post(serve.url, FULL);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('"serverInfo"');
    } finally {
      await serve.stop();
    }
  });

  // One attempt only (an adversarial probe found 3): a failing service lets the initialize through
  // anyway, and a retry would triple what a stranger's initialize costs the service.
  it('answers when the service fails (503, 429, a reset, with one request each) or stalls past the deadline, and checks again next time', async () => {
    const upstream = await FaultServer.start();
    const serve = await startHttpServe({ COMPLAINTS_API_URL: upstream.url, COMPLAINTS_TIMEOUT_MS: '1000' });
    try {
      for (const failing of [text(503, '<html>down</html>'), text(429, 'slow down'), text(502, 'bad gateway')]) {
        upstream.reset().always(failing);
        expect((await post(serve.url, FULL)).status).toBe(200);
        expect(upstream.requests.map(({ url }) => url)).toEqual([START_CHECK_URL]);
      }
      // Not a retry's warning in the log: nothing was retried.
      expect(serve.stderr()).not.toMatch(/retrying/);
      upstream.reset().always(stallBeforeHeaders);
      expect((await post(serve.url, FULL)).status).toBe(200);
      expect(upstream.requests.map(({ url }) => url)).toEqual([START_CHECK_URL]);
      // Neither said anything of the key: a service back on its feet is asked at the next initialize.
      upstream.reset().always(json(401, { message: 'unknown key' }));
      expect((await post(serve.url, FULL)).status).toBe(401);
    } finally {
      await serve.stop();
      await upstream.close();
    }
  });
  // Found by an adversarial probe: any 2xx, whatever its body, made a made-up key "accepted" for 12 hours.
  it('remembers a key only when the service answered a list: a web page, an empty 204 or a 299 accept nothing', async () => {
    const upstream = await FaultServer.start();
    const serve = await startHttpServe({ COMPLAINTS_API_URL: upstream.url, COMPLAINTS_TIMEOUT_MS: '1000' });
    try {
      for (const [index, answer] of [text(200, '<html>Welcome</html>'), text(204, ''), json(299, { ok: true })].entries()) {
        const madeUp = `or_made_up_key_${index}_0000000000000000`;
        rememberSecrets(madeUp);
        upstream.reset().always(answer);
        expect((await post(serve.url, madeUp)).status).toBe(200);
        upstream.reset().always(json(401, { message: 'unknown key' }));
        expect((await post(serve.url, madeUp)).status).toBe(401);
        expect(upstream.requests).toHaveLength(1);
      }
    } finally {
      await serve.stop();
      await upstream.close();
    }
  });
});

describe('serve --http with sign-in: the key behind a token', () => {
  it('asks nothing for a key the sign-in has just checked; once the service refuses it, initialize is refused and the grant withdrawn', async () => {
    const secret = randomBytes(32).toString('base64');
    let revoked = false;
    const upstream = await FaultServer.start();
    upstream.always((req, res) => json(revoked ? 401 : 200, revoked ? { message: 'API key revoked' } : EMPTY_LIST)(req, res));
    const serve = await startHttpServe({ COMPLAINTS_API_URL: upstream.url, COMPLAINTS_HTTP_TOKEN_SECRET: secret });
    try {
      const member = await signIn(serve.url, FULL);
      const token = member.saved.tokens!.access_token;
      rememberSecrets(member.code, token, member.saved.tokens?.refresh_token);
      // The sign-in's own check of the key (one record) is the only request: initialize asks nothing more.
      expect(upstream.requests.map(({ url }) => url)).toEqual(['/api/v1/complaints?pageSize=1']);
      expect((await post(serve.url, token)).status).toBe(200);
      expect(upstream.requests).toHaveLength(1);

      // The key is revoked in the service; a call made with the raw key makes this server forget it
      // (the sign-in's grant is untouched: that call did not come through it).
      revoked = true;
      expect((await post(serve.url, FULL, LIST_CALL)).text).toContain('refused the API key (401)');
      upstream.requests.length = 0;
      const refused = await post(serve.url, token);
      expect(refused.status).toBe(401);
      expect(refused.headers['www-authenticate']).toBe(
        `Bearer realm="complaints-book-mcp", error="invalid_token", error_description="The complaints service no longer accepts the key you signed in with. Sign in again with your current personal API key.", resource_metadata="${new URL(serve.url).origin}/.well-known/oauth-protected-resource/mcp"`,
      );
      expect(refused.json().error.message).toMatch(/^Unauthorized: .*The key you signed in with is no longer accepted/);
      expect(upstream.requests.map(({ url }) => url)).toEqual([START_CHECK_URL]);
      // The 401 withdrew the grant: the token is refused at once now, nothing asked of the service.
      const again = await post(serve.url, token);
      expect(again.status).toBe(401);
      expect(again.headers['www-authenticate']).toContain('error="invalid_token"');
      expect(upstream.requests).toHaveLength(1);
      expectNoKey(serve.stderr() + refused.text + again.text, FULL);
    } finally {
      await serve.stop();
      await upstream.close();
    }
  });
});

describe('stdio: the settings checked at start', () => {
  let sandbox: SandboxHandle;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });

  afterAll(async () => {
    await sandbox?.close();
  });

  beforeEach(() => {
    sandbox.requests.length = 0;
  });

  /** A server through the handshake, once it has logged its check at start: its stderr lines. */
  async function startedWith(env: Record<string, string>, said: RegExp): Promise<{ server: RawServer; lines: string[] }> {
    const server = new RawServer(env);
    await server.initialize();
    await server.untilStderr(said);
    return { server, lines: server.stderr.trim().split('\n') };
  }

  /** The SDK's client connecting over stdio, as Claude Code's `mcp list` or Gemini CLI does: connected, or why not. */
  async function connectStdio(env: Record<string, string>): Promise<{ error?: Error; stderr: () => string; close: () => Promise<void> }> {
    const transcript = openTranscript('sdk', env);
    const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER_PATH], env, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      transcript.record(chunk.toString('utf8'));
    });
    const client = new Client({ name: 'e2e-test', version: '1.0.0' });
    const error = await client.connect(transport).then(
      () => undefined,
      (caught: Error) => caught,
    );
    if (error) transcript.record(`${error.message}\n`);
    return { error, stderr: () => stderr, close: () => client.close() };
  }

  it.each([
    [
      'a key the service refuses (401)',
      MADE_UP,
      'The complaints service refused the key in COMPLAINTS_API_KEY (401): it may be mistyped, expired or revoked. Set COMPLAINTS_API_KEY to your personal API key (it starts with or_), then restart the server.',
    ],
    [
      'a member without complaints.view (403)',
      NO_PERMISSION,
      'The complaints service accepts the key in COMPLAINTS_API_KEY, but its member lacks the permission complaints.view (403). Ask an administrator of your organization to grant it, or set COMPLAINTS_API_KEY to a key that has it, then restart the server.',
    ],
  ])("%s: the SDK's client fails to connect, told what to set and never the key; one request", async (_label, key, message) => {
    const server = await connectStdio({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: key });
    try {
      expect(server.error?.message).toBe(`MCP error -32000: ${message}`);
      expect(sandbox.requests).toEqual([START_CHECK]);
      expectNoKey(server.error!.message + server.stderr(), key);
    } finally {
      await server.close();
    }
  });

  it('a refused key: the initialize is answered with an error of its id, said once on stderr', async () => {
    const server = new RawServer({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: MADE_UP });
    try {
      const answer = await server.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } });
      expect(answer).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32000, message: expect.stringMatching(/^The complaints service refused the key in COMPLAINTS_API_KEY \(401\)/) },
      });
      await server.untilStderr(/start check/);
      expect(server.stderr.trim().split('\n')).toEqual([`complaints-book-mcp: error: start check: ${answer.error.message}`]);
      // Asked again, answered the same, from the same single request.
      expect(
        (await server.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } })).error,
      ).toEqual(answer.error);
      // In a batch, answered as any batch is, before the check could see it.
      server.child.stdin.write(`${JSON.stringify([initialize(9)])}\n`);
      while (!server.stdoutLines.some((line) => line.includes('"id":null'))) await sleep(5);
      expect(JSON.parse(server.stdoutLines.find((line) => line.includes('"id":null'))!).error.code).toBe(-32600);
      expect(sandbox.requests).toEqual([START_CHECK]);
      expect(server.stderr.match(/start check/g)).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });

  it.each([
    ['a good key', async () => ({ url: sandbox.url, close: async () => undefined })],
    ['a URL where nothing listens', async () => ({ url: `http://127.0.0.1:${await closedPort()}`, close: async () => undefined })],
    [
      'a service that accepts the connection and never answers',
      async () => {
        const upstream = await FaultServer.start();
        upstream.always(stallBeforeHeaders);
        return { url: upstream.url, close: () => upstream.close() };
      },
    ],
  ])("%s: the SDK's client connects", async (_label, service) => {
    const { url, close } = await service();
    const server = await connectStdio({ COMPLAINTS_API_URL: url, COMPLAINTS_API_KEY: FULL, COMPLAINTS_TIMEOUT_MS: '60000' });
    try {
      expect(server.error).toBeUndefined();
    } finally {
      await server.close();
      await close();
    }
  });

  it('a URL where the service is not (404): the handshake goes through, and one line on stderr names the setting and the check command', async () => {
    const settings = { COMPLAINTS_API_URL: `${sandbox.url}/wrong`, COMPLAINTS_API_KEY: FULL };
    const { server, lines } = await startedWith(settings, /start check/);
    try {
      expect(lines).toEqual([
        `complaints-book-mcp: start check: The server answered 404 Not Found at ${sandbox.url}/wrong/api/v1/complaints, where the complaints list should be: COMPLAINTS_API_URL is probably wrong (it must be the complaints service's base URL, without /api/v1). Then run "complaints-book-mcp check" to test the settings; until they pass, every tool call fails.`,
      ]);
      expect(sandbox.requests).toEqual([{ ...START_CHECK, path: `/wrong${START_CHECK.path}` }]);
      // The server answers as before: each call says what the service answered.
      expect((await server.callTool('list_complaints')).isError).toBe(true);
    } finally {
      await server.stop();
    }
  });

  // Found by an adversarial probe: a web page or a redirect at the URL said nothing at start. Said in
  // our words: what such a page says has no place in the log.
  it.each([
    ['a web page answering 200', text(200, '<html>Welcome, or_leaked_in_page_0000000000</html>'), 'with a body that is not a list of complaints'],
    [
      'a redirect to a sign-in',
      (_req: unknown, res: import('node:http').ServerResponse) => res.writeHead(302, { location: '/login' }).end('see /login'),
      'with HTTP 302',
    ],
  ] as const)('%s at the URL: one line naming COMPLAINTS_API_URL, in our words', async (_label, answer, words) => {
    const upstream = await FaultServer.start();
    upstream.always(answer as Behaviour);
    const { server, lines } = await startedWith({ COMPLAINTS_API_URL: upstream.url, COMPLAINTS_API_KEY: FULL }, /start check/);
    try {
      expect(lines).toEqual([
        `complaints-book-mcp: start check: COMPLAINTS_API_URL answered the complaints list ${words}, not as the complaints service does: check that it is the service's base URL, without /api/v1. Then run "complaints-book-mcp check" to test the settings; until they pass, every tool call fails.`,
      ]);
      expect(upstream.requests.map(({ url }) => url)).toEqual([START_CHECK_URL]);
    } finally {
      await server.stop();
      await upstream.close();
    }
  });

  // Found by a new user's trial: the Inspector's CLI connects, lists the tools and leaves within a
  // second, and the check's line was dropped with the shutdown.
  it('a client that leaves right after the handshake still gets the line, and the server exits with 0', async () => {
    const server = new RawServer({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: MADE_UP });
    try {
      await server.initialize();
      expect(await server.endInput()).toBe(0);
      expect(server.stderr).toMatch(/^complaints-book-mcp: error: start check: The complaints service refused the key in COMPLAINTS_API_KEY \(401\)/m);
      expect(sandbox.requests).toEqual([START_CHECK]);
    } finally {
      await server.stop();
    }
  });

  it('a client that leaves while its initialize waits for the check: the server exits with 0', async () => {
    const upstream = await FaultServer.start();
    upstream.always(stallBeforeHeaders);
    const server = new RawServer({ COMPLAINTS_API_URL: upstream.url, COMPLAINTS_API_KEY: FULL, COMPLAINTS_TIMEOUT_MS: '60000' });
    try {
      void server.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } });
      while (upstream.requests.length === 0) await sleep(5);
      expect(await server.endInput()).toBe(0);
      // Whatever was answered before the exit (the initialize, if the grace let it through) is JSON-RPC.
      for (const line of server.stdoutLines) expect(JSON.parse(line).jsonrpc).toBe('2.0');
    } finally {
      await server.stop();
      await upstream.close();
    }
  });

  it('a URL where nothing listens: one line, after one attempt', async () => {
    const port = await closedPort();
    const { server, lines } = await startedWith({ COMPLAINTS_API_URL: `http://127.0.0.1:${port}`, COMPLAINTS_API_KEY: FULL }, /start check/);
    try {
      expect(lines).toEqual([
        `complaints-book-mcp: start check: Could not reach the complaints service at http://127.0.0.1:${port} (connection refused). Check COMPLAINTS_API_URL and the network. Then run "complaints-book-mcp check" to test the settings; until they pass, every tool call fails.`,
      ]);
    } finally {
      await server.stop();
    }
  });

  it('a good key: no line above debug, and one request', async () => {
    const { server, lines } = await startedWith(
      { COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: FULL, COMPLAINTS_LOG_LEVEL: 'debug' },
      /debug: start check: the service accepted the key and its permission/,
    );
    try {
      expect(lines.filter((line) => !line.startsWith('complaints-book-mcp: debug: '))).toEqual([]);
      expect(sandbox.requests).toEqual([START_CHECK]);
    } finally {
      await server.stop();
    }
  });

  it('--demo: the demo key passes the check against the embedded sandbox', async () => {
    const server = new RawServer({ COMPLAINTS_LOG_LEVEL: 'debug' }, ['--demo']);
    try {
      await server.initialize();
      await server.untilStderr(/debug: start check: the service accepted the key and its permission/);
      expect(server.stderr).not.toMatch(/start check: the complaints service|start check: Could not/);
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('a service that never answers holds the handshake only up to the bound, and the calls not at all', async () => {
    const upstream = await FaultServer.start();
    // The first request (the check) is never answered; the calls' are.
    upstream.next(stallBeforeHeaders).always(json(200, EMPTY_LIST));
    const server = new RawServer({ COMPLAINTS_API_URL: upstream.url, COMPLAINTS_API_KEY: FULL, COMPLAINTS_TIMEOUT_MS: '60000' });
    try {
      const answered = await server.initialize();
      expect(answered.result.serverInfo.name).toBe('complaints-book-mcp');
      expect(upstream.requests.map(({ url }) => url)).toEqual([START_CHECK_URL]);
      // The check is pending (the service holds it): the server answers all the same.
      expect((await server.request('tools/list')).result.tools.length).toBeGreaterThan(0);
      const call = await server.callTool('list_complaints');
      expect(call.isError, call.text).toBe(false);
      expect(call.text).toBe('No records match.');
      expect(upstream.requests.map(({ url }) => url)).toEqual([START_CHECK_URL, '/api/v1/complaints?page=1&pageSize=20']);
      expect(server.stderr).not.toMatch(/start check/);
    } finally {
      await server.stop();
      await upstream.close();
    }
  });
});
