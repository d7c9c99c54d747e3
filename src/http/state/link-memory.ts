// The export links' entries in one process (memory-state.ts): each kept until its link expires, and
// bounded in all and per member. Past a bound the oldest entry goes first (the member's own, when it
// is their share that is full): a dropped entry only makes its link open nothing, which is what an
// expired one does too, so dropping is safe where refusing would keep others from getting links.
// A member fills only their own share; filling the whole takes many members' keys.

export interface LinkMemoryBounds {
  /** Entries in all. */
  total: number;
  /** Entries of one member. */
  perMember: number;
}

/** Far above what a team asks for within a link's lifetime (15 minutes by default, a day at most). */
export const LINK_MEMORY_BOUNDS: LinkMemoryBounds = { total: 10_000, perMember: 200 };

interface Entry {
  entry: string;
  member: string;
  /** Seconds since the epoch. */
  until: number;
}

export class LinkMemory {
  /** Insertion order: the oldest first. */
  private readonly entries = new Map<string, Entry>();
  /** member -> their entries' ids, oldest first. */
  private readonly byMember = new Map<string, Set<string>>();

  constructor(
    /** Seconds since the epoch. */
    private readonly now: () => number,
    private readonly bounds: LinkMemoryBounds = LINK_MEMORY_BOUNDS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  save(id: string, member: string, entry: string, until: number): void {
    this.delete(id);
    const now = this.now();
    const mine = this.byMember.get(member);
    if (mine !== undefined && mine.size >= this.bounds.perMember) {
      for (const old of mine) {
        this.delete(old);
        if (mine.size < this.bounds.perMember) break;
      }
    }
    if (this.entries.size >= this.bounds.total) this.dropExpired(now);
    while (this.entries.size >= this.bounds.total) this.delete(this.entries.keys().next().value!);
    this.entries.set(id, { entry, member, until });
    const ids = this.byMember.get(member) ?? new Set<string>();
    ids.add(id);
    this.byMember.set(member, ids);
  }

  read(id: string): string | undefined {
    const found = this.entries.get(id);
    if (found === undefined) return undefined;
    if (found.until > this.now()) return found.entry;
    this.delete(id);
    return undefined;
  }

  private delete(id: string): void {
    const found = this.entries.get(id);
    if (found === undefined) return;
    this.entries.delete(id);
    const ids = this.byMember.get(found.member);
    ids?.delete(id);
    if (ids?.size === 0) this.byMember.delete(found.member);
  }

  private dropExpired(now: number): void {
    for (const [id, found] of this.entries) if (found.until <= now) this.delete(id);
  }
}
