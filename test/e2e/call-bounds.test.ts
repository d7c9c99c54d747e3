// End to end, the bounds of a call over a big book: the built server as a child process (stdio, then
// `serve --http`) against the sandbox holding thousands of records of organization A over a year, behind a
// loopback proxy that makes the service slow on cue and counts what reaches it (helpers/latency-proxy.ts).
//
// What is held here, as the README (Configuration, COMPLAINTS_TIMEOUT_MS) promises it:
// - one member (the process over stdio; one key over HTTP) never has more than 8 requests in flight to
//   the service, however many calls run at once, and does read in parallel;
// - COMPLAINTS_TIMEOUT_MS bounds a whole call: against a service too slow to read every page in time,
//   complaints_overview answers with what it read and says what it could not; when not even the first
//   pages come, it is an error naming COMPLAINTS_TIMEOUT_MS; either way the reading stops.
//
// No time is bounded from above (the suite runs on loaded 2-core machines): the proxy's delays only
// make the service slower, so "too slow to finish" holds however fast the machine, and "fast enough
// for the first pages" leaves more than a second of margin.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { STORE_IDS } from '../../src/sandbox/organizations.js';
import { type SandboxHandle, type SandboxOptions, startSandbox } from '../../src/sandbox/server.js';
import { connectHttp, startHttpServe } from '../helpers/http-serve.js';
import { LatencyProxy, memberIdOfKey } from '../helpers/latency-proxy.js';
import { type Connection, connect } from '../helpers/mcp.js';
import { takeStartCheckThrough } from '../helpers/start-check.js';

const FULL = DEMO_KEYS.full.key;
const RESTRICTED = DEMO_KEYS.storeRestricted.key;
/** The member's cap on requests in flight to the service, as the README states it (src/api/request-gate.ts holds it). */
const MEMBER_MAX_IN_FLIGHT = 8;
const PAGE_SIZE = 100;
/** Filing pages the overview reads at most (src/tools/complaints-overview.ts). */
const MAX_FILING_PAGES = 50;
/**
 * Two books, each as big as its tests need (the sandbox scans its records on every request, and the
 * suite runs on 2 cores): 2,000 records of organization A over a year for the calls running at once
 * (each overview reads some 24 pages, 16 at a time if it could), and the sandbox's big book (30,000
 * records over a year, with its backlog and answers not delivered) for the slow service, where the
 * many pages of a whole reading (some 70) are what cannot be read in time.
 */
const BOOKS: Record<'calls' | 'slow', SandboxOptions> = { calls: { recordsPerOrganization: { a: 2_000 }, days: 365 }, slow: { book: 'big' } };
/** Generating 30,000 records takes a few seconds, more on a loaded machine. */
const SETUP_MS = 120_000;

interface Book {
  sandbox: SandboxHandle;
  proxy: LatencyProxy;
  /** What the full member's overview {} reads: every page of both unresolved queries, and the filings up to the cap. */
  pages: { unresolved: number; filed: number };
}

async function openBook(options: SandboxOptions): Promise<Book> {
  const sandbox = await startSandbox({ ...options, recordRequests: false });
  const proxy = await LatencyProxy.start(sandbox.url);
  const organizationA = sandbox.dataset.organizations[0]!.id;
  const ofA = sandbox.dataset.records.filter((record) => record.organizationId === organizationA);
  const withStatus = (status: string) => ofA.filter((record) => record.status === status).length;
  const pages = {
    unresolved: Math.ceil(withStatus('open') / PAGE_SIZE) + Math.ceil(withStatus('in_review') / PAGE_SIZE),
    filed: Math.min(MAX_FILING_PAGES, Math.ceil(ofA.length / PAGE_SIZE)),
  };
  return { sandbox, proxy, pages };
}

async function closeBook(book: Book | undefined): Promise<void> {
  await book?.proxy.close();
  await book?.sandbox.close();
}

/** The environment of a stdio server reading through `proxy` with the full member's key. */
const stdioEnv = (proxy: LatencyProxy, timeoutMs: number) => ({
  COMPLAINTS_API_URL: proxy.url,
  COMPLAINTS_API_KEY: FULL,
  COMPLAINTS_TIMEOUT_MS: String(timeoutMs),
});

/**
 * Whether reading has stopped: once the requests cut short have ended (and a moment for any already
 * on the wire to land), no new request reaches `proxy` for `quietMs`. A server still reading would
 * send one a delay later at most.
 */
async function newRequestsAfterAnswer(proxy: LatencyProxy, quietMs: number): Promise<number> {
  await proxy.until(() => proxy.inFlight === 0);
  await sleep(200);
  const seen = proxy.requests;
  await sleep(quietMs);
  return proxy.requests - seen;
}

/**
 * One quick call, before the measured one: a fresh server loads its HTTP client once the handshake is
 * done, and a call sent right after it would spend that load inside its own deadline.
 */
