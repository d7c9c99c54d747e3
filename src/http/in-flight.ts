// Caps on the calls being answered at once on this replica, per member and in all (admission.ts
// takes them first, then the key's cap across replicas): one member's script cannot take every slot
// of a shared server, and a flood cannot queue without bound. Beyond a cap the request is refused
// at once (429), never queued.
//
// A slot is one call, not one HTTP request: a JSON-RPC batch carries many calls in one request, and
// takes as many slots as it has calls. A batch that could never fit is refused as such, so that the
// client is told to split it rather than to retry it.
//
// A key is admitted before the service has said whether it is real, so keys the service has not
// accepted lately (verified-keys.ts) share a small part of the total: made-up keys cannot take the
// slots of members. Within that part, one client address holds at most half, so that made-up keys
// sent from one address leave room for a new member elsewhere. Members are told apart by an id (a
// hash of their key, key-id.ts).
import { FairShare, type ShareRefusal } from './fair-share.js';

export interface InFlightCaps {
  total: number;
  perKey: number;
}

/**
 * The slots that keys not yet accepted by the service may hold together: an eighth of the total, at
 * least one. With the defaults that is 8, while 56 of 64 slots stay with members the service has
 * accepted.
 */
export function unverifiedShare(total: number): number {
  return Math.max(1, Math.floor(total / 8));
}

/**
 * The part of that share one client address may hold: half, at least one (4 with the defaults). A
 * member's first call is an initialize, whose key check makes the key accepted, so a new member
 * rarely needs more. Behind a proxy not named in COMPLAINTS_HTTP_TRUSTED_PROXIES every client has the
 * proxy's address (client-address.ts), and they share this half.
 */
export function unverifiedPerAddress(total: number): number {
  return Math.max(1, Math.floor(unverifiedShare(total) / 2));
}

/** `unverified`: the share of keys the service has not accepted lately (in all, or from one address). */
export type Cap = 'total' | 'perKey' | 'unverified';

/**
 * `busy`: the cap is reached for now, a retry may pass; `batch`: the batch holds more calls than the
 * cap allows at all, and must be split.
 */
export type Refusal = { ok: false; cap: Cap; reason: 'busy' | 'batch'; limit: number };

export type Admission = { ok: true; release: () => void } | Refusal;

export class InFlightLimiter {
  /** Every call, by member. */
  private readonly members: FairShare;
  /** Calls of keys not yet accepted, by client address. */
  private readonly unverified: FairShare;

  constructor(caps: InFlightCaps) {
    this.members = new FairShare({ total: caps.total, perOwner: caps.perKey });
    this.unverified = new FairShare({ total: unverifiedShare(caps.total), perOwner: unverifiedPerAddress(caps.total) });
  }

  /** Calls being answered now. */
  get count(): number {
    return this.members.count;
  }

  /**
   * Takes `calls` slots (at least one) for the member `id` calling from `address`, or says which cap
   * refuses them. `verified`: the service has accepted this key lately, so it may use every slot.
   */
  admit(id: string, address: string, calls: number, verified: boolean): Admission {
    const slots = Math.max(1, calls);
    const byMember = this.members.refusal([id], slots);
    const byAddress = verified ? undefined : this.unverified.refusal([address], slots);
    // A batch that can never fit is said first: retrying it would not help.
    const refused = [byMember, byAddress].find((refusal) => refusal?.reason === 'batch') ?? byMember ?? byAddress;
    if (refused !== undefined) return { ...refused, cap: refused === byAddress ? 'unverified' : capOf(refused) };

    const member = this.members.take([id], slots);
    // Given back to the share it was taken from, even if the key was accepted meanwhile.
    const share = verified ? undefined : this.unverified.take([address], slots);
    return {
      ok: true,
      release: () => {
        if (member.ok) member.release();
        if (share?.ok) share.release();
      },
    };
  }
}

function capOf(refusal: ShareRefusal): Cap {
  return refusal.cap === 'perOwner' ? 'perKey' : 'total';
}
