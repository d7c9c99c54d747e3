// Completing the `reference` of the prompts about one record, in process against the demo sandbox:
// the most urgent unanswered records first, worked out here from the sandbox's own records and the
// law's count in test/helpers/law-deadline.ts; what was typed narrows them, or is searched for.
import { describe, expect, it } from 'vitest';
import { holdsKeyShape } from '../../src/key-shape.js';
import type { SandboxRecord } from '../../src/sandbox/dataset.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { listItemBody } from '../fixtures/records.js';
import { FaultServer, json, stallBeforeHeaders } from '../helpers/fault-server.js';
import { connectInProcess, demoInProcessForFile } from '../helpers/in-process.js';
import { businessDaysLeft, DUE_SOON_DAYS, lawDeadline, limaDay } from '../helpers/law-deadline.js';

const demo = demoInProcessForFile();

const today = () => limaDay(Date.now());
const due = (record: SandboxRecord) => lawDeadline(record.createdAtMs);

/** A member's unresolved, unanswered records overdue or due soon, earliest deadline first, then the oldest filing, then by id. */
function urgentRecords(organizationId: string, records: readonly SandboxRecord[] = demo.sandbox.dataset.records): SandboxRecord[] {
  return records
    .filter((record) => record.organizationId === organizationId && record.status !== 'resolved')
    .filter((record) => record.detail.response.officialResponse === null && record.detail.response.respondedAt === null)
    .filter((record) => businessDaysLeft(today(), due(record)) <= DUE_SOON_DAYS)
    .sort((a, b) => due(a).localeCompare(due(b)) || a.createdAtMs - b.createdAtMs || a.id.localeCompare(b.id));
}

/** The 10 a completion offers of `urgent`: up to 5 due soon, the rest the most overdue. */
function offer(urgent: SandboxRecord[]): string[] {
  const overdue = urgent.filter((record) => businessDaysLeft(today(), due(record)) < 0);
  const dueSoon = urgent.filter((record) => businessDaysLeft(today(), due(record)) >= 0);
  const dueSoonOffered = dueSoon.slice(0, Math.max(5, 10 - overdue.length));
  return [...overdue.slice(0, 10 - dueSoonOffered.length), ...dueSoonOffered].map((record) => record.detail.correlative!);
}

const complete = async (prompt: string, value: string, client = demo.mcp.client) =>
  (await client.complete({ ref: { type: 'ref/prompt', name: prompt }, argument: { name: 'reference', value } })).completion.values;

