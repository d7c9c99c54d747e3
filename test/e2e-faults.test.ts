// End to end under faults: the built server over real stdio against a loopback service that fails on
// cue (helpers/fault-server.ts). Every fault must end in a clear isError text (never HTML, a stack or
// the key), within a bound, with nothing but JSON-RPC on stdout, and the same process must answer the
// next call once the service is healthy again. One server process serves each group of faults in
// turn, which keeps the file fast on 2 cores. Nothing but loopback is reached: even the DNS failure
// is simulated in the child (helpers/offline-dns.mjs).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOT_FOUND_TEXT } from '../src/api/errors.js';
import { detailBody, listItemBody } from './fixtures.js';
import {
  closedPort,
  FaultServer,
  json,
  oversized,
  resetMidBody,
  stallBeforeHeaders,
  stallMidBody,
  text,
  truncated,
  type Behaviour,
} from './helpers/fault-server.js';
import { expectJsonRpcOnly, RawServer, type ToolAnswer } from './helpers/raw-server.js';

const KEY = 'or_fault_suite_key_7f3a91c2e4b5';
const ID = '0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a11';
const RECORD_LIST = { data: [listItemBody()], pagination: { page: 1, pageSize: 20, total: 1, totalPages: 1 } };
/** What a proxy or framework shows on a crash: markup, a stack, and the request's key echoed back. */
const HTML_PAGE = `<!DOCTYPE html><html><body><h1>Bad Gateway</h1><pre>Error: upstream failed
    at Object.handler (/srv/app/server.js:42:17)
    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)
Authorization: Bearer ${KEY}</pre></body></html>`;

/** Slack over the client's backoff (100-200 ms, then 200-400 ms) for the round trip on a busy machine. */
const BACKOFF_SLACK_MS = 100;
/** A tools/call round trip over stdio, on top of the deadline, when 2 cores are busy. */
const STDIO_OVERHEAD_MS = 100;
/** Generous bound for a call that fails without waiting on the deadline. */
const QUICK_CALL_MS = 2500;

/**
 * The server loads its HTTP client in the background once the handshake is done (about 80 ms, more on
 * a busy machine); the timings below are of calls, not of that load.
 */
const clientLoaded = () => new Promise((resolve) => setTimeout(resolve, 500));

interface TimedAnswer {
  answer: ToolAnswer;
  ms: number;
}

