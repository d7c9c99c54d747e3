// End to end under faults: the built server over real stdio against a loopback service that fails on
// cue (helpers/fault-server.ts). Every fault must end in a clear isError text (never HTML, a stack or
// the key), with nothing but JSON-RPC on stdout, and the same process must answer the next call once
// the service is healthy again. One server process serves each group of faults in turn, which keeps
// the file fast on 2 cores. Nothing but loopback is reached: even the DNS failure is simulated in the
// child (helpers/offline-dns.mjs).
//
// Times are bounded from below only (a retry comes no sooner than its wait, a call ends no sooner than
// its deadline): a busy machine makes them longer, never shorter. The exact waits and deadlines are
// tested on a virtual clock in api/client-waits.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOT_FOUND_TEXT } from '../../src/api/errors.js';
import { detailBody, listItemBody } from '../fixtures/records.js';
import {
  type Behaviour,
  closedPort,
  FaultServer,
  json,
  oversized,
  resetMidBody,
  stallBeforeHeaders,
  stallMidBody,
  text,
  truncated,
} from '../helpers/fault-server.js';
import { expectJsonRpcOnly, RawServer, type ToolAnswer } from '../helpers/raw-server.js';
import { takeStartCheckFrom } from '../helpers/start-check.js';

const KEY = 'or_fault_suite_key_7f3a91c2e4b5';
const ID = '0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a11';
const RECORD_LIST = { data: [listItemBody()], pagination: { page: 1, pageSize: 20, total: 1, totalPages: 1 } };
/** What a proxy or framework shows on a crash: markup, a stack, and the request's key echoed back. */
const HTML_PAGE = `<!DOCTYPE html><html><body><h1>Bad Gateway</h1><pre>Error: upstream failed
    at Object.handler (/srv/app/server.js:42:17)
    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)
Authorization: Bearer ${KEY}</pre></body></html>`;

/**
 * Every server here gives a call 5 s at most (COMPLAINTS_TIMEOUT_MS): a call still unanswered after
 * three times that hangs. Only a hang is caught by this, never a slow answer.
 */
const HANG_MS = 15_000;

interface TimedAnswer {
  answer: ToolAnswer;
  ms: number;
}

/** tools/call, timed; a call that does not come back within HANG_MS fails the test instead of hanging it. */
async function call(server: RawServer, name: string, args: Record<string, unknown>): Promise<TimedAnswer> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not answer within ${HANG_MS} ms: the server hangs`)), HANG_MS);
  });
  try {
    const answer = await Promise.race([server.callTool(name, args), hang]);
    return { answer, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

const list = (server: RawServer) => call(server, 'list_complaints', {});
const detail = (server: RawServer) => call(server, 'get_complaint', { id: ID });

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

/** No retry comes sooner than the shortest backoff before it: 100 ms, then 200 ms. */
function expectBackoffGaps(fault: FaultServer): void {
  const shortest = [100, 200];
  fault.gaps().forEach((gap, index) => {
    expect(gap, `gap before attempt ${index + 2}`).toBeGreaterThanOrEqual(shortest[index]! - 2);
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
    // Answered healthily (the fault server's fallback), before any fault is scripted.
    await takeStartCheckFrom(group.fault);
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
      'The complaints service refused the request (400); it names the parameter pageSize. Check the arguments and try again.',
    ],
    [401, 'list_complaints', { message: 'token revoked' }, /refused the API key \(401\): it may be mistyped, expired or revoked\. Check COMPLAINTS_API_KEY/],
    [403, 'list_complaints', { message: 'missing complaints.view' }, /lacks the permission complaints\.view \(403\)/],
    [404, 'get_complaint', { message: `record ${ID} belongs to another organization` }, NOT_FOUND_TEXT],
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
    // Well past any backoff: the header, not the backoff, set the wait.
    const [gap] = fault.gaps();
    expect(gap).toBeGreaterThanOrEqual(1000 - 2);
  });

  it.each([
    ['in seconds', () => '120'],
    ['as an HTTP date', () => new Date(Date.now() + 120_000).toUTCString()],
  ])('does not wait for a Retry-After %s past the deadline: fails as rate limited', async (_label, retryAfter) => {
    const { fault, server } = group;
    fault.always((request, response) => json(429, {}, { 'retry-after': retryAfter() })(request, response));
    const { answer } = await list(server);
    // Had it waited, the deadline (5 s) would have ended the call with the timeout text instead.
    expectCleanError(answer, /^The complaints service is rate limiting requests \(429\)\. Wait a minute before trying again\.$/);
    expectRequests(fault, 1);
    await expectRecovers(fault, server);
  });
});

describe('bodies', () => {
  const group = serverGroup(5000);

  it.each<[string, 'list_complaints' | 'get_complaint', Behaviour, RegExp]>([
    ['an HTML page with status 200', 'list_complaints', text(200, HTML_PAGE), /unexpected body \(HTTP 200, not JSON\)/],
    ['JSON without data and pagination', 'list_complaints', json(200, { items: [] }), /unexpected body \(a list without data and pagination\)/],
    [
      'a list whose data is not an array',
      'list_complaints',
      json(200, { data: 'x', pagination: {} }),
      /unexpected body \(a list without data and pagination\)/,
    ],
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
    expectCleanError(
      answer,
      new RegExp(`Could not reach the complaints service at http://127\\.0\\.0\\.1:${fault.port} \\(the connection was reset\\) after 3 attempts`),
    );
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
      // The check at start (one attempt) meets the refused port first, and says so once.
      await server.untilStderr(/start check: Could not reach the complaints service .*\(connection refused\)\. Check COMPLAINTS_API_URL/);
      const { answer, ms } = await list(server);
      expectCleanError(
        answer,
        new RegExp(
          `^Could not reach the complaints service at http://127\\.0\\.0\\.1:${port} \\(connection refused\\) after 3 attempts\\. Check COMPLAINTS_API_URL`,
        ),
      );
      // No request can be recorded: the two retries show in the log, and their backoffs (at least 300 ms) in the time.
      await server.untilStderr(/attempt 3 of 3/);
      expect(server.stderr.match(/could not reach the complaints service \(ECONNREFUSED\); retrying in \d+ ms \(attempt [23] of 3\)/g)).toHaveLength(2);
      expect(ms).toBeGreaterThanOrEqual(300 - 2);
      revived = await FaultServer.start(port);
      await expectRecovers(revived, server);
      expect(server.stderr.match(/start check/g)).toHaveLength(1);
    } finally {
      await server.stop();
      await revived?.close();
    }
  });
});

