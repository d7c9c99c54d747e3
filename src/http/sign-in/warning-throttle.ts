// How often one kind of warning may reach the log when strangers can cause it: a client_id is
// anyone's choice, and every sign-in with one that fails would otherwise write a line. At most one
// line per key (a document's URL) per `perKeyMs`, and at most `perWindow` lines of every key
// together per `windowMs`, then one line saying that the rest goes unsaid; the keys remembered are
// bounded, the oldest forgotten first (forgetting one costs at most a repeated line, which the
// window's budget still bounds).

export interface WarningThrottleOptions {
  /** Default 10 minutes. */
  perKeyMs?: number;
  /** Default 10 minutes. */
  windowMs?: number;
  /** Lines of all keys together per window. Default 10. */
  perWindow?: number;
  /** Keys remembered. Default 1000. */
  maxKeys?: number;
  /** Milliseconds of a clock that never goes back. Default performance.now. */
  now?: () => number;
}

/** write: the line; quiet: instead of it, the one line saying that more go unsaid this window; skip: nothing. */
export type WarningDecision = 'write' | 'quiet' | 'skip';

export class WarningThrottle {
  private readonly perKeyMs: number;
  private readonly windowMs: number;
  private readonly perWindow: number;
  private readonly maxKeys: number;
  private readonly now: () => number;
  /** key -> when its line was written, oldest first. */
  private readonly written = new Map<string, number>();
  private windowStart = Number.NEGATIVE_INFINITY;
  private linesInWindow = 0;
  private quietSaid = false;

  constructor(options: WarningThrottleOptions = {}) {
    this.perKeyMs = options.perKeyMs ?? 10 * 60_000;
    this.windowMs = options.windowMs ?? 10 * 60_000;
    this.perWindow = options.perWindow ?? 10;
    this.maxKeys = options.maxKeys ?? 1000;
    this.now = options.now ?? (() => performance.now());
  }

  /** Whether a line about `key` is written now; a 'write' is counted. */
  decide(key: string): WarningDecision {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.linesInWindow = 0;
      this.quietSaid = false;
    }
    // Entries are kept in the order written: those at the front that have expired go first.
    for (const [oldest, at] of this.written) {
      if (now - at < this.perKeyMs) break;
      this.written.delete(oldest);
    }
    if (this.written.has(key)) return 'skip';
    if (this.linesInWindow >= this.perWindow) {
      if (this.quietSaid) return 'skip';
      this.quietSaid = true;
      return 'quiet';
    }
    this.linesInWindow++;
    this.written.set(key, now);
    for (const oldest of this.written.keys()) {
      if (this.written.size <= this.maxKeys) break;
      this.written.delete(oldest);
    }
    return 'write';
  }

  /** How many keys are remembered (for tests: it stays bounded). */
  get size(): number {
    return this.written.size;
  }

  /** Minutes of a window, for the line that says the rest goes unsaid. */
  get windowMinutes(): number {
    return Math.round(this.windowMs / 60_000);
  }
}