/** tools/call, timed; a call that does not come back within `limitMs` fails the test instead of hanging it. */
async function call(server: RawServer, name: string, args: Record<string, unknown>, limitMs: number): Promise<TimedAnswer> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not answer within ${limitMs} ms: the server hangs`)), limitMs);
  });
  try {
    const answer = await Promise.race([server.callTool(name, args), hang]);
    return { answer, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

const list = (server: RawServer, limitMs = QUICK_CALL_MS) => call(server, 'list_complaints', {}, limitMs);
const detail = (server: RawServer, limitMs = QUICK_CALL_MS) => call(server, 'get_complaint', { id: ID }, limitMs);

/** An error a person can act on: the expected words, and never markup, a stack frame, the key or an internal error. */
function expectCleanError(answer: ToolAnswer, expected: RegExp | string): void {
  expect(answer.isError, answer.text).toBe(true);
  if (typeof expected === 'string') expect(answer.text).toBe(expected);
  else expect(answer.text).toMatch(expected);
  expect(answer.text).not.toMatch(/<\/?[a-z!][^>]*>/i);
  expect(answer.text).not.toMatch(/\S+:\d+:\d+|\.js\b|node:internal/); // a stack frame's file:line:column
  expect(answer.text).not.toContain(KEY);
  expect(answer.text).not.toMatch(/internal error/i);
}

const LIST_PATH = /^\/api\/v1\/complaints(\?|$)/;
const DETAIL_PATH = new RegExp(`^/api/v1/complaints/${ID}$`);

/** Exactly `count` requests reached the service, all GETs of the operation called. */
function expectRequests(fault: FaultServer, count: number, path: RegExp = LIST_PATH): void {
  expect(fault.requests).toHaveLength(count);
  for (const { method, url } of fault.requests) {
    expect(method).toBe('GET');
    expect(url).toMatch(path);
  }
}

/** The gap before each retry lies in the client's backoff window: 100-200 ms, then 200-400 ms. */
function expectBackoffGaps(fault: FaultServer): void {
  const windows = [
    [100, 200],
    [200, 400],
  ] as const;
  fault.gaps().forEach((gap, index) => {
    const [low, high] = windows[index]!;
    expect(gap, `gap before attempt ${index + 2}`).toBeGreaterThanOrEqual(low - 2);
    expect(gap, `gap before attempt ${index + 2}`).toBeLessThan(high + BACKOFF_SLACK_MS);
  });
}

/** The same process, once the service is healthy: a real page of records, one request, stdout still pure. */
async function expectRecovers(fault: FaultServer, server: RawServer): Promise<void> {
  fault.reset().always(json(200, RECORD_LIST));
  const { answer } = await list(server);
  expect(answer.isError, answer.text).toBe(false);
  expect(answer.text).toContain('000000481-2026');
  expectRequests(fault, 1);
  expectJsonRpcOnly(server.stdoutLines);
  expect(server.stderr).not.toContain(KEY);
  expect(server.stderr).not.toMatch(/failed unexpectedly/);
}

/** A fault server and one server process for a describe block, stopped whatever happens. */
function serverGroup(timeoutMs: number): { fault: FaultServer; server: RawServer } {
  const group = {} as { fault: FaultServer; server: RawServer };
  beforeAll(async () => {
    group.fault = await FaultServer.start();
    group.server = new RawServer({ COMPLAINTS_API_URL: group.fault.url, COMPLAINTS_API_KEY: KEY, COMPLAINTS_TIMEOUT_MS: String(timeoutMs) });
    await group.server.initialize();
    await clientLoaded();
  });
  beforeEach(() => {
    group.fault?.reset();
  });
  afterAll(async () => {
    await group.server?.stop();
    await group.fault?.close();
  });
  return group;
}

describe('HTTP error statuses', () => {
  const group = serverGroup(5000);

  it.each([502, 503, 504])('retries a persistent %i with an HTML page 3 times, then says the service failed', async (status) => {
    const { fault, server } = group;
    fault.always(text(status, HTML_PAGE));
    const { answer } = await list(server);
    expectCleanError(answer, new RegExp(`The complaints service failed \\(HTTP ${status}\\) after 3 attempts\\. Try again later\\.`));
    expectRequests(fault, 3);
    expectBackoffGaps(fault);
    await expectRecovers(fault, server);
  });

  it('does not retry a 500 (it may not be transient), and never shows its HTML page', async () => {
    const { fault, server } = group;
    fault.always(text(500, HTML_PAGE));
    const { answer } = await list(server);
    expectCleanError(answer, /^The complaints service failed \(HTTP 500\)\. Try again later\.$/);
    expectRequests(fault, 1);
    await expectRecovers(fault, server);
  });

  it('recovers within the same call from one transient 503', async () => {
    const { fault, server } = group;
    fault.next(text(503, HTML_PAGE)).always(json(200, RECORD_LIST));
    const { answer } = await list(server);
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.text).toContain('000000481-2026');
    expectRequests(fault, 2);
    expectBackoffGaps(fault);
  });

  const refusals: Array<[number, 'list_complaints' | 'get_complaint', unknown, RegExp | string]> = [
    [
      400,
      'list_complaints',
      { error: { code: 'invalid_parameter', message: `pageSize must be an integer from 1 to 100 (key ${KEY})` } },
      /^The complaints service refused the request \(400\); its message, quoted: "pageSize must be an integer from 1 to 100 .*". Check the arguments and try again\.$/,
    ],
    [401, 'list_complaints', { message: 'token revoked' }, /refused the API key \(401\): it may be mistyped, expired or revoked\. Check COMPLAINTS_API_KEY/],
    [403, 'list_complaints', { message: 'missing complaints.view' }, /lacks the permission complaints\.view \(403\)/],
    [
      404,
      'get_complaint',
      { message: `record ${ID} belongs to another organization` },
      NOT_FOUND_TEXT,
    ],
  ];

  it.each(refusals)('never retries a %i, and explains it', async (status, tool, body, expected) => {
    const { fault, server } = group;
    fault.always(json(status, body));
    const { answer } = tool === 'get_complaint' ? await detail(server) : await list(server);
    expectCleanError(answer, expected);
    expect(answer.text).not.toMatch(/token revoked|another organization|\d+ attempts/);
    expectRequests(fault, 1, tool === 'get_complaint' ? DETAIL_PATH : LIST_PATH);
    await expectRecovers(fault, server);
  });
});

describe('rate limiting (429)', () => {
  const group = serverGroup(5000);

  it('retries a 429 without Retry-After on the backoff, 3 attempts in all', async () => {
    const { fault, server } = group;
    fault.always(json(429, { message: 'slow down' }));
    const { answer } = await list(server);
    expectCleanError(answer, /rate limiting requests \(429\) after 3 attempts\. Wait a minute/);
    expectRequests(fault, 3);
    expectBackoffGaps(fault);
    await expectRecovers(fault, server);
  });

  it('waits the Retry-After seconds before the next attempt, then succeeds', async () => {
    const { fault, server } = group;
    fault.next(json(429, {}, { 'retry-after': '1' })).always(json(200, RECORD_LIST));
    const { answer } = await list(server);
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.text).toContain('000000481-2026');
    expectRequests(fault, 2);
    const [gap] = fault.gaps();
    expect(gap).toBeGreaterThanOrEqual(1000 - 2);
    expect(gap).toBeLessThan(1000 + BACKOFF_SLACK_MS);
  });

  it('waits until a Retry-After HTTP date, then succeeds', async () => {
    const { fault, server } = group;
    // HTTP dates have whole seconds: the date 2 s ahead, cut to its second, is 1-2 s away, well past any backoff.
    let expectedWaitMs = 0;
    const retryAtDate: Behaviour = (request, response) => {
      const retryAt = Math.floor(Date.now() / 1000) * 1000 + 2000;
      expectedWaitMs = retryAt - Date.now();
      json(429, {}, { 'retry-after': new Date(retryAt).toUTCString() })(request, response);
    };
    fault.next(retryAtDate).always(json(200, RECORD_LIST));
    const { answer } = await list(server);
    expect(answer.isError, answer.text).toBe(false);
    expectRequests(fault, 2);
    const [gap] = fault.gaps();
    expect(expectedWaitMs).toBeGreaterThan(1000 - 5);
    expect(gap).toBeGreaterThanOrEqual(expectedWaitMs - 5);
    expect(gap).toBeLessThan(expectedWaitMs + BACKOFF_SLACK_MS);
  });

  it.each([
    ['in seconds', () => '120'],
    ['as an HTTP date', () => new Date(Date.now() + 120_000).toUTCString()],
  ])('does not wait for a Retry-After %s past the deadline: fails fast as rate limited', async (_label, retryAfter) => {
    const { fault, server } = group;
    fault.always((request, response) => json(429, {}, { 'retry-after': retryAfter() })(request, response));
    const { answer, ms } = await list(server);
    expectCleanError(answer, /^The complaints service is rate limiting requests \(429\)\. Wait a minute before trying again\.$/);
    expect(ms).toBeLessThan(1000);
    expectRequests(fault, 1);
    await expectRecovers(fault, server);
  });
});

describe('bodies', () => {
  const group = serverGroup(5000);

  it.each<[string, 'list_complaints' | 'get_complaint', Behaviour, RegExp]>([
    ['an HTML page with status 200', 'list_complaints', text(200, HTML_PAGE), /unexpected body \(HTTP 200, not JSON\)/],
    ['JSON without data and pagination', 'list_complaints', json(200, { items: [] }), /unexpected body \(a list without data and pagination\)/],
    ['a list whose data is not an array', 'list_complaints', json(200, { data: 'x', pagination: {} }), /unexpected body \(a list without data and pagination\)/],
    ['a record whose data is a list', 'get_complaint', json(200, { data: [detailBody()] }), /unexpected body \(a record without data\)/],
  ])('reports %s as an unexpected body, without retrying', async (_label, tool, behaviour, expected) => {
    const { fault, server } = group;
    fault.always(behaviour);
    const { answer } = tool === 'get_complaint' ? await detail(server) : await list(server);
    expectCleanError(answer, expected);
    expectRequests(fault, 1, tool === 'get_complaint' ? DETAIL_PATH : LIST_PATH);
    await expectRecovers(fault, server);
  });

  it('refuses a body over the 5 MB cap, without retrying', async () => {
    const { fault, server } = group;
    fault.always(oversized(6 * 1024 * 1024));
    const { answer } = await list(server);
    expectCleanError(answer, /unexpected body \(a body over 5 MB\)/);
    expectRequests(fault, 1);
    await expectRecovers(fault, server);
  });

  it('retries a body cut short (Content-Length larger than what arrives), 3 attempts in all', async () => {
    const { fault, server } = group;
    fault.always(truncated('{"data":[{"id":"0b6f0c1e', 4000));
    const { answer } = await list(server);
    expectCleanError(answer, /\(the connection was reset\) after 3 attempts/);
    expectRequests(fault, 3);
    await expectRecovers(fault, server);
  });
});

describe('connections', () => {
  const group = serverGroup(5000);

  it('retries a connection reset mid-response, 3 attempts in all', async () => {
    const { fault, server } = group;
    fault.always(resetMidBody());
    const { answer } = await list(server);
    expectCleanError(answer, new RegExp(`Could not reach the complaints service at http://127\\.0\\.0\\.1:${fault.port} \\(the connection was reset\\) after 3 attempts`));
    expectRequests(fault, 3);
    expectBackoffGaps(fault);
    await expectRecovers(fault, server);
  });

  it('recovers within the same call from one reset', async () => {
    const { fault, server } = group;
    fault.next(resetMidBody()).always(json(200, RECORD_LIST));
    const { answer } = await list(server);
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.text).toContain('000000481-2026');
    expectRequests(fault, 2);
  });

  it('retries a refused connection 3 times, then serves once the service listens again', async () => {
    const port = await closedPort();
    const server = new RawServer({ COMPLAINTS_API_URL: `http://127.0.0.1:${port}`, COMPLAINTS_API_KEY: KEY, COMPLAINTS_TIMEOUT_MS: '5000' });
    let revived: FaultServer | undefined;
    try {
      await server.initialize();
      await clientLoaded();
      const { answer, ms } = await list(server);
      expectCleanError(
        answer,
        new RegExp(`^Could not reach the complaints service at http://127\\.0\\.0\\.1:${port} \\(connection refused\\) after 3 attempts\\. Check COMPLAINTS_API_URL`),
      );
      // Two backoffs (at least 300 ms) prove the retries even though no request can be recorded.
      expect(ms).toBeGreaterThanOrEqual(300 - 2);
      expect(ms).toBeLessThan(600 + BACKOFF_SLACK_MS + STDIO_OVERHEAD_MS);
      revived = await FaultServer.start(port);
      await expectRecovers(revived, server);
    } finally {
      await server.stop();
      await revived?.close();
    }
  });
});

