// complaints_overview narrowed to one store names it by its name, as the member knows it, wherever the
// name can be read: the period's filings, else the store's unresolved records, else one request of one
// record of the store at any date; a store of which no record can be read is said so plainly. In
// process against the sandbox, the names checked against the sandbox's own records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/sandbox/dataset.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { findMemberByKey } from '../../src/sandbox/members.js';
import { STORE_IDS } from '../../src/sandbox/organizations.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import type { Connection } from '../helpers/connection.js';
import { connectInProcess } from '../helpers/in-process.js';

const FULL = findMemberByKey(DEMO_KEYS.full.key)!;
/** A month long before the demo book: no store filed anything in it. */
const EMPTY_MONTH = { from: '2020-01-01', to: '2020-01-31' };
/** The store whose every record the test resolves: nothing unresolved to take its name from. */
const ALL_RESOLVED = STORE_IDS.cusco;
/** A well-formed store id no record has. */
const NO_SUCH_STORE = '0d5e6f70-8192-4a3b-9c4d-5e6f708192a3';

let sandbox: SandboxHandle;
let mcp: Connection;

beforeAll(async () => {
  const dataset = generateDataset({ now: new Date() });
  for (const record of dataset.records.filter((candidate) => candidate.storeId === ALL_RESOLVED)) {
    record.status = 'resolved';
    record.detail.status = 'resolved';
  }
  sandbox = await startSandbox({ dataset });
  mcp = await connectInProcess({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key });
});

afterAll(async () => {
  await mcp?.close();
  await sandbox?.close();
});

/** The store's name as the sandbox's own records hold it. */
function nameOf(storeId: string): string {
  const names = new Set(sandbox.dataset.records.filter((record) => record.storeId === storeId).map((record) => record.detail.store.name));
  expect(names.size).toBe(1);
  return [...names][0]!;
}

const recordsOf = (storeId: string) => sandbox.dataset.records.filter((record) => record.organizationId === FULL.organizationId && record.storeId === storeId);

/** The requests that looked the store up: one record of it, at any date and status. */
const lookups = (storeId: string) =>
  sandbox.requests.filter(
    ({ query }) => query.storeId === storeId && query.pageSize === '1' && query.status === undefined && query.from === undefined && query.to === undefined,
  );

async function overview(args: Record<string, unknown>) {
  sandbox.requests.length = 0;
  const answer = await mcp.call('complaints_overview', args);
  expect(answer.isError, answer.text).toBe(false);
  const lines = answer.text.split('\n');
  return { ...answer, atRiskLine: lines[0]!, filedLine: lines.find((line) => line.startsWith('Filed '))! };
}

describe('complaints_overview narrowed to one store', () => {
  it('names a store that filed records in the period by its name, from those records, with no request more', async () => {
    const storeId = STORE_IDS.miraflores;
    const name = nameOf(storeId);
    expect(recordsOf(storeId).some((record) => record.createdAtMs > Date.now() - 20 * 86_400_000)).toBe(true);
    const { structured, atRiskLine, filedLine } = await overview({ storeId, period: 'last_30_days' });
    expect(structured.store).toEqual({ id: storeId, name });
    expect(atRiskLine).toMatch(new RegExp(`^At risk now, whole book, store ${name} \\(`));
    expect(filedLine).toMatch(new RegExp(`^Filed [^:]*, store ${name}: `));
    expect(atRiskLine).not.toContain(storeId);
    expect(lookups(storeId)).toHaveLength(0);
  });

  it('names a store that filed nothing in the period by the name its unresolved records carry', async () => {
    const storeId = STORE_IDS.sanIsidro;
    const name = nameOf(storeId);
    expect(recordsOf(storeId).some((record) => record.status !== 'resolved')).toBe(true);
    const { structured, atRiskLine, filedLine } = await overview({ storeId, ...EMPTY_MONTH });
    expect(structured.total).toBe(0);
    expect(structured.store).toEqual({ id: storeId, name });
    expect(atRiskLine).toMatch(new RegExp(`^At risk now, whole book, store ${name} \\(`));
    expect(filedLine).toBe(`Filed 2020-01-01..2020-01-31, store ${name}: no records.`);
    expect(lookups(storeId)).toHaveLength(0);
  });

  it('names a store with nothing unresolved and nothing filed in the period by one request of one of its records', async () => {
    const name = nameOf(ALL_RESOLVED);
    expect(recordsOf(ALL_RESOLVED).length).toBeGreaterThan(0);
    const { structured, atRiskLine, filedLine, text } = await overview({ storeId: ALL_RESOLVED, ...EMPTY_MONTH });
    expect(structured.atRisk.unresolved).toBe(0);
    expect(structured.total).toBe(0);
    expect(structured.store).toEqual({ id: ALL_RESOLVED, name });
    expect(atRiskLine).toMatch(new RegExp(`^At risk now, whole book, store ${name} \\(`));
    expect(filedLine).toBe(`Filed 2020-01-01..2020-01-31, store ${name}: no records.`);
    expect(text).not.toContain(ALL_RESOLVED);
    expect(lookups(ALL_RESOLVED)).toHaveLength(1);
  });

  it('says plainly when no record of the store can be read at any date, and names it by the id asked', async () => {
    expect(sandbox.dataset.records.some((record) => record.storeId === NO_SUCH_STORE)).toBe(false);
    const { structured, atRiskLine, text } = await overview({ storeId: NO_SUCH_STORE });
    expect(structured.store).toEqual({ id: NO_SUCH_STORE, noRecord: true });
    expect(atRiskLine).toMatch(new RegExp(`^At risk now, whole book, store ${NO_SUCH_STORE} \\(`));
    expect(text).toContain(`No record of store ${NO_SUCH_STORE} can be read with this key, at any date:`);
    expect(lookups(NO_SUCH_STORE)).toHaveLength(1);
  });

  it('leaves the whole book unnamed by store, with no request more', async () => {
    const { structured, atRiskLine } = await overview({ period: 'last_30_days' });
    expect(structured.store).toBeUndefined();
    expect(atRiskLine).toMatch(/^At risk now, whole book \(/);
    expect(sandbox.requests.filter(({ query }) => query.pageSize === '1' && query.status === undefined)).toHaveLength(0);
  });
});