async function warmUp(member: Connection): Promise<void> {
  // On a busy machine the load itself can outlast a short COMPLAINTS_TIMEOUT_MS: then the next call is warm.
  let answer = await member.call('list_complaints', { pageSize: 1 });
  for (let attempt = 1; answer.isError && attempt < 5; attempt += 1) answer = await member.call('list_complaints', { pageSize: 1 });
  expect(answer.isError, answer.text).toBe(false);
}

describe('many calls at once', () => {
  let book: Book;
  beforeAll(async () => {
    book = await openBook(BOOKS.calls);
  }, SETUP_MS);
  afterAll(() => closeBook(book));

  it('over stdio: keeps at most 8 requests in flight to the service, reads in parallel, and answers every call in full', async () => {
    const { proxy, pages } = book;
    proxy.delayMs = 50;
    proxy.reset();
    // A timeout far above what the calls need: this test is about the cap, not the deadline.
    const member = await connect(stdioEnv(proxy, 50_000));
    try {
      await takeStartCheckThrough(proxy);
      const overviews = Array.from({ length: 4 }, () => member.call('complaints_overview', {}));
      const lists = Array.from({ length: 3 }, () => member.call('list_complaints', { overdue: true, pageSize: 100 }));
      const [overviewAnswers, listAnswers] = await Promise.all([Promise.all(overviews), Promise.all(lists)]);

      for (const answer of [...overviewAnswers, ...listAnswers]) expect(answer.isError, answer.text).toBe(false);
      for (const { structured, text } of overviewAnswers) {
        expect(structured.atRisk.incomplete, text).toBeUndefined();
        expect(structured.atRisk.read).toBeUndefined();
        expect(text).not.toContain('could not be read');
      }
      for (const { text } of listAnswers) expect(text).not.toContain('could not be read');
      // The same book, the same figures: calls running together did not starve one another of pages.
      expect(new Set(overviewAnswers.map(({ structured }) => JSON.stringify(structured.atRisk))).size).toBe(1);

      const key = memberIdOfKey(FULL);
      expect(proxy.peakOf(key)).toBeLessThanOrEqual(MEMBER_MAX_IN_FLIGHT);
      expect(proxy.peakOf(key)).toBeGreaterThan(1);
      expect(proxy.peak).toBe(proxy.peakOf(key));
      // Each page once: an overview reads every unresolved page (after a count of one record per
      // status) and the filings up to the cap, a list every unresolved page (after the same counts).
      const unresolvedRead = 2 + pages.unresolved;
      expect(proxy.requests).toBe(4 * (unresolvedRead + pages.filed) + 3 * unresolvedRead);
    } finally {
      await member.close();
    }
  }, 90_000);

  it("over HTTP: keeps one key's requests to 8 in flight while ten of its overviews run, and another member's call goes through", async () => {
    const { proxy, sandbox } = book;
    proxy.delayMs = 20;
    const serve = await startHttpServe({ COMPLAINTS_API_URL: proxy.url, COMPLAINTS_TIMEOUT_MS: '50000' });
    const full = await connectHttp(serve.url, FULL);
    const other = await connectHttp(serve.url, RESTRICTED);
    try {
      // A record the store-restricted member may read; each key's first call makes it one the service accepted.
      const visible = sandbox.dataset.records.find((record) => record.storeId === STORE_IDS.miraflores)!;
      expect((await full.call('list_complaints', { pageSize: 1 })).isError).toBe(false);
      expect((await other.call('get_complaint', { id: visible.id })).isError).toBe(false);
      proxy.reset();

      let answeredSoFar = 0;
      const overviews = Array.from({ length: 10 }, () =>
        full.call('complaints_overview', {}).then((answer) => {
          answeredSoFar += 1;
          return answer;
        }),
      );
      const outcomes = Promise.allSettled(overviews);
      // Once the overviews are reading, the other member asks for one record.
      await proxy.until(() => proxy.inFlightOf(memberIdOfKey(FULL)) > 0);
      const detail = await other.call('get_complaint', { id: visible.id });
      const answeredWhenDetailCame = answeredSoFar;
      expect(detail.isError, detail.text).toBe(false);
      expect(detail.text).toContain(visible.detail.correlative);

      const results = await outcomes;
      const refused = results.filter((result) => result.status === 'rejected');
      const answered = results.filter((result) => result.status === 'fulfilled');
      // The per-key call cap is 8: calls beyond it are refused with 429, which is expected.
      for (const result of refused) expect((result.reason as { code?: number }).code, String(result.reason)).toBe(429);
      for (const result of answered) expect(result.value.isError, result.value.text).toBe(false);
      expect(answered.length).toBeGreaterThan(0);
      expect(refused.length).toBeLessThanOrEqual(10 - 1);

      const key = memberIdOfKey(FULL);
      expect(proxy.peakOf(key)).toBeLessThanOrEqual(MEMBER_MAX_IN_FLIGHT);
      expect(proxy.peakOf(key)).toBeGreaterThan(1);
      expect(proxy.requestsOf(memberIdOfKey(RESTRICTED))).toBe(1);
      // The other member was not made to wait behind the first one's overviews.
      expect(answeredWhenDetailCame).toBeLessThan(answered.length);
    } finally {
      await full.close();
      await other.close();
      await serve.stop();
      proxy.delayMs = 0;
    }
  }, 120_000);
});

