// What a sign-in that cannot start tells whom: the warning line whoever runs the server reads (once
// per document URL, a few per window in all, never a key), and the answer at /authorize: a page for
// a browser, the OAuth error in JSON for any other client, as before. In-process, on loopback, with
// a documents store that fails as told (http/sign-in/client-metadata.test.ts fails real fetches).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientMetadataDocuments, ClientMetadataResult, DocumentFailure } from '../../../src/http/sign-in/client-metadata.js';
import { clientRef, SignInProvider } from '../../../src/http/sign-in/provider.js';
import { ClientDocumentError, RegisteredClients } from '../../../src/http/sign-in/registered-clients.js';
import { answeringFrom } from '../../../src/http/sign-in/request-address.js';
import { signInRoutes } from '../../../src/http/sign-in/routes.js';
import { TokenSealer } from '../../../src/http/sign-in/sealed-tokens.js';
import { HIDDEN_URL, MAX_SHOWN_URL, shownDetail, shownUrl } from '../../../src/http/sign-in/shown-url.js';
import { WarningThrottle } from '../../../src/http/sign-in/warning-throttle.js';
import { MemoryState } from '../../../src/http/state/memory-state.js';
import { type SharedState, StoreUnavailable } from '../../../src/http/state/shared-state.js';
import { configureLog } from '../../../src/log.js';
import { captureStderr } from '../../helpers/stderr-lines.js';

const SECRET = 'a'.repeat(43);

import { ClientAddresses } from '../../../src/http/client-address.js';
import { NO_TRUSTED_PROXIES } from '../../../src/http/trusted-proxies.js';
import { authorizeQuery, CALLBACK } from '../../helpers/oauth-member.js';

/** Every client is its socket's address, as with no trusted proxy. */
const DIRECT = new ClientAddresses(NO_TRUSTED_PROXIES);

const KEY = 'or_live_4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c';

function failure(cause: DocumentFailure['cause'], detail = 'ENOTFOUND', status?: number): DocumentFailure {
  return { ok: false, reason: 'The client metadata document could not be fetched.', cause, detail, ...(status === undefined ? {} : { status }) };
}

/** A documents store whose every get answers `answer(clientId)`. */
function documentsAnswering(answer: (clientId: string) => ClientMetadataResult): ClientMetadataDocuments {
  return { get: async (clientId: string) => answer(clientId), close: async () => {} } as unknown as ClientMetadataDocuments;
}

afterEach(() => {
  vi.restoreAllMocks();
  configureLog({ level: 'warn', format: 'text', forward: undefined });
});

