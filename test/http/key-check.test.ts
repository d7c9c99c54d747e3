// The pure parts of the key checks: serve --http's at initialize (which bodies are checked, what each
// answer of the service leads to, what is remembered) and the stdio server's line at start.
import { describe, expect, it } from 'vitest';
import { ApiError, abortReason, errorForStatus, type KeySource } from '../../src/api/errors.js';
import { verdictOf } from '../../src/api/verdict.js';
import { startCheckLine } from '../../src/cli/start-check.js';
import type { ComplaintsReader, ListPage } from '../../src/contract/operations.js';
import { holdsInitialize, KeyCheck, type KeyCheckRequest } from '../../src/http/key-check.js';
import { VerifiedKeys } from '../../src/http/state/verified-keys.js';

const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} };
const PAGE: ListPage = { items: [], sentMore: 0, pagination: { page: 1, pageSize: 1, total: 0, totalPages: 0 } };
const context = (keyFrom: KeySource) => ({ operation: 'list' as const, baseUrl: 'https://libro.example.pe', keyFrom });

/** A reader whose list answers with `outcome` (a status's error, or a page), telling `onStatus` as the real client does; it counts its calls. */
function reader(outcome: number | Error, onStatus?: (status: number) => void) {
  const queries: unknown[] = [];
  const api: ComplaintsReader = {
    async listComplaints(query) {
      queries.push(query);
      if (outcome instanceof Error) throw outcome;
      onStatus?.(outcome);
      if (outcome >= 200 && outcome < 300) return PAGE;
      throw errorForStatus(outcome, undefined, 1, context('request'));
    },
    getComplaint: () => Promise.reject(new Error('not used')),
  };
  return { api, queries };
}

function setUp() {
  let now = 0;
  const verified = new VerifiedKeys({ maxEntries: 10, ttlMs: 1000, now: () => now });
  const check = new KeyCheck({ isAccepted: async (member) => verified.has(member) });
  const request = (api: ComplaintsReader, extra: Partial<KeyCheckRequest> = {}): KeyCheckRequest => ({
    body: INITIALIZE,
    member: 'member-id',
    api: () => api,
    keyFrom: 'request',
    signal: new AbortController().signal,
    ...extra,
  });
  return { verified, check, request, later: (ms: number) => (now += ms) };
}

describe('holdsInitialize', () => {
  it.each([
    ['a request', INITIALIZE],
    ['a notification', { jsonrpc: '2.0', method: 'initialize' }],
    ['odd casing and spaces', { jsonrpc: '2.0', id: 1, method: '  InItIaLiZe ' }],
    ['a batch holding one among others', [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }, INITIALIZE]],
  ])('finds %s', (_label, body) => expect(holdsInitialize(body)).toBe(true));

  it.each([
    ['another method', { jsonrpc: '2.0', id: 1, method: 'tools/list' }],
    ['a method that only contains the word', { jsonrpc: '2.0', id: 1, method: 'notifications/initialized' }],
    ['a method that is not a string', { jsonrpc: '2.0', id: 1, method: ['initialize'] }],
    ['the word as a parameter', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'initialize' } }],
    ['no object', 'initialize'],
    ['null', null],
    ['an empty batch', []],
  ])('finds none in %s', (_label, body) => expect(holdsInitialize(body)).toBe(false));
});

describe('KeyCheck.beforeAnswering', () => {
  it('asks once, page 1 of one record, and answers an accepted key; the reader remembers it, so the next initialize asks nothing', async () => {
    const { verified, check, request } = setUp();
    const accepted = reader(200, (status) => verified.heard('member-id', status));
    expect(await check.beforeAnswering(request(accepted.api))).toEqual({ outcome: 'answer' });
    expect(accepted.queries).toEqual([{ page: 1, pageSize: 1 }]);
    expect(await check.beforeAnswering(request(accepted.api))).toEqual({ outcome: 'answer' });
    expect(accepted.queries).toHaveLength(1);
  });

  it('asks nothing for a body without initialize, whatever the key', async () => {
    const { check, request } = setUp();
    const refusing = reader(401);
    expect(await check.beforeAnswering(request(refusing.api, { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }))).toEqual({ outcome: 'answer' });
    expect(refusing.queries).toEqual([]);
  });

  it('asks again once the memory has forgotten the key', async () => {
    const { verified, check, request, later } = setUp();
    const accepted = reader(200, (status) => verified.heard('member-id', status));
    await check.beforeAnswering(request(accepted.api));
    later(1000);
    await check.beforeAnswering(request(accepted.api));
    expect(accepted.queries).toHaveLength(2);
  });

  it.each<[KeySource & ('request' | 'sign-in'), string, RegExp]>([
    [
      'request',
      'The complaints service refused this API key: it may be mistyped, expired or revoked. Send your current personal API key in the Authorization header.',
      /^Unauthorized: The complaints service refused the API key \(401\).*Authorization header/,
    ],
    [
      'sign-in',
      'The complaints service no longer accepts the key you signed in with. Sign in again with your current personal API key.',
      /^Unauthorized: .*The key you signed in with is no longer accepted/,
    ],
  ])('refuses a key the service refuses (from %s) with 401 and an invalid_token challenge', async (keyFrom, description, message) => {
    const { check, request } = setUp();
    const refused = errorForStatus(401, undefined, 1, context(keyFrom));
    const result = await check.beforeAnswering(request(reader(refused).api, { keyFrom }));
    expect(result).toEqual({
      outcome: 'refuse',
      status: 401,
      message: expect.stringMatching(message),
      challenge: { error: 'invalid_token', description },
    });
  });

  it('refuses a member without complaints.view with 403 and no challenge', async () => {
    const { check, request } = setUp();
    const result = await check.beforeAnswering(request(reader(403).api));
    expect(result).toEqual({ outcome: 'refuse', status: 403, message: expect.stringMatching(/^Forbidden: .*lacks the permission complaints\.view \(403\)/) });
  });

  it.each<[string, number | Error]>([
    ['a 503', 503],
    ['a 429', 429],
    ['a 500', 500],
    ['a wrong URL (404 of the list)', 404],
    ['a network error', new ApiError('network', 'Could not reach the complaints service (connection refused).')],
    ['a timeout', new ApiError('timeout', 'The complaints service did not answer within 15000 ms (COMPLAINTS_TIMEOUT_MS).')],
    ['an unexpected body', new ApiError('unexpected_body', 'The complaints service answered with an unexpected body.')],
    ['an error of no known kind', new TypeError('boom')],
  ])('answers initialize as usual on %s: the service may be down for a moment', async (_label, outcome) => {
    const { check, request } = setUp();
    expect(await check.beforeAnswering(request(reader(outcome).api))).toEqual({ outcome: 'answer' });
  });

  it('gives up on a service slower than its budget, and answers', async () => {
    const { verified } = setUp();
    const check = new KeyCheck({ isAccepted: async (member) => verified.has(member) }, 20);
    const slow: ComplaintsReader = {
      listComplaints: (_query, signal) => new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(abortReason(signal)))),
      getComplaint: () => Promise.reject(new Error('not used')),
    };
    const result = await check.beforeAnswering({ body: INITIALIZE, member: 'm', api: () => slow, keyFrom: 'request', signal: new AbortController().signal });
    expect(result).toEqual({ outcome: 'answer' });
  });

  it('answers nothing for a client gone while its key was checked', async () => {
    const { check, request } = setUp();
    const gone = new AbortController();
    const waiting: ComplaintsReader = {
      listComplaints: (_query, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(abortReason(signal)));
          gone.abort();
        }),
      getComplaint: () => Promise.reject(new Error('not used')),
    };
    expect(await check.beforeAnswering(request(waiting, { signal: gone.signal }))).toEqual({ outcome: 'gone' });
  });
});

