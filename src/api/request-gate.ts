// At most a few requests of one member in flight to the service, however many tool calls run at once:
// an overview reads dozens of pages, and ten of them at once must neither flood the service (which
// answers a flood with 429 for everyone) nor hold dozens of response bodies in memory. Requests beyond
// the limit wait their turn, first come first served, until their call is cancelled or times out.
import type { ComplaintsReader } from '../contract/operations.js';
import { UserFacingError } from '../errors.js';
import { ApiError, abortReason } from './errors.js';

/** Requests of one member (one key over HTTP; the process over stdio) in flight to the service at once. */
export const MEMBER_MAX_IN_FLIGHT = 8;

/**
 * Whole-book reads (an overview, a list of every record at risk) a process runs at once: each holds
 * up to 10,000 unresolved records and 50,000 of a period's filings, these with only the fields the
 * overview reads (about 40 MB at most, measured: 50,000 such filings 28 MB of heap), so that a shared
 * server's memory stays bounded however many members ask at the same time; the others wait their
 * turn within their own deadline.
 */
export const MAX_BOOK_READS = 4;

/** Of those, one member's at once: a member who asks for many waits in their own queue, not in everyone's. */
export const MEMBER_BOOK_READS = 2;

export class RequestGate {
  private active = 0;
  private readonly waiting = new Set<() => void>();

  constructor(readonly limit = MEMBER_MAX_IN_FLIGHT) {}

  /** Requests running now. */
  get inFlight(): number {
    return this.active;
  }

  /** Requests waiting for a turn. */
  get queued(): number {
    return this.waiting.size;
  }

  /** Runs `task` once fewer than `limit` tasks run; rejects without running it if `signal` aborts first. */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.enter(signal);
    try {
      return await task();
    } finally {
      this.leave();
    }
  }

  private enter(signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (this.active < this.limit) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const turn = () => {
        signal?.removeEventListener('abort', giveUp);
        this.active += 1;
        resolve();
      };
      const giveUp = () => {
        this.waiting.delete(turn);
        reject(abortReason(signal));
      };
      this.waiting.add(turn);
      signal?.addEventListener('abort', giveUp, { once: true });
    });
  }

  private leave(): void {
    this.active -= 1;
    // A Set iterates in insertion order: the longest waiting goes first.
    const next = this.waiting.values().next();
    if (!next.done) {
      this.waiting.delete(next.value);
      next.value();
    }
  }
}

/**
 * `read` once a slot of each gate is free, the member's first. A call whose deadline passes before
 * its slots free was never sent to the service: it says that this server is busy, not that the
 * service is slow.
 */
export async function readInSlots<T>(
  gates: readonly RequestGate[],
  read: () => Promise<T>,
  signal: AbortSignal,
  timeoutMs: number,
  /** Told how long the read waited for its slots, once it starts. */
  onStart?: (waitedMs: number) => void,
): Promise<T> {
  const asked = performance.now();
  // Only a call that found its slots taken waited for them: one whose time was spent before (the
  // client's first load, say) is not told that the server is busy.
  const waited = gates.some((gate) => gate.inFlight >= gate.limit);
  let started = false;
  const inSlots = gates.reduceRight<() => Promise<T>>(
    (inner, gate) => () => gate.run(inner, signal),
    () => {
      started = true;
      onStart?.(performance.now() - asked);
      return read();
    },
  );
  try {
    return await inSlots();
  } catch (error) {
    if (started || !waited || !(error instanceof ApiError) || error.kind !== 'timeout') throw error;
    throw new UserFacingError(
      `complaints-book-mcp was reading other overviews or deadline lists (yours first: at most ${gates[0]?.limit} of a member's at once, ${gates.at(-1)?.limit} in all), and this one could not start within ${timeoutMs} ms (COMPLAINTS_TIMEOUT_MS). None of its records were read; try again in a moment.`,
    );
  }
}

/** `reader`, with every request taking a turn at `gate`. */
export function gatedReader(reader: ComplaintsReader, gate: RequestGate): ComplaintsReader {
  return {
    listComplaints: (query, signal) => gate.run(() => reader.listComplaints(query, signal), signal),
    getComplaint: (id, signal) => gate.run(() => reader.getComplaint(id, signal), signal),
  };
}
