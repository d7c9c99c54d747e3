// The API client against tiny loopback servers that misbehave on purpose.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createNetServer, type Socket } from 'node:net';
import { Agent, MockAgent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ComplaintsApi, parseRetryAfter } from '../../src/api/client.js';
import { ApiError, NOT_FOUND_TEXT } from '../../src/api/errors.js';
import { detailBody } from '../fixtures/records.js';
import { formsShown, keyForms } from '../helpers/key-forms.js';

type Handler = (request: IncomingMessage, response: ServerResponse, count: number) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
let requests: IncomingMessage[] = [];
const dispatcher = new Agent({ keepAliveTimeout: 1000 });
const KEY = 'or_test_key_0123456789';
const ID = '0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a11';

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request);
    handler(request, response, requests.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  requests = [];
});

afterAll(async () => {
  server.closeAllConnections();
  await dispatcher.close();
  await new Promise((resolve) => server.close(resolve));
});

function api(timeoutMs = 3000): ComplaintsApi {
  return new ComplaintsApi({ baseUrl, apiKey: KEY, timeoutMs, dispatcher, random: () => 0 });
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('requests', () => {
  it('sends the bearer key and the query under the API names', async () => {
    handler = (_request, response) => json(response, 200, { data: [], pagination: { page: 2, pageSize: 5, total: 5, totalPages: 1 } });
    const result = await api().listComplaints({ page: 2, pageSize: 5, status: 'open', search: 'José & co', from: '2026-11-01' });
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    const url = new URL(requests[0]!.url!, baseUrl);
    expect(url.pathname).toBe('/api/v1/complaints');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', pageSize: '5', status: 'open', search: 'José & co', from: '2026-11-01' });
    expect(result.pagination).toEqual({ page: 2, pageSize: 5, total: 5, totalPages: 1 });
  });

  it('fills pagination fields the service left out', async () => {
    handler = (_request, response) => json(response, 200, { data: [{}, {}], pagination: { total: 42 } });
    const result = await api().listComplaints({ page: 1, pageSize: 2 });
    expect(result.pagination).toEqual({ page: 1, pageSize: 2, total: 42, totalPages: 21 });
  });

  it('reads a detail', async () => {
    handler = (_request, response) => json(response, 200, { data: detailBody() });
    const record = await api().getComplaint(ID);
    expect(requests[0]?.url).toBe(`/api/v1/complaints/${ID}`);
    expect(record.correlative).toBe('000000402-2026');
  });
});

describe('retries', () => {
  it('recovers from one transient 503', async () => {
    handler = (_request, response, count) => (count === 1 ? json(response, 503, {}) : json(response, 200, { data: detailBody() }));
    await expect(api().getComplaint(ID)).resolves.toMatchObject({ id: ID });
    expect(requests).toHaveLength(2);
  });

  it('stops after 3 attempts of a persistent 502', async () => {
    handler = (_request, response) => json(response, 502, { message: 'bad gateway' });
    const error = await failure(api().getComplaint(ID));
    expect(error.kind).toBe('server_error');
    expect(error.message).toBe('The complaints service failed (HTTP 502) after 3 attempts. Try again later.');
    expect(requests).toHaveLength(3);
  });

  it.each([400, 401, 403, 404])('never retries a %i', async (status) => {
    handler = (_request, response) => json(response, status, { error: { message: 'pageSize must be an integer from 1 to 100' } });
    const error = await failure(api().listComplaints({ pageSize: 500 }));
    expect(requests).toHaveLength(1);
    expect(error.status).toBe(status);
  });

  it('retries a refused connection, then says where it could not connect', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const client = new ComplaintsApi({ baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY, timeoutMs: 3000, dispatcher, random: () => 0 });
    const error = await failure(client.getComplaint(ID));
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/Could not reach the complaints service at http:\/\/127\.0\.0\.1:\d+ \(connection refused\) after 3 attempts/);
    // The URL is shown as the 404's text shows it: no query, fragment or escape (the config refuses a
    // query and a fragment; the client does not count on it).
    const odd = new ComplaintsApi({
      baseUrl: `http://127.0.0.1:${port}/base\u001b[8m?sig=Secret123#frag`,
      apiKey: KEY,
      timeoutMs: 3000,
      dispatcher,
      random: () => 0,
    });
    const message = (await failure(odd.getComplaint(ID))).message;
    expect(message).toContain(`at http://127.0.0.1:${port}/base%1B[8m (`);
    expect(message).not.toMatch(/Secret123|frag|\u001b/);
  });
});

