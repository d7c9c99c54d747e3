// The sign-in's memory in one process (memory-state.ts): what a sealed token cannot say about itself,
// that it was already used, rotated or withdrawn. Kept only as long as the tokens concerned could
// still be opened, so it stays small: a code lives two minutes, a grant at most the refresh token's life.
//
// Bounded in all, per member and per client address, so that no one fills it for the others: a
// member (the key a grant was signed in with, kept as its hash: key-id.ts) signing in again and again
// fills their own share, and so does an address holding many members' keys. Behind a proxy every
// member has the proxy's address and they share its part; the member's share still keeps each of
// them from taking all of it.
import { type Owner, REFRESH_RETRY_SECONDS, type RefreshTake, type Taken, type TokenOrigin } from './shared-state.js';

export interface GrantMemoryBounds {
  /** Entries of each kind in all. */
  total: number;
  /** Entries of each kind charged to one member. */
  perMember: number;
  /** Entries of each kind charged to one client address. */
  perAddress: number;
}

/**
 * Far above what a team's server sees in a token's lifetime. Entries are never dropped before they
 * expire (a dropped one would let a used code or a rotated refresh token work again): when a bound is
 * reached, new codes and renewals are refused until old entries expire, for the member or address
 * whose share is full, or for everyone when the whole memory is. Revocations are folded instead (revoke).
 *
 * A member's share: signing in ten times a day on three devices keeps every grant for the refresh
 * token's 30 days (900), and it takes a hundred members at their share to fill the memory. An
 * address's share: a quarter, so that one address holding many keys leaves three quarters to the others.
 */
export const GRANT_MEMORY_BOUNDS: GrantMemoryBounds = { total: 100_000, perMember: 1_000, perAddress: 25_000 };

type Refused = 'memory full' | 'member full' | 'address full';

/** Entries each charged to an owner, with the time (seconds) after which it no longer matters. */
class Expiring<V> {
  private readonly entries = new Map<string, { value: V; until: number; owner: Owner }>();
  private readonly perMember = new Map<string, number>();
  private readonly perAddress = new Map<string, number>();

  constructor(private readonly bounds: GrantMemoryBounds) {}

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

  /** Until when an unexpired entry matters; 0 for none. */
  untilOf(id: string, now: number): number {
    return this.get(id, now) === undefined ? 0 : this.entries.get(id)!.until;
  }

  /** Adds or replaces an entry; refused, saying which bound, when the memory or the owner's share is full of unexpired entries. */
  set(id: string, value: V, until: number, now: number, owner: Owner): 'taken' | Refused {
    const entry = this.entries.get(id);
    if (entry === undefined) {
      const refused = this.refusal(owner);
      if (refused !== undefined) this.dropExpired(now);
      const still = this.refusal(owner);
      if (still !== undefined) return still;
    }
    // An entry replaced stays charged to whom it was first: a renewal from elsewhere moves nothing.
    const charged = entry?.owner ?? owner;
    // Deleted first so that it goes to the end: insertion order stays nearly expiry order.
    this.delete(id);
    this.entries.set(id, { value, until, owner: charged });
    bump(this.perMember, charged.member, 1);
    bump(this.perAddress, charged.address, 1);
    return 'taken';
  }

  /** Forgets every entry of `member`; returns the latest time any of them mattered until (0 for none). */
  dropMember(member: string): number {
    let latest = 0;
    for (const [id, entry] of this.entries) {
      if (entry.owner.member !== member) continue;
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
    this.perAddress.clear();
    return latest;
  }

  private refusal(owner: Owner): Refused | undefined {
    if (this.entries.size >= this.bounds.total) return 'memory full';
    if ((this.perMember.get(owner.member) ?? 0) >= this.bounds.perMember) return 'member full';
    if ((this.perAddress.get(owner.address) ?? 0) >= this.bounds.perAddress) return 'address full';
    return undefined;
  }

  private delete(id: string): void {
    const entry = this.entries.get(id);
    if (entry === undefined) return;
    this.entries.delete(id);
    bump(this.perMember, entry.owner.member, -1);
    bump(this.perAddress, entry.owner.address, -1);
  }

  /** Insertion order is nearly expiry order: the expired are at the front. */
  private dropExpired(now: number): void {
    for (const [id, entry] of this.entries) {
      if (entry.until > now) break;
      this.delete(id);
    }
  }
}

function bump(counts: Map<string, number>, owner: string, by: number): void {
  const count = (counts.get(owner) ?? 0) + by;
  if (count <= 0) counts.delete(owner);
  else counts.set(owner, count);
}

/** Tokens issued at or before `at` (seconds) are withdrawn, until `until`, when they have all expired. */
interface Cutoff {
  at: number;
  until: number;
}

/** A grant's refresh record: the generation it expects next, and when (seconds) that one was issued. */
interface RefreshRecord {
  next: number;
  at: number;
}

export class GrantMemory {
  private readonly spentCodes: Expiring<true>;
  private readonly refreshes: Expiring<RefreshRecord>;
  /** Grants withdrawn one by one. */
  private readonly revoked: Expiring<true>;
  /** member -> all their tokens issued up to a time are withdrawn (see revoke). */
  private readonly memberCutoffs: Expiring<Cutoff>;
  /** Every token issued up to then is withdrawn (see revoke). */
  private everyoneCutoff: Cutoff | undefined;