describe('the deadline (COMPLAINTS_TIMEOUT_MS=1500)', () => {
  const TIMEOUT_MS = 1500;
  const group = serverGroup(TIMEOUT_MS);
  const TIMEOUT_TEXT =
    /^The complaints service did not answer this call within 1500 ms \(COMPLAINTS_TIMEOUT_MS, which bounds a whole tool call\)\. Try again, narrow the question, or raise the timeout\.$/;

  /**
   * Not early: the deadline, not some other limit, ended the call. Reading stops a fifth of the bound
   * before it (at most 0.5 s), to answer within it. When exactly is tested in api/client-waits.test.ts.
   */
  function expectDeadlineKept(ms: number): void {
    expect(ms).toBeGreaterThanOrEqual(0.75 * TIMEOUT_MS);
  }

  // What comes before a stall (resets, 503s, a 429) and the deadline counted from the call's start are
  // tested on a virtual clock in api/client-waits.test.ts; here, the sockets that really stall.
  it.each<[string, Behaviour]>([
    ['a stall before the headers', stallBeforeHeaders],
    ['a stall in the middle of the body', stallMidBody()],
  ])('ends %s at the deadline with the timeout text', async (_label, behaviour) => {
    const { fault, server } = group;
    fault.always(behaviour);
    const { answer, ms } = await list(server);
    expectCleanError(answer, TIMEOUT_TEXT);
    expectDeadlineKept(ms);
    expectRequests(fault, 1);
    await expectRecovers(fault, server);
  });

  it('ends a 503 whose error page stalls at the deadline too', async () => {
    const { fault, server } = group;
    fault.always((_request, response) => {
      response.writeHead(503, { 'content-type': 'text/html', 'content-length': '100000' });
      response.write('<html><body><h1>Service Unavailable');
    });
    const { answer, ms } = await list(server);
    // The client stops reading the page at the deadline and reports the status it saw; the timeout text would be as true.
    expectCleanError(answer, /^The complaints service failed \(HTTP 503\)\. Try again later\.$|did not answer this call within 1500 ms/);
    expectDeadlineKept(ms);
    expectRequests(fault, 1);
    await expectRecovers(fault, server);
  });
});