describe('completing a record’s reference', () => {
  it('offers the 10 most urgent unanswered records, 5 of them due soon (still answerable in time), for draft_response and summarize_complaint alike', async () => {
    const organizationId = demo.sandbox.dataset.organizations[0]!.id;
    const expected = offer(urgentRecords(organizationId));
    expect(urgentRecords(organizationId).length).toBeGreaterThan(10);
    expect(expected).toHaveLength(10);
    // The demo's claim due in 2 business days is among them.
    expect(expected).toContain('000000474-2026');
    expect(await complete('draft_response', '')).toEqual(expected);
    expect(await complete('summarize_complaint', '')).toEqual(expected);
  });

  it('narrows them to what was typed, in the correlative or the tracking code, ignoring case', async () => {
    const organizationId = demo.sandbox.dataset.organizations[0]!.id;
    const urgent = urgentRecords(organizationId);
    const last = urgent.at(-1)!.detail.correlative!;
    const typed = last.slice(4, 9);
    expect(await complete('draft_response', typed)).toEqual(offer(urgent.filter((record) => record.detail.correlative!.includes(typed))));
    const record = demo.sandbox.dataset.records.find((candidate) => candidate.detail.correlative === last)!;
    expect(await complete('draft_response', record.detail.trackingCode!.toLowerCase())).toEqual([last]);
  });

  it('searches the book for what no urgent record holds, and offers nothing for a key', async () => {
    const answered = demo.sandbox.dataset.records.find(
      (record) => record.status === 'resolved' && record.organizationId === demo.sandbox.dataset.organizations[0]!.id,
    )!;
    demo.sandbox.requests.length = 0;
    expect(await complete('draft_response', answered.detail.correlative!)).toEqual([answered.detail.correlative]);
    expect(demo.sandbox.requests.at(-1)?.query).toMatchObject({ search: answered.detail.correlative });
    demo.sandbox.requests.length = 0;
    expect(await complete('draft_response', DEMO_KEYS.full.key)).toEqual([]);
    expect(JSON.stringify(demo.sandbox.requests)).not.toContain(DEMO_KEYS.full.key);
  });

  it('searches a number alone as the padded number of every year, the records get_complaint chooses among, and sends nothing for digits that make no correlative', async () => {
    const organizationId = demo.sandbox.dataset.organizations[0]!.id;
    const urgent = urgentRecords(organizationId);
    const own = demo.sandbox.dataset.records.filter((record) => record.organizationId === organizationId);
    // A number no urgent record holds in its correlative or tracking code, as typed: the completion searches.
    const record = own.find((candidate) => {
      const typed = String(Number(candidate.detail.correlative!.slice(0, 9)));
      return typed.length >= 3 && !urgent.some((other) => `${other.detail.correlative} ${other.detail.trackingCode}`.includes(typed));
    })!;
    const number = record.detail.correlative!.slice(0, 9);
    demo.sandbox.requests.length = 0;
    const offered = await complete('draft_response', String(Number(number)));
    expect(offered).toEqual(own.filter((candidate) => candidate.detail.correlative!.startsWith(`${number}-`)).map((candidate) => candidate.detail.correlative));
    expect(demo.sandbox.requests.map((request) => request.query.search)).toEqual([`${number}-`]);
    demo.sandbox.requests.length = 0;
    expect(await complete('draft_response', '481-26')).toEqual([]);
    expect(demo.sandbox.requests).toEqual([]);
  });

  it('offers another organization’s member only their own records, and nothing when the key is refused', async () => {
    const otherOrg = await connectInProcess({ COMPLAINTS_API_URL: demo.sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.otherOrganization.key });
    const refused = await connectInProcess({ COMPLAINTS_API_URL: demo.sandbox.url, COMPLAINTS_API_KEY: `or_${'x'.repeat(40)}` });
    try {
      const organizationB = demo.sandbox.dataset.organizations[1]!.id;
      expect(urgentRecords(organizationB).length).toBeGreaterThan(0);
      expect(await complete('draft_response', '', otherOrg.client)).toEqual(offer(urgentRecords(organizationB)));
      expect(await complete('draft_response', '', refused.client)).toEqual([]);
    } finally {
      await otherOrg.close();
      await refused.close();
    }
  });
});

describe('a reference holding the key in another spelling', () => {
  it('is refused before any request by the prompts: the key without its "or_" is never sent as a search', async () => {
    const body = DEMO_KEYS.full.key.slice(3);
    demo.sandbox.requests.length = 0;
    for (const name of ['draft_response', 'summarize_complaint']) {
      const refused = demo.mcp.client.getPrompt({ name, arguments: { reference: body } });
      await expect(refused, name).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/expected a correlative/) });
      await expect(refused).rejects.not.toThrow(body);
    }
    expect(demo.sandbox.requests).toEqual([]);
  });
});

describe('completing a number alone in a book whose numbers reach five digits', () => {
  it('offers first the records the number (or a short correlative) names, also when urgent records merely hold its digits', async () => {
    // 3,000 records in 60 days: numbers from a few hundred to a few thousand, so that an urgent
    // 000002730-… holds the digits of 000000273 or 000000730.
    const sandbox = await startSandbox({ days: 60, recordsPerOrganization: { a: 3000 } });
    const mcp = await connectInProcess({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key });
    try {
      const organizationId = sandbox.dataset.organizations[0]!.id;
      const own = sandbox.dataset.records.filter((record) => record.organizationId === organizationId);
      const urgent = urgentRecords(organizationId, sandbox.dataset.records);
      const urgentIds = new Set(urgent.map((record) => record.id));
      const record = own.find((candidate) => {
        const typed = String(Number(candidate.detail.correlative!.slice(0, 9)));
        return typed.length >= 3 && !urgentIds.has(candidate.id) && urgent.some((other) => other.detail.correlative!.includes(typed));
      });
      if (record === undefined) throw new Error('the book has no such number: the test would check nothing');
      const number = record.detail.correlative!.slice(0, 9);
      const typed = String(Number(number));
      const named = own.filter((candidate) => candidate.detail.correlative!.startsWith(`${number}-`)).map((candidate) => candidate.detail.correlative!);
      const holdingDigits = offer(urgent.filter((other) => other.detail.correlative!.includes(typed)));
      sandbox.requests.length = 0;
      const offered = await complete('draft_response', typed, mcp.client);
      expect(offered.slice(0, named.length)).toEqual(named);
      expect(offered.slice(named.length)).toEqual(holdingDigits.filter((correlative) => !named.includes(correlative)).slice(0, 10 - named.length));
      expect(sandbox.requests.map((request) => request.query.search).filter(Boolean)).toEqual([`${number}-`]);
      // A short correlative is searched as get_complaint reads it: padded, exactly.
      sandbox.requests.length = 0;
      const year = record.detail.correlative!.slice(10);
      expect((await complete('draft_response', `${typed}-${year}`, mcp.client))[0]).toBe(record.detail.correlative);
      expect(sandbox.requests.map((request) => request.query.search).filter(Boolean)).toEqual([`${number}-${year}`]);
    } finally {
      await mcp.close();
      await sandbox.close();
    }
  });
});

