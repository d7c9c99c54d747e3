// End to end, a sign-in that cannot start because the app's client metadata document cannot be
// fetched (Claude Code and Codex name themselves by such a URL): the built server, at its default log
// level, opened at /authorize as a browser opens it, in Spanish and in English. A name that does not
// resolve (test/helpers/offline-dns.mjs fails .invalid names inside the server, no query leaves the
// machine), a loopback port that accepts and never answers (the fetch's 5 s timeout), a port that
// refuses, and a link-local address the server never connects to: each gives the page, 400, and one
// warning line naming the URL; the same URL again gives no second line. Any other client gets the
// OAuth error in JSON.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpServe, startHttpServe } from '../helpers/http-serve.js';
import { authorizeQuery } from '../helpers/oauth-member.js';

const PRELOAD = new URL('../helpers/offline-dns.mjs', import.meta.url).href;
/** What Chromium sends for a navigation. */
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
/** The document fetch's own deadline is 5 s: the stalled case waits for it. */
const STALL_BACKSTOP = 30_000;

let serve: HttpServe;
let origin: string;
/** Accepts connections and never answers, not even the TLS handshake. */
let stall: Server;
const stalled = new Set<Socket>();
let stallConnections = 0;
let stallPort: number;
let closedPort: number;

beforeAll(async () => {
  stall = createServer((socket) => {
    stallConnections++;
    stalled.add(socket);
    socket.on('close', () => stalled.delete(socket));
  });
  await new Promise<void>((resolve) => stall.listen(0, '127.0.0.1', resolve));
  stallPort = (stall.address() as AddressInfo).port;
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedPort = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  serve = await startHttpServe({
    // Nothing listens there: the key is never checked in these tests.
    COMPLAINTS_API_URL: `http://127.0.0.1:${closedPort}`,
    COMPLAINTS_HTTP_TOKEN_SECRET: randomBytes(32).toString('base64'),
    // The loopback documents are fetched (and so can stall, or be refused), as a team's internal app's would be.
    COMPLAINTS_HTTP_ALLOW_PRIVATE_CLIENT_METADATA: 'true',
    NODE_OPTIONS: `--import=${PRELOAD}`,
  });
  origin = new URL(serve.url).origin;
});

afterAll(async () => {
  await serve?.stop();
  for (const socket of stalled) socket.destroy();
  await new Promise<void>((resolve) => (stall?.listening ? stall.close(() => resolve()) : resolve()));
});

/** GET /authorize for `clientId`, with PKCE and a redirect URI, and the given headers. */
async function authorize(clientId: string, headers: Record<string, string>) {
  const query = authorizeQuery(clientId, { state: 'xyz' });
  const response = await request(`${origin}/authorize?${query}`, { headers });
  return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
}

const asBrowser = (language: string) => ({ accept: BROWSER, 'accept-language': language });

/** The server's warning lines about `url`. */
function warningsAbout(url: string): string[] {
  return serve
    .stderr()
    .split('\n')
    .filter((line) => line.includes(`url=${url} `));
}

let barriers = 0;
/**
 * Every line the server wrote before now has been read: a fresh URL that fails is asked for, and its
 * own warning waited for (stderr is one pipe, read in order). No clock is read.
 */
async function everythingWritten(): Promise<void> {
  const url = `https://barrier-${++barriers}.invalid/client.json`;
  await authorize(url, asBrowser('en'));
  await serve.untilStderr(`url=${url} `);
}

/** The page a browser got: 400, guarded as the sign-in page is, in `language`, naming the document. */
function expectErrorPage(answer: Awaited<ReturnType<typeof authorize>>, language: 'es' | 'en', url: string): void {
  expect(answer.status).toBe(400);
  expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(answer.headers['x-frame-options']).toBe('DENY');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['content-security-policy']).toMatch(
    /^default-src 'none'; style-src 'sha256-[^']+'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'$/,
  );
  expect(answer.headers.location).toBeUndefined();
  expect(answer.text).toContain(`<html lang="${language}">`);
  expect(answer.text).toContain(`<code>${url}</code>`);
}

