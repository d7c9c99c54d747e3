// One pair of gates per member (by key id), held by each admitted request (admission.ts), shared by
// all the requests the member has in flight on this replica: however many calls a member runs at
// once, at most a few requests of theirs are in flight to the service, and at most a few of their
// whole-book reads take the process's slots. The gates live while a request of their member does,
// so idle members cost nothing.
import { MEMBER_BOOK_READS, RequestGate } from '../api/request-gate.js';

/** A member's gates: requests in flight to the service, and whole-book reads. */
export interface MemberGate {
  requests: RequestGate;
  bookReads: RequestGate;
}

export class MemberGates {
  private readonly gates = new Map<string, { gate: MemberGate; users: number }>();

  /** The member's gate, held until `release` (call it once, when the request ends). */
  take(member: string): { gate: MemberGate; release: () => void } {
    const entry = this.gates.get(member) ?? { gate: { requests: new RequestGate(), bookReads: new RequestGate(MEMBER_BOOK_READS) }, users: 0 };
    entry.users += 1;
    this.gates.set(member, entry);
    let released = false;
    return {
      gate: entry.gate,
      release: () => {
        if (released) return;
        released = true;
        entry.users -= 1;
        if (entry.users === 0) this.gates.delete(member);
      },
    };
  }
}
