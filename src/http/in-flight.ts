// Caps on the requests being answered at once, per member and in all: one member's script cannot
// take every slot of a shared server, and a flood cannot queue without bound. Beyond a cap the
// request is refused at once (429), never queued. Members are told apart by a hash of their key, so
// the raw key is not kept in a structure that outlives the request.
import { createHash } from 'node:crypto';

export interface InFlightCaps {
  total: number;
  perKey: number;
}

export type Admission = { ok: true; release: () => void } | { ok: false; cap: 'total' | 'perKey' };

export class InFlightLimiter {
  private total = 0;
  private readonly byKey = new Map<string, number>();

  constructor(private readonly caps: InFlightCaps) {}

  /** Requests being answered now. */
  get count(): number {
    return this.total;
  }

  admit(apiKey: string): Admission {
    if (this.total >= this.caps.total) return { ok: false, cap: 'total' };
    const id = createHash('sha256').update(apiKey).digest('base64url');
    const mine = this.byKey.get(id) ?? 0;
    if (mine >= this.caps.perKey) return { ok: false, cap: 'perKey' };
    this.total++;
    this.byKey.set(id, mine + 1);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.total--;
        const left = (this.byKey.get(id) ?? 1) - 1;
        if (left === 0) this.byKey.delete(id);
        else this.byKey.set(id, left);
      },
    };
  }
}