describe('the deadline (COMPLAINTS_TIMEOUT_MS=1500)', () => {
  const TIMEOUT_MS = 1500;
  const group = serverGroup(TIMEOUT_MS);
  const TIMEOUT_TEXT = /^The complaints service did not answer within 1500 ms \(COMPLAINTS_TIMEOUT_MS\)\. Try again, or raise the timeout\.$/;

  /** Ends within 10 % of the deadline, plus the stdio round trip: not early, and not a second late. */
  function expectDeadlineKept(ms: number): void {
    expect(ms).toBeGreaterThanOrEqual(0.9 * TIMEOUT_MS);
    expect(ms).toBeLessThanOrEqual(1.1 * TIMEOUT_MS + STDIO_OVERHEAD_MS);
  }

  it.each<[string, Behaviour[], number]>([
    ['a stall before the headers', [stallBeforeHeaders], 1],
    ['a stall in the middle of the body', [stallMidBody()], 1],
    ['a reset, then a stall before the headers', [resetMidBody(), stallBeforeHeaders], 2],
    // The last attempt starts about 450 ms in: a deadline per attempt instead of per call would end at ~1950 ms.
    ['two 503s, then a stall in the middle of the body', [text(503, HTML_PAGE), text(503, HTML_PAGE), stallMidBody()], 3],
    ['a 429 with Retry-After: 1, then a stall before the headers', [json(429, {}, { 'retry-after': '1' }), stallBeforeHeaders], 2],
  ])('ends %s at the deadline with the timeout text', async (_label, behaviours, requests) => {
    const { fault, server } = group;
    fault.next(...behaviours.slice(0, -1)).always(behaviours.at(-1)!);
    const { answer, ms } = await list(server, 3 * TIMEOUT_MS);
    expectCleanError(answer, TIMEOUT_TEXT);
    expectDeadlineKept(ms);
    expectRequests(fault, requests);
    await expectRecovers(fault, server);
  });

  it('ends a 503 whose error page stalls at the deadline too', async () => {
    const { fault, server } = group;
    fault.always((_request, response) => {
      response.writeHead(503, { 'content-type': 'text/html', 'content-length': '100000' });
      response.write('<html><body><h1>Service Unavailable');
    });
    const { answer, ms } = await list(server, 3 * TIMEOUT_MS);
    // The client stops reading the page at the deadline and reports the status it saw; the timeout text would be as true.
    expectCleanError(answer, /^The complaints service failed \(HTTP 503\)\. Try again later\.$|did not answer within 1500 ms/);
    expectDeadlineKept(ms);
    expectRequests(fault, 1);
    await expectRecovers(fault, server);
  });
});

