// export_complaints in process (the stdio server, its file delivery), against the demo book's sandbox
// on loopback: the file it writes read back as a spreadsheet reads it (helpers/csv.ts), its rows
// against the sandbox's own records of the period, never a file over another, nothing sent for bad
// input, a selection too large refused after one count, and a cancelled register leaving nothing.
// The big book's ground truth is test/tools/export.test.ts's.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateDataset } from '../../src/sandbox/dataset.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { findMemberByKey } from '../../src/sandbox/members.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import type { Connection } from '../helpers/connection.js';
import { csvObjects, parseCsv } from '../helpers/csv.js';
import { connectInProcess } from '../helpers/in-process.js';
import { lawDeadline, limaDay } from '../helpers/law-deadline.js';

const dataset = generateDataset({ now: new Date() });
const ORG = findMemberByKey(DEMO_KEYS.full.key)!.organizationId;
const ofOrg = dataset.records.filter((record) => record.organizationId === ORG);

let sandbox: SandboxHandle;
let folder: string;
const connections: Connection[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ dataset });
});
afterAll(async () => {
  await sandbox?.close();
});
afterEach(async () => {
  for (const connection of connections.splice(0)) await connection.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function member(env: Record<string, string> = {}): Promise<Connection> {
  folder = await mkdtemp(join(tmpdir(), 'complaints-export-'));
  const connection = await connectInProcess({
    COMPLAINTS_API_URL: sandbox.url,
    COMPLAINTS_API_KEY: DEMO_KEYS.full.key,
    COMPLAINTS_EXPORT_DIR: folder,
    ...env,
  });
  connections.push(connection);
  sandbox.requests.length = 0;
  return connection;
}

/** The register a call wrote: the answer, and the file parsed strictly. */
async function exported(connection: Connection, args: Record<string, unknown>) {
  const result = (await connection.client.callTool({ name: 'export_complaints', arguments: args })) as CallToolResult;
  expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
  const structured = result.structuredContent as { path: string; rows: number; fileName: string };
  const bytes = await readFile(structured.path);
  const parsed = parseCsv(bytes.toString('utf8'));
  return { result, structured, bytes, parsed, rows: csvObjects(parsed.rows) };
}

/** The last full month in Lima, as the sandbox's clock stands. */
function lastMonth(): { from: string; to: string } {
  const today = limaDay(Date.now());
  const firstOfThis = `${today.slice(0, 7)}-01`;
  const last = new Date(Date.parse(`${firstOfThis}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return { from: `${last.slice(0, 7)}-01`, to: last };
}

describe('export_complaints over stdio: the file', () => {
  it('writes every record of the period filed by Lima day, once each, with the law’s deadline, and links the file', async () => {
    const connection = await member();
    const month = lastMonth();
    const { result, structured, bytes, parsed, rows } = await exported(connection, { period: 'last_month' });
    const expected = ofOrg.filter((record) => {
      const day = limaDay(record.createdAtMs);
      return day >= month.from && day <= month.to;
    });
    expect(expected.length).toBeGreaterThan(20);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parsed.bom).toBe(true);
    expect(structured.rows).toBe(expected.length);
    expect(rows.map((row) => row.Correlativo).sort()).toEqual(expected.map((record) => record.detail.correlative).sort());
    const byCorrelative = new Map(expected.map((record) => [record.detail.correlative, record]));
    for (const row of rows) {
      const record = byCorrelative.get(row.Correlativo!)!;
      expect(row['Plazo legal']).toBe(lawDeadline(record.createdAtMs));
      expect(row.Tienda).toBe(record.detail.store.name);
      expect(row['Fecha y hora de registro (Lima)']!.slice(0, 10)).toBe(limaDay(record.createdAtMs));
    }
    // Oldest filing first.
    const filed = rows.map((row) => row['Fecha y hora de registro (Lima)']!);
    expect([...filed].sort()).toEqual(filed);
    expect(structured.fileName).toBe(`registro-reclamaciones_${month.from.slice(0, 7)}.csv`);
    const link = result.content.find((block) => block.type === 'resource_link');
    expect(link).toMatchObject({ type: 'resource_link', mimeType: 'text/csv', name: structured.fileName, size: bytes.length });
    expect(fileURLToPath((link as { uri: string }).uri)).toBe(structured.path);
    // The list's pages and one count: no sheet is read without details.
    expect(sandbox.requests.every((request) => request.path === '/api/v1/complaints')).toBe(true);
  });

  it('never writes over a file: the same register twice is two files, and the first is unchanged', async () => {
    const connection = await member();
    const first = await exported(connection, { status: 'unresolved', language: 'en' });
    const second = await exported(connection, { status: 'unresolved', language: 'en' });
    expect(first.structured.fileName).toBe('complaints-register_all_unresolved.csv');
    expect(second.structured.fileName).toBe('complaints-register_all_unresolved-2.csv');
    expect(await readFile(first.structured.path)).toEqual(first.bytes);
    expect((await readdir(folder)).sort()).toEqual([first.structured.fileName, second.structured.fileName].sort());
    const unresolved = ofOrg.filter((record) => record.status !== 'resolved').length;
    expect(second.rows).toHaveLength(unresolved);
    expect(new Set(second.rows.map((row) => row.Status))).toEqual(new Set(['Open', 'In review']));
  });

  it('with details, each row holds its sheet: one detail request per record', async () => {
    const connection = await member();
    const { rows } = await exported(connection, { period: 'last_7_days', details: true });
    const details = sandbox.requests.filter((request) => request.path !== '/api/v1/complaints');
    expect(details).toHaveLength(rows.length);
    expect(new Set(details.map((request) => request.path)).size).toBe(rows.length);
    const byCorrelative = new Map(ofOrg.map((record) => [record.detail.correlative, record]));
    for (const row of rows) {
      const record = byCorrelative.get(row.Correlativo!)!;
      expect(row['Pedido del consumidor']).toBe(record.detail.claim.request?.trim() ?? '');
      expect(row['Respuesta oficial']).toBe(record.detail.response.officialResponse?.trim() ?? '');
    }
  });
});

describe('export_complaints refuses before reading', () => {
  it.each([
    [{ period: 'last_month', from: '2026-10-01' }, 'either period or from/to'],
    [{ from: '2026-10-31', to: '2026-10-01' }, 'is after to'],
    [{ storeId: 'tienda-1' }, 'uuid'],
    [{ status: 'closed' }, 'expected one of'],
    [{ details: 'sí' }, 'expected true or false'],
    [{ format: 'xlsx' }, 'format'],
  ])('%j, with nothing sent', async (args, words) => {
    const connection = await member();
    const result = (await connection.client.callTool({ name: 'export_complaints', arguments: args })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain(words);
    expect(sandbox.requests).toEqual([]);
    expect(await readdir(folder)).toEqual([]);
  });

  it('a selection larger than COMPLAINTS_MAX_SHEETS with details: its count and how to split it, after one count request', async () => {
    const connection = await member({ COMPLAINTS_MAX_SHEETS: '5' });
    const result = await connection.call('export_complaints', { period: 'last_month', details: true });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/The selection holds [\d,]+ records; whole sheets \(details: true\) are written for at most 5 a call/);
    expect(result.text).toContain('fewer filing days');
    expect(result.text).toContain('one store (storeId');
    expect(sandbox.requests).toHaveLength(1);
    expect(await readdir(folder)).toEqual([]);
  });

  it('a folder that is not there, or a relative one, is named; nothing is sent', async () => {
    for (const [dir, words] of [
      [join(tmpdir(), 'no-such-folder-for-registers'), 'names no folder'],
      ['registros', 'must be an absolute path'],
    ] as const) {
      const connection = await member({ COMPLAINTS_EXPORT_DIR: dir });
      const result = await connection.call('export_complaints', { period: 'last_month' });
      expect(result.isError).toBe(true);
      expect(result.text).toContain(words);
      expect(sandbox.requests).toEqual([]);
    }
  });
});

describe('export_complaints, long work', () => {
  it('reports rising progress, and a cancelled register leaves no file behind', async () => {
    const slow = await startSandbox({ dataset, latencyMs: 30 });
    try {
      folder = await mkdtemp(join(tmpdir(), 'complaints-export-'));
      const connection = await connectInProcess({ COMPLAINTS_API_URL: slow.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key, COMPLAINTS_EXPORT_DIR: folder });
      connections.push(connection);
      const seen: Array<{ progress: number; total?: number }> = [];
      const cancel = new AbortController();
      const call = connection.client.callTool({ name: 'export_complaints', arguments: { period: 'last_month', details: true } }, undefined, {
        signal: cancel.signal,
        onprogress: (progress) => {
          seen.push(progress);
          // Cancelled once some sheets are read: the file is being written then.
          if (seen.length === 4) cancel.abort('the member changed their mind');
        },
      });
      await expect(call).rejects.toThrow();
      await vi.waitFor(async () => expect(await readdir(folder)).toEqual([]), { timeout: 10_000, interval: 50 });
      expect(seen.length).toBeGreaterThanOrEqual(4);
      for (const [index, step] of seen.entries()) {
        if (index > 0) expect(step.progress).toBeGreaterThan(seen[index - 1]!.progress);
        if (step.total !== undefined) expect(step.progress).toBeLessThanOrEqual(step.total);
      }
    } finally {
      await slow.close();
    }
  });
});
