// The references a reader copies (from the README's prose, from what the tools, prompts and resource
// say to the model) must name a record of the demo data, and the same record, whatever the day the
// demo runs: the demo data set is drawn afresh for each day, so only its showcase records qualify.
// The server is the stdio one in process, against the sandbox with the full-access demo key, as --demo
// starts them (src/index.ts; test/e2e/process.test.ts runs --demo itself).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBusinessDays, businessDaysBetween } from '../../src/calendar/business-days.js';
import { REFERENCE_RULE } from '../../src/domain/reference.js';
import { type Dataset, generateDataset, type SandboxRecord } from '../../src/sandbox/dataset.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { ORGANIZATION_A, STORE_IDS } from '../../src/sandbox/organizations.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { SHOWCASE, SHOWCASE_DUE_SOON, SHOWCASE_RESOLVED } from '../../src/sandbox/showcase.js';
import type { Connection } from '../helpers/connection.js';
import { connectInProcess } from '../helpers/in-process.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Independent of the sandbox's own helpers: Lima is UTC-5 all year.
const limaDate = (ms: number) => new Date(ms - 5 * HOUR).toISOString().slice(0, 10);
const limaDayStart = (date: string) => Date.parse(`${date}T00:00:00-05:00`);

const CORRELATIVE = /\b\d{9}-\d{4}\b/g;
// Wider than the codes the service issues, so that a mistyped one is checked too (and fails).
const TRACKING_CODE = /\bRCL-[A-Z0-9]{4}-[A-Z0-9]{4}\b/gi;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

function referencesIn(text: string): string[] {
  return [...new Set([...text.matchAll(CORRELATIVE), ...text.matchAll(TRACKING_CODE), ...text.matchAll(UUID)].map(([match]) => match))];
}

/**
 * The README without its fenced blocks. Those are example outputs, captured on one day: the rows of a
 * list or an overview are the records filed around that day, and the README says that yours differ.
 * What the prose quotes (a question to ask, an argument to pass) is what a reader tries.
 */
function readmeProse(): string {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  return readme.replace(/^```[^\n]*\n[\s\S]*?^```[ \t]*$/gm, '');
}

/** Clocks the demo may run on: the README's day, both sides of a Lima midnight, New Year, later years. */
const CLOCKS = [
  '2026-11-22T15:00:00Z',
  '2026-11-23T04:59:59Z', // 23:59:59 in Lima
  '2026-11-23T05:00:00Z', // midnight in Lima
  '2026-06-10T04:00:00Z', // a period whose generated correlatives run past the showcase numbers
  '2027-01-01T05:30:00Z',
  '2028-02-29T17:00:00Z',
  '2031-07-28T03:00:00Z',
  '2032-12-31T23:59:00Z',
];

const datasets = new Map<string, Dataset>();
function datasetAt(iso: string): Dataset {
  let dataset = datasets.get(iso);
  if (!dataset) {
    dataset = generateDataset({ now: new Date(iso) });
    datasets.set(iso, dataset);
  }
  return dataset;
}

/** Every record a reference names: by correlative or tracking code (exactly, ignoring case), or by id. */
function recordsNamed(dataset: Dataset, reference: string): SandboxRecord[] {
  const wanted = reference.toLowerCase();
  return dataset.records.filter(({ detail }) => [detail.id, detail.correlative, detail.trackingCode].some((value) => value?.toLowerCase() === wanted));
}

/** A record without its dates: who, where, what was asked and answered, and how it went. */
function story(record: SandboxRecord) {
  const { detail } = record;
  return {
    ...detail,
    priority: record.priority,
    claim: { ...detail.claim, incidentDate: undefined },
    response: { ...detail.response, respondedAt: undefined },
    delivery: { receipt: { status: detail.delivery.receipt.status }, response: { status: detail.delivery.response.status } },
    deadline: { days: detail.deadline.days },
    history: detail.history.map(({ createdAt: _, ...event }) => event),
    createdAt: undefined,
    updatedAt: undefined,
  };
}

const storeIds = new Set<string>(Object.values(STORE_IDS));
const isStoreId = (reference: string) => storeIds.has(reference.toLowerCase());

let sandbox: SandboxHandle;
let mcp: Connection;
const quoted = new Map<string, string[]>();

beforeAll(async () => {
  sandbox = await startSandbox({ recordRequests: false });
  mcp = await connectInProcess({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key });
  const [{ tools }, { prompts }, { resourceTemplates }] = await Promise.all([
    mcp.client.listTools(),
    mcp.client.listPrompts(),
    mcp.client.listResourceTemplates(),
  ]);
  quoted.set('README.md (outside its example outputs)', referencesIn(readmeProse()));
  quoted.set('tools/list', referencesIn(JSON.stringify(tools)));
  quoted.set('prompts/list', referencesIn(JSON.stringify(prompts)));
  quoted.set('resources/templates/list', referencesIn(JSON.stringify(resourceTemplates)));
  quoted.set('the reference rule of errors', referencesIn(REFERENCE_RULE));
});

