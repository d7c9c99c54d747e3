// The OAuth sign-in of `serve --http` completed by a real browser: Debian's Chromium, driven by
// playwright-core, opens the authorization URL that the SDK client's auth() builds, and a member
// types their key into the page as a person would. In Spanish (es-PE): the page is Spanish, names
// the client, labels its field, loads nothing but itself (no request elsewhere, no console error,
// no CSP violation) and sends the headers that keep it unframed and uncached; a wrong key comes
// back as a Spanish alert on a field marked invalid; the right key reaches the client's loopback
// callback (a listener of the test's own) with a code and the client's state, which auth()
// exchanges for tokens that list_complaints accepts. In English (en-US) the same with the
// store-restricted member, who sees fewer records. No key ever appears in a URL the browser
// visited. Screenshots go to test/artifacts/ (not committed) for a person to look at.
//
// The Chromium is found by test/helpers/browser.ts (CHROMIUM_PATH, else PATH); without one, npm test
// leaves this file out and says so. No browser is ever downloaded.
import { randomBytes } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { type Browser, type BrowserContext, chromium, type Page, type Response } from 'playwright-core';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_PAGE_TEXT, PAGE_TEXT } from '../../src/http/sign-in/page-text.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { chromiumPath } from '../helpers/browser.js';
import { connectHttp, type HttpServe, startHttpServe } from '../helpers/http-serve.js';
import { authorizeQuery, MemberProvider } from '../helpers/oauth-member.js';
import { rememberSecrets } from '../helpers/transcript.js';

const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const FULL = DEMO_KEYS.full.key;
const RESTRICTED = DEMO_KEYS.storeRestricted.key;
/** Shaped like a key, so that the service is asked and refuses it. */
const WRONG = 'or_not_a_member_0000000000';
const KEYS = [FULL, RESTRICTED, WRONG];
const CLIENT_NAME = 'Example MCP client';
/** Playwright waits up to its own timeouts (30 s); the tests' limit is only a backstop above them. */
const BACKSTOP = 120_000;

let sandbox: SandboxHandle;
let serve: HttpServe;
let browser: Browser;
/**
 * The client's loopback redirect URI, listened on as a native client does (RFC 8252, 7.3): the
 * browser really goes there, and what it asked for is recorded. Not intercepted with page.route:
 * Playwright does not route the request a redirect leads to (the 303 after the form), by design.
 * Nor the helpers' port 9, which Chromium refuses to visit (ERR_UNSAFE_PORT).
 */
let callbackServer: Server;
let callback: string;
let callbackOrigin: string;
/** The path and query of every request the callback server received, in order. */
const callbackVisits: string[] = [];
/** The server's origin, its issuer: http://127.0.0.1:PORT */
let origin: string;
/** How many records each member sees, read straight from the sandbox API. */
const totals = { full: 0, restricted: 0 };

/** A client whose user signs in in a browser: redirectToAuthorization only keeps the URL to open. It holds no key; the browser types it. */
class BrowserMember extends MemberProvider {
  authorizationUrl?: URL;

  constructor(redirect: string) {
    super('', undefined, redirect);
  }

  override get clientMetadata(): OAuthClientMetadata {
    return { ...super.clientMetadata, client_name: CLIENT_NAME };
  }

  override async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    this.authorizationUrl = authorizationUrl;
  }
}

/** What the browser did on one page: every request, every console error or warning, every CSP violation. */
interface Seen {
  /** "METHOD URL" */
  requests: string[];
  problems: string[];
  violations: string[];
  /** Emits 'violation' as each one is reported. */
  events: EventEmitter;
}

// Runs in every document before its own content; a violation is passed to the test through a binding.
const REPORT_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  window.reportViolation(event.violatedDirective + ' ' + event.blockedURI + ' ' + event.sourceFile + ':' + event.lineNumber);
});`;

async function totalFor(key: string): Promise<number> {
  const response = await request(`${sandbox.url}/api/v1/complaints?pageSize=1`, { headers: { authorization: `Bearer ${key}` } });
  const body = (await response.body.json()) as { pagination: { total: number } };
  return body.pagination.total;
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  // As root (CI, containers) Chromium's sandbox cannot start.
  browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  callbackServer = createServer((req, res) => {
    callbackVisits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end('<!doctype html><html lang="en"><title>Signed in</title><p>Back in the client.</p></html>');
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
  callbackOrigin = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}`;
  callback = `${callbackOrigin}/callback`;
  sandbox = await startSandbox();
  serve = await startHttpServe({
    COMPLAINTS_API_URL: sandbox.url,
    COMPLAINTS_LOG_LEVEL: 'debug',
    COMPLAINTS_HTTP_TOKEN_SECRET: randomBytes(32).toString('base64'),
  });
  origin = new URL(serve.url).origin;
  totals.full = await totalFor(FULL);
  totals.restricted = await totalFor(RESTRICTED);
}, BACKSTOP);

