// How many requests one client address may send, per minute, with keys the complaints service has not
// accepted lately. Each may reach the service (an initialize's key check, a tool call's first read),
// so without a bound one address relays made-up keys to the service as fast as it sends them, and the
// service may then limit this server's address and shut out every member.
//
// A member's key counts only until the service first accepts it (usually at their first initialize),
// so a team behind one NAT spends about one per member in a day. Counted in the shared state, so that
// every replica spends the same budget; when the store does not answer, this replica counts alone (a
// member's request never fails on the store, and a stranger then gets one budget per replica).
import { HitCounters } from './state/hit-counters.js';
import { type HitCount, type SharedState, StoreUnavailable } from './state/shared-state.js';

/** 60 a minute: a team's new keys, even all at once after a restart, stay far below; a flood of made-up keys is cut to one a second. */
export const UNVERIFIED_BUDGET = { perWindow: 60, windowMs: 60_000 } as const;

export interface UnverifiedBudgetOptions {
  perWindow: number;
  windowMs: number;
  /** Milliseconds since the epoch, the clock of the windows' ends (tests move it). */
  now?: () => number;
}

/** Within the budget; or over it, until the window ends (`retryAfterMs` from now). */
export type BudgetSpent = { ok: true } | { ok: false; limit: number; retryAfterMs: number };

export class UnverifiedBudget {
  private readonly now: () => number;
  private readonly local: HitCounters;

  constructor(
    private readonly state: Pick<SharedState, 'countHit'>,
    private readonly options: UnverifiedBudgetOptions = UNVERIFIED_BUDGET,
  ) {
    this.now = options.now ?? Date.now;
    this.local = new HitCounters(this.now);
  }

  /** Spends `requests` of `address`'s budget (nothing for none); a request over it is still counted in its window. */
  async spend(address: string, requests: number): Promise<BudgetSpent> {
    if (requests <= 0) return { ok: true };
    const { perWindow, windowMs } = this.options;
    const counter = `unverified-keys:${address}`;
    const count = await this.state.countHit(counter, windowMs, requests).catch((error: unknown): HitCount => {
      if (error instanceof StoreUnavailable) return this.local.count(counter, windowMs, requests);
      throw error;
    });
    if (count.hits <= perWindow) return { ok: true };
    return { ok: false, limit: perWindow, retryAfterMs: Math.max(0, count.resetAt - this.now()) };
  }
}