describe('error texts', () => {
  it('names the refused parameter of a 400 from the body, in words of ours', async () => {
    handler = (_request, response) => json(response, 400, { error: { code: 'invalid_parameter', message: 'pageSize must be an integer from 1 to 100' } });
    const error = await failure(api().listComplaints({ pageSize: 500 }));
    expect(error.message).toBe('The complaints service refused the request (400); it names the parameter pageSize. Check the arguments and try again.');
  });

  it.each(Object.entries(keyForms(KEY)))("never repeats the service's message, which may hold the key %s", async (_label, form) => {
    for (const [status, kind] of [
      [400, 'bad_request'],
      [422, 'unexpected_status'],
    ] as const) {
      for (const [message, named] of [
        [`pageSize refused for ${form}`, '; it names the parameter pageSize'],
        [`request refused for ${form}`, ''],
      ]) {
        handler = (_request, response) => json(response, status, { error: { code: 'invalid_parameter', message } });
        const error = await failure(api().listComplaints({ page: 1, pageSize: 500 }));
        expect(error.kind).toBe(kind);
        expect(error.message).toContain(`(${status === 400 ? '' : 'HTTP '}${status})${named}.`);
        expect(formsShown(error.message, keyForms(KEY)), error.message).toEqual([]);
      }
    }
  });

  it('gives fixed texts for 401, 403 and 404', async () => {
    const texts: Record<number, RegExp> = { 401: /check COMPLAINTS_API_KEY\.$/i, 403: /complaints\.view/, 404: /^Record not found or not accessible/ };
    for (const [status, text] of Object.entries(texts)) {
      handler = (_request, response) => json(response, Number(status), { message: 'secret internals' });
      const error = await failure(api().getComplaint(ID));
      expect(error.message).toMatch(text);
      expect(error.message).not.toContain('secret internals');
    }
  });

  it('reads a 404 of the list as a wrong COMPLAINTS_API_URL, and a 404 of a record as a record not found', async () => {
    handler = (_request, response) => json(response, 404, { message: 'Not Found: the MCP endpoint is POST /mcp' });
    const list = await failure(api().listComplaints({ page: 1, pageSize: 1 }));
    expect(list.kind).toBe('wrong_url');
    expect(list.message).toBe(
      `The server answered 404 Not Found at ${baseUrl}/api/v1/complaints, where the complaints list should be: COMPLAINTS_API_URL is probably wrong (it must be the complaints service's base URL, without /api/v1).`,
    );
    expect(requests).toHaveLength(1); // a 404 is not retried
    const record = await failure(api().getComplaint(ID));
    expect(record.kind).toBe('not_found');
    expect(record.message).toBe(NOT_FOUND_TEXT);
  });

  it('shows the URL of a 404 without its query, and not at all when it holds a key', async () => {
    handler = (_request, response) => json(response, 404, {});
    const withQuery = new ComplaintsApi({ baseUrl: `${baseUrl}/base?tenant=acme`, apiKey: KEY, timeoutMs: 3000, dispatcher });
    expect((await failure(withQuery.listComplaints({}))).message).toContain(`at ${baseUrl}/base/api/v1/complaints,`);
    const withKey = new ComplaintsApi({ baseUrl: `${baseUrl}/${KEY}`, apiKey: KEY, timeoutMs: 3000, dispatcher });
    const error = await failure(withKey.listComplaints({}));
    expect(error.message).toMatch(/COMPLAINTS_API_URL \(the URL is not shown: it holds a value that looks like an API key\)/);
    expect(error.message).not.toContain(KEY);
  });

  it('names, in a 401, only where the key comes from: COMPLAINTS_API_KEY, or the Authorization header over HTTP', async () => {
    handler = (_request, response) => json(response, 401, { message: 'invalid key' });
    const fromEnvironment = await failure(api().listComplaints({}));
    expect(fromEnvironment.message).toMatch(/Check COMPLAINTS_API_KEY\.$/);
    expect(fromEnvironment.message).not.toMatch(/Authorization/);
    const fromRequest = new ComplaintsApi({ baseUrl, apiKey: KEY, keyFrom: 'request', timeoutMs: 3000, dispatcher });
    const shared = await failure(fromRequest.listComplaints({}));
    expect(shared.message).toMatch(/Check the key in the Authorization header your MCP client sends \(Bearer or_\.\.\.\)\.$/);
    expect(shared.message).not.toMatch(/COMPLAINTS_API_KEY/);
  });

  it('says https:// is probably wrong when the server answers the TLS handshake in plain HTTP', async () => {
    handler = (_request, response) => json(response, 200, { data: [], pagination: {} });
    const port = new URL(baseUrl).port;
    const client = new ComplaintsApi({ baseUrl: `https://127.0.0.1:${port}/base`, apiKey: KEY, timeoutMs: 3000, dispatcher, random: () => 0 });
    const error = await failure(client.listComplaints({}));
    expect(error.kind).toBe('wrong_url');
    expect(error.message).toMatch(
      new RegExp(
        `^COMPLAINTS_API_URL uses https://, but the server at 127\\.0\\.0\\.1:${port} answered in plain HTTP \\(ERR_SSL_[A-Z_]+\\): try http://127\\.0\\.0\\.1:${port}/base\\.$`,
      ),
    );
    expect(requests).toHaveLength(0); // the handshake failed: no request was read, none retried
  });

  it('never shows an HTML page, and never the key', async () => {
    handler = (_request, response) => {
      response.writeHead(500, { 'content-type': 'text/html' });
      response.end(`<html><body>Stack trace ${KEY}</body></html>`);
    };
    const error = await failure(api().getComplaint(ID));
    expect(error.message).not.toMatch(/html|Stack|or_test/);
    handler = (_request, response) => json(response, 400, { message: `bad key ${KEY}` });
    expect((await failure(api().getComplaint(ID))).message).not.toContain(KEY);
    // With an invisible or control character inside, the key is still found: cleaning comes first.
    for (const inside of ['\u200b', '\u00ad', '\u202d', '\u007f', '\u0001', '\u001b[0m', '\r', '\n', '\t', ' ']) {
      const split = `${KEY.slice(0, 2)}${inside}${KEY.slice(2)}`;
      handler = (_request, response) => json(response, 400, { message: `bad search near ${split} please` });
      const message = (await failure(api().listComplaints({}))).message;
      expect(message.replace(/\s+/g, ''), JSON.stringify(inside)).not.toContain(KEY);
      expect(message.replace(/\s+/g, ''), JSON.stringify(inside)).not.toContain(KEY.slice(3));
    }
  });

  it('reports a body that is not JSON or has no data', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>login</html>');
    };
    expect((await failure(api().getComplaint(ID))).message).toMatch(/unexpected body \(HTTP 200, not JSON\)/);
    handler = (_request, response) => json(response, 200, { items: [] });
    expect((await failure(api().listComplaints({}))).kind).toBe('unexpected_body');
  });
});

