// Long work over thousands of records, cut in slices. Written once, as a generator that yields where
// it may pause (Slices<T>), it is either run to its end at once (finish) or run a few milliseconds at
// a time, giving the event loop back between slices (inSlices): a shared server keeps answering
// other members' calls while one member's whole book is tallied. Both give the same result: the work
// is the same code, only the pauses differ.
//
// Imports nothing (setImmediate and performance are Node's globals): the domain's rules and the views
// are written with it.

/** Work that yields where it may pause, and returns its result. */
export type Slices<T> = Generator<void, T, void>;

/** A loop pauses once every this many items: checking the clock at each item would cost more than the item. */
export const ITEMS_PER_PAUSE = 64;

/**
 * The longest a slice runs before the event loop is given back. Short enough that a call arriving
 * meanwhile waits a few milliseconds per step, long enough that the pauses cost nothing measurable.
 */
export const SLICE_MS = 4;

/** Runs `work` to its end without pausing: what inSlices gives, at once. */
export function finish<T>(work: Slices<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

export interface SliceOptions {
  /** The longest slice, in ms (SLICE_MS). 0 pauses at every point the work offers. */
  sliceMs?: number;
  /** How the event loop is given back; a macrotask (setImmediate) unless a test says otherwise. */
  pause?: () => Promise<void>;
}

/**
 * Runs `work` in slices of at most about `sliceMs`, each followed by a macrotask's turn (setImmediate):
 * I/O that arrived meanwhile (another member's request, an answer of the service) runs before the next
 * slice. A microtask would not do: promise jobs run before any I/O.
 */
export async function inSlices<T>(work: Slices<T>, { sliceMs = SLICE_MS, pause = nextTurn }: SliceOptions = {}): Promise<T> {
  let sliceStarted = performance.now();
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStarted < sliceMs) continue;
    await pause();
    sliceStarted = performance.now();
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `items.map(map)`, offering a pause every ITEMS_PER_PAUSE items. */
export function* mapInSlices<T, U>(items: readonly T[], map: (item: T, index: number) => U): Slices<U[]> {
  const mapped: U[] = [];
  for (let index = 0; index < items.length; index++) {
    if (index > 0 && index % ITEMS_PER_PAUSE === 0) yield;
    mapped.push(map(items[index]!, index));
  }
  return mapped;
}

/** `for (const item of items) visit(item)`, offering a pause every ITEMS_PER_PAUSE items. */
export function* eachInSlices<T>(items: readonly T[], visit: (item: T, index: number) => void): Slices<void> {
  for (let index = 0; index < items.length; index++) {
    if (index > 0 && index % ITEMS_PER_PAUSE === 0) yield;
    visit(items[index]!, index);
  }
}
