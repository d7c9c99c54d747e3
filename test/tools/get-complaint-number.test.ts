// get_complaint by the number alone a manager names a record with ("481"), in process against a
// sandbox whose book spans 2024 to early January 2027 (800 days, the server's clock on 5 January: only
// Date is faked), so that a number is found in this year and others, in past years only, in one past
// year only, or in none. What each should find is read from the sandbox's own records.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SandboxRecord } from '../../src/sandbox/dataset.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { ORGANIZATION_A } from '../../src/sandbox/organizations.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import type { Connection } from '../helpers/connection.js';
import { connectInProcess } from '../helpers/in-process.js';

/** 10:00 on Tuesday 5 January 2027 in Lima: this year has its first few hundred numbers only. */
const NOW = new Date('2027-01-05T15:00:00Z');
const THIS_YEAR = '2027';

let sandbox: SandboxHandle;
let mcp: Connection;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  sandbox = await startSandbox({ now: NOW, days: 800, recordsPerOrganization: { a: 800 } });
  mcp = await connectInProcess({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key });
});

afterAll(async () => {
  await mcp?.close();
  await sandbox?.close();
  vi.useRealTimers();
});

beforeEach(() => {
  sandbox.requests.length = 0;
});

/** The full member's records (organization A) by the nine digits of their correlative. */
function recordsByNumber(): Map<string, SandboxRecord[]> {
  const byNumber = new Map<string, SandboxRecord[]>();
  for (const record of sandbox.dataset.records.filter((candidate) => candidate.organizationId === ORGANIZATION_A.id)) {
    const number = record.detail.correlative!.slice(0, 9);
    byNumber.set(number, [...(byNumber.get(number) ?? []), record]);
  }
  return byNumber;
}

const yearOf = (record: SandboxRecord) => record.detail.correlative!.slice(10);

/** The first number (lowest) whose records' years pass `years`, and those records. */
function numberWhere(years: (years: string[]) => boolean): [number: string, records: SandboxRecord[]] {
  const found = [...recordsByNumber()].sort(([a], [b]) => a.localeCompare(b)).find(([, records]) => years(records.map(yearOf)));
  if (found === undefined) throw new Error('the book has no such number: the test would check nothing');
  return found;
}

/** "000000041" as a manager says it: "41". */
const bare = (number: string) => String(Number(number));

/** The requests a reading by number makes: one search for the padded number, then the record found, if any. */
function expectOneSearch(number: string, thenRead?: SandboxRecord) {
  expect(sandbox.requests).toEqual([
    { method: 'GET', path: '/api/v1/complaints', query: { search: `${number}-`, pageSize: '100' } },
    ...(thenRead ? [{ method: 'GET', path: `/api/v1/complaints/${thenRead.id}`, query: {} }] : []),
  ]);
}

