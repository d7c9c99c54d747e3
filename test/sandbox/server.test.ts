// The sandbox over real HTTP on an ephemeral port: every rule of the contract, checked against
// expectations computed independently from the generated data set.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { Client } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDetailEnvelope, readListEnvelope } from '../../src/api/read-records.js';
import { addBusinessDays } from '../../src/calendar/business-days.js';
import { generateDataset, type SandboxRecord } from '../../src/sandbox/dataset.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { memberKeyHashes } from '../../src/sandbox/members.js';
import { ORGANIZATION_A, ORGANIZATION_B, STORE_IDS } from '../../src/sandbox/organizations.js';
import { RECORDED_REQUESTS_LIMIT, type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { SHOWCASE } from '../../src/sandbox/showcase.js';

const NOW = new Date('2026-11-22T15:00:00Z'); // Sunday 10:00 in Lima
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FULL = DEMO_KEYS.full.key;
const RESTRICTED = DEMO_KEYS.storeRestricted.key;
const RESTRICTED_STORES = [STORE_IDS.miraflores, STORE_IDS.arequipa];

let sandbox: SandboxHandle;
let recordsA: SandboxRecord[];

beforeAll(async () => {
  sandbox = await startSandbox({ now: NOW });
  recordsA = sandbox.dataset.records.filter((record) => record.organizationId === ORGANIZATION_A.id);
});

afterAll(async () => {
  await sandbox.close();
});

// Independent of the sandbox's own helpers: Lima is UTC-5 all year.
const limaDate = (iso: string) => new Date(Date.parse(iso) - 5 * HOUR).toISOString().slice(0, 10);
const limaClock = (iso: string) => new Date(Date.parse(iso) - 5 * HOUR).toISOString().slice(11, 19);

async function call(path: string, key: string | null = FULL, init: RequestInit = {}) {
  const headers: Record<string, string> = key === null ? {} : { authorization: `Bearer ${key}` };
  const response = await fetch(`${sandbox.url}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as any };
}

/** Every id the list returns for `query`, over all pages, in order. */
async function allIds(query: string, key: string = FULL): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const { status, body } = await call(`/api/v1/complaints?pageSize=100&page=${page}${query ? `&${query}` : ''}`, key);
    expect(status).toBe(200);
    ids.push(...body.data.map((item: { id: string }) => item.id));
    if (page >= body.pagination.totalPages) return ids;
  }
}

/** Ids of organization A's records matching `keep`, newest first (createdAt desc, id desc). */
function expectedIds(keep: (record: SandboxRecord) => boolean, records = recordsA): string[] {
  return records
    .filter(keep)
    .sort((a, b) => Date.parse(b.detail.createdAt ?? '') - Date.parse(a.detail.createdAt ?? '') || (a.id < b.id ? 1 : -1))
    .map((record) => record.id);
}

describe('data set', () => {
  it('has at least 400 records in 2 organizations and at least 5 stores, none in the future', () => {
    const { records } = sandbox.dataset;
    expect(records.length).toBeGreaterThanOrEqual(400);
    expect(new Set(records.map((r) => r.organizationId))).toEqual(new Set([ORGANIZATION_A.id, ORGANIZATION_B.id]));
    expect(new Set(records.map((r) => r.storeId)).size).toBeGreaterThanOrEqual(5);
    expect(recordsA.length).toBeGreaterThanOrEqual(400);
    for (const record of records) {
      const created = Date.parse(record.detail.createdAt ?? '');
      expect(created).toBeLessThanOrEqual(NOW.getTime());
      expect(created).toBeGreaterThan(NOW.getTime() - 121 * DAY);
      for (const event of record.detail.history) expect(Date.parse(event.createdAt ?? '')).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('has records earlier today and on each day of the current week (Lima)', () => {
    const days = new Set(recordsA.map((r) => limaDate(r.detail.createdAt ?? '')));
    // NOW is Sunday 2026-11-22: the week began on Monday 2026-11-16.
    for (let day = 16; day <= 22; day += 1) expect(days).toContain(`2026-11-${day}`);
    const todayB = sandbox.dataset.records.filter((r) => r.organizationId === ORGANIZATION_B.id && limaDate(r.detail.createdAt ?? '') === '2026-11-22');
    expect(todayB.length).toBeGreaterThan(0);
  });

  it('is deterministic for the same seed and clock, and differs for another seed', () => {
    const snapshot = (seed?: number) => JSON.stringify(generateDataset({ now: NOW, seed }).records.map((r) => r.detail));
    expect(snapshot()).toBe(JSON.stringify(sandbox.dataset.records.map((r) => r.detail)));
    expect(snapshot(7)).toBe(snapshot(7));
    expect(snapshot(7)).not.toBe(snapshot(8));
  });

  it('has contract-shaped, Peruvian records', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const correlatives = new Set<string>();
    const showcase = new Set(SHOWCASE.map((reference) => reference.correlative));
    for (const { detail, organizationId } of sandbox.dataset.records) {
      expect(readDetailEnvelope({ data: detail })).not.toBeNull();
      expect(detail.id).toMatch(uuid);
      expect(detail.correlative).toMatch(/^\d{9}-\d{4}$/);
      // A generated correlative ends in its filing year; a showcase record's is fixed text, whatever
      // the year it is filed in (see src/sandbox/showcase.ts).
      if (!showcase.has(detail.correlative ?? '')) expect(detail.correlative?.slice(-4)).toBe(limaDate(detail.createdAt ?? '').slice(0, 4));
      correlatives.add(`${organizationId} ${detail.correlative}`);
      expect(detail.trackingCode).toMatch(/^RCL-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      const { consumer, claim, response, delivery } = detail;
      expect(consumer.phone).toMatch(/^9\d{8}$/);
      expect(consumer.dialCode).toBe('+51');
      if (consumer.documentType === 'DNI') expect(consumer.documentNumber).toMatch(/^\d{8}$/);
      if (consumer.personType === 'legal') {
        expect(consumer.legalTaxId).toMatch(/^20\d{9}$/);
        expect(consumer.legalName).toBeTruthy();
        if (claim.hasProofOfPayment) expect(claim.proofOfPaymentType).toBe('FACTURA');
      } else {
        expect(consumer.legalName).toBeNull();
        expect(consumer.legalTaxId).toBeNull();
      }
      expect(consumer.guardian === null).toBe(consumer.isMinor === false);
      expect(claim.amount).toMatch(/^\d+\.\d{2}$/);
      expect(Date.parse(claim.incidentDate ?? '')).toBeLessThanOrEqual(Date.parse(detail.createdAt ?? ''));
      expect(response.officialResponse !== null).toBe(detail.status === 'resolved');
      if (response.officialResponse === null) expect(delivery.response.status).toBeNull();
      else expect(['sent', 'queued']).toContain(delivery.response.status);
      expect(detail.attachments.length).toBeLessThanOrEqual(3);
      // History: in time order, starting with the filing, ending in the current status.
      const times = detail.history.map((event) => Date.parse(event.createdAt ?? ''));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(detail.history[0]).toMatchObject({ eventType: 'created', fromStatus: null, toStatus: 'open', performedByRole: 'consumer' });
      const changes = detail.history.filter((event) => event.eventType === 'status_changed');
      expect(changes.at(-1)?.toStatus ?? 'open').toBe(detail.status);
    }
    expect(correlatives.size).toBe(sandbox.dataset.records.length);
    const all = sandbox.dataset.records.map((r) => r.detail);
    expect(all.filter((d) => d.type === 'claim').length / all.length).toBeGreaterThan(0.55);
    expect(all.some((d) => d.consumer.personType === 'legal')).toBe(true);
    expect(all.some((d) => d.consumer.isMinor === true)).toBe(true);
    expect(all.some((d) => d.claim.currency === 'USD')).toBe(true);
    expect(all.some((d) => d.delivery.receipt.status === 'queued')).toBe(true);
    expect(new Set(all.map((d) => d.status))).toEqual(new Set(['open', 'in_review', 'resolved']));
  });

  it('sets deadlines at the end of the Lima day of the 15th business day after filing', () => {
    for (const { detail } of sandbox.dataset.records) {
      const due = addBusinessDays(limaDate(detail.createdAt ?? ''), 15);
      expect(detail.deadline).toEqual({ days: 15, date: new Date(Date.parse(`${due}T23:59:59.999-05:00`)).toISOString() });
    }
    const filedToday = recordsA.find((r) => limaDate(r.detail.createdAt ?? '') === '2026-11-22');
    // 15 business days from Monday 23 November skip 8 and 9 December.
    expect(filedToday?.detail.deadline.date).toBe('2026-12-16T04:59:59.999Z');
    const pending = sandbox.dataset.records.filter((r) => r.status !== 'resolved');
    const overdue = pending.filter((r) => Date.parse(r.detail.deadline.date ?? '') < NOW.getTime());
    const dueSoon = pending.filter((r) => {
      const left = Date.parse(r.detail.deadline.date ?? '') - NOW.getTime();
      return left > 0 && left < 4 * DAY;
    });
    expect(overdue.length).toBeGreaterThan(0);
    expect(dueSoon.length).toBeGreaterThan(0);
  });

  // How fast 100,000 records are generated is a figure of npm run bench, not a test.
  it('generates as many records as asked for each organization, organization A holding the showcase records besides', () => {
    const sized = generateDataset({ now: NOW, recordsPerOrganization: { a: 1_000, b: 10 } });
    expect(sized.records).toHaveLength(1_010 + SHOWCASE.length);
    expect(sized.records.filter((r) => r.organizationId === ORGANIZATION_A.id)).toHaveLength(1_000 + SHOWCASE.length);
    // Only those filed within the period: none when it is today alone.
    expect(generateDataset({ now: NOW, recordsPerOrganization: { a: 3, b: 0 }, days: 1 }).records).toHaveLength(3);
  });
});

describe('authentication', () => {
  it('answers 401 without an Authorization header', async () => {
    const { status, body, headers } = await call('/api/v1/complaints', null);
    expect(status).toBe(401);
    expect(body.error.code).toBe('unauthorized');
    expect(headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers 401 for a key without the or_ prefix, even if its hash were known', async () => {
    const withoutPrefix = FULL.slice(3);
    expect((await call('/api/v1/complaints', withoutPrefix)).status).toBe(401);
    expect((await call('/api/v1/complaints', 'abc')).status).toBe(401);
  });

  it('answers 401 for a well-formed unknown key and a tampered demo key', async () => {
    expect((await call('/api/v1/complaints', 'or_demo_full_0000000000000000000000000000')).status).toBe(401);
    const tampered = `${FULL.slice(0, -1)}${FULL.endsWith('0') ? '1' : '0'}`;
    const { status, body } = await call(`/api/v1/complaints/${recordsA[0]?.id}`, tampered);
    expect(status).toBe(401);
    expect(body.error.code).toBe('unauthorized');
  });

  it('answers 401 for another scheme', async () => {
    const { status } = await call('/api/v1/complaints', null, { headers: { authorization: `Basic ${FULL}` } });
    expect(status).toBe(401);
  });

  it('keeps only SHA-256 hashes of the demo keys', () => {
    const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');
    expect(new Set(memberKeyHashes())).toEqual(new Set(Object.values(DEMO_KEYS).map(({ key }) => sha256(key))));
    const source = readFileSync(new URL('../../src/sandbox/members.ts', import.meta.url), 'utf8');
    for (const { key } of Object.values(DEMO_KEYS)) {
      expect(key).toMatch(/^or_/);
      expect(source).not.toContain(key);
    }
  });

  it('answers 403 to a member without complaints.view, on both endpoints', async () => {
    const list = await call('/api/v1/complaints', DEMO_KEYS.noPermission.key);
    expect(list.status).toBe(403);
    expect(list.body.error.code).toBe('forbidden');
    const detail = await call(`/api/v1/complaints/${recordsA[0]?.id}`, DEMO_KEYS.noPermission.key);
    expect(detail.status).toBe(403);
  });
});

describe('detail and scope', () => {
  it('returns the full record to a member of its organization', async () => {
    const record = recordsA[10];
    const { status, body, headers } = await call(`/api/v1/complaints/${record?.id}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(body).toEqual({ data: record?.detail });
    expect(readDetailEnvelope(body)).not.toBeNull();
  });

  it('answers one identical 404 for a missing id, a malformed id, another organization and another store', async () => {
    const missing = await call('/api/v1/complaints/00000000-0000-4000-8000-000000000000');
    const malformed = await call('/api/v1/complaints/not-a-uuid');
    const otherOrganization = await call(`/api/v1/complaints/${recordsA[0]?.id}`, DEMO_KEYS.otherOrganization.key);
    const outsideStores = recordsA.find((r) => !RESTRICTED_STORES.includes(r.storeId as (typeof RESTRICTED_STORES)[number]));
    const otherStore = await call(`/api/v1/complaints/${outsideStores?.id}`, RESTRICTED);
    for (const answer of [missing, malformed, otherOrganization, otherStore]) {
      expect(answer.status).toBe(404);
      expect(answer.text).toBe(missing.text);
      expect(answer.headers.get('content-type')).toBe(missing.headers.get('content-type'));
    }
    expect(missing.body.error.code).toBe('not_found');
    // The same records are readable by the right members.
    expect((await call(`/api/v1/complaints/${outsideStores?.id}`)).status).toBe(200);
  });

  it('lets organization B list only its own records', async () => {
    const idsB = await allIds('', DEMO_KEYS.otherOrganization.key);
    const expected = expectedIds(
      () => true,
      sandbox.dataset.records.filter((r) => r.organizationId === ORGANIZATION_B.id),
    );
    expect(idsB).toEqual(expected);
  });

  it('restricts a store-restricted member to its stores in the list and the detail', async () => {
    const ids = await allIds('', RESTRICTED);
    expect(ids).toEqual(expectedIds((r) => RESTRICTED_STORES.includes(r.storeId as (typeof RESTRICTED_STORES)[number])));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(recordsA.length);
    const own = recordsA.find((r) => r.storeId === STORE_IDS.arequipa);
    expect((await call(`/api/v1/complaints/${own?.id}`, RESTRICTED)).status).toBe(200);
    const other = await call(`/api/v1/complaints?storeId=${STORE_IDS.trujillo}`, RESTRICTED);
    expect(other.body.pagination.total).toBe(0);
  });
});