  /** `now`: seconds since the epoch, as the tokens count. */
  constructor(
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
    bounds: GrantMemoryBounds = GRANT_MEMORY_BOUNDS,
  ) {
    this.spentCodes = new Expiring(bounds);
    this.refreshes = new Expiring(bounds);
    this.revoked = new Expiring(bounds);
    // One entry per member: a member's cutoff replaces their share of revocations.
    this.memberCutoffs = new Expiring({ total: bounds.total, perMember: 1, perAddress: bounds.total });
  }

  /** How many entries are kept, for the tests of the bounds. */
  get remembered(): { codes: number; refreshes: number; revocations: number } {
    return { codes: this.spentCodes.size, refreshes: this.refreshes.size, revocations: this.revoked.size + this.memberCutoffs.size };
  }

  /** Marks a code used: 'used before' for a replay, 'expired' at or past its end. */
  spendCode(codeId: string, owner: Owner, expiresAt: number): Taken {
    const now = this.now();
    if (this.spentCodes.get(codeId, now)) return 'used before';
    if (now >= expiresAt) return 'expired';
    return this.spentCodes.set(codeId, true, expiresAt, now, owner);
  }

  /**
   * Withdraws every token of a grant, until `until` (the latest any of them could expire). Never
   * refused, and never forgotten while a token it withdraws could still be opened: when the member's
   * or the address's share is full, the member's revocations are folded into one cutoff that withdraws
   * every token of theirs issued up to now (their other sign-ins end too: they sign in again); when
   * the whole list is full, into one that withdraws every token issued up to now (everyone signs in
   * again). Either way the list stays within its bound, and errs on the side of withdrawing.
   */
  revoke(grantId: string, owner: Owner, until: number): void {
    const now = this.now();
    // A revocation already in force is never shortened.
    const taken = this.revoked.set(grantId, true, Math.max(until, this.revoked.untilOf(grantId, now)), now, owner);
    if (taken === 'taken') return;
    if (taken !== 'memory full') {
      const { member } = owner;
      const latest = Math.max(until, this.revoked.dropMember(member), this.memberCutoffs.get(member, now)?.until ?? 0);
      if (this.memberCutoffs.set(member, { at: now, until: latest }, latest, now, owner) === 'taken') return;
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
   * Takes refresh token number `generation` of a grant (see RefreshTake): the newest rotates; the one
   * just rotated, shown again within REFRESH_RETRY_SECONDS, is a retry; anything older is a replay.
   * The newest at or past `expiresAt` (its own end) is refused as expired.
   */
  takeRefresh(grantId: string, owner: Owner, generation: number, until: number, expiresAt = Number.POSITIVE_INFINITY): RefreshTake {
    const now = this.now();
    const record = this.refreshes.get(grantId, now);
    if (record !== undefined && record.next > generation) {
      const retry = record.next === generation + 1 && now - record.at <= REFRESH_RETRY_SECONDS;
      return retry ? { outcome: 'repeated', issuedAt: record.at } : { outcome: 'used before' };
    }
    if (now >= expiresAt) return { outcome: 'expired' };
    const taken = this.refreshes.set(grantId, { next: generation + 1, at: now }, until, now, owner);
    return taken === 'taken' ? { outcome: 'rotated', issuedAt: now } : { outcome: taken };
  }
}