describe('a host name that does not resolve', () => {
  // The child resolves through helpers/offline-dns.mjs: .invalid names fail with ENOTFOUND without
  // a DNS query, until the heal file exists; then they resolve to loopback (the fault server).
  const preload = new URL('./helpers/offline-dns.mjs', import.meta.url).href;
  const REFUSED = 'offline-dns: refused complaints.invalid';
  let fault: FaultServer;
  let server: RawServer;
  let healDir: string;

  beforeAll(async () => {
    healDir = mkdtempSync(join(tmpdir(), 'offline-dns-'));
    fault = await FaultServer.start();
    server = new RawServer({
      COMPLAINTS_API_URL: `http://complaints.invalid:${fault.port}`,
      COMPLAINTS_API_KEY: KEY,
      COMPLAINTS_TIMEOUT_MS: '5000',
      NODE_OPTIONS: `--import=${preload}`,
      OFFLINE_DNS_HEAL_FILE: join(healDir, 'healed'),
    });
    await server.initialize();
    await clientLoaded();
  });

  afterAll(async () => {
    await server?.stop();
    await fault?.close();
    if (healDir) rmSync(healDir, { recursive: true, force: true });
  });

  it('says the host name does not resolve, after exactly one attempt (ENOTFOUND is not retried)', async () => {
    const { answer, ms } = await list(server);
    expectCleanError(
      answer,
      new RegExp(`^Could not reach the complaints service at http://complaints\\.invalid:${fault.port} \\(the host name does not resolve\\)\\. Check COMPLAINTS_API_URL`),
    );
    expect(answer.text).not.toMatch(/attempts/);
    // The marker proves undici in the child resolved through the preload; one marker, one attempt.
    expect(server.stderr.split('\n').filter((line) => line === REFUSED)).toHaveLength(1);
    expect(ms).toBeLessThan(100 + STDIO_OVERHEAD_MS); // no backoff was waited
    expect(fault.requests).toHaveLength(0);
    expectJsonRpcOnly(server.stdoutLines);
  });

  it('serves the next call once the name resolves again', async () => {
    writeFileSync(join(healDir, 'healed'), '');
    await expectRecovers(fault, server);
    expect(fault.requests[0]!.host).toBe(`complaints.invalid:${fault.port}`);
    expect(server.stderr).toContain('offline-dns: resolved complaints.invalid to 127.0.0.1');
  });
});