describe('a host name that does not resolve', () => {
  // The child resolves through helpers/offline-dns.mjs: .invalid names fail with ENOTFOUND without
  // a DNS query, until the heal file exists; then they resolve to loopback (the fault server).
  const preload = new URL('../helpers/offline-dns.mjs', import.meta.url).href;
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
    // The check at start asks the name first (not retried either), and says what it got.
    await server.untilStderr(/start check: Could not reach the complaints service at http:\/\/complaints\.invalid:\d+ \(the host name does not resolve\)/);
  });

  afterAll(async () => {
    await server?.stop();
    await fault?.close();
    if (healDir) rmSync(healDir, { recursive: true, force: true });
  });

  it('says the host name does not resolve, after exactly one attempt (ENOTFOUND is not retried)', async () => {
    const { answer } = await list(server);
    expectCleanError(
      answer,
      new RegExp(
        `^Could not reach the complaints service at http://complaints\\.invalid:${fault.port} \\(the host name does not resolve\\)\\. Check COMPLAINTS_API_URL`,
      ),
    );
    expect(answer.text).not.toMatch(/attempts/);
    // The marker proves undici in the child resolved through the preload; one marker per attempt:
    // the check at start's, then this call's, one each.
    await server.untilStderr(new RegExp(`^${REFUSED}$[\\s\\S]*^${REFUSED}$`, 'm'));
    expect(server.stderr.split('\n').filter((line) => line === REFUSED)).toHaveLength(2);
    expect(server.stderr).not.toMatch(/retrying/); // no backoff was waited
    expect(fault.requests).toHaveLength(0);
    expectJsonRpcOnly(server.stdoutLines);
  });

  it('serves the next call once the name resolves again', async () => {
    writeFileSync(join(healDir, 'healed'), '');
    await expectRecovers(fault, server);
    expect(fault.requests[0]!.host).toBe(`complaints.invalid:${fault.port}`);
    await server.untilStderr(/^offline-dns: resolved complaints\.invalid to 127\.0\.0\.1$/m);
  });
});

describe('logging (COMPLAINTS_LOG_LEVEL=debug, COMPLAINTS_LOG_FORMAT=json)', () => {
  let fault: FaultServer;
  let server: RawServer;
  /** Where stderr stood once the check at start had said it passed: what follows is the tests' own. */
  let checkLines: number;

  beforeAll(async () => {
    fault = await FaultServer.start();
    server = new RawServer({
      COMPLAINTS_API_URL: fault.url,
      COMPLAINTS_API_KEY: KEY,
      COMPLAINTS_LOG_LEVEL: 'debug',
      COMPLAINTS_LOG_FORMAT: 'json',
      COMPLAINTS_TIMEOUT_MS: '5000',
    });
    await server.initialize();
    await takeStartCheckFrom(fault);
    await server.untilStderr(/"message":"start check: the service accepted the key and its permission"/);
    checkLines = server.stderr.length;
  });

  afterAll(async () => {
    await server?.stop();
    await fault?.close();
  });

  const notifications = () => server.stdoutLines.map((line) => JSON.parse(line)).filter((message) => message.method === 'notifications/message');

  it('writes one JSON line per request on stderr, with the path and parameter names, never their values or the key', async () => {
    fault.reset().next(text(503, HTML_PAGE)).always(json(200, RECORD_LIST));
    const { answer } = await call(server, 'list_complaints', { search: 'Quispe Huamán' });
    expect(answer.isError, answer.text).toBe(false);
    await server.untilStderr(/"attempt":2/);
    const parse = (text: string) =>
      text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
    // The check at start: one request of one record, answered, and one line saying it passed.
    expect(parse(server.stderr.slice(0, checkLines)).filter((line) => line.message === 'GET' || /start check/.test(line.message))).toEqual([
      expect.objectContaining({ level: 'debug', message: 'GET', path: '/api/v1/complaints', query: 'page,pageSize', attempt: 1, status: 200 }),
      expect.objectContaining({ level: 'debug', message: 'start check: the service accepted the key and its permission' }),
    ]);
    const lines = parse(server.stderr.slice(checkLines));
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
      expect.objectContaining({
        params: expect.objectContaining({
          level: 'warning',
          logger: 'complaints-book-mcp',
          data: expect.stringMatching(/answered 503; retrying in \d+ ms \(attempt 2 of 3\)/),
        }),
      }),
    ]);
    expectJsonRpcOnly(server.stdoutLines);
  });
});