/** The sign-in's routes on a loopback port, over `clients`, with a key check that refuses every key. */
async function serveSignIn(
  sealer: TokenSealer,
  clients: RegisteredClients,
  state: SharedState = new MemoryState(),
): Promise<{ server: Server; origin: string }> {
  const provider = new SignInProvider({
    sealer,
    state,
    clients,
    issuer: 'http://127.0.0.1',
    resource: 'http://127.0.0.1/mcp',
    checkKey: async () => 'refused',
  });
  const server = createServer(signInRoutes(provider, 'http://127.0.0.1', 'http://127.0.0.1/mcp', state, (req) => DIRECT.of(req)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function clock() {
  let time = 1_000_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('WarningThrottle', () => {
  it('one line per key per perKeyMs, not renewed by the requests in between', () => {
    const time = clock();
    const throttle = new WarningThrottle({ perKeyMs: 600_000, windowMs: 600_000, perWindow: 10, now: time.now });
    expect(throttle.decide('https://a.example/doc')).toBe('write');
    for (let minute = 0; minute < 9; minute++) {
      time.advance(60_000);
      expect(throttle.decide('https://a.example/doc')).toBe('skip');
    }
    time.advance(59_999);
    expect(throttle.decide('https://a.example/doc')).toBe('skip');
    time.advance(1);
    expect(throttle.decide('https://a.example/doc')).toBe('write');
    expect(throttle.decide('https://b.example/doc')).toBe('write');
  });

  it('attacked with 100,000 URLs: perWindow lines and one "quiet" line per window, and at most maxKeys remembered', () => {
    const time = clock();
    const throttle = new WarningThrottle({ perKeyMs: 600_000, windowMs: 600_000, perWindow: 10, maxKeys: 1000, now: time.now });
    const decisions = { write: 0, quiet: 0, skip: 0 };
    for (let index = 0; index < 100_000; index++) {
      decisions[throttle.decide(`https://attacker.example/${index}`)]++;
      if (index % 1000 === 999) time.advance(6_000); // 100,000 requests over 10 minutes: one window
    }
    expect(decisions).toEqual({ write: 10, quiet: 1, skip: 99_989 });
    expect(throttle.size).toBeLessThanOrEqual(1000);
    // The next window: a genuine failure is written again.
    time.advance(600_000);
    expect(throttle.decide('https://claude.ai/oauth/mcp-oauth-client-metadata')).toBe('write');
  });

  it('keys past maxKeys are forgotten oldest first, and what that lets through is still bounded by the window', () => {
    const time = clock();
    const throttle = new WarningThrottle({ perKeyMs: 600_000, windowMs: 600_000, perWindow: 3, maxKeys: 2, now: time.now });
    expect(['a', 'b', 'c'].map((key) => throttle.decide(key))).toEqual(['write', 'write', 'write']);
    expect(throttle.size).toBe(2);
    // "a" was forgotten, but the window's budget is spent.
    expect(throttle.decide('a')).toBe('quiet');
    expect(throttle.decide('a')).toBe('skip');
    expect(throttle.decide('c')).toBe('skip');
  });

  it("counts each owner's lines in its own window: one owner's flood leaves another's budget whole", () => {
    const time = clock();
    const throttle = new WarningThrottle({ perKeyMs: 600_000, windowMs: 600_000, perWindow: 10, now: time.now });
    const flood = { write: 0, quiet: 0, skip: 0 };
    for (let index = 0; index < 1000; index++) flood[throttle.decide(`https://claude.ai/junk/${index}`, 'stranger')]++;
    expect(flood).toEqual({ write: 10, quiet: 1, skip: 989 });
    expect(throttle.decide('https://claude.ai/oauth/mcp-oauth-client-metadata', 'member')).toBe('write');
    // A line once written is not written again, whoever asks.
    expect(throttle.decide('https://claude.ai/oauth/mcp-oauth-client-metadata', 'stranger')).toBe('skip');
    expect(throttle.decide('https://claude.ai/oauth/mcp-oauth-client-metadata', 'another member')).toBe('skip');
    // The stranger's window ends: its budget is whole again.
    time.advance(600_000);
    expect(throttle.decide('https://claude.ai/junk/again', 'stranger')).toBe('write');
  });

  it('remembers at most maxOwners owners, the oldest window forgotten first, and none whose window ended', () => {
    const time = clock();
    const throttle = new WarningThrottle({ perKeyMs: 1000, windowMs: 1000, perWindow: 1, maxOwners: 3, now: time.now });
    for (let index = 0; index < 100; index++) throttle.decide(`k${index}`, `owner${index}`);
    expect(throttle.ownerCount).toBe(3);
    time.advance(1000);
    throttle.decide('other', 'owner-new');
    expect(throttle.ownerCount).toBe(1);
  });

  it('forgets keys whose time has passed, so that memory does not hold them for ever', () => {
    const time = clock();
    const throttle = new WarningThrottle({ perKeyMs: 1000, windowMs: 1000, perWindow: 100, now: time.now });
    for (let index = 0; index < 50; index++) throttle.decide(`k${index}`);
    expect(throttle.size).toBe(50);
    time.advance(1000);
    throttle.decide('other');
    expect(throttle.size).toBe(1);
  });
});

describe('shownUrl and shownDetail', () => {
  it('leave a plain document URL as it is', () => {
    expect(shownUrl('https://claude.ai/oauth/mcp-oauth-client-metadata')).toBe('https://claude.ai/oauth/mcp-oauth-client-metadata');
  });

  it.each([
    ['in the path', `https://evil.example/${KEY}/doc`, 'https://evil.example/[not-shown:looks-like-an-API-key]'],
    ['percent-encoded', 'https://evil.example/%6Fr_live_4f9a8b7c6d5e4f3a', 'https://evil.example/[not-shown:looks-like-an-API-key]'],
    ['encoded twice', 'https://evil.example/%256Fr_live_4f9a8b7c6d5e4f3a', 'https://evil.example/[not-shown:looks-like-an-API-key]'],
    [
      'behind a bad sequence that stops decodeURIComponent',
      'https://evil.example/%ZZ/%6Fr_live_4f9a8b7c6d5e4f3a',
      'https://evil.example/[not-shown:looks-like-an-API-key]',
    ],
    ['in the query', `https://evil.example/doc?key=${KEY}`, 'https://evil.example/[not-shown:looks-like-an-API-key]'],
    ['in the host', 'https://or_live_4f9a8b7c6d5e.example/doc', HIDDEN_URL],
    ['not a URL at all', `${KEY} pasted`, HIDDEN_URL],
  ])('hide a key %s', (_, url, shown) => {
    expect(shownUrl(url)).toBe(shown);
    expect(shownUrl(url)).not.toMatch(/or_live|%6Fr/i);
  });

  it('cut a 10 KB URL to MAX_SHOWN_URL, marked, on one line, without control or invisible characters', () => {
    const shown = shownUrl(`https://evil.example/\u202e${'a'.repeat(10_000)}\n\u0007b c`);
    expect(shown).toHaveLength(MAX_SHOWN_URL);
    expect(shown).toMatch(/^https:\/\/evil\.example\/a+…$/);
    expect(shownUrl('https://e.example/a b\tc\u200b\u2066d')).toBe('https://e.example/a%20b%20cd');
  });

  it('a detail is cleaned and cut, or not shown when it looks like a key', () => {
    expect(shownDetail('ENOTFOUND')).toBe('ENOTFOUND');
    expect(shownDetail(`is not JSON (content-type "${KEY}")`)).toBe(HIDDEN_URL);
    expect(shownDetail(`x\u202e${'y'.repeat(500)}`).length).toBeLessThan(200);
  });
});

describe('the warning a failed document gives', () => {
  it('one line at the default level, naming the URL and the cause; the same URL again: no second line', async () => {
    const lines = captureStderr();
    const clients = new RegisteredClients(
      new TokenSealer([SECRET]),
      documentsAnswering(() => failure('unresolved')),
    );
    for (let attempt = 0; attempt < 5; attempt++)
      await expect(clients.getClient('https://app.invalid/client.json')).rejects.toBeInstanceOf(ClientDocumentError);
    expect(lines).toEqual([
      "complaints-book-mcp: sign-in: an app could not sign in: its client metadata document could not be fetched: its site's name does not resolve from this server (DNS) url=https://app.invalid/client.json cause=unresolved detail=ENOTFOUND\n",
    ]);
  });

  it('the error carries the URL and the failure, and answers OAuth clients with invalid_client as before', async () => {
    captureStderr();
    const clients = new RegisteredClients(
      new TokenSealer([SECRET]),
      documentsAnswering(() => failure('status', 'server answered HTTP 404', 404)),
    );
    const error = await clients.getClient('https://app.example/client.json').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ClientDocumentError);
    const documentError = error as ClientDocumentError;
    expect(documentError.documentUrl).toBe('https://app.example/client.json');
    expect(documentError.failure).toMatchObject({ cause: 'status', status: 404 });
    expect(documentError.toResponseObject()).toEqual({
      error: 'invalid_client',
      error_description: "The client's metadata document could not be used: The client metadata document could not be fetched.",
    });
  });

  it('a flood of failing URLs writes a few lines and one saying the rest go unsaid; never a key', async () => {
    const lines = captureStderr();
    const clients = new RegisteredClients(
      new TokenSealer([SECRET]),
      documentsAnswering(() => failure('document', `is not JSON (content-type "${KEY}")`)),
      new WarningThrottle({ perWindow: 3 }),
    );
    for (let index = 0; index < 500; index++) {
      await clients.getClient(`https://attacker.example/${index % 2 === 0 ? KEY : 'doc'}/${index}`).catch(() => undefined);
    }
    expect(lines).toHaveLength(4);
    expect(lines.slice(0, 3).every((line) => line.includes('cause=document detail=[not-shown:looks-like-an-API-key]'))).toBe(true);
    expect(lines[3]).toBe(
      'complaints-book-mcp: sign-in: more client metadata documents asked for from one client address could not be used; theirs are not logged for up to 10 minutes\n',
    );
    expect(lines.join('')).not.toMatch(/or_live/);
  });

  it("a real app's failing document is logged after a stranger's flood of failing client_ids from another address", async () => {
    const lines = captureStderr();
    const clients = new RegisteredClients(
      new TokenSealer([SECRET]),
      documentsAnswering(() => failure('unresolved')),
    );
    const signIn = (address: string, clientId: string) => answeringFrom(address, () => clients.getClient(clientId)).catch(() => undefined);
    for (let index = 0; index < 50; index++) await signIn('203.0.113.9', `https://junk.example/${index}`);
    const strangers = lines.length;
    await signIn('198.51.100.7', 'https://claude.ai/oauth/mcp-oauth-client-metadata');
    expect(lines.slice(strangers)).toEqual([expect.stringContaining('url=https://claude.ai/oauth/mcp-oauth-client-metadata cause=unresolved')]);
    // Even when the stranger names the real app's host: the budget spent is the stranger's address's.
    for (let index = 0; index < 50; index++) await signIn('203.0.113.9', `https://chatgpt.com/junk/${index}`);
    const before = lines.length;
    await signIn('198.51.100.8', 'https://chatgpt.com/oauth/client.json');
    expect(lines.slice(before)).toEqual([expect.stringContaining('url=https://chatgpt.com/oauth/client.json')]);
  });

  it('busy is one line for every URL, not one each', async () => {
    const lines = captureStderr();
    const clients = new RegisteredClients(
      new TokenSealer([SECRET]),
      documentsAnswering(() => failure('busy', '16 fetches under way')),
    );
    for (let index = 0; index < 20; index++) await clients.getClient(`https://app.example/${index}`).catch(() => undefined);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('cause=busy');
  });
});

describe('/authorize answers a browser with a page, any other client with JSON', () => {
  let server: Server;
  let origin: string;
  let registered: string;
  const causeOf = new Map<string, DocumentFailure>([
    ['https://app.invalid/client.json', failure('unresolved')],
    ['https://app.example/gone.json', failure('status', 'server answered HTTP 410', 410)],
  ]);

  beforeAll(async () => {
    const sealer = new TokenSealer([SECRET]);
    const clients = new RegisteredClients(
      sealer,
      documentsAnswering((clientId) => causeOf.get(clientId) ?? failure('network', 'ECONNRESET')),
    );
    ({ server, origin } = await serveSignIn(sealer, clients));
    registered = (await clients.registerClient({ redirect_uris: [CALLBACK], token_endpoint_auth_method: 'none' })).client_id;
    configureLog({ level: 'error' }); // the warnings are the tests above's
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  async function authorize(params: Record<string, string>, headers: Record<string, string> = {}) {
    const query = new URLSearchParams({ response_type: 'code', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', ...params });
    const response = await request(`${origin}/authorize?${query}`, { headers });
    return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
  }

  it.each([
    ['es-PE,es;q=0.9', 'es', 'este servidor no encuentra el nombre de ese sitio (DNS).'],
    ['en-US,en;q=0.9', 'en', "this server cannot find that site's name (DNS)."],
  ])('a document that could not be fetched, to a browser in %s: the page, 400, guarded', async (acceptLanguage, language, why) => {
    const answer = await authorize(
      { client_id: 'https://app.invalid/client.json', redirect_uri: CALLBACK },
      { accept: BROWSER, 'accept-language': acceptLanguage },
    );
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.vary).toBe('Accept, Accept-Language');
    expect(answer.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'$/,
    );
    expect(answer.text).toContain(`<html lang="${language}">`);
    expect(answer.text).toContain(why);
    expect(answer.text).toContain('<code>https://app.invalid/client.json</code>');
    expect(answer.headers.location).toBeUndefined();
  });

  it('the status a document server answered is on the page', async () => {
    const answer = await authorize({ client_id: 'https://app.example/gone.json', redirect_uri: CALLBACK }, { accept: BROWSER, 'accept-language': 'en' });
    expect(answer.text).toContain('that site answered with an error (HTTP 410).');
  });

  it.each([
    ['no Accept', {}],
    ['Accept: */*', { accept: '*/*' }],
    ['Accept: application/json', { accept: 'application/json' }],
    ['HTML refused', { accept: 'text/html;q=0, application/json' }],
  ])('with %s: the OAuth error in JSON, as before', async (_, headers) => {
    const answer = await authorize({ client_id: 'https://app.invalid/client.json', redirect_uri: CALLBACK }, headers);
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.text)).toEqual({
      error: 'invalid_client',
      error_description: "The client's metadata document could not be used: The client metadata document could not be fetched.",
    });
  });

  it.each([
    [
      'an unknown client_id',
      { client_id: 'not-a-client', redirect_uri: CALLBACK },
      'this server does not recognise the app',
      { error: 'invalid_client', error_description: 'Invalid client_id' },
    ],
    [
      'a redirect_uri the client did not register',
      () => ({ client_id: registered, redirect_uri: 'https://evil.example/cb' }),
      'an address it did not register',
      { error: 'invalid_request', error_description: 'redirect_uri is not one this client registered.' },
    ],
    [
      'no redirect_uri',
      () => ({ client_id: registered }),
      'an address it did not register, or did not say where',
      { error: 'invalid_request', error_description: 'redirect_uri is required.' },
    ],
    ['no client_id', { redirect_uri: CALLBACK }, 'it does not say which app asks to connect', { error: 'invalid_request' }],
  ])('%s: a page to a browser, JSON to a client', async (_, params, words, json) => {
    const fields = typeof params === 'function' ? params() : params;
    const page = await authorize(fields, { accept: BROWSER, 'accept-language': 'en' });
    expect(page.status).toBe(400);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toContain(words);
    expect(page.text).not.toContain('evil.example');
    const plain = await authorize(fields);
    expect(plain.status).toBe(400);
    expect(JSON.parse(plain.text)).toMatchObject(json);
  });
});

describe('the address a document is fetched for', () => {
  let server: Server;
  let origin: string;
  /** The `from` each get was called with. */
  const asked: Array<string | undefined> = [];

  beforeAll(async () => {
    const sealer = new TokenSealer([SECRET]);
    const documents = {
      get: async (_clientId: string, from?: string) => {
        asked.push(from);
        return failure('busy', '4 fetches under way for its host or this address');
      },
      close: async () => {},
    } as unknown as ClientMetadataDocuments;
    const clients = new RegisteredClients(sealer, documents);
    ({ server, origin } = await serveSignIn(sealer, clients));
    configureLog({ level: 'error' });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  it("is the socket's, through the handlers that read a body (the token endpoint), and never X-Forwarded-For", async () => {
    const clientId = 'https://app.example/client.json';
    const spoofed = { 'x-forwarded-for': '198.51.100.7' };
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    });
    const authorization = await request(`${origin}/authorize?${query}`, { headers: spoofed });
    expect(authorization.statusCode).toBe(400);
    await authorization.body.text();
    const token = await request(`${origin}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...spoofed },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', client_id: clientId }).toString(),
    });
    expect(token.statusCode).toBe(400);
    await token.body.text();
    expect(asked).toEqual(['127.0.0.1', '127.0.0.1']);
  });

  it("is the socket's for the sign-in form's POST and for a revocation too", async () => {
    asked.length = 0;
    const clientId = 'https://app.example/client.json';
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const fields = { client_id: clientId, redirect_uri: CALLBACK, response_type: 'code', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' };
    const signIn = await request(`${origin}/authorize`, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ ...fields, api_key: 'or_x' }).toString(),
    });
    await signIn.body.text();
    const revoke = await request(`${origin}/revoke`, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ token: 'x', client_id: clientId }).toString(),
    });
    await revoke.body.text();
    expect(asked).toEqual(['127.0.0.1', '127.0.0.1']);
  });
});

describe('a shared state that does not answer', () => {
  let server: Server;
  let origin: string;
  let clientId: string;
  let tokens: { access: string; refresh: string };
  const RESOURCE = 'http://127.0.0.1/mcp';

  const unavailable = async (): Promise<never> => Promise.reject(new StoreUnavailable());
  /** The memory state, but every sign-in operation fails as a store that does not answer... */
  class Unreachable extends MemoryState {
    override spendCode = unavailable;
    override takeRefresh = unavailable;
    override revoke = unavailable;
    override isRevoked = unavailable;
  }
  /** ...the rate counters too, or not: each path to the 503 (the rate limit's, the provider's) is tried. */
  let countsHits = false;
  class UnreachableCounters extends Unreachable {
    override countHit = (counter: string, windowMs: number, change?: number) => (countsHits ? super.countHit(counter, windowMs, change) : unavailable());
  }

  beforeAll(async () => {
    const sealer = new TokenSealer([SECRET]);
    const clients = new RegisteredClients(
      sealer,
      documentsAnswering(() => failure('network', 'ECONNRESET')),
    );
    ({ server, origin } = await serveSignIn(sealer, clients, new UnreachableCounters()));
    clientId = (await clients.registerClient({ redirect_uris: [CALLBACK], token_endpoint_auth_method: 'none' })).client_id;
    const claims = { k: 'or_member_5f0c2e9d7b1a4c3e', c: clientRef(clientId), g: 'grant', aud: RESOURCE };
    tokens = { access: await sealer.seal('access', claims, 3600), refresh: await sealer.seal('refresh', { ...claims, n: 0 }, 3600) };
    configureLog({ level: 'error' });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  const post = async (path: string, fields: Record<string, string>, accept = 'application/json') => {
    const response = await request(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: response.statusCode, retryAfter: response.headers['retry-after'], text: await response.body.text() };
  };

  it.each([
    ['a renewal', '/token', true, () => ({ grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh })],
    ['a revocation', '/revoke', true, () => ({ client_id: clientId, token: tokens.access })],
    ['a renewal, its rate limit uncounted', '/token', false, () => ({ grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh })],
    ['a revocation, its rate limit uncounted', '/revoke', false, () => ({ client_id: clientId, token: tokens.access })],
    ['a registration, its rate limit uncounted', '/register', false, () => ({})],
  ])('refuses %s with 503 temporarily_unavailable and when to retry, never a guess', async (_what, path, counted, fields) => {
    countsHits = counted;
    const answer = path === '/register' ? await registerJson() : await post(path, fields());
    expect(answer.status).toBe(503);
    expect(answer.retryAfter).toBe('5');
    expect(JSON.parse(answer.text)).toMatchObject({ error: 'temporarily_unavailable' });
  });

  const registerJson = async () => {
    const response = await request(`${origin}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [CALLBACK], token_endpoint_auth_method: 'none' }),
    });
    return { status: response.statusCode, retryAfter: response.headers['retry-after'], text: await response.body.text() };
  };

  it('shows a member at /authorize a page that says so, in their language, and an app the OAuth error', async () => {
    countsHits = false;
    const query = authorizeQuery(clientId);
    const page = await request(`${origin}/authorize?${query}`, { headers: { accept: 'text/html', 'accept-language': 'es-PE' } });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(await page.body.text()).toContain('El inicio de sesión no está disponible en este momento.');
    const app = await request(`${origin}/authorize?${query}`);
    expect(app.statusCode).toBe(503);
    expect(await app.body.json()).toMatchObject({ error: 'temporarily_unavailable' });
  });
});
