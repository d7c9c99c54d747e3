// The overview worked out a slice at a time (as complaints_overview does on a shared server) is the
// overview worked out at once, on a book of a few thousand records read whole, cut by the cap, or
// stopped midway; and so are the deadline lists of list_complaints.
import { describe, expect, it } from 'vitest';
import { atRiskRecords, atRiskRecordsSteps } from '../../src/domain/at-risk.js';
import { overviewSteps, toOverview } from '../../src/format/overview.js';
import { generateDataset } from '../../src/sandbox/dataset.js';
import { listItemOf } from '../../src/sandbox/record-builder.js';
import { ITEMS_PER_PAUSE, inSlices } from '../../src/slices.js';
import { pagesOf } from '../fixtures/records.js';

const NOW = new Date('2026-11-22T15:00:00Z');
const clock = { now: () => NOW, timeZone: 'America/Lima' };
const records = generateDataset({ now: NOW, recordsPerOrganization: { a: 3_000, b: 10 } }).records.map(listItemOf);
const unresolved = records.filter((item) => item.status === 'open' || item.status === 'in_review');

describe('the overview in slices', () => {
  it.each([
    ['every record read', pagesOf(records), {}],
    ['cut by the cap, newest first', pagesOf(records.slice(0, 1_500), { total: records.length, unread: records.length - 1_500, capped: true }), {}],
    [
      'stopped midway, a period asked',
      pagesOf(records.slice(0, 900), { total: 2_000, unread: 1_100, stoppedBy: 'The service failed (HTTP 500).' }),
      { period: 'last_30_days', from: '2026-10-24', to: '2026-11-22' },
    ],
  ] as const)('gives what toOverview gives: %s', async (_, filed, filters) => {
    const pages = { unresolved: pagesOf(unresolved), filed };
    let pauses = 0;
    const pause = async () => {
      pauses += 1;
    };
    const sliced = await inSlices(overviewSteps(pages, filters, clock), { sliceMs: 0, pause });
    expect(sliced).toEqual(toOverview(pages, filters, clock));
    // Thousands of records: many pauses offered, each taken here.
    expect(pauses).toBeGreaterThan(filed.items.length / ITEMS_PER_PAUSE);
  });
});

describe("list_complaints' deadline lists in slices", () => {
  it.each([{ overdue: true }, { dueBy: '2026-11-27' }, {}])('give what atRiskRecords gives: %j', async (filters) => {
    const sliced = await inSlices(atRiskRecordsSteps(unresolved, '2026-11-22', filters), { sliceMs: 0 });
    expect(sliced).toEqual(atRiskRecords(unresolved, '2026-11-22', filters));
  });
});