afterAll(async () => {
  // Each closes even when another throws.
  const closed = await Promise.allSettled([
    browser?.close(),
    serve?.stop(),
    sandbox?.close(),
    new Promise<void>((resolve) => {
      if (!callbackServer?.listening) return resolve();
      callbackServer.closeAllConnections();
      callbackServer.close(() => resolve());
    }),
  ]);
  const failed = closed.filter((result) => result.status === 'rejected');
  if (failed.length > 0) throw new AggregateError(failed.map((result) => result.reason));
}, BACKSTOP);

/** A fresh browser context (its own cookies) in `locale`, phone-sized, with a page that records what it sees. */
async function openBrowser(locale: string): Promise<{ context: BrowserContext; page: Page; seen: Seen }> {
  const context = await browser.newContext({ locale, viewport: { width: 480, height: 800 }, deviceScaleFactor: 1, colorScheme: 'light' });
  const page = await context.newPage();
  const seen: Seen = { requests: [], problems: [], violations: [], events: new EventEmitter() };
  await page.exposeFunction('reportViolation', (violation: string) => {
    seen.violations.push(violation);
    seen.events.emit('violation', violation);
  });
  await page.addInitScript(REPORT_VIOLATIONS);
  page.on('request', (sent) => seen.requests.push(`${sent.method()} ${sent.url()}`));
  page.on('requestfailed', (failed) => seen.problems.push(`request failed: ${failed.method()} ${failed.url()} ${failed.failure()?.errorText}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      seen.problems.push(`console ${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => seen.problems.push(`page error: ${error.message}`));
  return { context, page, seen };
}

/** The first auth() of a client: discovery, registration, PKCE; it stops where a person must sign in, and gives the URL to open. */
async function startSignIn(): Promise<{ member: BrowserMember; url: URL }> {
  const member = new BrowserMember(callback);
  expect(await auth(member, { serverUrl: serve.url })).toBe('REDIRECT');
  expect(member.authorizationUrl?.href.startsWith(`${origin}/authorize?`)).toBe(true);
  return { member, url: member.authorizationUrl! };
}

/** The headers that keep the page (and the key typed into it) to itself. */
async function expectGuardedPage(response: Response | null): Promise<void> {
  expect(response).not.toBeNull();
  const headers = await response!.allHeaders();
  const policy = (headers['content-security-policy'] ?? '').split(';').map((directive) => directive.trim());
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cache-control']).toBe('no-store');
  expect(headers['content-type']).toBe('text/html; charset=utf-8');
}

/** The sealed form token and the browser's cookie: kept out of every transcript like the codes and tokens. */
async function rememberFormSecrets(page: Page): Promise<void> {
  rememberSecrets(await page.locator('input[name="form"]').inputValue(), ...(await page.context().cookies()).map((cookie) => cookie.value));
}

/** Submits the form and follows the browser to the client's callback: the code, the state and the issuer it carries. */
async function submitToCallback(page: Page, seen: Seen, button: string): Promise<URL> {
  callbackVisits.length = 0;
  await Promise.all([page.waitForURL((url) => url.origin === callbackOrigin), page.getByRole('button', { name: button }).click()]).catch((error: Error) => {
    // A redirect the CSP's form-action refuses ends so, as an aborted navigation, often with no
    // violation reported (the document is being left): name the likely cause with what was seen.
    throw new Error(
      `${error.message}\n(ERR_ABORTED after the form: is the callback's origin in the page's form-action?)\n` +
        `CSP violations: ${JSON.stringify(seen.violations)}\nconsole: ${JSON.stringify(seen.problems)}`,
    );
  });
  const back = new URL(page.url());
  // The client's listener got that very URL, once; besides it only the browser's own favicon request
  // (compared without printing: the URL holds a code).
  const visits = callbackVisits.filter((visit) => visit !== '/favicon.ico');
  expect(visits.length, 'requests to the callback').toBe(1);
  expect(visits[0] === `${back.pathname}${back.search}`, 'the callback got the URL the browser shows').toBe(true);
  return back;
}

/**
 * The page loaded nothing but itself and the callback, said nothing in the console, broke no rule
 * of its CSP, and no URL held a key. `posts` is how many times the form was sent.
 */
function expectQuietPage(seen: Seen, posts: number): void {
  const urls = seen.requests.map((request) => request.slice(request.indexOf(' ') + 1));
  const elsewhere = urls.filter((url) => new URL(url).origin !== origin && !url.startsWith(`${callback}?`));
  expect(elsewhere).toEqual([]);
  // The recording saw what the browser did (compared without the queries: the callback's holds a code).
  expect(seen.requests.map((request) => request.split('?')[0])).toEqual([
    `GET ${origin}/authorize`,
    ...Array.from({ length: posts }, () => `POST ${origin}/authorize`),
    `GET ${callback}`,
  ]);
  expect(unexpected(seen)).toEqual([]);
  expect(seen.violations).toEqual([]);
  for (const url of [...urls, ...callbackVisits]) {
    for (const key of KEYS) expect(url).not.toContain(key);
  }
}

/**
 * The console errors and warnings, but for the one line Chromium writes for a page answered with a
 * 4xx status: the page that refuses a key is a 403, deliberately. Only that page's own line is let
 * through (whenever it arrives), not a 403 of anything else.
 */
function unexpected(seen: Seen): string[] {
  const refusal = `console error: Failed to load resource: the server responded with a status of 403 (Forbidden) (${origin}/authorize)`;
  return seen.problems.filter((problem) => problem !== refusal);
}

/** The text of a problem as the page shows it (the texts are HTML). */
function plain(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}

/**
 * Opens a fresh authorization URL in a browser of `locale` and checks the page: guarded, in
 * `language` only, naming the client, with a labelled password field and no alert. Screenshot taken.
 */
async function openSignInPage(language: 'es' | 'en', locale: string) {
  const text = PAGE_TEXT[language];
  const other = PAGE_TEXT[language === 'es' ? 'en' : 'es'];
  const { member, url } = await startSignIn();
  const { context, page, seen } = await openBrowser(locale);
  const shown = await page.goto(url.href);
  expect(shown?.status()).toBe(200);
  await expectGuardedPage(shown);
  expect(await page.locator('html').getAttribute('lang')).toBe(language);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(text.title);
  expect(await page.title()).toBe(text.title);
  expect(await page.locator('main').textContent()).toContain(CLIENT_NAME);
  expect(await page.locator('main').textContent()).not.toContain(other.title);
  const field = page.getByLabel(text.label, { exact: true });
  expect(await field.getAttribute('type')).toBe('password');
  expect(await field.getAttribute('aria-invalid')).toBeNull();
  expect(await page.getByRole('alert').count()).toBe(0);
  await rememberFormSecrets(page);
  await page.screenshot({ path: join(ARTIFACTS, `sign-in-${language}.png`), fullPage: true });
  return { text, member, context, page, seen, field };
}

/** Submits the form with the key already typed; from the callback, the code, the state and iss, then tools as the member. Returns the member's total. */
async function completeSignIn(opened: Awaited<ReturnType<typeof openSignInPage>>, pagesSeen: number): Promise<number> {
  const { page, seen, text, member } = opened;
  const back = await submitToCallback(page, seen, text.button);
  const code = back.searchParams.get('code');
  rememberSecrets(code ?? undefined);
  expect(back.pathname).toBe('/callback');
  expect(code ?? 'none', 'the code in the callback').toMatch(/^\S{20,}$/);
  expect(back.searchParams.get('state')).toBe(member.sentState);
  expect(back.searchParams.get('iss')).toBe(origin);
  expectQuietPage(seen, pagesSeen);

  expect(await auth(member, { serverUrl: serve.url, authorizationCode: code! })).toBe('AUTHORIZED');
  rememberSecrets(member.saved.tokens?.access_token, member.saved.tokens?.refresh_token);
  const client = await connectHttp(serve.url, member);
  try {
    const listed = await client.call('list_complaints', { pageSize: 1 });
    expect(listed.isError).toBe(false);
    return listed.structured.total as number;
  } finally {
    await client.close();
  }
}

describe('signing in with Chromium', () => {
  it(
    'in Spanish: the page, a wrong key refused, the right key back to the client, tools as the member',
    async () => {
      const opened = await openSignInPage('es', 'es-PE');
      const { text, context, page, seen, field } = opened;
      try {
        await field.fill(WRONG);
        const [refused] = await Promise.all([
          page.waitForResponse((response) => response.url() === `${origin}/authorize` && response.request().method() === 'POST'),
          page.getByRole('button', { name: text.button }).click(),
        ]);
        expect(refused.status()).toBe(403);
        await expectGuardedPage(refused);
        expect(await page.getByRole('alert').textContent()).toBe(plain(text.problems.key_refused));
        expect(await page.locator('html').getAttribute('lang')).toBe('es');
        expect(await page.title()).toBe(`${text.errorTitle}${text.title}`);
        expect(await field.getAttribute('aria-invalid')).toBe('true');
        expect((await field.getAttribute('aria-describedby'))?.split(' ')).toContain('problem');
        // The key typed is not sent back in the page.
        expect(await field.inputValue()).toBe('');
        expect(await page.content()).not.toContain(WRONG);
        expect(unexpected(seen)).toEqual([]);
        await rememberFormSecrets(page);
        await page.screenshot({ path: join(ARTIFACTS, 'sign-in-es-refused.png'), fullPage: true });

        await field.fill(FULL);
        expect(await completeSignIn(opened, 2)).toBe(totals.full);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );

  it(
    'in English: the page, and the store-restricted member signed in sees fewer records',
    async () => {
      const opened = await openSignInPage('en', 'en-US');
      try {
        await opened.field.fill(RESTRICTED);
        const total = await completeSignIn(opened, 1);
        expect(total).toBe(totals.restricted);
        expect(totals.restricted).toBeGreaterThan(0);
        expect(total).toBeLessThan(totals.full);
      } finally {
        await opened.context.close();
      }
    },
    BACKSTOP,
  );

  it(
    'the watchers work: a style the CSP refuses is reported, in the console and as a violation',
    async () => {
      const { url } = await startSignIn();
      const { context, page, seen } = await openBrowser('es-PE');
      try {
        await page.goto(url.href);
        await rememberFormSecrets(page);
        expect(seen.violations).toEqual([]);
        // page.evaluate is not held to the page's CSP, but the element it adds is.
        await Promise.all([
          once(seen.events, 'violation'),
          page.waitForEvent('console', (message) => message.type() === 'error'),
          page.evaluate("document.head.append(Object.assign(document.createElement('style'), { textContent: 'body{color:red}' }))"),
        ]);
        expect(seen.violations.join('\n')).toMatch(/^style-src/);
        expect(seen.problems.join('\n')).toMatch(/Content Security Policy/);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );
});

describe('the error page', () => {
  it(
    'a client document the server cannot fetch: the page in Spanish, nothing loaded but itself, its CSP held',
    async () => {
      // An address this server never connects to (no private addresses here): refused before any socket.
      const documentUrl = 'https://127.0.0.1:1/client.json';
      const query = authorizeQuery(documentUrl, { redirect_uri: callback });
      const url = `${origin}/authorize?${query}`;
      const { context, page, seen } = await openBrowser('es-PE');
      try {
        const shown = await page.goto(url);
        expect(shown?.status()).toBe(400);
        const headers = await shown!.allHeaders();
        expect(headers['content-security-policy']).toMatch(
          /^default-src 'none'; style-src 'sha256-[^']+'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'$/,
        );
        expect(headers['x-frame-options']).toBe('DENY');
        expect(await page.locator('html').getAttribute('lang')).toBe('es');
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(ERROR_PAGE_TEXT.es.title);
        expect(await page.locator('code').textContent()).toBe(documentUrl);
        // The style applied (allowed by its hash): the cause stands out as the sign-in page's alerts do.
        expect(await page.locator('.problem').evaluate((element) => getComputedStyle(element).borderLeftStyle)).toBe('solid');
        expect(seen.requests).toEqual([`GET ${url}`]);
        expect(seen.violations).toEqual([]);
        // Chromium's one line for a page answered 400, which this page is, deliberately; nothing else.
        expect(
          seen.problems.filter(
            (problem) =>
              !/^console error: Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(http:\/\/127\.0\.0\.1:\d+\/authorize\?/.test(
                problem,
              ),
          ),
        ).toEqual([]);
        await page.screenshot({ path: join(ARTIFACTS, 'sign-in-error-es.png'), fullPage: true });
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );
});
