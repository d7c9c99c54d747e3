// Work cut in slices (src/slices.ts): it gives the event loop back between slices, and its result is
// the one it gives at once.
import { describe, expect, it } from 'vitest';
import { eachInSlices, finish, ITEMS_PER_PAUSE, inSlices, mapInSlices, type Slices } from '../src/slices.js';

const numbers = (count: number) => Array.from({ length: count }, (_, index) => index);

/** Counts the pauses `work` offers, running it to its end. */
function pausesOffered<T>(work: Slices<T>): { pauses: number; value: T } {
  let pauses = 0;
  for (;;) {
    const step = work.next();
    if (step.done) return { pauses, value: step.value };
    pauses += 1;
  }
}

describe('work in slices', () => {
  it('offers a pause every ITEMS_PER_PAUSE items, and maps as Array.prototype.map does', () => {
    const items = numbers(3 * ITEMS_PER_PAUSE + 1);
    const { pauses, value } = pausesOffered(mapInSlices(items, (item, index) => item * 2 + index));
    expect(pauses).toBe(3);
    expect(value).toEqual(items.map((item, index) => item * 2 + index));
    expect(pausesOffered(mapInSlices(numbers(ITEMS_PER_PAUSE), (item) => item)).pauses).toBe(0);
    expect(pausesOffered(mapInSlices([], (item) => item)).value).toEqual([]);
  });

  it('visits every item in order', () => {
    const seen: number[] = [];
    const { pauses } = pausesOffered(eachInSlices(numbers(2 * ITEMS_PER_PAUSE), (item, index) => seen.push(item + index)));
    expect(pauses).toBe(1);
    expect(seen).toEqual(numbers(2 * ITEMS_PER_PAUSE).map((item) => 2 * item));
  });

  it('gives the same result run at once or in slices', async () => {
    const work = function* (): Slices<number[]> {
      const doubled = yield* mapInSlices(numbers(1000), (item) => item * 2);
      yield;
      return doubled.filter((item) => item % 3 === 0);
    };
    const atOnce = finish(work());
    const pauses: number[] = [];
    const sliced = await inSlices(work(), { sliceMs: 0, pause: async () => void pauses.push(pauses.length) });
    expect(sliced).toEqual(atOnce);
    // With no time to spare, every pause offered is taken.
    expect(pauses).toHaveLength(pausesOffered(work()).pauses);
    expect(pauses.length).toBeGreaterThan(10);
  });

  it('lets a macrotask queued before it run between its slices, not after its end', async () => {
    let macrotaskRan = false;
    setImmediate(() => {
      macrotaskRan = true;
    });
    const seenBySlice: boolean[] = [];
    const work = function* (): Slices<void> {
      for (let slice = 0; slice < 3; slice++) {
        seenBySlice.push(macrotaskRan);
        yield;
      }
    };
    await inSlices(work(), { sliceMs: 0 });
    expect(seenBySlice).toEqual([false, true, true]);
  });

  it('runs without pausing while its slice lasts', async () => {
    let pauses = 0;
    const value = await inSlices(
      mapInSlices(numbers(500), (item) => item + 1),
      {
        sliceMs: Number.POSITIVE_INFINITY,
        pause: async () => {
          pauses += 1;
        },
      },
    );
    expect(pauses).toBe(0);
    expect(value).toEqual(numbers(500).map((item) => item + 1));
  });
});
