// How a period's records were answered: on time or late by the law's deadline, business days to
// answer as the law counts them, nearest-rank percentiles, reasons, and the filing days the figures
// cover when the period holds more records than one call reads.
import { describe, expect, it } from 'vitest';
import { daysToAnswer, emptyTally, nearestRank, onTimeShare, tallyRecord } from '../../src/domain/performance.js';
import { coveredRecords, performanceOf } from '../../src/format/performance.js';
import { listItemBody, mustReadList, pagesOf } from '../fixtures/records.js';

const items = (bodies: Record<string, unknown>[]) => mustReadList({ data: bodies, pagination: {} }).data;
// Filed Monday 2026-11-02 at 09:00 in Lima: the 15th business day after it is Monday 11-23 (no holiday between).
const filed = { createdAt: '2026-11-02T14:00:00.000Z', responseDeadline: '2026-11-24T04:59:59.999Z' };
const answeredOn = (instant: string, more: Record<string, unknown> = {}) =>
  listItemBody({ ...filed, status: 'resolved', hasResponse: true, respondedAt: instant, ...more });
const TODAY = '2026-11-26';

function tallyOf(bodies: Record<string, unknown>[]) {
  const tally = emptyTally();
  for (const item of items(bodies)) tallyRecord(item, TODAY, tally);
  return tally;
}

describe('answers on time and late, as the law counts', () => {
  it('counts an answer on the deadline day as on time, after 15 business days; one the next day late', () => {
    // 23:00 on 11-23 in Lima is 04:00 UTC on 11-24: the day is Lima's.
    const onTheDay = tallyOf([answeredOn('2026-11-24T04:00:00.000Z')]);
    expect(onTheDay).toMatchObject({ answered: 1, onTime: 1, late: 0, days: [15] });
    const nextDay = tallyOf([answeredOn('2026-11-24T15:00:00.000Z')]);
    expect(nextDay).toMatchObject({ answered: 1, onTime: 0, late: 1, days: [16] });
  });

  it('counts an answer on the filing day as 0 days, and one on a weekend by the business days before it', () => {
    expect(tallyOf([answeredOn('2026-11-02T20:00:00.000Z')]).days).toEqual([0]);
    // Saturday 11-07: the business days after Monday 11-02 up to it are Tuesday to Friday.
    expect(tallyOf([answeredOn('2026-11-07T15:00:00.000Z')]).days).toEqual([4]);
  });

  it('counts an answer on the Saturday after a Friday deadline as late, though its business days are 15', () => {
    // Filed Friday 10-30: the 15th business day after is Friday 11-20.
    const friday = { createdAt: '2026-10-30T14:00:00.000Z', responseDeadline: '2026-11-21T04:59:59.999Z' };
    const tally = tallyOf([answeredOn('2026-11-21T15:00:00.000Z', friday)]);
    expect(tally).toMatchObject({ onTime: 0, late: 1, days: [15] });
  });

  it('keeps an answer without a date out of on time and late, and out of the days', () => {
    const tally = tallyOf([listItemBody({ ...filed, hasResponse: true, respondedAt: null })]);
    expect(tally).toMatchObject({ answered: 1, undated: 1, onTime: 0, late: 0, days: [] });
    expect(onTimeShare(tally)).toBeUndefined();
    expect(daysToAnswer(tally)).toBeUndefined();
  });

  it('counts unanswered records past the deadline, and answers whose e-mail failed or bounced', () => {
    const tally = tallyOf([
      listItemBody({ ...filed }),
      listItemBody({ createdAt: '2026-11-20T14:00:00.000Z' }),
      answeredOn('2026-11-10T15:00:00.000Z', { responseDeliveryStatus: 'BOUNCED' }),
      answeredOn('2026-11-10T15:00:00.000Z', { responseDeliveryStatus: 'failed' }),
      answeredOn('2026-11-10T15:00:00.000Z', { responseDeliveryStatus: 'sent' }),
      // A receipt that failed is not an answer that did not arrive.
      answeredOn('2026-11-10T15:00:00.000Z', { receiptDeliveryStatus: 'failed', responseDeliveryStatus: 'queued' }),
    ]);
    expect(tally).toMatchObject({ records: 6, answered: 4, unansweredOverdue: 1, notDelivered: 2, onTime: 4 });
  });

  it('uses the law deadline, not the service one, to say late', () => {
    // The service counts 15 calendar days (11-17); the law's deadline is 11-23: an answer on 11-20 is on time.
    const tally = tallyOf([answeredOn('2026-11-20T15:00:00.000Z', { responseDeadline: '2026-11-18T04:59:59.999Z' })]);
    expect(tally).toMatchObject({ onTime: 1, late: 0 });
  });
});