describe('a slow service and COMPLAINTS_TIMEOUT_MS', () => {
  let book: Book;
  /** The whole book read in full, with all the time it needs: what a partial answer is compared with. */
  let complete: { text: string; structured: any };

  beforeAll(async () => {
    book = await openBook(BOOKS.slow);
    const member = await connect(stdioEnv(book.proxy, 50_000));
    try {
      const answer = await member.call('complaints_overview', {});
      expect(answer.isError, answer.text).toBe(false);
      expect(answer.structured.atRisk.incomplete).toBeUndefined();
      complete = answer;
    } finally {
      await member.close();
    }
  }, SETUP_MS);
  afterAll(() => closeBook(book));

  it('answers with what it read in time, says it is not complete, counts no more than the whole, and stops reading', async () => {
    // 300 ms a request against 2000 ms a call: the first pages come 300 ms in (plus what a loaded
    // machine adds), while a whole reading (every unresolved page, 50 of filings: some 70 pages),
    // its 3 first pages at once and then 8 at a time, takes 10 delays or more, 3 s, however fast the machine.
    const { proxy, pages } = book;
    expect(1 + Math.ceil((pages.unresolved + pages.filed - 3) / MEMBER_MAX_IN_FLIGHT)).toBeGreaterThanOrEqual(10);
    proxy.reset();
    const member = await connect(stdioEnv(proxy, 2000));
    try {
      await takeStartCheckThrough(proxy);
      await warmUp(member);
      proxy.delayMs = 300;
      proxy.reset();
      const { text, isError, structured } = await member.call('complaints_overview', {});
      expect(isError, text).toBe(false);
      const { atRisk } = structured;
      expect(atRisk.incomplete !== undefined || structured.hint !== undefined, text).toBe(true);
      expect(text).toContain('could not be read');
      // The reason is the call's own deadline, named as the member can change it.
      expect(text).toContain('COMPLAINTS_TIMEOUT_MS');

      const whole = complete.structured;
      // The service's counts are the same; what was read, and every figure over it, is no more than the whole's.
      expect(atRisk.unresolved).toBe(whole.atRisk.unresolved);
      expect(atRisk.read ?? atRisk.unresolved).toBeLessThanOrEqual(whole.atRisk.read ?? whole.atRisk.unresolved);
      for (const figure of ['unanswered', 'overdue', 'dueSoon', 'answeredNotDelivered'] as const) {
        expect(atRisk[figure], figure).toBeLessThanOrEqual(whole.atRisk[figure]);
      }
      expect(structured.total).toBe(whole.total);
      expect(structured.counted ?? structured.total).toBeLessThanOrEqual(whole.counted ?? whole.total);
      for (const [status, count] of Object.entries(structured.byStatus ?? {})) {
        expect(count, status).toBeLessThanOrEqual(whole.byStatus[status] ?? 0);
      }
      // Fewer pages were asked for than a whole reading takes.
      expect(proxy.requests).toBeLessThan(pages.unresolved + pages.filed);

      // Reading stopped with the answer: nothing reaches the service for four delays in a row.
      expect(await newRequestsAfterAnswer(proxy, 4 * proxy.delayMs)).toBe(0);
    } finally {
      await member.close();
      proxy.delayMs = 0;
    }
  }, 60_000);

  it('is an error naming COMPLAINTS_TIMEOUT_MS when not even the first pages come in time, and stops reading', async () => {
    const { proxy } = book;
    proxy.reset();
    const member = await connect(stdioEnv(proxy, 1500));
    try {
      await takeStartCheckThrough(proxy);
      await warmUp(member);
      proxy.delayMs = 3000;
      proxy.reset();
      const { text, isError } = await member.call('complaints_overview', {});
      expect(isError, text).toBe(true);
      expect(text).toContain('COMPLAINTS_TIMEOUT_MS');
      expect(text).not.toMatch(/internal error/i);
      // Only the first pages were asked for (two unresolved queries and the filings), and nothing more.
      expect(await newRequestsAfterAnswer(proxy, 1000)).toBe(0);
      expect(proxy.requests).toBeLessThanOrEqual(3);
    } finally {
      await member.close();
      proxy.delayMs = 0;
    }
  }, 60_000);
});
