// How often one kind of warning may reach the log when strangers can cause it: a client_id is
// anyone's choice, and every sign-in with one that fails would otherwise write a line. At most one
// line per key (a document's URL) per `perKeyMs`, and at most `perWindow` lines per `windowMs` for
// each owner (the client address that asked), then one line saying that the rest of that owner's
// goes unsaid. The budget is the owner's own: a stranger's flood spends only theirs, so a real app's
// failing document, asked for from a member's address, is still written. Keys and owners remembered
// are bounded, the oldest forgotten first (forgetting a key costs at most a repeated line; forgetting
// an owner gives it a new budget, and the sign-in's rate limits bound what each address asks).

export interface WarningThrottleOptions {
  /** Default 10 minutes. */
  perKeyMs?: number;
  /** Default 10 minutes. */
  windowMs?: number;
  /** Lines of one owner per window. Default 10. */
  perWindow?: number;
  /** Keys remembered. Default 1000. */
  maxKeys?: number;
  /** Owners remembered. Default 1000. */
  maxOwners?: number;
  /** Milliseconds of a clock that never goes back. Default performance.now. */
  now?: () => number;
}

/** write: the line; quiet: instead of it, the one line saying that more of its owner's go unsaid this window; skip: nothing. */
export type WarningDecision = 'write' | 'quiet' | 'skip';

/** An owner's window: when it started, the lines written in it, and whether the quiet line was. */
interface OwnerWindow {
  start: number;
  lines: number;
  quietSaid: boolean;
}

/** The owner of a line whose request's address is not known (a unit test, a background task). */
const UNKNOWN_OWNER = '(unknown)';

export class WarningThrottle {
  private readonly perKeyMs: number;
  private readonly windowMs: number;
  private readonly perWindow: number;
  private readonly maxKeys: number;
  private readonly maxOwners: number;
  private readonly now: () => number;
  /** key -> when its line was written, oldest first. */
  private readonly written = new Map<string, number>();
  /** owner -> its window, oldest window first. */
  private readonly owners = new Map<string, OwnerWindow>();

  constructor(options: WarningThrottleOptions = {}) {
    this.perKeyMs = options.perKeyMs ?? 10 * 60_000;
    this.windowMs = options.windowMs ?? 10 * 60_000;
    this.perWindow = options.perWindow ?? 10;
    this.maxKeys = options.maxKeys ?? 1000;
    this.maxOwners = options.maxOwners ?? 1000;
    this.now = options.now ?? (() => performance.now());
  }

  /** Whether a line about `key`, asked for by `owner`, is written now; a 'write' is counted to the owner. */
  decide(key: string, owner = UNKNOWN_OWNER): WarningDecision {
    const now = this.now();
    // Entries are kept in the order written: those at the front that have expired go first.
    for (const [oldest, at] of this.written) {
      if (now - at < this.perKeyMs) break;
      this.written.delete(oldest);
    }
    if (this.written.has(key)) return 'skip';
    const window = this.windowOf(owner, now);
    if (window.lines >= this.perWindow) {
      if (window.quietSaid) return 'skip';
      window.quietSaid = true;
      return 'quiet';
    }
    window.lines++;
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

  /** How many owners are remembered (for tests: it stays bounded). */
  get ownerCount(): number {
    return this.owners.size;
  }

  /** Minutes of a window, for the line that says the rest goes unsaid. */
  get windowMinutes(): number {
    return Math.round(this.windowMs / 60_000);
  }

  /** The owner's current window: a new one once its last ended, moved to the end of the map. */
  private windowOf(owner: string, now: number): OwnerWindow {
    const current = this.owners.get(owner);
    if (current !== undefined && now - current.start < this.windowMs) return current;
    const window = { start: now, lines: 0, quietSaid: false };
    this.owners.delete(owner);
    this.owners.set(owner, window);
    for (const [oldest, { start }] of this.owners) {
      if (this.owners.size <= this.maxOwners && now - start < this.windowMs) break;
      this.owners.delete(oldest);
    }
    return window;
  }
}