describe('nearest-rank percentiles', () => {
  /** The smallest value with at least percent% of the values at or below it: the definition, by counting. */
  const byCounting = (values: number[], percent: number) =>
    Math.min(...values.filter((candidate) => values.filter((value) => value <= candidate).length * 100 >= percent * values.length));

  it('agrees with the definition by counting, for every size up to 200 and values with ties', () => {
    for (let n = 1; n <= 200; n += 1) {
      const values = Array.from({ length: n }, (_, i) => (i * 7919) % 23);
      const sorted = [...values].sort((a, b) => a - b);
      for (const percent of [50, 90]) expect(nearestRank(sorted, percent), `n=${n} p=${percent}`).toBe(byCounting(values, percent));
    }
  });

  it('gives the median and the 90th percentile of the days to answer, and refuses no values', () => {
    const tally = { ...emptyTally(), days: [15, 1, 2, 3, 4, 5, 6, 7, 8, 9] };
    expect(daysToAnswer(tally)).toEqual({ median: 5, p90: 9 });
    expect(() => nearestRank([], 50)).toThrow(RangeError);
  });

  it('gives the on-time share to three decimals', () => {
    expect(onTimeShare({ ...emptyTally(), onTime: 2, late: 1 })).toBe(0.667);
    expect(onTimeShare({ ...emptyTally(), onTime: 0, late: 3 })).toBe(0);
  });
});

describe('the records the figures cover', () => {
  const onDay = (day: string, n: number) =>
    Array.from({ length: n }, (_, i) => listItemBody({ id: `${day}-${i}`, createdAt: `${day}T15:00:00.000Z`, reasonLabel: 'Demora' }));

  it('counts every record when all were read', () => {
    const read = items([...onDay('2026-11-20', 2), ...onDay('2026-11-19', 1)]);
    expect(coveredRecords(pagesOf(read), {}, TODAY, 'America/Lima')).toEqual({ records: read });
  });

  it('cut by the cap, counts the whole days after the oldest one read, and names them', () => {
    const read = items([...onDay('2026-11-20', 2), ...onDay('2026-11-19', 3), ...onDay('2026-11-18', 1)]);
    const pages = pagesOf(read, { total: 40, unread: 34, capped: true });
    const covered = coveredRecords(pages, { from: '2026-11-01', to: '2026-11-30' }, TODAY, 'America/Lima');
    expect(covered.records.map((item) => item.id)).toEqual(['2026-11-20-0', '2026-11-20-1', '2026-11-19-0', '2026-11-19-1', '2026-11-19-2']);
    // The window ends on the day asked, or today when that is later.
    expect(covered.window).toEqual({ from: '2026-11-19', to: TODAY });
    expect(coveredRecords(pages, { to: '2026-11-21' }, TODAY, 'America/Lima').window).toEqual({ from: '2026-11-19', to: '2026-11-21' });
  });

  it('counts the records read, and says so, when the reading stopped midway or the read records share one day', () => {
    const read = items(onDay('2026-11-20', 3));
    const stopped = coveredRecords(pagesOf(read, { total: 9, unread: 6, stoppedBy: 'The service failed (HTTP 500).' }), {}, TODAY, 'America/Lima');
    expect(stopped).toMatchObject({
      records: read,
      incomplete: '6 records of the period could not be read (The service failed (HTTP 500)): these figures count the 3 read.',
    });
    const oneDay = coveredRecords(pagesOf(read, { total: 9, unread: 6, capped: true }), {}, TODAY, 'America/Lima');
    expect(oneDay.window).toBeUndefined();
    expect(oneDay.incomplete).toContain('the newest 3 were read');
  });
});

describe('reasons', () => {
  it('counts reasons cleaned, most first, and counts the records of the rarest beyond 20 apart', () => {
    const bodies = [
      listItemBody({ id: 'a', reasonLabel: 'Demora ' }),
      listItemBody({ id: 'b', reasonLabel: 'Demora' }),
      listItemBody({ id: 'c', reasonLabel: 'De\u202emora' }),
      listItemBody({ id: 'd', reasonLabel: null }),
      ...Array.from({ length: 25 }, (_, i) => listItemBody({ id: `r${i}`, reasonLabel: `Motivo ${String(i).padStart(2, '0')}` })),
    ];
    const { performance } = performanceOf({ records: items(bodies) }, TODAY, () => 'one store');
    expect(performance.byReason[0]).toEqual({ reason: 'Demora', count: 3 });
    expect(performance.byReason).toHaveLength(20);
    // Demora and the 19 first others by name are listed; the 6 last Motivos and "unknown" are summed.
    expect(performance.byReason.at(-1)).toEqual({ reason: 'Motivo 18', count: 1 });
    expect(performance.otherReasons).toBe(7);
    expect(performance.byReason.reduce((sum, { count }) => sum + count, 0) + performance.otherReasons!).toBe(bodies.length);
  });

  it('gives each store its answers, by the key the overview groups stores by', () => {
    const bodies = [
      answeredOn('2026-11-10T15:00:00.000Z', { id: 'a', storeId: 's1' }),
      answeredOn('2026-11-25T15:00:00.000Z', { id: 'b', storeId: 's1' }),
      listItemBody({ ...filed, id: 'c', storeId: 's2' }),
    ];
    const { byStore } = performanceOf({ records: items(bodies) }, TODAY, (item) => item.storeId ?? '');
    expect(byStore.get('s1')).toEqual({ answered: 2, onTimeShare: 0.5, medianDaysToAnswer: 6 });
    expect(byStore.get('s2')).toEqual({ answered: undefined, onTimeShare: undefined, medianDaysToAnswer: undefined });
  });
});
