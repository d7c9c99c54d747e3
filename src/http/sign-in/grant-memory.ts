// What a sealed token cannot say about itself: that it was already used, or withdrawn. Kept in this
// replica's memory, and only as long as the tokens concerned could still be opened, so it stays
// small: a code lives two minutes, a grant at most the refresh token's life.
//
// Per replica: a code replayed against another replica, or a token revoked on one and shown to
// another, is not caught there. Codes are also bound to their PKCE verifier, and access tokens are
// short-lived; docs/team-hosting.md says how to route sign-in to one replica when that matters.

/**
 * Far above what a team's server sees in a token's lifetime. Entries are never dropped before they
 * expire (a dropped one would let a used code or a rotated refresh token work again): when the
 * bound is reached, new codes and renewals are refused until old entries expire, and revocations are
 * kept beyond it (they come only through rate-limited endpoints).
 */
export const MAX_REMEMBERED = 100_000;

/** Entries each with the time (seconds) after which they no longer matter. */
class Expiring<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(private readonly max: number) {}

  get(id: string, now: number): V | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    if (entry.until > now) return entry.value;
    this.entries.delete(id);
    return undefined;
  }

  /** Adds an entry; false when the map is full of unexpired entries and `beyondBound` is not set. */
  set(id: string, value: V, until: number, now: number, beyondBound = false): boolean {
    if (!this.entries.has(id) && this.entries.size >= this.max) {
      // Insertion order is nearly expiry order: the expired are at the front.
      for (const [oldest, entry] of this.entries) {
        if (entry.until > now) break;
        this.entries.delete(oldest);
      }
      if (this.entries.size >= this.max && !beyondBound) return false;
    }
    this.entries.delete(id);
    this.entries.set(id, { value, until });
    return true;
  }
}

export type Taken = 'taken' | 'used before' | 'memory full';

export class GrantMemory {
  private readonly spentCodes: Expiring<true>;
  private readonly revoked: Expiring<true>;
  /** grant -> the generation of the refresh token it expects next. */
  private readonly refreshes: Expiring<number>;

  /** `now`: seconds since the epoch, as the tokens count. */
  constructor(
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
    max = MAX_REMEMBERED,
  ) {
    this.spentCodes = new Expiring(max);
    this.revoked = new Expiring(max);
    this.refreshes = new Expiring(max);
  }

  /** Marks a code used: 'used before' for a replay. */
  spendCode(codeId: string, expiresAt: number): Taken {
    const now = this.now();
    if (this.spentCodes.get(codeId, now)) return 'used before';
    return this.spentCodes.set(codeId, true, expiresAt, now) ? 'taken' : 'memory full';
  }

  /** Withdraws every token of a grant, until `until` (the latest any of them could expire). */
  revoke(grantId: string, until: number): void {
    this.revoked.set(grantId, true, until, this.now(), true);
  }

  isRevoked(grantId: string): boolean {
    return this.revoked.get(grantId, this.now()) === true;
  }

  /**
   * Takes refresh token number `generation` of a grant: 'used before' when a newer one was already
   * issued (the older one is being replayed, and the grant is then revoked by the caller).
   */
  takeRefresh(grantId: string, generation: number, until: number): Taken {
    const now = this.now();
    const expected = this.refreshes.get(grantId, now);
    if (expected !== undefined && generation < expected) return 'used before';
    return this.refreshes.set(grantId, generation + 1, until, now) ? 'taken' : 'memory full';
  }
}
