// The connection to the Redis store as the shared state sees it: every command within its bound,
// whether the store answers now (a PING a second while it does not, logged once per outage), and
// whether its eviction policy still keeps every key (read again every minute and at each
// reconnection). Apart from the state so that the state's methods say what they decide, and this
// file how the store is reached and when it is trusted.
import { callSignal } from '../../call-signal.js';
import { log } from '../../log.js';
import { evictingMessage, policyUnread, refusedWriteAdvice } from './redis-wording.js';
import { StateStoreRefused } from './shared-state.js';

/** While the store does not answer, how often a PING asks whether it is back. */
const PROBE_EVERY_MS = 1000;
/** How often the eviction policy is read again (and at each reconnection). */
const POLICY_CHECK_EVERY_MS = 60_000;
/** answers() trusts the last answer for this long; after that it asks (bounded). */
const TRUST_SILENCE_MS = 5000;
/** A refused write is logged once in this long at most. */
const REFUSAL_LOG_EVERY_MS = 60_000;

/** Sends one command (within the bound of the work it belongs to). */
export type Send = (args: string[]) => Promise<unknown>;

/** Whether an error is one Redis answered with (it is there, and refused): the client's own error class. */
export type IsReply = (error: unknown) => error is Error;

/** What the state asks of the node-redis client (only redis-state.ts imports the package). */
export interface StoreClient {
  sendCommand(args: readonly string[], options?: { abortSignal?: AbortSignal }): Promise<unknown>;
  close(): Promise<void>;
  destroy(): void;
  readonly isOpen: boolean;
}

/** The store did not answer within its bound. */
class TimedOut extends Error {}

/**
 * `work` within `ms`, by a call signal: at the bound the signal aborts (dropping commands not yet
 * written, so that an outage does not pile them up) and the answer is a TimedOut, even from a store
 * that never answers what it was sent.
 */
export function withinBound<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const call = callSignal(ms, undefined, () => new TimedOut(`no answer within ${ms} ms`));
  const bound = new Promise<never>((_, reject) => {
    call.signal.addEventListener('abort', () => reject(call.signal.reason), { once: true });
  });
  return Promise.race([work(call.signal), bound]).finally(call.done);
}

export class StoreLink {
  /** Whether the store answered last time it was asked; false from a timeout or a lost connection until a PING answers. */
  private isReachable = true;
  private lastHeardAt = Date.now();
  private probeTimer: NodeJS.Timeout | undefined;
  private probing = false;
  private closed = false;
  /** The store's policy may evict keys (seen after the start): sign-ins are refused until it does not. */
  private evicting = false;
  private readonly policyTimer: NodeJS.Timeout;
  /** When a refused write was last logged: once a minute at most. */
  private refusalLoggedAt = 0;

  /**
   * `onBack`: run when the store answers again after an outage.
   */
  constructor(
    private readonly client: StoreClient,
    private readonly where: string,
    private readonly timeoutMs: number,
    private readonly isReply: IsReply,
    private readonly onBack: () => void,
  ) {
    this.policyTimer = setInterval(() => void this.recheckEvictionPolicy(), POLICY_CHECK_EVERY_MS);
    this.policyTimer.unref();
  }

  /** Whether the store answered last time it was asked. */
  get reachable(): boolean {
    return this.isReachable;
  }

  /** Whether a sign-in may be decided now: reachable, open, and keeping every key. */
  get decides(): boolean {
    return this.isReachable && !this.closed && !this.evicting;
  }

