// serve --http while it starts, in process: the server listens, and its sign-in (whose issuer is the
// address it listens at) is built after. A sign-in builder held open by the test keeps the server in
// that window: every route answers 503 with Retry-After, /healthz {"status":"starting"}; once the
// sign-in is built, everything answers. Nothing is sent to the API (its URL answers nothing).
import { randomBytes } from 'node:crypto';
import { request } from 'undici';
import { afterEach, expect, it } from 'vitest';
import type { HttpServeHandle } from '../../src/http/serve.js';
import { createSignIn, type SignIn, type SignInOptions } from '../../src/http/sign-in/sign-in.js';
import { serveInProcess } from '../helpers/serve-in-process.js';

const SECRET = randomBytes(32).toString('base64');

let served: HttpServeHandle | undefined;

afterEach(async () => {
  await served?.shutdown();
  served = undefined;
});

/** serve --http on a free loopback port with the sign-in on, built by `buildSignIn`. */
function serveWithSignIn(buildSignIn: (options: SignInOptions) => SignIn | Promise<SignIn>) {
  return serveInProcess('http://127.0.0.1:9', { COMPLAINTS_HTTP_TOKEN_SECRET: SECRET }, { timeoutMs: 5000, buildSignIn });
}

/** serve --http with the sign-in on, whose sign-in is built only once released; `listening` gives its origin. */
function startHeld() {
  let building!: (origin: string) => void;
  const listening = new Promise<string>((resolve) => {
    building = resolve;
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const start = serveWithSignIn(async (options) => {
    building(options.listeningOrigin);
    await released;
    return createSignIn(options);
  });
  return { listening, release, start };
}

async function ask(origin: string, method: 'GET' | 'POST', path: string, body?: string) {
  const headers = body === undefined ? {} : { 'content-type': path === '/mcp' ? 'application/json' : 'application/x-www-form-urlencoded' };
  const answer = await request(`${origin}${path}`, { method, body, headers: { ...headers, accept: 'application/json, text/event-stream' } });
  return { status: answer.statusCode, retryAfter: answer.headers['retry-after'], body: (await answer.body.json()) as Record<string, any> };
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'readiness', version: '1' } },
});

it('answers 503 on every route while the sign-in is being built, /healthz {"status":"starting"}, then every route', async () => {
  const { listening, release, start } = startHeld();
  const origin = await listening;

  const health = await ask(origin, 'GET', '/healthz');
  expect(health).toMatchObject({ status: 503, retryAfter: '1', body: { status: 'starting' } });
  for (const [method, path, body] of [
    ['GET', '/.well-known/oauth-protected-resource/mcp', undefined],
    ['GET', '/.well-known/oauth-authorization-server', undefined],
    ['POST', '/token', 'grant_type=authorization_code&code=none'],
    ['GET', '/authorize', undefined],
    ['GET', '/no-such-route', undefined],
  ] as const) {
    expect(await ask(origin, method, path, body), `${method} ${path}`).toEqual({
      status: 503,
      retryAfter: '1',
      body: { error: 'temporarily_unavailable', error_description: expect.stringContaining('starting') },
    });
  }
  // Not a 401 naming no resource metadata: an MCP client shows the JSON-RPC error's message.
  expect(await ask(origin, 'POST', '/mcp', INITIALIZE)).toEqual({
    status: 503,
    retryAfter: '1',
    body: { jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringContaining('starting') } },
  });

  release();
  served = await start;
  expect(await ask(origin, 'GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok', state: 'memory' } });
  expect(await ask(origin, 'GET', '/.well-known/oauth-protected-resource/mcp')).toMatchObject({ status: 200, body: { resource: `${origin}/mcp` } });
  expect(await ask(origin, 'GET', '/.well-known/oauth-authorization-server')).toMatchObject({ status: 200, body: { issuer: origin } });
  const keyless = await request(`${origin}/mcp`, { method: 'POST', body: INITIALIZE, headers: { 'content-type': 'application/json' } });
  await keyless.body.dump();
  expect(keyless.statusCode).toBe(401);
  expect(keyless.headers['www-authenticate']).toContain(`resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`);
});

it('gives back what it opened when the sign-in cannot be built, and the start fails with its error', async () => {
  let origin = '';
  const start = serveWithSignIn((options) => {
    origin = options.listeningOrigin;
    throw new Error('no sign-in today');
  });
  await expect(start).rejects.toThrow('no sign-in today');
  // Closed: nothing listens at the address any more.
  await expect(request(`${origin}/healthz`)).rejects.toThrow();
});