describe('deadline', () => {
  // The arithmetic of the deadline is in api/client-waits.test.ts, on a virtual clock; here, its real timer.
  it('ends a stalled call at the timeout, not before', async () => {
    handler = () => undefined; // never answers
    const started = performance.now();
    const error = await failure(api(600).getComplaint(ID));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/did not answer within 600 ms \(COMPLAINTS_TIMEOUT_MS\)/);
    // A lower bound only: a busy machine makes the call end later, never sooner.
    expect(performance.now() - started).toBeGreaterThanOrEqual(590);
  });

  it('ends when its signal aborts while a TLS handshake stalls, which undici would wait out', async () => {
    // Accepts the connection and says nothing: the client's TLS hello is never answered. The call is
    // cancelled once the connection is there; the deadline (a timeout) aborts the same signal. undici's
    // own connect timeout is set far off, so a client that waited for it would hang this test.
    const controller = new AbortController();
    const sockets: Socket[] = [];
    const silent = createNetServer((socket) => {
      sockets.push(socket);
      controller.abort();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const patient = new Agent({ connect: { timeout: 600_000 } });
    try {
      const port = (silent.address() as AddressInfo).port;
      const client = new ComplaintsApi({ baseUrl: `https://127.0.0.1:${port}`, apiKey: KEY, timeoutMs: 120_000, dispatcher: patient, random: () => 0 });
      expect((await failure(client.listComplaints({}, controller.signal))).kind).toBe('cancelled');
      expect(sockets).toHaveLength(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await patient.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('aborts when the caller cancels', async () => {
    const controller = new AbortController();
    handler = () => controller.abort(); // cancelled once the request has arrived, and never answered
    expect((await failure(api().getComplaint(ID, controller.signal))).kind).toBe('cancelled');
    expect(requests).toHaveLength(1);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-22T15:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 15:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 14:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('pagination as the service sends it', () => {
  const list = (pagination: unknown, data: unknown[] = []) => {
    handler = (_request, response) => json(response, 200, { data, pagination });
  };

  it('keeps the total of a page past the end, which holds no records', async () => {
    list({ page: 9999, pageSize: 20, total: 37, totalPages: 2 });
    const { pagination } = await api().listComplaints({ page: 9999, pageSize: 20 });
    expect(pagination).toEqual({ page: 9999, pageSize: 20, total: 37, totalPages: 2 });
  });

  it('counts at least the records up to a page that has some, and derives the pages from the total', async () => {
    list({ page: 3, pageSize: 1, total: 0, totalPages: 9 }, [{}, {}]);
    const { pagination } = await api().listComplaints({ page: 3, pageSize: 20 });
    expect(pagination).toEqual({ page: 3, pageSize: 2, total: 6, totalPages: 3 });
  });

  it('treats counts that are not usable as missing', async () => {
    list({ page: Number.MAX_SAFE_INTEGER, pageSize: 0, total: -4, totalPages: 'two' }, [{}]);
    const { pagination } = await api().listComplaints({ page: 1, pageSize: 20 });
    expect(pagination).toEqual({ page: 1, pageSize: 20, total: 1, totalPages: 1 });
  });

  it('takes the page count as the only sign of more pages when the total is missing', async () => {
    list({ page: 1, pageSize: 20, totalPages: 4 }, [{}]);
    const { pagination } = await api().listComplaints({ page: 1, pageSize: 20 });
    expect(pagination).toEqual({ page: 1, pageSize: 20, total: 1, totalPages: 4 });
  });
});

describe('a socket error wrapped deeper than undici wraps one', () => {
  /** ECONNRESET under four causes: deeper than the client reads codes (the error and three causes). */
  function deeplyWrapped(): Error {
    let error: Error = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    for (let level = 0; level < 4; level++) error = new Error('fetch failed', { cause: error });
    return error;
  }

  it('is a network error tried once, as before the reader of codes was shared with the sign-in', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get('http://complaints.test')
      .intercept({ path: () => true, method: 'GET' })
      .replyWithError(deeplyWrapped())
      .persist();
    try {
      const api = new ComplaintsApi({
        baseUrl: 'http://complaints.test',
        apiKey: 'or_test_key_0123456789',
        timeoutMs: 5000,
        dispatcher: agent,
        sleep: async () => {},
      });
      const error = await api.listComplaints({ pageSize: 1 }).then(
        () => undefined,
        (caught: unknown) => caught as Error,
      );
      expect(error?.message).toBe(
        'Could not reach the complaints service at http://complaints.test (a network error). Check COMPLAINTS_API_URL and the network.',
      );
    } finally {
      await agent.close();
    }
  });
});
