// Caps on the calls being answered at once, per member and in all: one member's script cannot take
// every slot of a shared server, and a flood cannot queue without bound. Beyond a cap the request is
// refused at once (429), never queued.
//
// A slot is one call, not one HTTP request: a JSON-RPC batch carries many calls in one request, and
// takes as many slots as it has calls. A batch that could never fit is refused as such, so that the
// client is told to split it rather than to retry it.
//
// A key is admitted before the service has said whether it is real, so keys the service has not
// accepted lately (verified-keys.ts) share a small part of the total: made-up keys cannot take the
// slots of members. Members are told apart by an id (a hash of their key, key-id.ts).

export interface InFlightCaps {
  total: number;
  perKey: number;
}

/**
 * The slots that keys not yet accepted by the service may hold together: an eighth of the total, at
 * least one. With the defaults that is 8, a key's own cap, so that a new member's first batch still
 * fits on a quiet server, while 56 of 64 slots stay with members the service has accepted.
 */
export function unverifiedShare(total: number): number {
  return Math.max(1, Math.floor(total / 8));
}

/** `unverified`: the share of keys the service has not accepted lately. */
export type Cap = 'total' | 'perKey' | 'unverified';

/**
 * `busy`: the cap is reached for now, a retry may pass; `batch`: the batch holds more calls than the
 * cap allows at all, and must be split.
 */
export type Refusal = { ok: false; cap: Cap; reason: 'busy' | 'batch'; limit: number };

export type Admission = { ok: true; release: () => void } | Refusal;

export class InFlightLimiter {
  private total = 0;
  private unverified = 0;
  private readonly byKey = new Map<string, number>();
  private readonly unverifiedCap: number;

  constructor(private readonly caps: InFlightCaps) {
    this.unverifiedCap = unverifiedShare(caps.total);
  }

  /** Calls being answered now. */
  get count(): number {
    return this.total;
  }

  /**
   * Takes `calls` slots (at least one) for the member `id`, or says which cap refuses them.
   * `verified`: the service has accepted this key lately, so it may use every slot.
   */
  admit(id: string, calls: number, verified: boolean): Admission {
    const slots = Math.max(1, calls);
    const { caps, unverifiedCap } = this;
    const refuse = (cap: Cap, reason: 'busy' | 'batch', limit: number): Refusal => ({ ok: false, cap, reason, limit });
    if (slots > caps.perKey) return refuse('perKey', 'batch', caps.perKey);
    if (slots > caps.total) return refuse('total', 'batch', caps.total);
    if (!verified && slots > unverifiedCap) return refuse('unverified', 'batch', unverifiedCap);
    if (this.total + slots > caps.total) return refuse('total', 'busy', caps.total);
    const mine = this.byKey.get(id) ?? 0;
    if (mine + slots > caps.perKey) return refuse('perKey', 'busy', caps.perKey);
    if (!verified && this.unverified + slots > unverifiedCap) return refuse('unverified', 'busy', unverifiedCap);

    this.total += slots;
    if (!verified) this.unverified += slots;
    this.byKey.set(id, mine + slots);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        // Given back to the share it was taken from, even if the key was accepted meanwhile.
        this.total -= slots;
        if (!verified) this.unverified -= slots;
        const left = (this.byKey.get(id) ?? slots) - slots;
        if (left <= 0) this.byKey.delete(id);
        else this.byKey.set(id, left);
      },
    };
  }
}
