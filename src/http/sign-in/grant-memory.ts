// What a sealed token cannot say about itself: that it was already used, or withdrawn. Kept in this
// replica's memory, and only as long as the tokens concerned could still be opened, so it stays
// small: a code lives two minutes, a grant at most the refresh token's life.
//
// Per replica: a code replayed against another replica, or a token revoked on one and shown to
// another, is not caught there. Codes are also bound to their PKCE verifier, and access tokens are
// short-lived; docs/team-hosting.md says how to route sign-in to one replica when that matters.
//
// Bounded in all and per member (the key a grant was signed in with, kept as its hash: key-id.ts),
// so that one member signing in again and again, from one address or many, fills their own share
// and nothing of the others'. A member, not an address: behind a proxy every member has the proxy's
// address, while every grant has exactly one member.

/**
 * Far above what a team's server sees in a token's lifetime. Entries are never dropped before they
 * expire (a dropped one would let a used code or a rotated refresh token work again): when a bound is
 * reached, new codes and renewals are refused until old entries expire, for the member whose share
 * is full, or for everyone when the whole memory is. Revocations are folded instead (revoke).
 */
export const MAX_REMEMBERED = 100_000;
/**
 * A member's share of each kind: a member signing in ten times a day on three devices keeps every
 * grant for the refresh token's 30 days (900), and it takes a hundred members at their share to fill
 * the memory.
 */
export const MAX_PER_MEMBER = 1_000;

export type Taken = 'taken' | 'used before' | 'memory full' | 'member full';

/** A token as the revocation list asks about it: its grant, its member, and when it was issued (seconds). */
export interface TokenOrigin {
  grant: string;
  member: string;
  issuedAt: number;
}

/** Entries each with its member and the time (seconds) after which it no longer matters. */
class Expiring<V> {
  private readonly entries = new Map<string, { value: V; until: number; member: string }>();
  private readonly perMember = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly maxPerMember: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(id: string, now: number): V | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    if (entry.until > now) return entry.value;
    this.delete(id);
    return undefined;
  }

  /** Adds or replaces an entry; refused, saying which bound, when the memory or the member's share is full of unexpired entries. */
  set(id: string, value: V, until: number, now: number, member: string): 'taken' | 'memory full' | 'member full' {
    if (!this.entries.has(id)) {
      if (this.entries.size >= this.max || this.countOf(member) >= this.maxPerMember) this.dropExpired(now);
      if (this.entries.size >= this.max) return 'memory full';
      if (this.countOf(member) >= this.maxPerMember) return 'member full';
    }
    // Deleted first so that it goes to the end: insertion order stays nearly expiry order.
    this.delete(id);
    this.entries.set(id, { value, until, member });
    this.perMember.set(member, this.countOf(member) + 1);
    return 'taken';
  }

  /** Forgets every entry of `member`; returns the latest time any of them mattered until (0 for none). */
  dropMember(member: string): number {
    let latest = 0;
    for (const [id, entry] of this.entries) {
      if (entry.member !== member) continue;
      latest = Math.max(latest, entry.until);
      this.delete(id);
    }
    return latest;
  }

  /** Forgets every entry; returns the latest time any of them mattered until (0 for none). */
  dropAll(): number {
    let latest = 0;
    for (const entry of this.entries.values()) latest = Math.max(latest, entry.until);
    this.entries.clear();
    this.perMember.clear();
    return latest;
  }

  private countOf(member: string): number {
    return this.perMember.get(member) ?? 0;
  }

  private delete(id: string): void {
    const entry = this.entries.get(id);
    if (entry === undefined) return;
    this.entries.delete(id);
    const left = this.countOf(entry.member) - 1;
    if (left <= 0) this.perMember.delete(entry.member);
    else this.perMember.set(entry.member, left);
  }

  /** Insertion order is nearly expiry order: the expired are at the front. */
  private dropExpired(now: number): void {
    for (const [id, entry] of this.entries) {
      if (entry.until > now) break;
      this.delete(id);
    }
  }
}