describe('get_complaint by a number alone', () => {
  it("reads this year's record when other years have the number too, and names those", async () => {
    const [number, records] = numberWhere((years) => years.includes(THIS_YEAR) && years.length >= 3);
    const thisYears = records.find((record) => yearOf(record) === THIS_YEAR)!;
    const { isError, text, structured } = await mcp.call('get_complaint', { reference: bare(number) });
    expect(isError, text).toBe(false);
    expect(structured).toMatchObject({ id: thisYears.id, correlative: `${number}-${THIS_YEAR}` });
    const note = text.split('\n')[0]!;
    expect(note).toMatch(new RegExp(`^"${bare(number)}" is this year's ${number}-${THIS_YEAR}; also numbered ${number}: `));
    for (const other of records.filter((record) => record !== thisYears)) expect(note).toContain(`${other.detail.correlative} (id ${other.id})`);
    expectOneSearch(number, thisYears);
  });

  it('takes the number as a JSON number too (the Inspector and some models send 481, not "481"), and refuses 0 as text would be', async () => {
    const [number, records] = numberWhere((years) => years.includes(THIS_YEAR));
    const thisYears = records.find((record) => yearOf(record) === THIS_YEAR)!;
    const { isError, text, structured } = await mcp.call('get_complaint', { reference: Number(number) });
    expect(isError, text).toBe(false);
    expect(structured).toMatchObject({ id: thisYears.id, correlative: `${number}-${THIS_YEAR}` });
    expectOneSearch(number, thisYears);

    sandbox.requests.length = 0;
    const zero = await mcp.call('get_complaint', { reference: 0 });
    expect(zero.isError).toBe(true);
    expect(zero.text).toMatch(/correlatives are numbered from 1/);
    // A fraction or a negative number is no correlative's number: refused by the rule, nothing sent.
    for (const odd of [4.81, -1]) expect((await mcp.call('get_complaint', { reference: odd })).isError).toBe(true);
    expect(sandbox.requests).toEqual([]);
  });

  it('reads the one record of a past year when this year has not reached the number, saying which year it is', async () => {
    const [number, [only]] = numberWhere((years) => years.length === 1 && years[0] !== THIS_YEAR);
    const { isError, text, structured } = await mcp.call('get_complaint', { reference: number });
    expect(isError, text).toBe(false);
    expect(structured).toMatchObject({ id: only!.id, correlative: only!.detail.correlative });
    expect(text.split('\n')[0]).toBe(`No record numbered ${number} in ${THIS_YEAR}; the only one is ${only!.detail.correlative}, below.`);
    expectOneSearch(number, only);
  });

  it('lists the records of past years to choose from, with their filing day, status and id, when this year has none', async () => {
    const [number, records] = numberWhere((years) => !years.includes(THIS_YEAR) && years.length >= 2);
    const { isError, text } = await mcp.call('get_complaint', { reference: bare(number) });
    expect(isError).toBe(true);
    const lines = text.split('\n');
    expect(lines[0]).toBe(`No record numbered ${number} in ${THIS_YEAR}; ${records.length} in other years:`);
    const newestYearFirst = [...records].sort((a, b) => yearOf(b).localeCompare(yearOf(a)));
    expect(lines.slice(1, -1)).toEqual(
      newestYearFirst.map(
        (record) =>
          `- ${record.detail.correlative} (filed ${new Date(record.createdAtMs - 5 * 3_600_000).toISOString().slice(0, 10)}, ${record.detail.status}, ${record.detail.store.name}): id ${record.id}`,
      ),
    );
    expect(lines.at(-1)).toBe('Call get_complaint again with the id of the one you mean.');
    expectOneSearch(number);
  });

  it('answers a number no year has with the not-found text, saying what was searched', async () => {
    const highest = Math.max(...[...recordsByNumber().keys()].map(Number));
    const number = String(highest + 1).padStart(9, '0');
    const missing = await mcp.call('get_complaint', { id: '00000000-0000-4000-8000-000000000000' });
    sandbox.requests.length = 0;
    const { isError, text } = await mcp.call('get_complaint', { reference: bare(number) });
    expect(isError).toBe(true);
    expect(text).toBe(`${missing.text} No record numbered ${number} in any year.`);
    expectOneSearch(number);
  });

  it('reads a short number with its year as that correlative, as a full one is read', async () => {
    const [number, records] = numberWhere((years) => years.length >= 3);
    const record = records.find((candidate) => yearOf(candidate) !== THIS_YEAR)!;
    const { isError, text, structured } = await mcp.call('get_complaint', { reference: `${bare(number)}-${yearOf(record)}` });
    expect(isError, text).toBe(false);
    expect(structured).toMatchObject({ id: record.id, correlative: record.detail.correlative });
    expect(sandbox.requests[0]?.query).toEqual({ search: record.detail.correlative, pageSize: '100' });
    expect(sandbox.requests).toHaveLength(2);
  });

  it.each([
    ['0', /"0" is not a correlative: correlatives are numbered from 1\./],
    ['481-26', /"481-26" is not a correlative: give its year in four digits: 000000481-2026\?/],
    ['1234567890', /"1234567890" is not a correlative: its number has at most 9 digits/],
  ])('refuses %j, which is no correlative, before sending anything', async (reference, why) => {
    const { isError, text } = await mcp.call('get_complaint', { reference });
    expect(isError).toBe(true);
    expect(text).toMatch(why);
    expect(sandbox.requests).toEqual([]);
  });

  it('reads the complaint://{id} resource by a number alone as get_complaint does', async () => {
    const [number, records] = numberWhere((years) => years.includes(THIS_YEAR));
    const thisYears = records.find((record) => yearOf(record) === THIS_YEAR)!;
    const { text } = await mcp.call('get_complaint', { reference: bare(number) });
    sandbox.requests.length = 0;
    const { contents } = await mcp.client.readResource({ uri: `complaint://${bare(number)}` });
    expect(contents).toEqual([{ uri: `complaint://${bare(number)}`, mimeType: 'text/plain', text }]);
    expectOneSearch(number, thisYears);
  });
});
