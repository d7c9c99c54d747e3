// End to end, the OAuth sign-in of `serve --http`: the built server as a child process, on loopback,
// with the sandbox behind it. The SDK's own client flow (auth()) discovers, registers (dynamically,
// or by a client metadata document served over https on loopback), signs in through the page's form
// and calls tools as the member; then each refusal the RFCs name, with nothing sent upstream where
// nothing should be.
import { createHash, randomBytes } from 'node:crypto';
import { OAuthMetadataSchema, OAuthProtectedResourceMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIFETIMES } from '../../src/http/sign-in/provider.js';
import { TokenSealer } from '../../src/http/sign-in/sealed-tokens.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { type ClientMetadataServer, startClientMetadataServer, TEST_CA_PATH } from '../helpers/client-metadata-server.js';
import { FaultServer, json } from '../helpers/fault-server.js';
import { connectHttp, type HttpServe, INITIALIZE, MCP_HEADERS, startHttpServe } from '../helpers/http-serve.js';
import { CALLBACK, hiddenFields, type MemberProvider, signIn, signInThroughForm } from '../helpers/oauth-member.js';
import { rememberSecrets } from '../helpers/transcript.js';
import { idsVisibleTo } from '../helpers/visible-ids.js';

const FULL = DEMO_KEYS.full.key;
const RESTRICTED = DEMO_KEYS.storeRestricted.key;
const SECRET = randomBytes(32).toString('base64');
const OLD_SECRET = randomBytes(32).toString('base64');

let sandbox: SandboxHandle;
let serve: HttpServe;
let documents: ClientMetadataServer;
/** The server's origin, its issuer: http://127.0.0.1:PORT */
let origin: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  documents = await startClientMetadataServer();
  serve = await startHttpServe({
    COMPLAINTS_API_URL: sandbox.url,
    COMPLAINTS_LOG_LEVEL: 'debug',
    COMPLAINTS_LANGUAGE: 'en',
    // The first seals, the second still opens: a rotation in progress.
    COMPLAINTS_HTTP_TOKEN_SECRET: `${SECRET},${OLD_SECRET}`,
    COMPLAINTS_HTTP_ALLOW_PRIVATE_CLIENT_METADATA: 'true',
    // The documents are served over https on loopback with a test certificate.
    NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
  });
  origin = new URL(serve.url).origin;
});

afterAll(async () => {
  await serve?.stop();
  await documents?.close();
  await sandbox?.close();
});

beforeEach(() => {
  sandbox.requests.length = 0;
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await request(`${origin}${path}`, { headers });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, text };
}

async function postForm(path: string, fields: Record<string, string>) {
  const response = await request(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, json: () => JSON.parse(text) };
}

async function postMcp(token: string) {
  const response = await request(serve.url, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${token}` }, body: INITIALIZE });
  const text = await response.body.text();
  return { status: response.statusCode, challenge: String(response.headers['www-authenticate'] ?? ''), text };
}

/** A member signed in through dynamic registration, with every token kept out of the logs. */
async function signedIn(key: string, clientMetadataUrl?: string): Promise<MemberProvider> {
  const member = await signIn(serve.url, key, clientMetadataUrl);
  rememberSecrets(
    member.code,
    member.saved.tokens?.access_token,
    member.saved.tokens?.refresh_token,
    ...hiddenFields(member.lastSignIn?.html ?? '').map(([, value]) => value),
  );
  return member;
}

/** An authorization request's URL, as a client builds it, with PKCE made here. */
function authorizeUrl(params: Record<string, string | undefined>): { url: string; verifier: string } {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const all: Record<string, string | undefined> = {
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    redirect_uri: CALLBACK,
    state: 'xyz',
    resource: serve.url,
    ...params,
  };
  const query = new URLSearchParams(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return { url: `${origin}/authorize?${query}`, verifier };
}

/** Registers a client dynamically (RFC 7591) with one redirect URI. */
async function register(redirectUris = [CALLBACK]): Promise<string> {
  const response = await request(`${origin}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Refusals', redirect_uris: redirectUris, token_endpoint_auth_method: 'none' }),
  });
  const body = (await response.body.json()) as { client_id: string };
  expect(response.statusCode).toBe(201);
  return body.client_id;
}