/** Tokens issued at or before `at` (seconds) are withdrawn, until `until`, when they have all expired. */
interface Cutoff {
  at: number;
  until: number;
}

export class GrantMemory {
  private readonly spentCodes: Expiring<true>;
  /** grant -> the generation of the refresh token it expects next. */
  private readonly refreshes: Expiring<number>;
  /** Grants withdrawn one by one. */
  private readonly revoked: Expiring<true>;
  /** member -> all their tokens issued up to a time are withdrawn (see revoke). */
  private readonly memberCutoffs: Expiring<Cutoff>;
  /** Every token issued up to then is withdrawn (see revoke). */
  private everyoneCutoff: Cutoff | undefined;

  /** `now`: seconds since the epoch, as the tokens count. `max` entries of each kind, `maxPerMember` of them one member's. */
  constructor(
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
    max = MAX_REMEMBERED,
    maxPerMember = MAX_PER_MEMBER,
  ) {
    this.spentCodes = new Expiring(max, maxPerMember);
    this.refreshes = new Expiring(max, maxPerMember);
    this.revoked = new Expiring(max, maxPerMember);
    // One entry per member: a member's cutoff replaces their share of revocations.
    this.memberCutoffs = new Expiring(max, 1);
  }

  /** How many entries are kept, for the tests of the bounds. */
  get remembered(): { codes: number; refreshes: number; revocations: number } {
    return { codes: this.spentCodes.size, refreshes: this.refreshes.size, revocations: this.revoked.size + this.memberCutoffs.size };
  }

  /** Marks a code of `member` used: 'used before' for a replay. */
  spendCode(codeId: string, member: string, expiresAt: number): Taken {
    const now = this.now();
    if (this.spentCodes.get(codeId, now)) return 'used before';
    return this.spentCodes.set(codeId, true, expiresAt, now, member);
  }

  /**
   * Withdraws every token of a grant of `member`, until `until` (the latest any of them could
   * expire). Never refused, and never forgotten while a token it withdraws could still be opened:
   * when the member's share is full, their revocations are folded into one cutoff that withdraws
   * every token of theirs issued up to now (their other sign-ins end too: they sign in again); when
   * the whole list is full, into one that withdraws every token issued up to now (everyone signs in
   * again). Either way the list stays within its bound, and errs on the side of withdrawing.
   */
  revoke(grantId: string, member: string, until: number): void {
    const now = this.now();
    const taken = this.revoked.set(grantId, true, until, now, member);
    if (taken === 'taken') return;
    if (taken === 'member full') {
      const latest = Math.max(until, this.revoked.dropMember(member), this.memberCutoffs.get(member, now)?.until ?? 0);
      if (this.memberCutoffs.set(member, { at: now, until: latest }, latest, now, member) === 'taken') return;
    }
    const latest = Math.max(until, this.revoked.dropAll(), this.memberCutoffs.dropAll(), this.everyoneCutoff?.until ?? 0);
    this.everyoneCutoff = { at: now, until: latest };
  }

  /** Whether a token was withdrawn: its grant, every token of its member, or every token, up to when it was issued. */
  isRevoked(token: TokenOrigin): boolean {
    const now = this.now();
    const everyone = this.everyoneCutoff;
    if (everyone !== undefined && everyone.until > now && token.issuedAt <= everyone.at) return true;
    const memberCutoff = this.memberCutoffs.get(token.member, now);
    if (memberCutoff !== undefined && token.issuedAt <= memberCutoff.at) return true;
    return this.revoked.get(token.grant, now) === true;
  }

  /**
   * Takes refresh token number `generation` of a grant of `member`: 'used before' when a newer one
   * was already issued (the older one is being replayed, and the grant is then revoked by the caller).
   */
  takeRefresh(grantId: string, member: string, generation: number, until: number): Taken {
    const now = this.now();
    const expected = this.refreshes.get(grantId, now);
    if (expected !== undefined && generation < expected) return 'used before';
    return this.refreshes.set(grantId, generation + 1, until, now, member);
  }
}
