// A list the server filters itself (emailProblem here) counts only the records it could read: on the
// big book (30,000 records of organization A) one call reads the newest 10,000, so the count is a
// lower bound, and the sentence that states it says so, as does the structured answer. On a book read
// whole, the count is exact and said plainly. The truth is worked out from the sandbox's own records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UNRESOLVED_RECORDS } from '../../src/api/reading-bounds.js';
import { generateDataset, type SandboxRecord } from '../../src/sandbox/dataset.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { findMemberByKey } from '../../src/sandbox/members.js';
import { listItemOf } from '../../src/sandbox/record-builder.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import type { Connection } from '../helpers/connection.js';
import { connectInProcess } from '../helpers/in-process.js';

const SLOW = 180_000;
const FULL = findMemberByKey(DEMO_KEYS.full.key)!;

/** A delivery state that needs attention: anything but sent or queued, in any case. */
const isProblem = (state: string | null | undefined) =>
  typeof state === 'string' && state.trim() !== '' && !['sent', 'queued'].includes(state.trim().toLowerCase());
const hasProblem = (record: SandboxRecord) => {
  const item = listItemOf(record);
  return isProblem(item.receiptDeliveryStatus) || isProblem(item.responseDeliveryStatus);
};

/** Organization A's records as the API lists them: newest first, ties by id. */
const bookOfA = (sandbox: SandboxHandle) =>
  sandbox.dataset.records
    .filter((record) => record.organizationId === FULL.organizationId)
    .sort((a, b) => b.createdAtMs - a.createdAtMs || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));

describe.each([
  { book: 'big' as const, cut: true },
  { book: 'demo' as const, cut: false },
])('list_complaints emailProblem=true on the $book book', ({ book, cut }) => {
  let sandbox: SandboxHandle;
  let mcp: Connection;

  beforeAll(async () => {
    sandbox = await startSandbox({ dataset: generateDataset({ now: new Date(), book }) });
    mcp = await connectInProcess({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key, COMPLAINTS_TIMEOUT_MS: '120000' });
  }, SLOW);

  afterAll(async () => {
    await mcp?.close();
    await sandbox?.close();
  });

  it(
    cut
      ? 'says in its first sentence and in totalIsLowerBound that the count covers only the newest records read'
      : 'says a plain, exact count when every record was read',
    async () => {
      const records = bookOfA(sandbox);
      expect(records.length > MAX_UNRESOLVED_RECORDS, 'the book is bigger than one reading').toBe(cut);
      const read = records.slice(0, MAX_UNRESOLVED_RECORDS);
      const matching = read.filter(hasProblem).length;
      expect(matching).toBeGreaterThan(0);

      const answer = await mcp.call('list_complaints', { emailProblem: true, pageSize: 5 });
      expect(answer.isError, answer.text).toBe(false);
      expect(answer.structured.total).toBe(matching);
      const first = answer.text.split('\n')[0]!;
      if (cut) {
        expect(answer.structured.totalIsLowerBound).toBe(true);
        expect(first).toMatch(new RegExp(`^At least ${matching} records match \\(.*\\) among the ${read.length} newest records read of ${records.length}\\.`));
      } else {
        expect(answer.structured.totalIsLowerBound).toBeUndefined();
        expect(first).toMatch(new RegExp(`^${matching} records match \\(.*\\)\\. Page 1`));
        expect(answer.text).not.toMatch(/at least|read of/i);
      }
    },
    SLOW,
  );
});