  /** Whether the store answers now: the last answer if recent, else a bounded PING. */
  async answers(): Promise<boolean> {
    if (!this.decides) return false;
    if (Date.now() - this.lastHeardAt < TRUST_SILENCE_MS) return true;
    try {
      await this.bounded((send) => send(['PING']));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Sends within the operation's bound. A timeout or a connection error marks the store unreachable;
   * an error Redis answered with (out of memory, a refused command) means it is there, and is passed on.
   */
  async bounded(work: (send: Send) => Promise<unknown>): Promise<unknown> {
    try {
      const answer = await withinBound(this.timeoutMs, (signal) => work((args) => this.client.sendCommand(args, { abortSignal: signal })));
      this.lastHeardAt = Date.now();
      return answer;
    } catch (error) {
      if (this.isReply(error)) {
        this.lastHeardAt = Date.now();
        this.noteRefusedWrite(error.message);
      } else {
        this.markUnreachable();
      }
      throw error;
    }
  }

  /** A connection error seen by the client: the store is marked unreachable (logged once per outage). */
  lost(): void {
    this.markUnreachable();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.probeTimer);
    clearInterval(this.policyTimer);
    try {
      // QUIT waits for the answers still owed; a paused server owes them forever, hence the bound.
      await withinBound(this.timeoutMs, () => this.client.close());
    } catch {
      // The bound passed or the connection was gone: destroyed below.
    }
    if (this.client.isOpen) this.client.destroy();
  }

  /** Reads the eviction policy once connected: anything but noeviction is refused. */
  async checkEvictionPolicy(): Promise<void> {
    let policy: string | undefined;
    try {
      policy = await this.evictionPolicy();
    } catch (error) {
      throw new StateStoreRefused(policyUnread(this.where, this.timeoutMs, this.isReply(error) ? error.message : undefined));
    }
    if (policy !== 'noeviction') throw new StateStoreRefused(evictingMessage(this.where, policy));
  }

  /**
   * The policy again, after a reconnection and every minute: Redis may have been restarted or
   * reconfigured to evict. While it may, sign-ins are refused as in an outage, and an error says why.
   */
  async recheckEvictionPolicy(): Promise<void> {
    if (this.closed || !this.isReachable) return;
    let policy: string | undefined;
    try {
      policy = await this.evictionPolicy();
    } catch {
      // Not answered now: the outage's own probe, or the next check, will tell.
      return;
    }
    const evicting = policy !== 'noeviction';
    if (evicting && !this.evicting) log.error(`${evictingMessage(this.where, policy)} Sign-ins are refused until it is.`);
    if (!evicting && this.evicting) log.warn('the shared state store keeps every key again (maxmemory-policy noeviction)', { store: this.where });
    this.evicting = evicting;
  }

  private async evictionPolicy(): Promise<string | undefined> {
    const info = String(await this.bounded((send) => send(['INFO', 'memory'])));
    return /^maxmemory_policy:(\S+)/m.exec(info)?.[1];
  }

  /** A write Redis refuses (full, a read-only replica, unable to persist): said once a minute, with what to do. */
  private noteRefusedWrite(message: string): void {
    const why = refusedWriteAdvice(message);
    if (why === undefined || Date.now() - this.refusalLoggedAt < REFUSAL_LOG_EVERY_MS) return;
    this.refusalLoggedAt = Date.now();
    log.error(`the shared state store refuses writes: ${why}; sign-ins are refused until it takes them`, { store: this.where });
  }

  private markUnreachable(): void {
    if (this.closed) return;
    if (this.isReachable) {
      this.isReachable = false;
      log.warn('the shared state store does not answer: sign-in is refused until it does', { store: this.where });
    }
    this.scheduleProbe();
  }

  /** One PING at a time, every PROBE_EVERY_MS, until one answers. */
  private scheduleProbe(): void {
    if (this.probing || this.probeTimer !== undefined || this.closed) return;
    this.probeTimer = setTimeout(() => {
      this.probeTimer = undefined;
      void this.probe();
    }, PROBE_EVERY_MS);
    // The probe alone must not keep the process alive.
    this.probeTimer.unref();
  }

  private async probe(): Promise<void> {
    this.probing = true;
    let answered = false;
    try {
      await withinBound(this.timeoutMs, (signal) => this.client.sendCommand(['PING'], { abortSignal: signal }));
      answered = true;
    } catch {
      // Still away: asked again below.
    }
    this.probing = false;
    if (this.closed) return;
    if (!answered) {
      this.scheduleProbe();
      return;
    }
    this.lastHeardAt = Date.now();
    if (!this.isReachable) {
      this.isReachable = true;
      log.warn('the shared state store answers again', { store: this.where });
      this.onBack();
    }
  }
}