describe('completing a reference: the key in another spelling', () => {
  it('sends no search holding the key without its "or_" (a token, as a setting would refuse it), and offers nothing for it', async () => {
    const body = DEMO_KEYS.full.key.slice(3);
    demo.sandbox.requests.length = 0;
    expect(await complete('draft_response', body)).toEqual([]);
    expect(JSON.stringify(demo.sandbox.requests)).not.toContain(body);
  });
});

describe('completing a reference against a hostile, failing or silent service', () => {
  const KEY = 'or_completion_suite_key_8e1d4c7b2a90';
  /** Overdue, unanswered records: the urgent ones a completion offers. */
  let ids = 0;
  const overdue = (correlative: string) =>
    listItemBody({
      id: `0b6f0c1e-58aa-4c1e-9d0a-${String(++ids).padStart(12, '0')}`,
      correlative,
      createdAt: '2026-09-01T15:00:00.000Z',
      responseDeadline: '2026-09-23T04:59:59.999Z',
    });
  const page = (items: unknown[]) => json(200, { data: items, pagination: { page: 1, pageSize: 100, total: items.length, totalPages: 1 } });

  async function completing(api: FaultServer, value: string, timeoutMs = '1000') {
    const mcp = await connectInProcess({ COMPLAINTS_API_KEY: KEY, COMPLAINTS_API_URL: api.url, COMPLAINTS_TIMEOUT_MS: timeoutMs });
    try {
      return await complete('draft_response', value, mcp.client);
    } finally {
      await mcp.close();
    }
  }

  it('cleans what the service sends as correlatives: one short line each', async () => {
    const api = await FaultServer.start();
    try {
      api.always(page([overdue('000000001-2026\n--- Fin del registro ---\u2028x'), overdue(`000000002-2026${'9'.repeat(100_000)}`)]));
      const values = await completing(api, '');
      expect(values).toHaveLength(2);
      for (const value of values) {
        expect(value).not.toMatch(/[\n\r\u2028\u2029\u0085]/);
        expect(value.length).toBeLessThanOrEqual(80);
      }
    } finally {
      await api.close();
    }
  });

  it('offers no value that holds the member’s key, should the service echo it as a correlative', async () => {
    const api = await FaultServer.start();
    try {
      api.always(page([overdue(KEY), overdue(`x ${KEY}`), overdue('000000003-2026')]));
      const values = await completing(api, '');
      expect(values.filter((value) => holdsKeyShape(value) || value.includes(KEY.slice(3, 20)))).toEqual([]);
      expect(values).toContain('000000003-2026');
    } finally {
      await api.close();
    }
  });

  it('offers nothing, without an error, when the service fails or never answers (within COMPLAINTS_TIMEOUT_MS)', async () => {
    const api = await FaultServer.start();
    try {
      api.always(json(500, { message: 'boom' }));
      expect(await completing(api, '')).toEqual([]);
      expect(await completing(api, '000000481-2026')).toEqual([]);
      api.always(stallBeforeHeaders);
      expect(await completing(api, '')).toEqual([]);
      expect(await completing(api, '000000481-2026')).toEqual([]);
    } finally {
      await api.close();
    }
  });
});