describe('startCheckLine (stdio, at start)', () => {
  const KEY = 'or_live_4f9a1c2b3d4e5f60718293a4b5c6d7e8';
  const environment = (status: number) => errorForStatus(status, `key ${KEY} unknown`, 1, context('environment'));

  it.each<[string, Error, RegExp]>([
    ['a refused key', environment(401), /^start check: the complaints service refused the key in COMPLAINTS_API_KEY \(401\)/],
    ['a missing permission', environment(403), /^start check: .*COMPLAINTS_API_KEY, but its member lacks the permission complaints\.view \(403\)/],
    [
      'a wrong URL',
      environment(404),
      /^start check: The server answered 404 Not Found at https:\/\/libro\.example\.pe\/api\/v1\/complaints.*COMPLAINTS_API_URL/,
    ],
    [
      'no answer',
      new ApiError('network', 'Could not reach the complaints service at x (connection refused). Check COMPLAINTS_API_URL and the network.'),
      /COMPLAINTS_API_URL and the network\. Then/,
    ],
    // Found by an adversarial probe: a web page or a redirect at the URL said nothing at start.
    [
      'a web page at the URL',
      new ApiError('unexpected_body', 'unexpected body'),
      /^start check: COMPLAINTS_API_URL answered .* a body that is not a list of complaints.*base URL/,
    ],
    [
      'a redirect at the URL, without quoting the service',
      environment(302),
      /^start check: COMPLAINTS_API_URL answered the complaints list with HTTP 302, not as/,
    ],
    [
      'a timeout, which names only the timeout',
      new ApiError('timeout', 'The complaints service did not answer within 15000 ms (COMPLAINTS_TIMEOUT_MS).'),
      /COMPLAINTS_TIMEOUT_MS\)\. Check COMPLAINTS_API_URL and the network\. Then/,
    ],
  ])('says %s in one line naming the setting and the check command, never the key', (_label, error, expected) => {
    const line = startCheckLine(error)!;
    expect(line).toMatch(expected);
    expect(line).toContain('"complaints-book-mcp check"');
    expect(line).not.toContain('\n');
    expect(line.toLowerCase()).not.toContain(KEY.slice(3).toLowerCase());
    expect(line).not.toContain('unknown');
  });

  it.each<[string, Error]>([
    ['a failing service', environment(503)],
    ['a rate limit', environment(429)],
    ['a cancelled check', new ApiError('cancelled', 'The request was cancelled.')],
    ['an error of no known kind', new TypeError('boom')],
  ])('says nothing of %s: nothing the settings could fix, and each call says it', (_label, error) => {
    expect(startCheckLine(error)).toBeUndefined();
  });
});

describe('verdictOf', () => {
  it('reads each kind the check command tells apart', () => {
    expect([401, 403, 404, 503].map((status) => verdictOf(errorForStatus(status, undefined, 1, context('environment'))))).toEqual([
      'key_refused',
      'no_permission',
      'wrong_url',
      'service_error',
    ]);
    expect(verdictOf(new ApiError('timeout', 't'))).toBe('unreachable');
    expect(verdictOf(new ApiError('network', 'n'))).toBe('unreachable');
    expect(verdictOf(new ApiError('cancelled', 'c'))).toBe('cancelled');
    expect(verdictOf(new Error('plain'))).toBe('service_error');
  });
});