describe('logging (COMPLAINTS_LOG_LEVEL=debug, COMPLAINTS_LOG_FORMAT=json)', () => {
  let fault: FaultServer;
  let server: RawServer;

  beforeAll(async () => {
    fault = await FaultServer.start();
    server = new RawServer({
      COMPLAINTS_API_URL: fault.url,
      COMPLAINTS_API_KEY: KEY,
      COMPLAINTS_LOG_LEVEL: 'debug',
      COMPLAINTS_LOG_FORMAT: 'json',
    });
    await server.initialize();
    await clientLoaded();
  });

  afterAll(async () => {
    await server?.stop();
    await fault?.close();
  });

  const notifications = () => server.stdoutLines.map((line) => JSON.parse(line)).filter((message) => message.method === 'notifications/message');

  it('writes one JSON line per request on stderr, with the path and parameter names, never their values or the key', async () => {
    fault.reset().next(text(503, HTML_PAGE)).always(json(200, RECORD_LIST));
    const { answer } = await call(server, 'list_complaints', { search: 'Quispe Huamán' }, QUICK_CALL_MS);
    expect(answer.isError, answer.text).toBe(false);
    const lines = server.stderr.trim().split('\n').map((line) => JSON.parse(line));
    const requests = lines.filter((line) => line.message === 'GET');
    expect(requests).toEqual([
      expect.objectContaining({ level: 'debug', path: '/api/v1/complaints', query: 'page,pageSize,search', attempt: 1, status: 503, ms: expect.any(Number) }),
      expect.objectContaining({ level: 'debug', path: '/api/v1/complaints', query: 'page,pageSize,search', attempt: 2, status: 200, ms: expect.any(Number) }),
    ]);
    expect(requests[0].request).toBe(requests[1].request);
    expect(lines.some((line) => line.level === 'warn' && /answered 503; retrying/.test(line.message))).toBe(true);
    expect(server.stderr).not.toMatch(/Quispe|Huam/);
    expect(server.stderr).not.toContain(KEY);
    // The client never asked for log messages: none were sent.
    expect(notifications()).toEqual([]);
  });

  it('sends warnings as notifications/message once the client sets a level', async () => {
    await server.request('logging/setLevel', { level: 'warning' });
    fault.reset().next(text(503, HTML_PAGE)).always(json(200, RECORD_LIST));
    const { answer } = await list(server);
    expect(answer.isError, answer.text).toBe(false);
    expect(notifications()).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ level: 'warning', logger: 'complaints-book-mcp', data: expect.stringMatching(/answered 503; retrying in \d+ ms \(attempt 2 of 3\)/) }) }),
    ]);
    expectJsonRpcOnly(server.stdoutLines);
  });
});
