// serve --http with sign-in off, asked where a sign-in would be. Claude Code, answered 401 for a
// missing key, looks for a sign-in and shows the body of what it found as the reason it could not
// connect: that body says how to send a key. In process, over loopback HTTP.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpServeHandle } from '../../src/http/serve.js';
import { NO_SIGN_IN } from '../../src/http/sign-in/paths.js';
import { FaultServer } from '../helpers/fault-server.js';
import { serveInProcess } from '../helpers/serve-in-process.js';

const GENERIC_404 = 'Not Found: the MCP endpoint is POST /mcp; health is GET /healthz.';

let service: FaultServer;
let off: HttpServeHandle;
let on: HttpServeHandle;

beforeAll(async () => {
  service = await FaultServer.start();
  off = await serveInProcess(service.url);
  on = await serveInProcess(service.url, { COMPLAINTS_HTTP_TOKEN_SECRET: 'a'.repeat(43) });
});

afterAll(async () => {
  await Promise.all([off.shutdown(), on.shutdown()]);
  await service.close();
});

async function ask(serve: HttpServeHandle, method: string, path: string) {
  const response = await request(new URL(path, serve.url), {
    method,
    headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
    body: method === 'POST' ? '{"redirect_uris":["http://127.0.0.1:1/cb"]}' : undefined,
  });
  const text = await response.body.text();
  return { status: response.statusCode, text };
}

describe('sign-in off', () => {
  it.each([
    ['GET', '/.well-known/oauth-protected-resource/mcp'],
    ['GET', '/.well-known/oauth-protected-resource'],
    ['GET', '/.well-known/oauth-authorization-server'],
    ['GET', '/.well-known/openid-configuration'],
    ['POST', '/register'],
    ['GET', '/authorize?client_id=x'],
    ['POST', '/token'],
  ])('answers %s %s with 404 and how to send a key instead', async (method, path) => {
    const answer = await ask(off, method, path);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toEqual({ error: NO_SIGN_IN });
    // Shown inside JSON by the client: no quote to escape, no path for it to hide.
    expect(NO_SIGN_IN).not.toMatch(/["/]mcp|"/);
    expect(NO_SIGN_IN).toMatch(/Authorization: Bearer or_/);
  });

  it('answers other unknown paths with the usual 404', async () => {
    for (const path of ['/', '/registers', '/.well-known/security.txt']) {
      const answer = await ask(off, 'GET', path);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text)).toEqual({ error: GENERIC_404 });
    }
  });
});

describe('sign-in on', () => {
  it('answers the sign-in paths itself', async () => {
    const metadata = await ask(on, 'GET', '/.well-known/oauth-protected-resource/mcp');
    expect(metadata.status).toBe(200);
    expect(JSON.parse(metadata.text)).toMatchObject({ resource: expect.stringMatching(/\/mcp$/) });
    // A metadata path the sign-in does not serve is an unknown path there, as before.
    const openid = await ask(on, 'GET', '/.well-known/openid-configuration');
    expect(openid.status).toBe(404);
    expect(JSON.parse(openid.text)).toEqual({ error: GENERIC_404 });
  });
});