/** Signs in by hand with a registered client: the code and the verifier, for a token request to be tried. */
async function codeFor(clientId: string, key = FULL): Promise<{ code: string; verifier: string }> {
  const { url, verifier } = authorizeUrl({ client_id: clientId });
  const posted = await signInThroughForm(new URL(url), key);
  expect(posted.status).toBe(303);
  const code = new URL(posted.location!).searchParams.get('code')!;
  rememberSecrets(code);
  return { code, verifier };
}

function exchange(clientId: string, code: string, verifier: string, extra: Record<string, string> = {}) {
  return postForm('/token', { grant_type: 'authorization_code', client_id: clientId, code, code_verifier: verifier, redirect_uri: CALLBACK, ...extra });
}

describe('discovery', () => {
  it('says at start that sign-in is on, and where', async () => {
    await serve.untilStderr('sign-in (OAuth) is on');
    expect(serve.stderr()).toContain(`sign-in (OAuth) is on at ${serve.url}, for OAuth clients on this machine`);
    expect(serve.stderr()).not.toContain(SECRET);
  });

  it('names the resource metadata in the 401 of a request without credentials (RFC 9728, 5.1)', async () => {
    const response = await request(serve.url, { method: 'POST', headers: MCP_HEADERS, body: INITIALIZE });
    await response.body.text();
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe(
      `Bearer realm="complaints-book-mcp", error_description="Sign in from your MCP client, or send your personal API key as 'Authorization: Bearer or_...' with every request; this server holds no key of its own.", resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it('serves the protected resource metadata at the path-suffixed URL and at the root', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      const metadata = OAuthProtectedResourceMetadataSchema.parse(JSON.parse(response.text));
      expect(metadata).toMatchObject({ resource: serve.url, authorization_servers: [origin] });
    }
  });

  it('serves authorization server metadata with S256 alone and client metadata documents supported (RFC 8414)', async () => {
    const response = await get('/.well-known/oauth-authorization-server');
    const metadata = OAuthMetadataSchema.parse(JSON.parse(response.text));
    expect(metadata.issuer).toBe(origin);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.client_id_metadata_document_supported).toBe(true);
    for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'revocation_endpoint'] as const) {
      expect(metadata[endpoint]).toMatch(new RegExp(`^${origin}/`));
    }
  });
});

describe('signing in with the SDK client', () => {
  it('by dynamic registration: the state comes back, and tools answer as the member', async () => {
    const member = await signedIn(FULL);
    expect(member.returnedState).toBe(member.sentState);
    expect(member.saved.client?.client_id).not.toMatch(/^https:/);
    expect(sandbox.requests.filter((seen) => seen.query.pageSize === '1')).toHaveLength(1);
    const client = await connectHttp(serve.url, member);
    try {
      const page = await client.call('list_complaints', { pageSize: 100 });
      expect(page.structured.total).toBe((await idsVisibleTo(sandbox.url, FULL)).size);
    } finally {
      await client.close();
    }
  });

  it('by a client metadata document: the page names the client and the site that identifies it', async () => {
    const member = await signedIn(RESTRICTED, documents.url('member'));
    expect(member.saved.client?.client_id).toBe(documents.url('member'));
    expect(member.code).toBeDefined();
    const client = await connectHttp(serve.url, member);
    try {
      const page = await client.call('list_complaints', { pageSize: 100 });
      expect(page.structured.total).toBe((await idsVisibleTo(sandbox.url, RESTRICTED)).size);
    } finally {
      await client.close();
    }
    const page = await signInThroughForm(new URL(authorizeUrl({ client_id: documents.url('member') }).url), 'or_wrong');
    expect(page.html).toContain('Member app (metadata document)');
    expect(page.html).toContain(new URL(documents.url('member')).host);
    // The service the key is checked with, by the host of COMPLAINTS_API_URL (no Accept-Language: Spanish).
    expect(page.html).toContain(`Su clave se comprueba con <b>${new URL(sandbox.url).host}</b>`);
  });

  it('a registered name that imitates the page, and a custom scheme named like a site, are shown for what they are', async () => {
    const registered = await request(`${origin}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Claude (del sitio claude.ai)', redirect_uris: ['claude.ai://callback'], token_endpoint_auth_method: 'none' }),
    });
    const { client_id } = (await registered.body.json()) as { client_id: string };
    expect(registered.statusCode).toBe(201);
    const { url } = authorizeUrl({ client_id, redirect_uri: 'claude.ai://callback' });
    const page = await get(url.slice(origin.length));
    expect(page.status).toBe(200);
    const text = page.text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');
    // The name inside a quotation, said to be the application's own; the page names no site for it.
    expect(text).toContain('Una aplicación que se presenta como «Claude (del sitio claude.ai)» quiere leer');
    expect(text).toContain('Ese nombre lo da la propia aplicación: este servidor no lo ha verificado.');
    expect(text.replace(/«[^»]*»/g, '')).not.toContain('del sitio');
    // The scheme is an application on this computer, not a place called claude.ai.
    expect(text).toContain('volverá a la aplicación de este equipo que abre los enlaces claude.ai:');
    expect(text).not.toMatch(/volverá a claude\.ai/);
  });

  it('two members signed in at once, interleaved: each sees exactly their own records', async () => {
    const [fullIds, restrictedIds] = await Promise.all([idsVisibleTo(sandbox.url, FULL), idsVisibleTo(sandbox.url, RESTRICTED)]);
    expect(restrictedIds.size).toBeGreaterThan(0);
    expect(fullIds.size).toBeGreaterThan(restrictedIds.size);
    const [full, restricted] = await Promise.all([
      signedIn(FULL).then((member) => connectHttp(serve.url, member)),
      signedIn(RESTRICTED, documents.url('member')).then((member) => connectHttp(serve.url, member)),
    ]);
    const seen = { full: new Set<string>(), restricted: new Set<string>() };
    try {
      for (let page = 1; page <= Math.ceil(fullIds.size / 100); page++) {
        const [fullPage, restrictedPage] = await Promise.all([
          full.call('list_complaints', { page, pageSize: 100 }),
          restricted.call('list_complaints', { page, pageSize: 100 }),
        ]);
        for (const item of fullPage.structured.items ?? []) seen.full.add(item.id);
        for (const item of restrictedPage.structured.items ?? []) seen.restricted.add(item.id);
      }
    } finally {
      await Promise.all([full.close(), restricted.close()]);
    }
    expect(seen.full).toEqual(fullIds);
    expect(seen.restricted).toEqual(restrictedIds);
  });

  it('keeps the header path: a raw personal key still works beside sign-in', async () => {
    const client = await connectHttp(serve.url, FULL);
    try {
      expect((await client.call('list_complaints', { pageSize: 1 })).isError).toBe(false);
    } finally {
      await client.close();
    }
  });
});

