// The one place that decides whether a request of serve --http may go on, and, when not, which limit
// refused it and why. A request is admitted when it fits, on this replica, the key's cap, the total
// and (for a key the service has not accepted lately) the unverified share (in-flight.ts), then (for
// such a key) its address's budget of requests per minute (unverified-budget.ts), and then the key's
// cap across every replica (the shared state's holdSlots). Admitted, it holds its member's
// gates (member-gates.ts: requests to the service, whole-book reads) and the process's whole-book
// slots: those are queues a call waits in within its deadline (api/request-gate.ts), not refusals.
// The sign-in's document fetches are admitted here too (FetchSlots), by host and client address.
//
// Everything a request takes is given back once, when its client goes away or its response ends
// (the signal), whatever step it had reached: slots taken after an await are given back even when the
// client went meanwhile.
import { MAX_BOOK_READS, RequestGate } from '../api/request-gate.js';
import { FairShare } from './fair-share.js';
import { type InFlightCaps, InFlightLimiter, type Cap as LocalCap } from './in-flight.js';
import { MemberGates } from './member-gates.js';
import type { SharedState } from './state/shared-state.js';
import { UnverifiedBudget } from './unverified-budget.js';

/**
 * Every limit that refuses: `perKey`, `total`, `unverified` (in-flight.ts) on this replica;
 * `perKeyAcrossReplicas`, the key's cap counted on every replica; `unverifiedPerMinute`, an address's
 * requests per minute with keys the service has not accepted (every replica's); `fetches` and
 * `fetchesPerHostOrAddress`, the sign-in's document fetches.
 */
export type Cap = LocalCap | 'perKeyAcrossReplicas' | 'unverifiedPerMinute' | 'fetches' | 'fetchesPerHostOrAddress';

/**
 * Which limit refused, and why: `busy`, it is reached for now and a retry may pass; `batch`, more
 * slots were asked for than the limit allows at all (the batch must be split). `limit`: its size.
 */
export interface Refusal<C extends Cap = Cap> {
  ok: false;
  cap: C;
  reason: 'busy' | 'batch';
  limit: number;
  /** For a budget per window: seconds until it ends, when a retry can pass. */
  retryAfterSeconds?: number;
}

/** What an admitted request holds until it is released. */
export interface Admitted {
  ok: true;
  /** The member's gate of requests in flight to the service. */
  requests: RequestGate;
  /** The member's whole-book reads, then the process's: a read takes a slot of each, in this order. */
  bookReads: readonly [member: RequestGate, process: RequestGate];
  /** Gives back everything the request holds; again is nothing. Also done when the signal aborts. */
  release: () => void;
  /** Whether the shared state remembered the key as accepted when the request was admitted. */
  accepted: boolean;
}

/** `gone`: the client went away before the decision; nothing is held. */
export type Admission = Admitted | Refusal<LocalCap | 'perKeyAcrossReplicas' | 'unverifiedPerMinute'> | { ok: false; cap: 'gone' };

export interface AdmissionRequest {
  /** The key's id (key-id.ts). */
  member: string;
  /** The client's address (client-address.ts), whose share of the unverified slots it takes. */
  address: string;
  /** The calls of the request (a batch holds several); at least one slot is taken. */
  calls: number;
  /**
   * Of its messages, those that may send the key to the service (service-calls.ts): for a key the
   * service has not accepted lately, each is spent from its address's budget.
   */
  reachingService: number;
  /** Aborts when the client goes away or the response ends: everything taken is given back then. */
  signal: AbortSignal;
}

export class RequestAdmission {
  private readonly limiter: InFlightLimiter;
  private readonly gates = new MemberGates();
  /** Whole-book reads of the whole process: what they hold in memory stays bounded (request-gate.ts). */
  private readonly bookReads = new RequestGate(MAX_BOOK_READS);

  constructor(
    private readonly caps: InFlightCaps,
    private readonly state: Pick<SharedState, 'isAccepted' | 'holdSlots' | 'countHit'>,
    /** Shared with the sign-in's form, which relays keys to the service too. */
    private readonly budget: UnverifiedBudget = new UnverifiedBudget(state),
  ) {
    this.limiter = new InFlightLimiter(caps);
  }

  /** Calls being answered on this replica now. */
  get count(): number {
    return this.limiter.count;
  }