afterAll(async () => {
  await mcp?.close();
  await sandbox?.close();
});

const allQuoted = () => [...new Set([...quoted.values()].flat())];

describe('the references quoted to readers and to the model', () => {
  it('are found where they are quoted, so that the checks below check something', () => {
    expect(quoted.get('tools/list')).toEqual(expect.arrayContaining([SHOWCASE_RESOLVED.correlative, SHOWCASE_RESOLVED.trackingCode]));
    expect(quoted.get('README.md (outside its example outputs)')?.length).toBeGreaterThan(0);
  });

  it.each(CLOCKS)('each name one record of organization A in the demo data at %s, the same as on the README day', (iso) => {
    const dataset = datasetAt(iso);
    const readmeDay = datasetAt(CLOCKS[0]!);
    for (const [source, references] of quoted) {
      for (const reference of references.filter((candidate) => !isStoreId(candidate))) {
        const named = recordsNamed(dataset, reference);
        expect(
          named.map((record) => record.detail.correlative),
          `${reference} (${source})`,
        ).toHaveLength(1);
        expect(named[0]?.organizationId).toBe(ORGANIZATION_A.id);
        expect(story(named[0]!), `${reference} (${source})`).toEqual(story(recordsNamed(readmeDay, reference)[0]!));
      }
    }
  });

  it('each name that record through get_complaint in --demo, today', async () => {
    const today = datasetAt(new Date().toISOString());
    for (const reference of allQuoted().filter((candidate) => !isStoreId(candidate))) {
      const args = /^[0-9a-f-]{36}$/i.test(reference) ? { id: reference } : { reference };
      const { isError, text, structured } = await mcp.call('get_complaint', args);
      expect(isError, `${reference}: ${text}`).toBe(false);
      const [record] = recordsNamed(today, reference);
      expect(structured).toMatchObject({ correlative: record?.detail.correlative, trackingCode: record?.detail.trackingCode, status: record?.detail.status });
    }
  });
});

describe('the showcase records', () => {
  it.each(CLOCKS)('at %s: filed before today within the period, deadlines as the law counts them', (iso) => {
    const nowMs = Date.parse(iso);
    const today = limaDate(nowMs);
    const dataset = datasetAt(iso);
    const byId = (id: string) => {
      const record = dataset.byId.get(id);
      if (!record) throw new Error(`showcase ${id} missing at ${iso}`);
      return record.detail;
    };
    for (const { id, correlative, trackingCode } of SHOWCASE) {
      const detail = byId(id);
      expect(detail).toMatchObject({ correlative, trackingCode, organizationId: ORGANIZATION_A.id });
      const created = Date.parse(detail.createdAt!);
      expect(created).toBeGreaterThan(nowMs - 120 * DAY);
      const instants = [
        detail.createdAt,
        detail.updatedAt,
        detail.response.respondedAt,
        detail.delivery.receipt.sentAt,
        detail.delivery.response.sentAt,
        ...detail.history.map((event) => event.createdAt),
      ].filter((value): value is string => value !== null);
      // Before today began in Lima: the time of day changes nothing.
      for (const instant of instants) expect(Date.parse(instant)).toBeLessThan(limaDayStart(today));
      const due = addBusinessDays(limaDate(created), 15);
      expect(detail.deadline).toEqual({ days: 15, date: new Date(Date.parse(`${due}T23:59:59.999-05:00`)).toISOString() });
    }
    const resolved = byId(SHOWCASE_RESOLVED.id);
    expect(resolved.status).toBe('resolved');
    expect(Date.parse(resolved.response.respondedAt!)).toBeLessThanOrEqual(Date.parse(resolved.deadline.date!));
    const dueSoon = byId(SHOWCASE_DUE_SOON.id);
    expect(dueSoon).toMatchObject({ status: 'open', response: { officialResponse: null } });
    expect(businessDaysBetween(today, limaDate(Date.parse(dueSoon.deadline.date!)))).toBe(2);
  });

  it('keep their correlatives out of the generated ones where the generated numbers run past them', () => {
    const dataset = datasetAt('2026-06-10T04:00:00Z');
    const numbers = dataset.records
      .filter((record) => record.organizationId === ORGANIZATION_A.id && record.detail.correlative?.endsWith('-2026'))
      .map((record) => Number(record.detail.correlative?.slice(0, 9)));
    for (const { correlative } of SHOWCASE) {
      const number = Number(correlative.slice(0, 9));
      expect(Math.min(...numbers)).toBeLessThan(number);
      expect(Math.max(...numbers)).toBeGreaterThan(number);
    }
    const correlatives = dataset.records.map((record) => `${record.organizationId} ${record.detail.correlative}`);
    expect(new Set(correlatives).size).toBe(correlatives.length);
  });
});
