// Paging a list the API cannot filter (overdue, dueBy, status "unresolved", emailProblem): the first
// page reads every unresolved record, the next pages of the same list within a minute reuse that
// reading instead of reading the whole book again for each page. On the sandbox's big book (30,000
// records of organization A over a year), from the stdio server in process (helpers/in-process.ts);
// the truth is worked out from the sandbox's own records and the law's calendar of
// helpers/law-deadline.ts, and requests are counted where the service sees them (sandbox.requests).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyApiClient } from '../../src/api/lazy-client.js';
import { RecentReadings } from '../../src/api/recent-readings.js';
import { MAX_BOOK_READS, MEMBER_BOOK_READS, RequestGate } from '../../src/api/request-gate.js';
import { generateDataset, type SandboxRecord } from '../../src/sandbox/dataset.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { findMemberByKey } from '../../src/sandbox/members.js';
import { listItemOf } from '../../src/sandbox/record-builder.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { createServer } from '../../src/server.js';
import { type Connection, callerOf } from '../helpers/connection.js';
import { connectInProcess } from '../helpers/in-process.js';
import { businessDaysLeft, lawDeadline, limaDay } from '../helpers/law-deadline.js';
import { NO_REGISTER } from '../helpers/no-register.js';
import { onOneDay } from '../helpers/one-day.js';
import { openTranscript } from '../helpers/transcript.js';

const LIMA = 'America/Lima';
const SLOW = 180_000;
const FULL = findMemberByKey(DEMO_KEYS.full.key)!;
const TEN_PAGES = 10;

const isUnresolved = (record: SandboxRecord) => record.status === 'open' || record.status === 'in_review';

