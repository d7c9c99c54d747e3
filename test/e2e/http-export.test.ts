// End to end, export_complaints over `serve --http`: the answer gives a download link on this
// server, and a browser's plain GET, with no key, gets the register as CSV: the same rows the tool
// counted, as the member who asked sees the book. A link changed by one character, a Host not
// listed, a method other than GET or HEAD: nothing. Neither the answer nor the log holds the key or
// the link's token. (Replicas sharing a link through Redis: http-export-replicas.test.ts.)
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { exportLink, open, parseCsv } from '../helpers/export-link.js';
import { type HttpServe, startHttpServe } from '../helpers/http-serve.js';
import { formsShown, keyForms } from '../helpers/key-forms.js';
import { LatencyProxy, memberIdOfKey } from '../helpers/latency-proxy.js';

const FULL = DEMO_KEYS.full.key;
const RESTRICTED = DEMO_KEYS.storeRestricted.key;

let sandbox: SandboxHandle;
let serve: HttpServe;

beforeAll(async () => {
  sandbox = await startSandbox();
  serve = await startHttpServe({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_LOG_LEVEL: 'debug', COMPLAINTS_LANGUAGE: 'en' });
});

afterAll(async () => {
  await serve?.stop();
  await sandbox?.close();
});

/** The link with one character of its token changed. */
function changed(link: string, token: string, at: number): string {
  const other = token[at] === 'A' ? 'B' : 'A';
  return link.replace(token, token.slice(0, at) + other + token.slice(at + 1));
}

describe('export_complaints over HTTP: a download link', () => {
  it('opens the register without the key: CSV with its BOM, the header, and as many rows as the tool counted', async () => {
    const { link, answer } = await exportLink(serve.url, FULL);
    expect(answer.structured).toMatchObject({ delivery: 'link', sheets: false });
    expect(link).toMatch(new RegExp(`^${new URL(serve.url).origin}/exports/[A-Za-z0-9_-]{43}/complaints-register_all\\.csv$`));
    const counted = answer.structured.matchingNow as number;
    expect(counted).toBeGreaterThan(0);
    expect(Date.parse(answer.structured.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);

    const opened = await open(link);
    expect(opened.status, opened.body).toBe(200);
    expect(opened.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(opened.headers['content-disposition']).toBe('attachment; filename="complaints-register_all.csv"');
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.headers['x-content-type-options']).toBe('nosniff');
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    expect(opened.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(opened.body.slice(1));
    expect(rows[0]).toEqual(answer.structured.columns);
    expect(rows.length - 1).toBe(counted);
    for (const row of rows) expect(row).toHaveLength(rows[0]!.length);

    // Opened again (a download retried) until it ends; HEAD gives the headers alone.
    expect((await open(link)).body).toBe(opened.body);
    const head = await open(link, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(head.body).toBe('');
  });

  it('opens the book as the member who asked saw it: a member of two stores gets their rows only', async () => {
    const everything = await exportLink(serve.url, FULL);
    const theirs = await exportLink(serve.url, RESTRICTED);
    const all = parseCsv((await open(everything.link)).body.slice(1));
    const mine = parseCsv((await open(theirs.link)).body.slice(1));
    expect(mine.length - 1).toBe(theirs.answer.structured.matchingNow);
    expect(mine.length).toBeLessThan(all.length);
    const store = all[0]!.findIndex((name) => /^store$/i.test(name));
    expect(store).toBeGreaterThanOrEqual(0);
    expect(new Set(mine.slice(1).map((row) => row[store]))).toEqual(new Set(['Tienda Miraflores', 'Tienda Arequipa Centro']));
  });

  it('a filtered selection opens with its own name and rows', async () => {
    const { link, answer } = await exportLink(serve.url, FULL, { status: 'unresolved', language: 'es' });
    expect(link).toMatch(/\/registro-reclamaciones_todo_sin-resolver\.csv$/);
    const opened = await open(link);
    expect(parseCsv(opened.body.slice(1)).length - 1).toBe(answer.structured.matchingNow);
  });

  it('one character of the token changed, at several positions, opens nothing: 404, the same short text', async () => {
    const { link, token } = await exportLink(serve.url, FULL);
    const answers = await Promise.all([0, 1, 21, 41, 42].map((at) => open(changed(link, token, at))));
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(answer.body).toMatch(/no existe o ya venció[\s\S]*does not exist or has expired/);
    }
    // Nor does a token cut, lengthened, or none; the file's name is not what opens it.
    const origin = new URL(link).origin;
    for (const other of [link.replace(token, token.slice(1)), link.replace(token, `${token}A`), `${origin}/exports/`, `${origin}/exports`]) {
      expect((await open(other)).status, other).toBe(404);
    }
    expect((await open(link.replace(/[^/]+\.csv$/, 'another-name.csv'))).status).toBe(200);
    expect((await open(`${origin}/exports/${token}`)).status).toBe(200);
  });

  it('answers to the listed Hosts only, GET and HEAD only', async () => {
    const { link } = await exportLink(serve.url, FULL);
    expect((await open(link, { headers: { host: 'evil.example' } })).status).toBe(403);
    const posted = await request(link, { method: 'POST', body: '' });
    expect(posted.statusCode).toBe(405);
    expect(posted.headers.allow).toBe('GET, HEAD');
    await posted.body.dump();
  });

  it('neither the answer nor the server log holds the key in any spelling, or a token', async () => {
    const { link, token, answer } = await exportLink(serve.url, FULL);
    await open(link);
    const forms = { itself: FULL, ...keyForms(FULL) };
    expect(formsShown(`${answer.text}\n${JSON.stringify(answer.structured)}`, forms)).toEqual([]);
    expect(formsShown(serve.stderr(), forms)).toEqual([]);
    expect(serve.stderr()).not.toContain(token);
    expect(serve.stderr()).toContain('path=/exports/(link) status=200');
  });

  it("is admitted as the member's request: past their cap in flight, 429 with its reason; the link still opens after", async () => {
    // The service slowed on cue, so that one download is still reading when the next arrives.
    const slow = await LatencyProxy.start(sandbox.url);
    const capped = await startHttpServe({ COMPLAINTS_API_URL: slow.url, COMPLAINTS_LOG_LEVEL: 'debug', COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY: '1' });
    try {
      const { link } = await exportLink(capped.url, FULL);
      slow.delayMs = 1500;
      const first = open(link);
      await slow.until(() => slow.inFlightOf(memberIdOfKey(FULL)) > 0);
      const second = await open(link);
      expect(second.status).toBe(429);
      expect(second.body).toMatch(/Too Many Requests: too many requests in flight for your key/);
      expect(second.headers['retry-after']).toBe('1');
      slow.delayMs = 0;
      expect((await first).status).toBe(200);
      expect((await open(link)).status).toBe(200);
    } finally {
      await capped.stop();
      await slow.close();
    }
  });
});
