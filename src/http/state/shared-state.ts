// What replicas of `serve --http` must share to hold their promises together: a sign-in code works
// once, a revoked sign-in ends everywhere at once, a refresh token rotates once, and the rate limits,
// the per-key cap and the memory of accepted keys count a member once, whichever replica answers.
// One interface, two implementations: in this process's memory (memory-state.ts, the default, for
// one replica) and in Redis (redis-state.ts, COMPLAINTS_HTTP_STATE_URL), for any number of them.
//
// Two kinds of methods, by what a store that does not answer may cost:
// - the sign-in's (codes, revocations, refreshes, rate counters) fail closed: they throw
//   StoreUnavailable, and a request that needs them is refused (503) rather than let through on a
//   guess, since a guess could accept a replayed code or a revoked token; so do the export links'
//   (saveExportLink, readExportLink): a link that could not be kept is not given, and one that
//   cannot be read now answers 503, not "not found";
// - the members' (the per-key cap, accepted keys) never throw: without the store they answer from
//   this replica's own memory, so that a member's own `or_` key keeps working through an outage.
//
// One clock decides: the store's (Redis's TIME; this process's, in memory). The sign-in's times that
// one replica writes and another compares (a code's end, a rotation's time, a cutoff, a token's
// issuedAt) are all read on it, so that a replica whose own clock is off cannot stretch them.

/** Seconds: a refresh token shown again this soon after its first use is a retry (two windows, a lost answer), answered as the first was. */
export const REFRESH_RETRY_SECONDS = 60;

/** The store did not answer within its bound, or is not connected: nothing was decided. */
export class StoreUnavailable extends Error {
  constructor(cause?: unknown) {
    super('The shared state store did not answer.', cause === undefined ? undefined : { cause });
    this.name = 'StoreUnavailable';
  }
}

/**
 * The store cannot be used as configured (not reachable at start, or an eviction policy that could
 * drop a used code): the server does not start, and the message is shown to the operator as is.
 */
export class StateStoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StateStoreRefused';
  }
}

/**
 * Whom an entry of the sign-in's memory is charged to: the member (a hash of the key it was signed in
 * with, key-id.ts) and the client address that asked. The memory implementation bounds each one's
 * share, so that no member and no address can fill it for the others.
 */
export interface Owner {
  member: string;
  address: string;
}

/**
 * A code's fate: taken now, seen before, past its end by the store's clock (whatever the clock of the
 * replica that opened it says), or refused because a share of the memory is full.
 */
export type Taken = 'taken' | 'used before' | 'expired' | 'memory full' | 'member full' | 'address full';

/** A token as the revocation list asks about it: its grant, its member, and when it was issued (seconds). */
export interface TokenOrigin {
  grant: string;
  member: string;
  issuedAt: number;
}

/**
 * What taking refresh token number `generation` of a grant gave (times by the store's clock):
 * - `rotated`: it was the newest; its successor is issued at `issuedAt` (seconds, now);
 * - `repeated`: its successor was issued at `issuedAt`, within REFRESH_RETRY_SECONDS: a retry, which
 *   gets the same successor (tokens are sealed deterministically from the grant, the generation and
 *   `issuedAt`, so every replica issues the same bytes);
 * - `used before`: an older generation, or a retry too late: one of its holders is not the member;
 * - `expired`: the newest, but past its own end;
 * - a share of the memory is full (memory implementation only).
 */
export type RefreshTake =
  | { outcome: 'rotated' | 'repeated'; issuedAt: number }
  | { outcome: 'used before' | 'expired' | 'memory full' | 'member full' | 'address full' };

/** A counter of a rate limit's window: hits so far, and when (milliseconds since the epoch) the window ends. */
export interface HitCount {
  hits: number;
  resetAt: number;
}

/** Slots held for a member's calls in flight, or refused because the member holds `limit` already. */
export type SlotHold = { ok: true; release: () => Promise<void> } | { ok: false };

/** Slots held, given back by `release` once however often the hold is released (a call may end by more than one path). */
export function heldSlots(release: () => Promise<void>): SlotHold {
  let released = false;
  return {
    ok: true,
    release: async () => {
      if (released) return;
      released = true;
      await release();
    },
  };
}

export interface SharedState {
  /** Where the state is kept: named by /healthz and the start line. */
  readonly kind: 'memory' | 'redis';

  /**
   * Marks a code used: 'used before' for a replay, 'expired' when the store's clock is at or past
   * `until` (seconds, the code's own end, as sealed by whichever replica). Throws StoreUnavailable.
   */
  spendCode(code: Owner & { id: string; grant: string; until: number }): Promise<Taken>;
  /**
   * Takes refresh token number `generation` of `grant` (an atomic compare-and-set on the grant's
   * generation): 'expired' when the store's clock is at or past `expiresAt` (seconds, the token's own
   * end; the provider always gives it). The grant's record lasts until `until` (seconds, by this
   * replica's clock: a time to live). Throws StoreUnavailable.
   */
  takeRefresh(refresh: Owner & { grant: string; generation: number; expiresAt?: number; until: number }): Promise<RefreshTake>;
  /** Withdraws every token of `grant`, until `until` (seconds): never refused. Throws StoreUnavailable. */
  revoke(grant: Owner & { grant: string; until: number }): Promise<void>;
  /** Whether a token was withdrawn. Throws StoreUnavailable. */
  isRevoked(token: TokenOrigin): Promise<boolean>;
  /**
   * Seconds since the epoch by the store's clock, the one the sign-in decides by: when a sign-in's
   * first tokens are issued, so that their issuedAt compares with the store's cutoffs on it. Throws StoreUnavailable.
   */
  storeTime(): Promise<number>;

  /** Counts one hit (or `change` hits; -1 undoes one) of `counter` in a fixed window of `windowMs`. Throws StoreUnavailable. */
  countHit(counter: string, windowMs: number, change?: number): Promise<HitCount>;
  /** Forgets `counter`'s window. Throws StoreUnavailable. */
  forgetHits(counter: string): Promise<void>;

  /**
   * Takes `slots` of `member`'s at most `limit` calls in flight, in all replicas. Never throws:
   * without the store, the slots are granted (this replica's own caps still apply).
   */
  holdSlots(member: string, slots: number, limit: number): Promise<SlotHold>;
  /** Whether the service accepted this member's key lately (verified-keys.ts). Never throws: without the store, this replica's memory answers. */
  isAccepted(member: string): Promise<boolean>;
  /** What the service answered for the member's key: a 2xx remembers it, a 401 forgets it. Never throws. */
  heard(member: string, status: number): Promise<void>;

  /**
   * Keeps an export link's entry (http/export-links.ts: sealed, under the hash of the link's token)
   * until `until` (seconds, by this replica's clock: a time to live, kept by the store's), charged to
   * `member`. Throws StoreUnavailable.
   */
  saveExportLink(link: { id: string; member: string; entry: string; until: number }): Promise<void>;
  /** The entry kept under `id`; undefined when there is none (never kept, expired, or dropped). Throws StoreUnavailable. */
  readExportLink(id: string): Promise<string | undefined>;

  /** Whether the store answers now (always, in memory). */
  reachable(): Promise<boolean>;
  /** Gives back every slot still held (the calls a stop cut), within the store's bound, then closes. */
  close(): Promise<void>;
}
