// A few slots shared fairly (admission.ts's in-flight caps and fetch slots are made of these): at
// most `total` taken at once, and at most `perOwner` by any one owner (a client address, a member,
// a host), so that no single owner can take every slot and lock the others out. A taking may name
// several owners (a host and an address): it counts once in the total and once against each of
// them. Nothing waits: a taking that does not fit is refused at once.

export interface FairShareLimits {
  total: number;
  perOwner: number;
}

/**
 * Which limit refuses, and why: `busy`, it is reached for now and a retry may pass; `batch`, more
 * slots were asked for than the limit allows at all.
 */
export interface ShareRefusal {
  ok: false;
  cap: 'total' | 'perOwner';
  reason: 'busy' | 'batch';
  limit: number;
}

export type ShareTaking = { ok: true; release: () => void } | ShareRefusal;

export class FairShare {
  private taken = 0;
  /** owner -> slots held; an owner holding none is not kept. */
  private readonly byOwner = new Map<string, number>();

  constructor(readonly limits: FairShareLimits) {}

  /** Slots taken now. */
  get count(): number {
    return this.taken;
  }

  /** Slots `owner` holds now. */
  heldBy(owner: string): number {
    return this.byOwner.get(owner) ?? 0;
  }

  /** Why `slots` slots for `owners` cannot be taken now, or undefined when they can. */
  refusal(owners: readonly string[], slots: number): ShareRefusal | undefined {
    const { total, perOwner } = this.limits;
    const refuse = (cap: ShareRefusal['cap'], reason: ShareRefusal['reason'], limit: number): ShareRefusal => ({ ok: false, cap, reason, limit });
    if (owners.length > 0 && slots > perOwner) return refuse('perOwner', 'batch', perOwner);
    if (slots > total) return refuse('total', 'batch', total);
    if (this.taken + slots > total) return refuse('total', 'busy', total);
    if (owners.some((owner) => this.heldBy(owner) + slots > perOwner)) return refuse('perOwner', 'busy', perOwner);
    return undefined;
  }

  /** Takes `slots` slots for `owners`, or says which limit refuses them. `release` gives them back, once. */
  take(owners: readonly string[], slots: number): ShareTaking {
    const refused = this.refusal(owners, slots);
    if (refused !== undefined) return refused;
    // An owner named twice counts once.
    const distinct = [...new Set(owners)];
    this.taken += slots;
    for (const owner of distinct) this.byOwner.set(owner, this.heldBy(owner) + slots);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.taken -= slots;
        for (const owner of distinct) {
          const left = this.heldBy(owner) - slots;
          if (left <= 0) this.byOwner.delete(owner);
          else this.byOwner.set(owner, left);
        }
      },
    };
  }
}