  /** Admits the request, or says which limit refuses it; a refusal holds nothing. */
  async admit(request: AdmissionRequest): Promise<Admission> {
    const { member, address, calls, reachingService, signal } = request;
    const slots = Math.max(1, calls);
    const accepted = await this.state.isAccepted(member);
    const local = this.limiter.admit(member, address, slots, accepted);
    if (!local.ok) return local;
    const gate = this.gates.take(member);
    let releaseShared = async () => {};
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      signal.removeEventListener('abort', release);
      local.release();
      void releaseShared();
      gate.release();
    };
    if (signal.aborted) {
      release();
      return { ok: false, cap: 'gone' };
    }
    signal.addEventListener('abort', release, { once: true });
    // Counted only once this replica's caps let it through: a request refused by them reaches nothing.
    if (!accepted) {
      const spent = await this.budget.spend(address, reachingService);
      if (released) return { ok: false, cap: 'gone' };
      if (!spent.ok) {
        release();
        const retryAfterSeconds = Math.max(1, Math.ceil(spent.retryAfterMs / 1000));
        return { ok: false, cap: 'unverifiedPerMinute', reason: 'busy', limit: spent.limit, retryAfterSeconds };
      }
    }
    // This replica's caps held; the key's cap counts its calls on every replica too.
    const held = await this.state.holdSlots(member, slots, this.caps.perKey);
    if (held.ok) releaseShared = held.release;
    // Gone, or released, while the slots were taken: release ran before they were known.
    if (released) {
      void releaseShared();
      return { ok: false, cap: 'gone' };
    }
    if (!held.ok) {
      release();
      return { ok: false, cap: 'perKeyAcrossReplicas', reason: 'busy', limit: this.caps.perKey };
    }
    return { ok: true, requests: gate.gate.requests, bookReads: [gate.gate.bookReads, this.bookReads], release, accepted };
  }
}

/** 429's message for a refusal of `calls` calls, and its Retry-After when a retry can pass. */
export function tooManyRequestsText(refusal: Refusal, calls: number): { message: string; retryAfter?: string } {
  if (refusal.cap === 'unverifiedPerMinute') {
    const seconds = refusal.retryAfterSeconds ?? 60;
    return {
      message: `Too Many Requests: more than ${refusal.limit} requests a minute came from your address with API keys the complaints service has not yet accepted on this server; retry in ${seconds} seconds.`,
      retryAfter: String(seconds),
    };
  }
  const cap = refusal.cap === 'perKeyAcrossReplicas' ? 'perKey' : refusal.cap;
  if (refusal.reason === 'batch') {
    const allowed =
      cap === 'perKey'
        ? 'a key may have in flight at once (COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY); send at most that many calls per batch'
        : cap === 'total'
          ? 'this server answers at once (COMPLAINTS_HTTP_MAX_IN_FLIGHT); send at most that many calls per batch'
          : 'a key may have in flight until the complaints service has accepted it on this server; send a single tool call first';
    return { message: `Too Many Requests: this batch holds ${calls} calls, more than the ${refusal.limit} ${allowed}.` };
  }
  const whose = cap === 'perKey' ? 'for your key' : cap === 'total' ? 'on this server' : 'from keys the complaints service has not yet accepted on this server';
  return { message: `Too Many Requests: too many requests in flight ${whose}; retry when one has finished.`, retryAfter: '1' };
}

export interface FetchSlotLimits {
  /** Fetches under way at once. */
  total: number;
  /** Of those, the fetches of one host's URLs, or of one client address's sign-ins. */
  perHostOrAddress: number;
}

export type FetchAdmission = { ok: true; release: () => void } | Refusal<'fetches' | 'fetchesPerHostOrAddress'>;

/**
 * The sign-in's fetches of client metadata documents: a few at once, shared fairly by the documents'
 * hosts and the addresses of the clients signing in, so that no one naming slow URLs takes them all.
 * Nothing waits: a fetch that does not fit is refused at once.
 */
export class FetchSlots {
  private readonly share: FairShare;

  constructor(limits: FetchSlotLimits) {
    this.share = new FairShare({ total: limits.total, perOwner: limits.perHostOrAddress });
  }

  /** Fetches under way now. */
  get count(): number {
    return this.share.count;
  }

  /** One fetch from `host` for a sign-in from `address` (when known): counted for both. */
  admit(host: string, address?: string): FetchAdmission {
    // Prefixed: a host and an address spelled alike are two owners.
    const taken = this.share.take([`host ${host}`, ...(address === undefined ? [] : [`address ${address}`])], 1);
    if (taken.ok) return taken;
    return { ...taken, cap: taken.cap === 'total' ? 'fetches' : 'fetchesPerHostOrAddress' };
  }
}
