// The memory of deadline lists' readings (api/recent-readings.ts): kept by member and list for its
// window, bounded in readings and records (the oldest dropped first), shared while still being read,
// and never kept when the reading failed or has a hole. Times are given, never waited for.
import { describe, expect, it } from 'vitest';
import {
  MAX_KEPT_READINGS,
  MAX_KEPT_RECORDS,
  MEMBER_KEPT_READINGS,
  MEMBER_KEPT_RECORDS,
  READING_REUSE_MS,
  RecentReadings,
} from '../../src/api/recent-readings.js';
import type { AllPages } from '../../src/contract/operations.js';
import type { ComplaintListItem } from '../../src/contract/records.js';

/** A reading of `records` records, marked by `mark` (its first record's id), and how many times it was made. */
function reader(records = 1, extra: { stoppedBy?: string } = {}) {
  let made = 0;
  const read = async (): Promise<AllPages> => {
    made += 1;
    const items = Array.from({ length: records }, (_, i) => ({ id: `${made}-${i}` }) as ComplaintListItem);
    return { items, total: records, pagesRead: 1, unread: 0, capped: false, repeated: 0, sentMore: 0, ...extra };
  };
  return { read, made: () => made };
}

const T0 = 1_800_000_000_000;

describe('RecentReadings', () => {
  it('reuses a reading within its window, for the same member and list only', async () => {
    const memory = new RecentReadings();
    const { read, made } = reader();
    const first = await memory.of('a').reading('overdue', read, { nowMs: T0, fresh: true });
    expect(first.reused).toBe(false);
    const again = await memory.of('a').reading('overdue', read, { nowMs: T0 + READING_REUSE_MS, fresh: false });
    expect(again).toMatchObject({ reused: true, readAtMs: T0 });
    expect(again.pages).toBe(first.pages);
    expect(made()).toBe(1);
    // Another member, another list, a reading past its window, a list's first page: each reads.
    await memory.of('b').reading('overdue', read, { nowMs: T0 + 1, fresh: false });
    await memory.of('a').reading('dueBy', read, { nowMs: T0 + 1, fresh: false });
    expect(made()).toBe(3);
    expect((await memory.of('a').reading('overdue', read, { nowMs: T0 + READING_REUSE_MS + 1, fresh: false })).reused).toBe(false);
    expect(made()).toBe(4);
    expect((await memory.of('a').reading('overdue', read, { nowMs: T0 + READING_REUSE_MS + 2, fresh: true })).reused).toBe(false);
    expect(made()).toBe(5);
  });

  it('tells members apart by the whole of their id: no joining of member and list can collide', async () => {
    const memory = new RecentReadings();
    const { read, made } = reader();
    await memory.of('a,b').reading('c', read, { nowMs: T0, fresh: true });
    await memory.of('a').reading('b,c', read, { nowMs: T0, fresh: false });
    expect(made()).toBe(2);
  });

  it(`keeps at most ${MAX_KEPT_READINGS} readings, dropping the oldest`, async () => {
    const memory = new RecentReadings();
    const { read, made } = reader();
    const members = Array.from({ length: MAX_KEPT_READINGS + 1 }, (_, n) => `member ${n}`);
    for (const member of members) await memory.of(member).reading('overdue', read, { nowMs: T0, fresh: true });
    expect(made()).toBe(MAX_KEPT_READINGS + 1);
    // The newest are kept; the first was dropped.
    expect((await memory.of(members.at(-1)!).reading('overdue', read, { nowMs: T0, fresh: false })).reused).toBe(true);
    expect((await memory.of(members[1]!).reading('overdue', read, { nowMs: T0, fresh: false })).reused).toBe(true);
    expect((await memory.of(members[0]!).reading('overdue', read, { nowMs: T0, fresh: false })).reused).toBe(false);
  });

  it(`keeps at most ${MEMBER_KEPT_READINGS} readings of one member: their own lists drop their own oldest, never another's`, async () => {
    const memory = new RecentReadings();
    const { read, made } = reader();
    await memory.of('a').reading('overdue', read, { nowMs: T0, fresh: true });
    // Another member pages many lists at once (other searches, other filters).
    for (let list = 0; list < MAX_KEPT_READINGS * 2; list++) await memory.of('b').reading(`list ${list}`, read, { nowMs: T0, fresh: true });
    expect((await memory.of('a').reading('overdue', read, { nowMs: T0, fresh: false })).reused).toBe(true);
    const lastOfB = `list ${MAX_KEPT_READINGS * 2 - 1}`;
    expect((await memory.of('b').reading(lastOfB, read, { nowMs: T0, fresh: false })).reused).toBe(true);
    expect((await memory.of('b').reading('list 0', read, { nowMs: T0, fresh: false })).reused).toBe(false);
    expect(made()).toBe(1 + MAX_KEPT_READINGS * 2 + 1);
  });

  it(`keeps at most ${MEMBER_KEPT_RECORDS} records of one member: a member's big readings do not push another's out`, async () => {
    const memory = new RecentReadings();
    const big = reader(MEMBER_KEPT_RECORDS);
    await memory.of('a').reading('overdue', big.read, { nowMs: T0, fresh: true });
    await memory.of('b').reading('one', big.read, { nowMs: T0, fresh: true });
    await memory.of('b').reading('two', big.read, { nowMs: T0, fresh: true });
    expect((await memory.of('a').reading('overdue', big.read, { nowMs: T0, fresh: false })).reused).toBe(true);
    expect((await memory.of('b').reading('two', big.read, { nowMs: T0, fresh: false })).reused).toBe(true);
    expect((await memory.of('b').reading('one', big.read, { nowMs: T0, fresh: false })).reused).toBe(false);
  });

  it(`keeps at most ${MAX_KEPT_RECORDS} records in all, dropping the oldest readings`, async () => {
    const memory = new RecentReadings();
    const big = reader(MAX_KEPT_RECORDS / 2);
    await memory.of('a').reading('one', big.read, { nowMs: T0, fresh: true });
    await memory.of('b').reading('two', big.read, { nowMs: T0, fresh: true });
    await memory.of('c').reading('three', reader(1).read, { nowMs: T0, fresh: true });
    expect((await memory.of('a').reading('one', big.read, { nowMs: T0, fresh: false })).reused).toBe(false);
    expect(big.made()).toBe(3);
  });

  it('shares a reading still being read, and does not keep one that failed or has a hole', async () => {
    const memory = new RecentReadings();
    let finish!: () => void;
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const { read, made } = reader();
    const slow = async () => {
      await held;
      return read();
    };
    const first = memory.of('a').reading('overdue', slow, { nowMs: T0, fresh: true });
    const second = memory.of('a').reading('overdue', slow, { nowMs: T0 + 5, fresh: false });
    finish();
    expect((await second).reused).toBe(true);
    expect((await second).pages).toBe((await first).pages);
    expect(made()).toBe(1);

    const failing = () => Promise.reject(new Error('the key was refused'));
    await expect(memory.of('a').reading('failed', failing, { nowMs: T0, fresh: true })).rejects.toThrow('refused');
    expect((await memory.of('a').reading('failed', read, { nowMs: T0, fresh: false })).reused).toBe(false);

    const holed = reader(1, { stoppedBy: 'The service failed page 3.' });
    await memory.of('a').reading('holed', holed.read, { nowMs: T0, fresh: true });
    await memory.of('a').reading('holed', holed.read, { nowMs: T0, fresh: false });
    expect(holed.made()).toBe(2);
  });

  it("stops waiting for another call's reading when its own call ends", async () => {
    const memory = new RecentReadings();
    const never = () => new Promise<AllPages>(() => undefined);
    void memory.of('a').reading('overdue', never, { nowMs: T0, fresh: true });
    const controller = new AbortController();
    const waiting = memory.of('a').reading('overdue', never, { nowMs: T0, fresh: false, signal: controller.signal });
    controller.abort(new Error('cancelled by the client'));
    await expect(waiting).rejects.toThrow('cancelled by the client');
  });
});