describe('paging a deadline list of the big book', () => {
  let sandbox: SandboxHandle;
  let mcp: Connection;

  beforeAll(async () => {
    sandbox = await startSandbox({ dataset: generateDataset({ now: new Date(), book: 'big' }) });
    // A generous bound per call: a loaded machine must not turn a slow read into a partial answer.
    mcp = await connectInProcess({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key, COMPLAINTS_TIMEOUT_MS: '120000' });
  }, SLOW);

  afterAll(async () => {
    await mcp?.close();
    await sandbox?.close();
  });

  /** Organization A's unresolved records, as the full member sees them. */
  const unresolvedOfA = () => sandbox.dataset.records.filter((record) => record.organizationId === FULL.organizationId && isUnresolved(record));

  /** The ids of the records unanswered past the law's deadline as of `today`, by the sandbox's own records. */
  const overdueIds = (today: string) =>
    unresolvedOfA()
      .filter((record) => !listItemOf(record).hasResponse && businessDaysLeft(today, lawDeadline(record.createdAtMs)) < 0)
      .map((record) => record.id);

  /**
   * The requests one reading of the unresolved records makes: a count of one record per status, then
   * every page of 100 of each (api/unresolved-records.ts reads them oldest first).
   */
  const oneReading = () => {
    const pagesOf = (status: string) => Math.ceil(unresolvedOfA().filter((record) => record.status === status).length / 100);
    return 2 + pagesOf('open') + pagesOf('in_review');
  };

  /** The requests `call` makes at the sandbox. */
  const requestsOf = async <T>(call: () => Promise<T>): Promise<{ answer: T; requests: number }> => {
    sandbox.requests.length = 0;
    const answer = await call();
    return { answer, requests: sandbox.requests.length };
  };

  it(
    'ten pages of the overdue list cost one reading of the unresolved records, and together hold the whole list',
    async () => {
      await onOneDay(LIMA, async (now) => {
        const expected = overdueIds(limaDay(now.getTime()));
        expect(expected.length, 'the big book has a backlog').toBeGreaterThan(TEN_PAGES * 10);
        const pageSize = Math.ceil(expected.length / TEN_PAGES);
        const ids: string[] = [];
        const ages: unknown[] = [];
        let requests = 0;
        for (let page = 1; page <= TEN_PAGES; page++) {
          const { answer, requests: made } = await requestsOf(() => mcp.call('list_complaints', { overdue: true, pageSize, page }));
          expect(answer.isError, answer.text).toBe(false);
          expect(answer.structured.truncated).toBeUndefined();
          expect(answer.structured.total).toBe(expected.length);
          ids.push(...(answer.structured.items ?? []).map((row: { id: string }) => row.id));
          ages.push(answer.structured.readSecondsAgo);
          if (page > 1) expect(answer.text).toMatch(/read \d+ s ago/);
          requests += made;
        }
        expect(new Set(ids).size, 'each record once').toBe(ids.length);
        expect([...ids].sort()).toEqual([...expected].sort());
        expect(requests, `ten pages against one reading of ${oneReading()} requests`).toBeLessThanOrEqual(oneReading());
        // The first page reads afresh, and says nothing of an age; the others say how old their reading is.
        expect(ages[0]).toBeUndefined();
        for (const age of ages.slice(1)) expect(age).toEqual(expect.any(Number));
      });
    },
    SLOW,
  );

  it(
    'a changed filter reads again; the same list asked again from its first page reads again',
    async () => {
      const first = await requestsOf(() => mcp.call('list_complaints', { status: 'unresolved', pageSize: 50 }));
      expect(first.answer.isError, first.answer.text).toBe(false);
      expect(first.requests).toBe(oneReading());
      const next = await requestsOf(() => mcp.call('list_complaints', { status: 'unresolved', pageSize: 50, page: 2 }));
      expect(next.requests).toBe(0);
      expect(next.answer.structured.readSecondsAgo).toEqual(expect.any(Number));
      // Another filter, on the API's side (type) or on this server's (overdue): another reading.
      for (const changed of [{ type: 'claim' }, { overdue: true }]) {
        const other = await requestsOf(() => mcp.call('list_complaints', { status: 'unresolved', pageSize: 50, page: 2, ...changed }));
        expect(other.answer.isError, other.answer.text).toBe(false);
        expect(other.requests, JSON.stringify(changed)).toBeGreaterThan(0);
        expect(other.answer.structured.readSecondsAgo).toBeUndefined();
      }
      const again = await requestsOf(() => mcp.call('list_complaints', { status: 'unresolved', pageSize: 50 }));
      expect(again.requests).toBe(oneReading());
      expect(again.answer.structured.readSecondsAgo).toBeUndefined();
    },
    SLOW,
  );

  it(
    'a reading older than the window is read again (the clock moved, not slept)',
    async () => {
      // createServer as the stdio server makes it, with a clock the test moves.
      let offsetMs = 0;
      const clock = { now: () => new Date(Date.now() + offsetMs), timeZone: LIMA };
      const api = lazyApiClient(sandbox.url, DEMO_KEYS.full.key, 120_000);
      const server = createServer({
        api: api.api,
        problems: [],
        clock,
        redactPii: false,
        language: 'en',
        answerGuide: undefined,
        holdsMemberKey: () => false,
        timeoutMs: 120_000,
        register: NO_REGISTER,
        bookReads: [new RequestGate(MEMBER_BOOK_READS), new RequestGate(MAX_BOOK_READS)],
        listReadings: new RecentReadings().of('member'),
        version: '0.0.0-test',
      });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client({ name: 'list-pages-test', version: '1.0.0' });
      await client.connect(clientSide);
      const call = callerOf(client, openTranscript('in-process', {}));
      try {
        const list = (page: number) => requestsOf(() => call('list_complaints', { status: 'unresolved', pageSize: 50, page }));
        expect((await list(1)).requests).toBe(oneReading());
        offsetMs = 59_000;
        const reused = await list(2);
        expect(reused.requests).toBe(0);
        expect(reused.answer.structured.readSecondsAgo).toBeGreaterThanOrEqual(59);
        expect(reused.answer.text).toMatch(/read (59|60) s ago/);
        offsetMs = 61_000;
        const reread = await list(3);
        expect(reread.requests).toBe(oneReading());
        expect(reread.answer.structured.readSecondsAgo).toBeUndefined();
      } finally {
        await client.close();
        await server.close();
        await api.close();
      }
    },
    SLOW,
  );
});
