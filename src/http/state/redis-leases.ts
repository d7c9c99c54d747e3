// The slots this replica holds in the Redis store (redis-state.ts's holdSlots), as leases:
// - short (SLOT_LEASE_MS), so that a replica killed with calls in flight (SIGKILL, out of memory),
//   which gives nothing back, frees its members' slots within a minute;
// - renewed while their calls run, by one timer per replica and one script call per member (a
//   member's slots share one key): the cost follows the members with calls in flight, not the calls,
//   and nothing is sent while nothing is held;
// - given back, every one, when the replica stops (close), before the store is closed: calls cut at
//   the end of a shutdown's grace must not hold their member's slots on the other replicas.
// A renewal never throws into a call: it runs apart from the calls, bounded, not while the store does
// not answer, and one at a time (a stalled store does not pile them up). Lease ends are by Redis's
// own clock (redis-scripts.ts, HOLD_SLOTS): the one clock every replica's leases are measured by.
import type { StoreLink } from './redis-link.js';
import type { SlotReleases } from './redis-releases.js';
import type { ScriptName } from './redis-scripts.js';

export interface SlotLeaseTimes {
  /** How long a slot is held unless renewed (ms). */
  ms: number;
  /** How often this replica renews what it holds (ms): well within the lease, so that a late renewal or two cost nothing. */
  renewEveryMs: number;
}

/** How long a slot is held unless renewed: a killed replica's slots are free again within 30 s. */
export const SLOT_LEASE_MS = 30_000;

/** A lease of `ms`, renewed three times a lease unless told otherwise. */
export function leaseTimes(ms = SLOT_LEASE_MS, renewEveryMs = Math.max(1, Math.floor(ms / 3))): SlotLeaseTimes {
  return { ms, renewEveryMs };
}

/** Runs a script within the store's bound. */
export type RunScript = (name: ScriptName, keys: string[], args: (string | number)[]) => Promise<unknown>;

/** One member's slots on this replica: the limit last asked, and each hold's entries by its id. */
interface MemberLeases {
  limit: number;
  holds: Map<string, string[]>;
}

export class SlotLeases {
  private readonly held = new Map<string, MemberLeases>();
  private readonly timer: NodeJS.Timeout;
  private renewing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly link: StoreLink,
    private readonly releases: SlotReleases,
    private readonly run: RunScript,
    readonly times: SlotLeaseTimes,
  ) {
    this.timer = setInterval(() => void this.renew(), times.renewEveryMs);
    // The renewals alone must not keep the process alive.
    this.timer.unref();
  }

  /** A hold the store granted: its `entries` in the sorted set `key` are renewed until released. */
  add(key: string, id: string, entries: string[], limit: number): void {
    // Granted while the replica stops: given back at once, as close gave back the others.
    if (this.closed) {
      void this.releases.release(key, entries);
      return;
    }
    const member = this.held.get(key) ?? { limit, holds: new Map() };
    member.limit = limit;
    member.holds.set(id, entries);
    this.held.set(key, member);
  }

  /** Gives a hold back (no longer renewed); nothing when close already gave it back. */
  async release(key: string, id: string): Promise<void> {
    const member = this.held.get(key);
    const entries = member?.holds.get(id);
    if (member === undefined || entries === undefined) return;
    member.holds.delete(id);
    if (member.holds.size === 0) this.held.delete(key);
    await this.releases.release(key, entries);
  }

  /** Renews every lease held: by the timer, and when the store answers again after an outage. */
  renew(): Promise<void> {
    this.renewing ??= this.renewAll().finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  /** Stops renewing and gives back every slot still held, within the store's bound: at a stop. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    const held = [...this.held].map(([key, member]) => ({ key, entries: [...member.holds.values()].flat() }));
    this.held.clear();
    await this.releases.giveBack(held);
  }

  private async renewAll(): Promise<void> {
    if (this.closed || !this.link.reachable) return;
    await Promise.all(
      [...this.held].map(async ([key, member]) => {
        try {
          await this.run('renewSlots', [key], [this.times.ms, member.limit, ...[...member.holds.values()].flat()]);
        } catch {
          // Renewed next time, well within the lease; after a longer outage, taken back within the limit.
        }
      }),
    );
  }
}
