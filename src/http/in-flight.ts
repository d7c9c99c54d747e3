// Caps on the calls being answered at once, per member and in all: one member's script cannot take
// every slot of a shared server, and a flood cannot queue without bound. Beyond a cap the request is
// refused at once (429), never queued.
//
// A slot is one call, not one HTTP request: a JSON-RPC batch carries many calls in one request, and
// takes as many slots as it has calls. A batch that could never fit is refused as such, so that the
// client is told to split it rather than to retry it.
//
// Members are told apart by an id (a hash of their key, see key-id.ts), never by the key itself.

export interface InFlightCaps {
  total: number;
  perKey: number;
}

export type Cap = 'total' | 'perKey';

/**
 * `busy`: the cap is reached for now, a retry may pass; `batch`: the batch holds more calls than the
 * cap allows at all, and must be split.
 */
export type Refusal = { ok: false; cap: Cap; reason: 'busy' | 'batch'; limit: number };

export type Admission = { ok: true; release: () => void } | Refusal;

export class InFlightLimiter {
  private total = 0;
  private readonly byKey = new Map<string, number>();

  constructor(private readonly caps: InFlightCaps) {}

  /** Calls being answered now. */
  get count(): number {
    return this.total;
  }

  /** Takes `calls` slots (at least one) for the member `id`, or says which cap refuses them. */
  admit(id: string, calls: number): Admission {
    const slots = Math.max(1, calls);
    const { caps } = this;
    if (slots > caps.perKey) return { ok: false, cap: 'perKey', reason: 'batch', limit: caps.perKey };
    if (slots > caps.total) return { ok: false, cap: 'total', reason: 'batch', limit: caps.total };
    if (this.total + slots > caps.total) return { ok: false, cap: 'total', reason: 'busy', limit: caps.total };
    const mine = this.byKey.get(id) ?? 0;
    if (mine + slots > caps.perKey) return { ok: false, cap: 'perKey', reason: 'busy', limit: caps.perKey };
    this.total += slots;
    this.byKey.set(id, mine + slots);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.total -= slots;
        const left = (this.byKey.get(id) ?? slots) - slots;
        if (left <= 0) this.byKey.delete(id);
        else this.byKey.set(id, left);
      },
    };
  }
}
