// Slots given back to the Redis store, and those it could not take in an outage, kept to be sent
// again when it answers: without them a member's calls would count against their cap until the
// lease ends (redis-leases.ts, SLOT_LEASE_MS). Apart from the state because this queue, unlike
// everything else of the state, outlives the request that made it.
import type { StoreLink } from './redis-link.js';
import { StoreUnavailable } from './shared-state.js';

/** Releases that failed in an outage, sent again when the store is back; beyond this they wait for their lease. */
const MAX_PENDING_RELEASES = 10_000;

export class SlotReleases {
  private readonly pending: { key: string; entries: string[] }[] = [];

  constructor(private readonly link: StoreLink) {}

  /** Gives back `entries` of the sorted set `key`, now or, if the store does not answer, when it is back. */
  async release(key: string, entries: string[]): Promise<void> {
    try {
      if (!this.link.reachable) throw new StoreUnavailable();
      await this.link.bounded((send) => send(['ZREM', key, ...entries]));
    } catch {
      // Given back when the store is back; if too many wait, their lease ends them.
      if (this.pending.length < MAX_PENDING_RELEASES) this.pending.push({ key, entries });
    }
  }

  /**
   * At a stop: gives back `held` and whatever waited, one command per key, all at once, each within
   * the store's bound. What the store does not take now, its lease ends.
   */
  async giveBack(held: { key: string; entries: string[] }[]): Promise<void> {
    const byKey = new Map<string, string[]>();
    for (const { key, entries } of [...this.pending.splice(0), ...held]) byKey.set(key, [...(byKey.get(key) ?? []), ...entries]);
    await Promise.all([...byKey].map(([key, entries]) => this.link.bounded((send) => send(['ZREM', key, ...entries])).catch(() => undefined)));
  }

  /** Sends again what waited, once the store answers. */
  async sendPending(): Promise<void> {
    const pending = this.pending.splice(0);
    for (const { key, entries } of pending) await this.release(key, entries);
  }
}