describe('list: pagination and order', () => {
  it('defaults to page 1 of 20, newest first', async () => {
    const { status, body, headers } = await call('/api/v1/complaints');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(readListEnvelope(body)).not.toBeNull();
    expect(body.pagination).toEqual({ page: 1, pageSize: 20, total: recordsA.length, totalPages: Math.ceil(recordsA.length / 20) });
    expect(body.data.map((item: { id: string }) => item.id)).toEqual(expectedIds(() => true).slice(0, 20));
  });

  it('returns every record once over all pages, in createdAt desc order', async () => {
    const ids = await allIds('');
    expect(ids).toEqual(expectedIds(() => true));
    const times = ids.map((id) => Date.parse(sandbox.dataset.byId.get(id)?.detail.createdAt ?? ''));
    for (let i = 1; i < times.length; i += 1) expect(times[i]).toBeLessThanOrEqual(times[i - 1] ?? Infinity);
  });

  it('serves pageSize 100 and the last partial page', async () => {
    const pageSize = 100;
    const lastPage = Math.ceil(recordsA.length / pageSize);
    const { body } = await call(`/api/v1/complaints?pageSize=${pageSize}&page=${lastPage}`);
    expect(body.data).toHaveLength(recordsA.length - (lastPage - 1) * pageSize);
  });

  it('returns an empty page past the end with the right totals', async () => {
    const { status, body } = await call('/api/v1/complaints?page=999');
    expect(status).toBe(200);
    expect(body).toEqual({ data: [], pagination: { page: 999, pageSize: 20, total: recordsA.length, totalPages: Math.ceil(recordsA.length / 20) } });
  });

  it('reports totalPages 0 when nothing matches', async () => {
    const { body } = await call('/api/v1/complaints?search=zzzzzzzz');
    expect(body).toEqual({ data: [], pagination: { page: 1, pageSize: 20, total: 0, totalPages: 0 } });
  });

  it.each([
    ['pageSize=0', 'pageSize'],
    ['pageSize=101', 'pageSize'],
    ['pageSize=abc', 'pageSize'],
    ['pageSize=1.5', 'pageSize'],
    ['pageSize=', 'pageSize'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1&page=2', 'page'],
    ['status=closed', 'status'],
    ['status=OPEN', 'status'],
    ['type=queja', 'type'],
    ['storeId=tienda-1', 'storeId'],
    ['search=', 'search'],
    [`search=${'a'.repeat(201)}`, 'search'],
    ['from=2026-13-01', 'from'],
    ['from=2026-02-30', 'from'],
    ['to=ayer', 'to'],
    ['to=2026-11-22T25:00:00Z', 'to'],
    ['from=2026-11-22&to=2026-11-21', 'to'],
  ])('answers 400 naming the parameter for %s', async (query, parameter) => {
    const { status, body, headers } = await call(`/api/v1/complaints?${query}`);
    expect(status).toBe(400);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(body.error.code).toBe('invalid_parameter');
    expect(body.error.parameter).toBe(parameter);
    expect(body.error.message).toContain(parameter);
  });

  it('says the rule in the message', async () => {
    const { body } = await call('/api/v1/complaints?pageSize=101');
    expect(body.error.message).toBe('pageSize must be an integer from 1 to 100');
  });

  it('ignores unknown parameters', async () => {
    const { status, body } = await call('/api/v1/complaints?foo=bar&sort=asc');
    expect(status).toBe(200);
    expect(body.pagination.total).toBe(recordsA.length);
  });
});

describe('list: filters', () => {
  it.each(['open', 'in_review', 'resolved'])('filters by status=%s', async (status) => {
    expect(await allIds(`status=${status}`)).toEqual(expectedIds((r) => r.detail.status === status));
  });

  it.each(['claim', 'complaint'])('filters by type=%s', async (type) => {
    expect(await allIds(`type=${type}`)).toEqual(expectedIds((r) => r.detail.type === type));
  });

  it('filters by storeId', async () => {
    const ids = await allIds(`storeId=${STORE_IDS.cusco}`);
    expect(ids).toEqual(expectedIds((r) => r.detail.store.id === STORE_IDS.cusco));
    expect(ids.length).toBeGreaterThan(0);
  });

  const searchCases: [string, (r: SandboxRecord) => string][] = [
    ['correlative', (r) => (r.detail.correlative ?? '').slice(5, 9)],
    ['first name', (r) => (r.detail.consumer.firstName ?? '').toUpperCase()],
    ['last name', (r) => (r.detail.consumer.lastName ?? '').slice(1, 5).toLowerCase()],
    ['tracking code', (r) => (r.detail.trackingCode ?? '').slice(4, 9).toLowerCase()],
  ];
  it.each(searchCases)('searches the %s partially and case-insensitively', async (_field, term) => {
    const sample = recordsA[37];
    if (!sample) throw new Error('no sample record');
    const text = term(sample);
    const ids = await allIds(`search=${encodeURIComponent(text)}`);
    const fields = (r: SandboxRecord) => [r.detail.correlative, r.detail.consumer.firstName, r.detail.consumer.lastName, r.detail.trackingCode];
    expect(ids).toContain(sample.id);
    expect(ids).toEqual(expectedIds((r) => fields(r).some((f) => (f ?? '').toLowerCase().includes(text.toLowerCase()))));
  });

  it('does not search other fields', async () => {
    const email = recordsA[3]?.detail.consumer.email ?? '';
    expect((await call(`/api/v1/complaints?search=${encodeURIComponent(email)}`)).body.pagination.total).toBe(0);
  });

  it('combines filters', async () => {
    const query = `status=open&type=claim&storeId=${STORE_IDS.miraflores}&from=2026-10-01&to=2026-11-22`;
    const ids = await allIds(query);
    const from = Date.parse('2026-10-01T00:00:00-05:00');
    const to = Date.parse('2026-11-22T23:59:59.999-05:00');
    const expected = expectedIds((r) => {
      const created = Date.parse(r.detail.createdAt ?? '');
      return r.detail.status === 'open' && r.detail.type === 'claim' && r.detail.store.id === STORE_IDS.miraflores && created >= from && created <= to;
    });
    expect(ids).toEqual(expected);
    expect(ids.length).toBeGreaterThan(0);
    const surname = sandbox.dataset.byId.get(ids[0] ?? '')?.detail.consumer.lastName?.split(' ')[0] ?? '';
    const narrowed = await allIds(`${query}&search=${encodeURIComponent(surname)}`);
    expect(narrowed).toContain(ids[0]);
    expect(narrowed.every((id) => ids.includes(id))).toBe(true);
  });

  describe('from/to (Lima days, inclusive)', () => {
    // The generator files records at 00:00:30 and 23:59:00 Lima time on the two days before NOW.
    const at = (date: string, clock: string) =>
      recordsA.find((r) => limaDate(r.detail.createdAt ?? '') === date && limaClock(r.detail.createdAt ?? '') === clock);
    const earlyDay1 = () => at('2026-11-20', '00:00:30');
    const lateDay1 = () => at('2026-11-20', '23:59:00');
    const earlyDay2 = () => at('2026-11-21', '00:00:30');
    const lateDay2 = () => at('2026-11-21', '23:59:00');
    const inLimaDays = (first: string, last: string) => (r: SandboxRecord) => {
      const day = limaDate(r.detail.createdAt ?? '');
      return day >= first && day <= last;
    };

    it('has the edge-of-day records it relies on', () => {
      for (const record of [earlyDay1(), lateDay1(), earlyDay2(), lateDay2()]) expect(record).toBeDefined();
    });

    it('includes a record at 00:00:30 on the from day and one at 23:59 on the to day', async () => {
      const ids = await allIds('from=2026-11-20&to=2026-11-21');
      expect(ids).toContain(earlyDay1()?.id);
      expect(ids).toContain(lateDay2()?.id);
      expect(ids).toEqual(expectedIds(inLimaDays('2026-11-20', '2026-11-21')));
    });

    it('excludes the neighbouring days', async () => {
      const ids = await allIds('from=2026-11-21&to=2026-11-21');
      expect(ids).toContain(earlyDay2()?.id);
      expect(ids).toContain(lateDay2()?.id);
      expect(ids).not.toContain(lateDay1()?.id);
      expect(ids).toEqual(expectedIds(inLimaDays('2026-11-21', '2026-11-21')));
    });

    it('filters with from alone and to alone', async () => {
      expect(await allIds('from=2026-11-21')).toEqual(expectedIds(inLimaDays('2026-11-21', '9999-12-31')));
      expect(await allIds('to=2026-11-20')).toEqual(expectedIds(inLimaDays('0000-01-01', '2026-11-20')));
    });

    it('takes the Lima day of a date-time', async () => {
      const byDate = await allIds('from=2026-11-21&to=2026-11-21');
      // 12:00 Lima, 03:00Z of the next day (= 22:00 Lima on the 21st), and a local date-time.
      expect(await allIds('from=2026-11-21T12:00:00-05:00&to=2026-11-22T03:00:00Z')).toEqual(byDate);
      expect(await allIds('from=2026-11-21T23:30&to=2026-11-21T00:10:00.000-05:00')).toEqual(byDate);
      // 04:00Z on the 21st is still the 20th in Lima.
      expect(await allIds('from=2026-11-21T04:00:00Z&to=2026-11-21')).toEqual(await allIds('from=2026-11-20&to=2026-11-21'));
    });
  });
});

describe('routing and recording', () => {
  it('answers 405 to other methods and 404 JSON to other paths', async () => {
    const post = await call('/api/v1/complaints', FULL, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.body.error.code).toBe('method_not_allowed');
    expect(post.headers.get('allow')).toBe('GET');
    const other = await call('/api/v2/complaints');
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('not_found');
  });

  /** The status line the sandbox answers to a raw request: `hostLine` is sent as is, or no Host at all when undefined. */
  async function statusFor(hostLine: string | undefined, version = '1.1'): Promise<string> {
    const socket = connect(Number(new URL(sandbox.url).port), '127.0.0.1');
    socket.on('error', () => undefined);
    const answered = new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))));
    const host = hostLine === undefined ? '' : `Host: ${hostLine}\r\n`;
    socket.write(`GET /api/v1/complaints?pageSize=1 HTTP/${version}\r\n${host}Authorization: Bearer ${FULL}\r\nConnection: close\r\n\r\n`);
    const answer = await answered;
    socket.destroy();
    return answer.slice(0, answer.indexOf('\r\n'));
  }

  it('answers requests addressed to a loopback name, with or without the port', async () => {
    const { port } = new URL(sandbox.url);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'localhost', `[::1]:${port}`, `LOCALHOST:${port}`]) {
      expect(await statusFor(host), host).toMatch(/ 200 OK$/);
    }
  });

  it('refuses with 403 a Host that is not a loopback name: a page that rebound its own name to 127.0.0.1', async () => {
    const { port } = new URL(sandbox.url);
    const lookalikes = [
      'evil.example',
      `evil.example:${port}`,
      `127.0.0.1.evil.example:${port}`,
      `localhost.evil.example:${port}`,
      `[::1].evil.example`,
      `localhost:${port}.evil.example`,
      `evil.example#@127.0.0.1:${port}`,
      '',
    ];
    for (const host of lookalikes) expect(await statusFor(host), host).toMatch(/ 403 Forbidden$/);
    // HTTP/1.0 may leave Host out; no name is no loopback name.
    expect(await statusFor(undefined, '1.0')).toMatch(/ 403 Forbidden$/);
  });

  it('records every request in order', async () => {
    const before = sandbox.requests.length;
    await call('/api/v1/complaints?status=open&page=2');
    await call('/api/v1/complaints/abc', null);
    expect(sandbox.requests.slice(before)).toEqual([
      { method: 'GET', path: '/api/v1/complaints', query: { status: 'open', page: '2' } },
      { method: 'GET', path: '/api/v1/complaints/abc', query: {} },
    ]);
  });

  it('closes at once, even with a connection in the middle of a request', async () => {
    const other = await startSandbox({ now: NOW, recordsPerOrganization: { a: 20, b: 5 } });
    expect(other.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const socket = connect(Number(new URL(other.url).port), '127.0.0.1');
    socket.on('error', () => undefined);
    const ended = new Promise((resolve) => socket.once('close', resolve));
    // One write: a whole request, kept alive, then the start of another that never ends. Once the first
    // is answered, the server has read the second's start: the connection is busy, not idle.
    const answered = new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))));
    socket.write(`GET /api/v1/complaints HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${FULL}\r\n\r\nGET /api/v1/complaints HTTP/1.1\r\nHost: 127.0`);
    expect(await answered).toMatch(/^HTTP\/1\.1 200 /);
    // Node closes idle connections by itself; a busy one would hold close() open until its headers time
    // out (a minute, past the test's timeout) unless the sandbox closes every connection.
    await other.close();
    await ended;
  });

  it(`keeps only the latest ${RECORDED_REQUESTS_LIMIT} requests, in order`, async () => {
    const other = await startSandbox({ now: NOW, recordsPerOrganization: { a: 5, b: 5 } });
    try {
      const total = RECORDED_REQUESTS_LIMIT + 25;
      // Pipelined on one connection, so that they arrive in the order sent. Unknown paths are
      // recorded like any other and answered at once, without a key.
      const client = new Client(other.url, { pipelining: 50 });
      try {
        const statuses = await Promise.all(
          Array.from({ length: total }, async (_, i) => {
            const { statusCode, body } = await client.request({ method: 'GET', path: `/probe/${i}?n=${i}` });
            await body.dump();
            return statusCode;
          }),
        );
        expect(new Set(statuses)).toEqual(new Set([404]));
      } finally {
        await client.close();
      }
      expect(other.requests).toHaveLength(RECORDED_REQUESTS_LIMIT);
      const kept = Array.from({ length: RECORDED_REQUESTS_LIMIT }, (_, k) => total - RECORDED_REQUESTS_LIMIT + k);
      expect(other.requests).toEqual(kept.map((i) => ({ method: 'GET', path: `/probe/${i}`, query: { n: String(i) } })));
      // Clearing still works, and recording goes on from there.
      other.requests.length = 0;
      await (await fetch(`${other.url}/probe/last`)).arrayBuffer();
      expect(other.requests).toEqual([{ method: 'GET', path: '/probe/last', query: {} }]);
    } finally {
      await other.close();
    }
  });

  it('records nothing when recordRequests is false', async () => {
    const other = await startSandbox({ now: NOW, recordsPerOrganization: { a: 5, b: 5 }, recordRequests: false });
    try {
      await (await fetch(`${other.url}/api/v1/complaints`, { headers: { authorization: `Bearer ${FULL}` } })).arrayBuffer();
      expect(other.requests).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