describe('a client metadata document the server cannot fetch', () => {
  it('a name that does not resolve: the page in Spanish, then in English, one warning line, and JSON for a client', async () => {
    const url = 'https://app.invalid/oauth/client.json';
    const spanish = await authorize(url, asBrowser('es-PE,es;q=0.9,en;q=0.8'));
    expectErrorPage(spanish, 'es', url);
    expect(spanish.text).toContain('<b>Motivo:</b> este servidor no encuentra el nombre de ese sitio (DNS).');
    expect(spanish.text).toContain('https a <b>app.invalid</b>: su salida a Internet, su DNS o su proxy.');
    expect(spanish.text).toContain('como Claude Code y Codex');
    await serve.untilStderr(`url=${url} `);
    // The server really resolved through the preload, once: the failure is kept for 30 s.
    expect(
      serve
        .stderr()
        .split('\n')
        .filter((line) => line === 'offline-dns: refused app.invalid'),
    ).toHaveLength(1);
    expect(warningsAbout(url)).toEqual([
      `complaints-book-mcp: sign-in: an app could not sign in: its client metadata document could not be fetched: its site's name does not resolve from this server (DNS) url=${url} cause=unresolved detail=ENOTFOUND`,
    ]);

    const english = await authorize(url, asBrowser('en-US,en;q=0.9'));
    expectErrorPage(english, 'en', url);
    expect(english.text).toContain("<b>Why:</b> this server cannot find that site's name (DNS).");
    expect(english.text).toContain('over https to <b>app.invalid</b>: its outbound network, DNS or proxy.');

    const client = await authorize(url, {});
    expect(client.status).toBe(400);
    expect(client.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(client.text)).toEqual({
      error: 'invalid_client',
      error_description: "The client's metadata document could not be used: The client metadata document could not be fetched.",
    });

    // Three sign-ins failed on this URL; the log said so once.
    await everythingWritten();
    expect(warningsAbout(url)).toHaveLength(1);
  });

  it(
    'a port that accepts and never answers: after the fetch times out, the page says so, and one warning line',
    async () => {
      const url = `https://127.0.0.1:${stallPort}/client.json`;
      const answer = await authorize(url, asBrowser('en'));
      expectErrorPage(answer, 'en', url);
      expect(answer.text).toContain('<b>Why:</b> that site did not answer in time.');
      // The server did connect, and waited: not a refusal.
      expect(stallConnections).toBe(1);
      await serve.untilStderr(`url=${url} `);
      expect(warningsAbout(url)).toEqual([
        `complaints-book-mcp: sign-in: an app could not sign in: its client metadata document could not be fetched: its site did not answer in time url=${url} cause=timeout detail="no answer within 5000 ms"`,
      ]);
      expectErrorPage(await authorize(url, asBrowser('es')), 'es', url);
      await everythingWritten();
      expect(warningsAbout(url)).toHaveLength(1);
    },
    STALL_BACKSTOP,
  );

  it('a port that refuses, and a link-local address (never connected to): refused, in words, one line each', async () => {
    for (const url of [`https://127.0.0.1:${closedPort}/client.json`, 'https://169.254.169.254/latest/client.json']) {
      const answer = await authorize(url, asBrowser('es'));
      expectErrorPage(answer, 'es', url);
      expect(answer.text).toContain(
        '<b>Motivo:</b> la conexión fue rechazada, o la dirección del sitio está en una red privada, a la que este servidor no se conecta.',
      );
      await serve.untilStderr(`url=${url} `);
      expect(warningsAbout(url)).toHaveLength(1);
      expect(warningsAbout(url)[0]).toContain('cause=refused');
      await authorize(url, asBrowser('en'));
    }
    await everythingWritten();
    expect(warningsAbout(`https://127.0.0.1:${closedPort}/client.json`)).toHaveLength(1);
    expect(warningsAbout('https://169.254.169.254/latest/client.json')).toHaveLength(1);
  });

  it('a URL holding something shaped like a key: neither the page nor the log shows it', async () => {
    const key = `or_live_${randomBytes(12).toString('hex')}`;
    const url = `https://keyed.invalid/${key}/client.json`;
    const answer = await authorize(url, asBrowser('en'));
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('<code>https://keyed.invalid/[not-shown:looks-like-an-API-key]</code>');
    await serve.untilStderr('url=https://keyed.invalid/[not-shown:looks-like-an-API-key] ');
    expect(answer.text).not.toContain(key);
    expect(serve.stderr()).not.toContain(key);
  });
});
