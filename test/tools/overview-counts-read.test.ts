// complaints_overview when the service fails midway through reading the unresolved records of the big
// book: what is at risk counts only the records read, and the sentence that states each figure says
// "at least", but for the figures the records not read cannot change (stillExact). The truth is worked
// out from the sandbox's own records, over the records the service actually handed over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { lazyApiClient } from '../../src/api/lazy-client.js';
import type { ComplaintsReader } from '../../src/contract/operations.js';
import { generateDataset, type SandboxRecord } from '../../src/sandbox/dataset.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { listItemOf } from '../../src/sandbox/record-builder.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { businessDaysLeft, DUE_SOON_DAYS, lawDeadline } from '../helpers/law-deadline.js';
import { onOneDay } from '../helpers/one-day.js';
import { runOverview } from '../helpers/run-overview.js';

const LIMA = 'America/Lima';
const SLOW = 180_000;

describe('complaints_overview, the service failing midway through the unresolved records', () => {
  let sandbox: SandboxHandle;
  let client: ReturnType<typeof lazyApiClient>;

  beforeAll(async () => {
    sandbox = await startSandbox({ dataset: generateDataset({ now: new Date(), book: 'big' }) });
    client = lazyApiClient(sandbox.url, DEMO_KEYS.full.key, 120_000);
  }, SLOW);

  afterAll(async () => {
    await client?.close();
    await sandbox?.close();
  });

  it(
    'says every at-risk figure plainly when every unresolved record was read',
    async () => {
      const answer = await runOverview(await client.api(), {}, { now: () => new Date(), timeZone: LIMA });
      expect(answer.structured.atRisk.incomplete).toBeUndefined();
      const first = answer.text.split('\n')[0]!;
      expect(first).toMatch(/^At risk now, whole book \(every unresolved record: \d+ open or in review\): \d+ unanswered; \d+ OVERDUE; /);
      expect(answer.text).not.toMatch(/at least|only \d+ read/);
    },
    SLOW,
  );

  it(
    'says "at least" in the at-risk sentence for every figure the unread records could raise, and each equals the truth over the records read',
    async () => {
      const inner = await client.api();
      const handedOver = new Set<string>();
      // The newest page of open records fails: read oldest first, it is among the last asked for.
      const reader: ComplaintsReader = {
        async listComplaints(query, signal) {
          if (query.status === 'open' && query.page === 1 && query.pageSize === 100)
            throw new ApiError('server_error', 'The complaints service failed (HTTP 500).', 500);
          const page = await inner.listComplaints(query, signal);
          if (query.status !== undefined && query.pageSize === 100) for (const item of page.items) handedOver.add(item.id!);
          return page;
        },
        getComplaint: (id, signal) => inner.getComplaint(id, signal),
      };
      await onOneDay(LIMA, async (now, today) => {
        handedOver.clear();
        const answer = await runOverview(reader, {}, { now: () => now, timeZone: LIMA });
        const atRisk = answer.structured.atRisk;
        const byId = new Map(sandbox.dataset.records.map((record) => [record.id, record]));
        const read = [...handedOver].map((id) => byId.get(id)!);
        const unresolved = sandbox.dataset.records.filter(
          (record) => record.organizationId === read[0]!.organizationId && (record.status === 'open' || record.status === 'in_review'),
        );
        expect(read.length).toBeLessThan(unresolved.length);
        expect(atRisk.read).toBe(read.length);

        const figures = (records: SandboxRecord[]) => {
          const unanswered = records.filter((record) => !listItemOf(record).hasResponse);
          const left = (record: SandboxRecord) => businessDaysLeft(today, lawDeadline(record.createdAtMs));
          const delivery = (record: SandboxRecord) => (listItemOf(record).responseDeliveryStatus ?? '').toLowerCase();
          return {
            unanswered: unanswered.length,
            overdue: unanswered.filter((record) => left(record) < 0).length,
            dueSoon: unanswered.filter((record) => left(record) >= 0 && left(record) <= DUE_SOON_DAYS).length,
            answeredNotDelivered: records.filter((record) => listItemOf(record).hasResponse && ['failed', 'bounced'].includes(delivery(record))).length,
          };
        };
        const truth = figures(read);
        const whole = figures(unresolved);
        const exact = new Set<string>(atRisk.stillExact ?? []);
        const first = answer.text.split('\n')[0]!;
        for (const [figure, words] of [
          ['unanswered', 'unanswered'],
          ['overdue', 'OVERDUE'],
          ['dueSoon', 'due soon'],
          ['answeredNotDelivered', 'answered but still open'],
        ] as const) {
          expect(atRisk[figure], figure).toBe(truth[figure]);
          if (exact.has(figure)) {
            // Exact: the records not read cannot change it.
            expect(whole[figure], figure).toBe(truth[figure]);
            expect(first).toContain(`; ${truth[figure]} ${words}`);
          } else {
            expect(first).toMatch(new RegExp(`(: |; )at least ${truth[figure]} ${words}`));
          }
        }
        expect(first).toContain(`${unresolved.length} open or in review, only ${read.length} read`);
      });
    },
    SLOW,
  );

  it(
    "says in each filings sentence that its figures count only the period's records read, when a page and the service's own counts fail",
    async () => {
      const inner = await client.api();
      const filed = new Map<string, SandboxRecord>();
      const byId = new Map(sandbox.dataset.records.map((record) => [record.id, record]));
      const failed = () => new ApiError('server_error', 'The complaints service failed (HTTP 500).', 500);
      const reader: ComplaintsReader = {
        async listComplaints(query, signal) {
          const reading = query.status === undefined && query.pageSize === 100;
          if (reading && query.page === 3) throw failed();
          // The service's count of the resolved records: the by-status counts cannot be had.
          if (query.status === 'resolved' && query.pageSize === 1) throw failed();
          const page = await inner.listComplaints(query, signal);
          if (reading) for (const item of page.items) filed.set(item.id!, byId.get(item.id!)!);
          return page;
        },
        getComplaint: (id, signal) => inner.getComplaint(id, signal),
      };
      const answer = await runOverview(reader, {}, { now: () => new Date(), timeZone: LIMA });
      const read = [...filed.values()];
      const s = answer.structured;
      expect(s.counted).toBe(read.length);
      expect(s.countsAreLowerBounds).toBe(true);
      const byStatus: Record<string, number> = {};
      for (const record of read) byStatus[record.status] = (byStatus[record.status] ?? 0) + 1;
      expect(s.byStatus).toEqual(byStatus);
      const problems = read.filter((record) => {
        const item = listItemOf(record);
        return [item.receiptDeliveryStatus, item.responseDeliveryStatus].some((state) => state && !['sent', 'queued'].includes(state.toLowerCase()));
      });
      expect(s.performance?.records).toBe(read.length);
      expect(s.emailProblems?.records).toBe(problems.length);

      const line = (start: string) => answer.text.split('\n').find((text) => text.startsWith(start)) ?? '';
      const among = `the ${read.length} records read`;
      expect(line('By status')).toMatch(new RegExp(`^By status, among ${among}: `));
      expect(line('By store')).toMatch(new RegExp(`^By store, among ${among} \\(`));
      expect(line('Answers to')).toMatch(new RegExp(`^Answers to ${among}: `));
      expect(line('Reasons')).toMatch(new RegExp(`^Reasons of ${among}, most first: `));
      expect(line('E-mail')).toMatch(new RegExp(`^E-mail deliveries neither sent nor queued, among ${among}: .*\\(${problems.length} records`));
      // The other stores are the records read of stores not listed, not the records left unread.
      const listedCount = (s.byStore ?? []).reduce((sum, store) => sum + store.count, 0);
      const listedIds = new Set((s.byStore ?? []).map((store) => store.storeId));
      const inOtherStores = read.filter((record) => !listedIds.has(record.storeId)).length;
      expect(listedCount + inOtherStores).toBe(read.length);
      expect(s.otherStores ?? 0).toBe(inOtherStores);
    },
    SLOW,
  );

  it(
    "says the stores' answers are of the records read when a page fails but the service's own counts stand",
    async () => {
      const inner = await client.api();
      let read = 0;
      const reader: ComplaintsReader = {
        async listComplaints(query, signal) {
          const reading = query.status === undefined && query.pageSize === 100;
          if (reading && query.page === 3) throw new ApiError('server_error', 'The complaints service failed (HTTP 500).', 500);
          const page = await inner.listComplaints(query, signal);
          if (reading) read += page.items.length;
          return page;
        },
        getComplaint: (id, signal) => inner.getComplaint(id, signal),
      };
      const answer = await runOverview(reader, {}, { now: () => new Date(), timeZone: LIMA });
      const s = answer.structured;
      // The counts by store are the service's own: exact, so no "among"; the answers beside them are of the records read.
      expect(s.countsAreLowerBounds).toBeUndefined();
      expect(s.counted).toBe(read);
      const storeLine = answer.text.split('\n').find((text) => text.startsWith('By store')) ?? '';
      expect(storeLine).toMatch(new RegExp(`^By store \\(storeId; answers of the ${read} records read\\): `));
      const truth = new Map<string, number>();
      for (const record of sandbox.dataset.records.filter((record) => record.organizationId === sandbox.dataset.records[0]!.organizationId))
        truth.set(record.storeId, (truth.get(record.storeId) ?? 0) + 1);
      for (const store of s.byStore ?? []) expect(store.count).toBe(truth.get(store.storeId!));
    },
    SLOW,
  );
});
