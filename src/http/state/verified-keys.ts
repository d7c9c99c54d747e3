// Which keys the complaints service has accepted lately. A key is taken on trust until the service
// answers for it, so made-up keys could otherwise take every slot of the server ahead of members;
// the caps (in-flight.ts) keep most slots for keys remembered here.
//
// Bounded three ways: only a 2xx from the service adds a key (a made-up key never does), at most
// `maxEntries` are kept (the least recently accepted goes first), and a key is forgotten `ttlMs` after
// it was last accepted. A 401 forgets it at once: the service no longer takes it. Only ids (hashes,
// key-id.ts) are kept, never keys.

/**
 * 10,000 members is far above a team's server, and costs about 1.5 MB at most. Twelve hours is a
 * working day: a member who was answered this morning keeps the reserved slots all day; after a
 * night, their first answered call brings them back.
 */
export const VERIFIED_KEYS = { maxEntries: 10_000, ttlMs: 12 * 60 * 60 * 1000 } as const;

export interface VerifiedKeysOptions {
  maxEntries: number;
  ttlMs: number;
  /** Milliseconds of a clock that never goes back (performance.now in the server, a counter in tests). */
  now: () => number;
}

export class VerifiedKeys {
  /** id -> when the service last accepted it; kept in that order, oldest first. */
  private readonly acceptedAt = new Map<string, number>();

  constructor(private readonly options: VerifiedKeysOptions) {}

  get size(): number {
    return this.acceptedAt.size;
  }

  /** Whether the service accepted this key within the last `ttlMs`. */
  has(id: string): boolean {
    const at = this.acceptedAt.get(id);
    if (at === undefined) return false;
    if (this.options.now() - at < this.options.ttlMs) return true;
    this.acceptedAt.delete(id);
    return false;
  }

  /** What the service answered for the key: a 2xx remembers it, a 401 forgets it; other statuses say nothing of the key. */
  heard(id: string, status: number): void {
    if (status === 401) {
      this.acceptedAt.delete(id);
      return;
    }
    if (status < 200 || status > 299) return;
    const { maxEntries, ttlMs, now } = this.options;
    const at = now();
    // Deleted first so that it goes to the end: the map stays in order of acceptance.
    this.acceptedAt.delete(id);
    this.acceptedAt.set(id, at);
    // Drops the expired and, over the bound, the least recently accepted: both are at the front.
    for (const [oldest, acceptedAt] of this.acceptedAt) {
      if (this.acceptedAt.size <= maxEntries && at - acceptedAt < ttlMs) break;
      this.acceptedAt.delete(oldest);
    }
  }
}