describe('tokens', () => {
  it('refresh: an expired access token sends the client to refresh, which rotates the refresh token; a retry gets the same tokens, an older one ends the grant', async () => {
    const member = await signedIn(FULL);
    const first = member.saved.tokens!;
    // An access token of this very grant, sealed an hour and more ago: expired.
    const opened = await new TokenSealer([SECRET]).open('access', first.access_token, serve.url);
    expect(opened.ok).toBe(true);
    const claims = opened.ok ? opened.claims : {};
    const past = new TokenSealer([SECRET], () => Date.now() - (LIFETIMES.access + 60) * 1000);
    const expired = await past.seal('access', { k: claims.k, c: claims.c, g: claims.g, aud: serve.url }, LIFETIMES.access);
    const refused = await postMcp(expired);
    expect(refused.status).toBe(401);
    expect(refused.challenge).toMatch(/error="invalid_token", error_description="The access token expired\."/);

    member.saved.tokens = { ...first, access_token: expired };
    const client = await connectHttp(serve.url, member);
    try {
      expect((await client.call('list_complaints', { pageSize: 1 })).isError).toBe(false);
    } finally {
      await client.close();
    }
    const second = member.saved.tokens!;
    rememberSecrets(second.access_token, second.refresh_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);

    const clientId = member.saved.client!.client_id;
    const renew = (refreshToken: string) => postForm('/token', { grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken });
    // Shown again within the minute (a lost answer, a second window): the very tokens the first got.
    const retry = await renew(first.refresh_token!);
    expect(retry.status).toBe(200);
    expect(retry.json()).toMatchObject({ access_token: second.access_token, refresh_token: second.refresh_token });
    const third = (await renew(second.refresh_token!)).json() as { access_token: string; refresh_token: string };
    rememberSecrets(third.access_token, third.refresh_token);
    expect((await postMcp(third.access_token)).status).toBe(200);

    // Two generations old: one of its holders is not the member, and the whole grant is withdrawn.
    const replay = await renew(first.refresh_token!);
    expect(replay.status).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await postMcp(third.access_token)).status).toBe(401);
    expect((await renew(third.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refresh: two windows renewing with the same refresh token at once both get the same new tokens, and stay signed in', async () => {
    const member = await signedIn(FULL);
    const clientId = member.saved.client!.client_id;
    const renew = () => postForm('/token', { grant_type: 'refresh_token', client_id: clientId, refresh_token: member.saved.tokens!.refresh_token! });
    const answers = await Promise.all([renew(), renew(), renew()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const [one, ...others] = answers.map((answer) => answer.json() as { access_token: string; refresh_token: string });
    rememberSecrets(one!.access_token, one!.refresh_token);
    for (const other of others) expect(other).toEqual(one);
    expect(one!.refresh_token).not.toBe(member.saved.tokens!.refresh_token);
    expect((await postMcp(one!.access_token)).status).toBe(200);
  });

  it('revocation: revoking the refresh token ends the access token and the refresh', async () => {
    const member = await signedIn(FULL);
    const tokens = member.saved.tokens!;
    const clientId = member.saved.client!.client_id;
    expect((await postMcp(tokens.access_token)).status).toBe(200);
    const revoked = await postForm('/revoke', { client_id: clientId, token: tokens.refresh_token!, token_type_hint: 'refresh_token' });
    expect(revoked.status).toBe(200);
    const after = await postMcp(tokens.access_token);
    expect(after.status).toBe(401);
    expect(after.challenge).toContain('error="invalid_token"');
    const refresh = await postForm('/token', { grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.refresh_token! });
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('a token sealed under a secret still listed opens; after the SDK client, tools answer', async () => {
    const member = await signedIn(FULL);
    const opened = await new TokenSealer([SECRET]).open('access', member.saved.tokens!.access_token, serve.url);
    const claims = opened.ok ? opened.claims : {};
    const underOld = await new TokenSealer([OLD_SECRET]).seal('access', { k: claims.k, c: claims.c, g: claims.g, aud: serve.url }, 60);
    rememberSecrets(underOld);
    expect((await postMcp(underOld)).status).toBe(200);
  });

  it('refuses a tampered token, one sealed under a foreign secret, and one for another resource, with invalid_token', async () => {
    const member = await signedIn(FULL);
    const token = member.saved.tokens!.access_token;
    const opened = await new TokenSealer([SECRET]).open('access', token, serve.url);
    const claims = opened.ok ? opened.claims : {};
    const grant = { k: claims.k, c: claims.c, g: claims.g };
    const tampered = `${token.slice(0, -6)}${token.slice(-6) === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA'}`;
    const foreign = await new TokenSealer([randomBytes(32).toString('base64')]).seal('access', { ...grant, aud: serve.url }, 60);
    const elsewhere = await new TokenSealer([SECRET]).seal('access', { ...grant, aud: 'https://other.example/mcp' }, 60);
    const refresh = member.saved.tokens!.refresh_token!;
    rememberSecrets(tampered, foreign, elsewhere);
    sandbox.requests.length = 0;
    for (const bad of [tampered, foreign, elsewhere, refresh]) {
      const answer = await postMcp(bad);
      expect(answer.status).toBe(401);
      expect(answer.challenge).toContain('error="invalid_token"');
      expect(answer.challenge).toContain(`resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`);
    }
    expect(sandbox.requests).toEqual([]);
  });
});

describe('refusals', () => {
  it('a redirect_uri missing, unregistered, or on another loopback port: 400 invalid_request, and no redirect', async () => {
    const clientId = await register();
    for (const redirect of [undefined, 'https://evil.example/callback', 'http://127.0.0.1:10/callback', `${CALLBACK}/`, `${CALLBACK}?x=1`]) {
      const response = await get(authorizeUrl({ client_id: clientId, redirect_uri: redirect }).url.slice(origin.length));
      expect(response.status).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(JSON.parse(response.text)).toMatchObject({ error: 'invalid_request' });
    }
    expect(sandbox.requests).toEqual([]);
  });

  it('no PKCE, or the plain method: the error goes back to the client (invalid_request), with its state', async () => {
    const clientId = await register();
    for (const [params, error] of [
      [{ code_challenge: undefined }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge_method: undefined }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
    ] as const) {
      const { url } = authorizeUrl({ client_id: clientId, ...params });
      const response = await request(url);
      await response.body.text();
      expect(response.statusCode).toBe(302);
      const back = new URL(String(response.headers.location));
      expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
      expect(back.searchParams.get('error')).toBe(error);
      expect(back.searchParams.get('state')).toBe('xyz');
      expect(back.searchParams.get('iss')).toBe(origin);
      expect(back.searchParams.get('code')).toBeNull();
    }
    expect(sandbox.requests).toEqual([]);
  });

  it('a resource other than this server: invalid_target (RFC 8707)', async () => {
    const clientId = await register();
    const response = await request(authorizeUrl({ client_id: clientId, resource: 'https://other.example/mcp' }).url);
    await response.body.text();
    const back = new URL(String(response.headers.location));
    expect([back.searchParams.get('error'), back.searchParams.get('state'), back.searchParams.get('iss')]).toEqual(['invalid_target', 'xyz', origin]);
  });

  it('a wrong verifier: invalid_grant; a replayed code: invalid_grant, and what the code gave is withdrawn', async () => {
    const clientId = await register();
    const { code, verifier } = await codeFor(clientId);
    const wrong = await exchange(clientId, code, randomBytes(32).toString('base64url'));
    expect(wrong.status).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const good = await exchange(clientId, code, verifier);
    expect(good.status).toBe(200);
    const tokens = good.json() as { access_token: string; refresh_token: string; token_type: string; expires_in: number };
    rememberSecrets(tokens.access_token, tokens.refresh_token);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: LIFETIMES.access });
    expect((await postMcp(tokens.access_token)).status).toBe(200);
    const replay = await exchange(clientId, code, verifier);
    expect(replay.status).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await postMcp(tokens.access_token)).status).toBe(401);
  });

  it('a code used by another client, with another redirect_uri, or without one: refused', async () => {
    const clientId = await register();
    const other = await register();
    const { code, verifier } = await codeFor(clientId);
    expect((await exchange(other, code, verifier)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await exchange(clientId, code, verifier, { redirect_uri: 'http://127.0.0.1:9/other' })).json()).toMatchObject({ error: 'invalid_grant' });
    const response = await postForm('/token', { grant_type: 'authorization_code', client_id: clientId, code, code_verifier: verifier });
    expect(response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('a key the service refuses, or one without complaints.view: the page says so, and issues nothing', async () => {
    const clientId = await register();
    for (const [key, language, words] of [
      ['or_not_a_member_key_0000000000', 'en-GB,en;q=0.9', 'The service did not accept this key.'],
      ['or_not_a_member_key_0000000000', 'es-PE,es;q=0.9,en;q=0.5', 'El servicio no aceptó esta clave.'],
      [DEMO_KEYS.noPermission.key, 'en', 'complaints.view'],
    ] as const) {
      sandbox.requests.length = 0;
      const posted = await signInThroughForm(new URL(authorizeUrl({ client_id: clientId }).url), key, { 'accept-language': language });
      const status = 403;
      expect(posted.status).toBe(status);
      expect(posted.location).toBeUndefined();
      expect(posted.html).toContain('role="alert"');
      expect(posted.html).toContain(words);
      expect(posted.html).not.toContain(key);
      // One question to the service: one record of the list.
      expect(sandbox.requests.map((seen) => seen.query)).toEqual([{ pageSize: '1' }]);
    }
  });

  it('a value that is not a key: the page says so, and nothing is sent upstream', async () => {
    const clientId = await register();
    const posted = await signInThroughForm(new URL(authorizeUrl({ client_id: clientId }).url), 'my password');
    expect(posted.status).toBe(400);
    expect(posted.html).toContain('or_');
    expect(sandbox.requests).toEqual([]);
  });

  it('a key pasted with its quotes: the page says to remove them, never shows the key, and sends nothing', async () => {
    const clientId = await register();
    for (const [quotedKey, language, words] of [
      [`"${FULL}"`, 'en', 'The key was pasted with quotes around it: remove them'],
      [`\u201c${FULL}\u201d`, 'es-PE', 'La clave se pegó entre comillas: quítelas'],
      [`'${FULL}`, 'en', 'with quotes around it'],
    ] as const) {
      const posted = await signInThroughForm(new URL(authorizeUrl({ client_id: clientId }).url), quotedKey, { 'accept-language': language });
      expect(posted.status).toBe(400);
      expect(posted.location).toBeUndefined();
      expect(posted.html).toContain(words);
      expect(posted.html).not.toContain(FULL.slice(3));
    }
    expect(sandbox.requests).toEqual([]);
  });

  it('a cross-site post of the form, or one without the browser cookie: refused, nothing sent upstream', async () => {
    const clientId = await register();
    const page = await request(authorizeUrl({ client_id: clientId }).url);
    const html = await page.body.text();
    const cookie = String(page.headers['set-cookie']).split(';')[0]!;
    const form = new URLSearchParams(hiddenFields(html));
    form.set('api_key', FULL);
    for (const headers of [
      {},
      { cookie, 'sec-fetch-site': 'cross-site' },
      { cookie, origin: 'https://evil.example' },
      { cookie: 'sign-in=AAAAAAAAAAAAAAAAAAAAAAAA' },
    ]) {
      const posted = await request(`${origin}/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: form.toString(),
      });
      expect(posted.statusCode).toBe(403);
      expect(posted.headers.location).toBeUndefined();
      await posted.body.text();
    }
    expect(sandbox.requests).toEqual([]);
  });

  it('a client metadata document whose client_id is not its URL: invalid_client, no page', async () => {
    const response = await get(authorizeUrl({ client_id: documents.url('mismatched') }).url.slice(origin.length));
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ error: 'invalid_client' });
  });

  it('a body too large, or not JSON, is an OAuth error in JSON: no page, no stack', async () => {
    for (const [body, status] of [
      [JSON.stringify({ redirect_uris: [CALLBACK], client_name: 'x'.repeat(20_000) }), 413],
      ['{"redirect_uris": [', 400],
    ] as const) {
      const response = await request(`${origin}/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const text = await response.body.text();
      expect(response.statusCode).toBe(status);
      expect(JSON.parse(text)).toMatchObject({ error: 'invalid_request' });
      expect(text).not.toMatch(/at \w+ \(|node_modules/);
    }
  });

  it('a registration with a redirect URI that is not https (nor loopback http), or too long: refused, never a 500', async () => {
    const long = `https://x.example/${'a'.repeat(600)}`;
    const many = Array.from({ length: 10 }, (_, index) => `https://x.example/${index}/${'a'.repeat(300)}`);
    for (const uris of [['http://evil.example/cb'], ['javascript:alert(1)'], ['https://x.example/cb#frag'], [long], many]) {
      const response = await request(`${origin}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: uris, token_endpoint_auth_method: 'none' }),
      });
      expect(response.statusCode).toBe(400);
      expect(((await response.body.json()) as { error: string }).error).toMatch(/^invalid_(redirect_uri|client_metadata)$/);
    }
  });
});

describe('a key the service stops accepting', () => {
  it('leads the client back to the sign-in page: the call says so, then the token is refused, the refresh too', async () => {
    const api = await FaultServer.start();
    const own = await startHttpServe({ COMPLAINTS_API_URL: api.url, COMPLAINTS_HTTP_TOKEN_SECRET: SECRET, COMPLAINTS_LANGUAGE: 'en' });
    try {
      const member = await signIn(own.url, FULL);
      rememberSecrets(member.code, member.saved.tokens?.access_token, member.saved.tokens?.refresh_token);
      const client = await connectHttp(own.url, member);
      expect((await client.call('list_complaints')).isError).toBe(false);

      // The key is revoked in the service.
      api.always(json(401, { message: 'API key revoked' }));
      const refused = await client.call('list_complaints');
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain('The key you signed in with is no longer accepted');
      const token = member.saved.tokens!.access_token;
      const after = await request(own.url, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${token}` }, body: INITIALIZE });
      await after.body.text();
      expect(after.statusCode).toBe(401);
      expect(String(after.headers['www-authenticate'])).toContain('error="invalid_token"');

      // The SDK client refreshes (refused: invalid_grant), then asks the member to sign in again: the page, which refuses the key too.
      await expect(client.call('list_complaints')).rejects.toThrow(/Unauthorized/i);
      expect(member.lastSignIn?.status).toBe(403);
      expect(member.lastSignIn?.html).toContain('role="alert"');
      await client.close().catch(() => undefined);
    } finally {
      await own.stop();
      await api.close();
    }
  });
});

describe('a server of its own, for what would disturb the others', () => {
  it('counts requests the early checks refuse against the authorization rate limit', async () => {
    const own = await startHttpServe({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_HTTP_TOKEN_SECRET: SECRET });
    try {
      const base = new URL(own.url).origin;
      const clientId = documents.url('member');
      const refused = `${base}/authorize?client_id=${encodeURIComponent(clientId)}&redirect_uri=https%3A%2F%2Fevil.example%2F&response_type=code`;
      const statuses = new Map<number, number>();
      for (let sent = 0; sent < 601; sent++) {
        const response = await request(refused);
        await response.body.text();
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      }
      expect(Object.fromEntries(statuses)).toEqual({ 400: 600, 429: 1 });
    } finally {
      await own.stop();
    }
  });

  it('over https, takes only the __Host- cookie: a plain one (which any subdomain could set) is refused', async () => {
    const own = await startHttpServe({
      COMPLAINTS_API_URL: sandbox.url,
      COMPLAINTS_HTTP_TOKEN_SECRET: SECRET,
      COMPLAINTS_HTTP_PUBLIC_URL: 'https://mcp.example.com',
    });
    try {
      const base = new URL(own.url).origin;
      const registered = await request(`${base}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'mcp.example.com' },
        body: JSON.stringify({ redirect_uris: [CALLBACK], token_endpoint_auth_method: 'none' }),
      });
      const { client_id: clientId } = (await registered.body.json()) as { client_id: string };
      const { url } = authorizeUrl({ client_id: clientId, resource: 'https://mcp.example.com/mcp' });
      const page = await request(`${base}${url.slice(origin.length)}`, { headers: { host: 'mcp.example.com' } });
      const html = await page.body.text();
      const setCookie = String(page.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-sign-in=[\w-]{24}; Path=\/; Max-Age=900; HttpOnly; SameSite=Lax; Secure$/);
      const value = setCookie.split(';')[0]!.split('=')[1]!;
      const form = new URLSearchParams(hiddenFields(html));
      form.set('api_key', FULL);
      sandbox.requests.length = 0;
      const post = (cookie: string) =>
        request(`${base}/authorize`, {
          method: 'POST',
          headers: { host: 'mcp.example.com', 'content-type': 'application/x-www-form-urlencoded', cookie },
          body: form.toString(),
        });
      const plain = await post(`sign-in=${value}`);
      await plain.body.text();
      expect(plain.statusCode).toBe(403);
      expect(sandbox.requests).toEqual([]);
      const hosted = await post(`__Host-sign-in=${value}`);
      await hosted.body.text();
      expect(hosted.statusCode).toBe(303);
      expect(new URL(String(hosted.headers.location)).searchParams.get('iss')).toBe('https://mcp.example.com');
    } finally {
      await own.stop();
    }
  });
});
