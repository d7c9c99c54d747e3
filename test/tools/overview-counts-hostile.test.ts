// Counts presented as "the service's own, exact" must be ones the service gave, and coherent with what was read.
// A count request (pageSize=1) whose pagination.total is missing, negative, fractional or over ten
// million is normalised by the client to the records seen on that page (1): the overview then shows
// "open 1, (other values) 59997" and says the counts are exact. And a count smaller than the records
// of that value already read (1,500 open read, the service says 1) is believed too.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComplaintsApi } from '../../src/api/client.js';
import type { ComplaintsReader } from '../../src/contract/operations.js';
import { listItemBody } from '../fixtures/records.js';
import { runOverview } from '../helpers/run-overview.js';

const KEY = 'or_hostile_counts_key_1a2b3c4d';
const clock = { now: () => new Date('2026-11-26T15:00:00Z'), timeZone: 'America/Lima' };
const STORES = Array.from({ length: 5 }, (_, i) => `a1e5c3d2-7b48-4f19-8e2a-${String(i).padStart(12, '0')}`);
const STATUSES = ['open', 'in_review', 'resolved'];

/**
 * 4,500 records, 40 a day, newest first; the period's listing says it holds PERIOD_TOTAL, more than
 * the 50,000 one overview reads of a period, and serves empty pages past the 4,500: the overview
 * then asks for the service's own counts, as over a year of a big chain, without the test serving
 * 50,000 records.
 */
const PERIOD_TOTAL = 60_000;
const BOOK = Array.from({ length: 4500 }, (_, i) => {
  const day = new Date(Date.UTC(2026, 10, 20) - Math.floor(i / 40) * 86_400_000);
  return listItemBody({
    id: `0b6f0c1e-58aa-4c1e-9d0a-${String(i).padStart(12, '0')}`,
    correlative: `${String(i).padStart(9, '0')}-2026`,
    status: STATUSES[i % 3],
    type: i % 3 ? 'claim' : 'complaint',
    storeId: STORES[i % 5],
    storeName: `Tienda ${i % 5}`,
    createdAt: new Date(day.getTime() + 15 * 3_600_000).toISOString(),
    responseDeadline: null,
  });
});

type Lie = (query: URLSearchParams, honest: number) => unknown;
let lie: Lie = (_query, honest) => honest;
let server: Server;
let api: ComplaintsReader;

beforeAll(async () => {
  server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    const matching = BOOK.filter(
      (record) =>
        (!query.get('status') || record.status === query.get('status')) &&
        (!query.get('type') || record.type === query.get('type')) &&
        (!query.get('storeId') || record.storeId === query.get('storeId')),
    );
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('pageSize') ?? 20);
    // Only the count requests of the filed reading lie (pageSize=1 with a from: the unresolved reading has none).
    const total = !query.has('from') ? matching.length : pageSize === 1 ? lie(query, matching.length) : PERIOD_TOTAL;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ data: matching.slice((page - 1) * pageSize, page * pageSize), pagination: { page, pageSize, total } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api = new ComplaintsApi({ baseUrl, apiKey: KEY, timeoutMs: 15_000, dispatcher: new Agent(), random: () => 0 });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function overview() {
  const answer = await runOverview(api, { from: '2025-01-01', to: '2026-11-25' }, clock);
  return { text: answer.text, structured: answer.structured as { byStatus: Record<string, number>; hint?: string; byStore: Array<{ count: number }> } };
}

describe('exact counts the service never gave', () => {
  it('the honest service: exact counts (control)', async () => {
    lie = (_query, honest) => honest;
    const { structured } = await overview();
    expect(structured.byStatus).toMatchObject({ open: 1500, in_review: 1500, resolved: 1500 });
    expect(structured.hint).toMatch(/service's own, exact/);
  });

  it.each([
    ['missing', () => undefined],
    ['negative', () => -5],
    ['fractional', (_q: URLSearchParams, honest: number) => honest + 0.5],
    ['over ten million', () => 20_000_000],
  ] as Array<[string, Lie]>)('a count whose pagination.total is %s is not shown as exact', async (_, how) => {
    lie = how;
    const { text, structured } = await overview();
    // What happens: byStatus {"(other values)":59997, open:1, in_review:1, resolved:1}, hint "…are the service's own, exact".
    // What should: the count refused (counts failed: lower bounds, or the records read), never a 1 called exact.
    const claimsExact = /service's own, exact/.test(structured.hint ?? '');
    expect(
      claimsExact && structured.byStatus.open === 1,
      text.split('\n').find((line) => line.startsWith('By status')),
    ).toBe(false);
  });

  it('a count below the records of that value already read is not believed', async () => {
    // 1,500 open records are among the 4,500 read; the service counts 1 open. The sum stays under the total.
    lie = (query, honest) => (query.get('status') === 'open' ? 1 : honest);
    const { structured } = await overview();
    expect(structured.byStatus.open).toBeGreaterThanOrEqual(1500);
  });
});
