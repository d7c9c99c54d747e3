// The shared state kept in this process's memory: the default, for a server run as one replica. It
// never fails: every method answers from memory. With several replicas each would remember alone,
// which is what COMPLAINTS_HTTP_STATE_URL (redis-state.ts) is for.
import { GRANT_MEMORY_BOUNDS, GrantMemory, type GrantMemoryBounds } from './grant-memory.js';
import { HitCounters } from './hit-counters.js';
import { LINK_MEMORY_BOUNDS, LinkMemory, type LinkMemoryBounds } from './link-memory.js';
import { type HitCount, heldSlots, type Owner, type RefreshTake, type SharedState, type SlotHold, type Taken, type TokenOrigin } from './shared-state.js';
import { VERIFIED_KEYS, VerifiedKeys } from './verified-keys.js';

export interface MemoryStateOptions {
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
  bounds?: GrantMemoryBounds;
  linkBounds?: LinkMemoryBounds;
}

export class MemoryState implements SharedState {
  readonly kind = 'memory';
  private readonly now: () => number;
  private readonly grants: GrantMemory;
  private readonly accepted: VerifiedKeys;
  private readonly counters: HitCounters;
  private readonly slots = new Map<string, number>();
  private readonly links: LinkMemory;

  constructor(options: MemoryStateOptions = {}) {
    const now = options.now ?? Date.now;
    this.now = now;
    this.counters = new HitCounters(now);
    this.grants = new GrantMemory(() => Math.floor(now() / 1000), options.bounds ?? GRANT_MEMORY_BOUNDS);
    this.accepted = new VerifiedKeys({ ...VERIFIED_KEYS, now });
    this.links = new LinkMemory(() => Math.floor(now() / 1000), options.linkBounds ?? LINK_MEMORY_BOUNDS);
  }

  /** How many export links are kept, for the tests of the bounds. */
  get exportLinks(): number {
    return this.links.size;
  }

  /** How many sign-in entries are kept, for the tests of the bounds. */
  get remembered(): GrantMemory['remembered'] {
    return this.grants.remembered;
  }

  async spendCode(code: Owner & { id: string; grant: string; until: number }): Promise<Taken> {
    return this.grants.spendCode(code.id, code, code.until);
  }

  async takeRefresh(refresh: Owner & { grant: string; generation: number; expiresAt?: number; until: number }): Promise<RefreshTake> {
    return this.grants.takeRefresh(refresh.grant, refresh, refresh.generation, refresh.until, refresh.expiresAt);
  }

  async revoke(grant: Owner & { grant: string; until: number }): Promise<void> {
    this.grants.revoke(grant.grant, grant, grant.until);
  }

  async isRevoked(token: TokenOrigin): Promise<boolean> {
    return this.grants.isRevoked(token);
  }

  async storeTime(): Promise<number> {
    return Math.floor(this.now() / 1000);
  }

  async countHit(counter: string, windowMs: number, change = 1): Promise<HitCount> {
    return this.counters.count(counter, windowMs, change);
  }

  async forgetHits(counter: string): Promise<void> {
    this.counters.forget(counter);
  }

  async holdSlots(member: string, slots: number, limit: number): Promise<SlotHold> {
    const held = this.slots.get(member) ?? 0;
    if (held + slots > limit) return { ok: false };
    this.slots.set(member, held + slots);
    return heldSlots(async () => {
      const left = (this.slots.get(member) ?? 0) - slots;
      if (left <= 0) this.slots.delete(member);
      else this.slots.set(member, left);
    });
  }

  async isAccepted(member: string): Promise<boolean> {
    return this.accepted.has(member);
  }

  async heard(member: string, status: number): Promise<void> {
    this.accepted.heard(member, status);
  }

  async saveExportLink(link: { id: string; member: string; entry: string; until: number }): Promise<void> {
    this.links.save(link.id, link.member, link.entry, link.until);
  }

  async readExportLink(id: string): Promise<string | undefined> {
    return this.links.read(id);
  }

  async reachable(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {}
}
