// The watch of this replica's clock against the store's: by an injected clock and a fake TIME, the
// checks every minute by fake timers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SKEW_CHECK_EVERY_MS, watchClockSkew } from '../../../src/http/state/clock-skew.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A replica's clock `offsetMs` off a store's, both still, and the warnings said. */
function clocks(offsetMs: number) {
  let storeMs = 1_800_000_000_000;
  let offset = offsetMs;
  const warnings: Array<{ message: string; fields: Record<string, unknown> }> = [];
  return {
    storeTime: async () => storeMs,
    now: () => storeMs + offset,
    warn: (message: string, fields: Record<string, unknown>) => warnings.push({ message, fields }),
    where: 'redis.internal:6379',
    warnings,
    setOffset: (ms: number) => (offset = ms),
    advance: (ms: number) => (storeMs += ms),
  };
}

describe('the clock skew watch', () => {
  it('says at start by how much a clock 50 s behind the store is, and what to do', async () => {
    const fake = clocks(-50_000);
    const watch = await watchClockSkew(fake);
    watch.stop();
    expect(fake.warnings).toHaveLength(1);
    const [warning] = fake.warnings;
    expect(warning!.message).toMatch(/50\.0 s behind the shared state store's \(Redis's TIME\)/);
    expect(warning!.message).toMatch(/NTP/);
    expect(warning!.fields).toEqual({ store: 'redis.internal:6379', skewSeconds: -50 });
  });

  it('says a clock ahead is ahead', async () => {
    const fake = clocks(7_300);
    (await watchClockSkew(fake)).stop();
    expect(fake.warnings[0]!.message).toMatch(/7\.3 s ahead of/);
  });

  it('says nothing within 5 s either way', async () => {
    for (const offset of [0, 4_999, -5_000]) {
      const fake = clocks(offset);
      const watch = await watchClockSkew(fake);
      watch.stop();
      expect(await watch.check()).toBe(offset);
      expect(fake.warnings).toEqual([]);
    }
  });

  it('checks again every minute, says it each time the clocks differ, and stops when told', async () => {
    vi.useFakeTimers();
    const fake = clocks(0);
    const watch = await watchClockSkew(fake);
    expect(fake.warnings).toHaveLength(0);
    fake.setOffset(-150_000);
    await vi.advanceTimersByTimeAsync(SKEW_CHECK_EVERY_MS);
    expect(fake.warnings).toHaveLength(1);
    expect(fake.warnings[0]!.message).toMatch(/150\.0 s behind/);
    await vi.advanceTimersByTimeAsync(SKEW_CHECK_EVERY_MS);
    expect(fake.warnings).toHaveLength(2);
    fake.setOffset(1000);
    await vi.advanceTimersByTimeAsync(SKEW_CHECK_EVERY_MS);
    expect(fake.warnings).toHaveLength(2);
    fake.setOffset(-150_000);
    watch.stop();
    await vi.advanceTimersByTimeAsync(5 * SKEW_CHECK_EVERY_MS);
    expect(fake.warnings).toHaveLength(2);
  });

  it('reads the middle of the round trip as the moment the store read its clock', async () => {
    const fake = clocks(0);
    // The store answers having read its clock, and 2 s pass on the replica's before the answer arrives.
    const storeTime = async () => {
      const read = await fake.storeTime();
      fake.advance(2000);
      return read;
    };
    const watch = await watchClockSkew({ ...fake, storeTime });
    watch.stop();
    expect(await watch.check()).toBe(1000);
  });

  it('a store that does not answer is no skew (its own watch says so), and nothing is said', async () => {
    const fake = clocks(-50_000);
    const watch = await watchClockSkew({ ...fake, storeTime: () => Promise.reject(new Error('no answer')) });
    watch.stop();
    expect(await watch.check()).toBeUndefined();
    expect(fake.warnings).toEqual([]);
  });

  it('its timer keeps no process alive', async () => {
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const watch = await watchClockSkew(clocks(0));
    const timer = setInterval.mock.results[0]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    watch.stop();
    setInterval.mockRestore();
  });
});
