// The helper that compares a spawned server's dates with the test's: a check runs again only when
// midnight passed during it, and any other failure stands.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onOneDay } from './one-day.js';

const LIMA = 'America/Lima';
/** 23:59:59 on Sunday 2026-11-22 in Lima (UTC-5). */
const BEFORE_MIDNIGHT = new Date('2026-11-23T04:59:59Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: BEFORE_MIDNIGHT });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('onOneDay', () => {
  it('runs a passing check once, with the instant and its date in the zone', async () => {
    const runs: Array<[string, string]> = [];
    await onOneDay(LIMA, async (now, today) => void runs.push([now.toISOString(), today]));
    expect(runs).toEqual([['2026-11-23T04:59:59.000Z', '2026-11-22']]);
  });

  it('runs a check that failed across midnight once more, from the new day', async () => {
    const days: string[] = [];
    await onOneDay(LIMA, async (_now, today) => {
      days.push(today);
      vi.setSystemTime(new Date('2026-11-23T05:00:01Z')); // the server's reading came after midnight
      if (today === '2026-11-22') throw new Error('compared across midnight');
    });
    expect(days).toEqual(['2026-11-22', '2026-11-23']);
  });

  it('lets a failure on one day stand, without another run', async () => {
    let runs = 0;
    const failing = onOneDay(LIMA, async () => {
      runs++;
      throw new Error('a real failure');
    });
    await expect(failing).rejects.toThrow('a real failure');
    expect(runs).toBe(1);
  });

  it('lets the second run fail too', async () => {
    const failing = onOneDay(LIMA, async () => {
      vi.setSystemTime(new Date('2026-11-23T05:00:01Z'));
      throw new Error('wrong on either day');
    });
    await expect(failing).rejects.toThrow('wrong on either day');
  });
});
