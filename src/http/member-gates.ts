// One request gate per member (by key id), shared by all the requests the member has in flight on this
// replica: however many calls a member runs at once, at most a few requests of theirs are in flight to
// the service. A gate lives while a request of its member does, so idle members cost nothing.
import { RequestGate } from '../api/request-gate.js';

export class MemberGates {
  private readonly gates = new Map<string, { gate: RequestGate; users: number }>();

  /** Members with a request in flight here. */
  get size(): number {
    return this.gates.size;
  }

  /** The member's gate, held until `release` (call it once, when the request ends). */
  take(member: string): { gate: RequestGate; release: () => void } {
    const entry = this.gates.get(member) ?? { gate: new RequestGate(), users: 0 };
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
