// Rate counters in this process's memory, each in a fixed window: the memory state's (memory-state.ts),
// and a replica's own count when the shared store does not answer (unverified-budget.ts). Bounded: once
// many are kept, the counters whose window ended are swept out.
import type { HitCount } from './shared-state.js';

/** Counters kept before the ended windows are swept out. */
const COUNTERS_BEFORE_SWEEP = 10_000;

export class HitCounters {
  private readonly counters = new Map<string, HitCount>();

  /** `now`: milliseconds since the epoch (tests move it). */
  constructor(private readonly now: () => number = Date.now) {}

  /** Counts `change` hits (-1 undoes one) of `counter` in a fixed window of `windowMs`, which starts with its first hit. */
  count(counter: string, windowMs: number, change = 1): HitCount {
    const now = this.now();
    let count = this.counters.get(counter);
    if (count === undefined || count.resetAt <= now) {
      if (count === undefined && this.counters.size >= COUNTERS_BEFORE_SWEEP) this.sweep(now);
      count = { hits: 0, resetAt: now + windowMs };
      this.counters.set(counter, count);
    }
    count.hits = Math.max(0, count.hits + change);
    return { ...count };
  }

  forget(counter: string): void {
    this.counters.delete(counter);
  }

  /** Windows that ended are forgotten: a counter is only ever asked about its current window. */
  private sweep(now: number): void {
    for (const [counter, count] of this.counters) if (count.resetAt <= now) this.counters.delete(counter);
  }
}
