// One member's gates are shared by all of that member's requests on a replica, apart from every other
// member's, and let go once the member has no request left.
import { describe, expect, it } from 'vitest';
import { MEMBER_BOOK_READS, MEMBER_MAX_IN_FLIGHT } from '../../src/api/request-gate.js';
import { MemberGates } from '../../src/http/member-gates.js';

describe('MemberGates', () => {
  it("gives a member's requests one pair of gates, another member their own, and a fresh pair once all were released", () => {
    const gates = new MemberGates();
    const first = gates.take('member-a');
    const second = gates.take('member-a');
    const other = gates.take('member-b');
    expect(second.gate).toBe(first.gate);
    expect(other.gate).not.toBe(first.gate);
    expect(first.gate.requests.limit).toBe(MEMBER_MAX_IN_FLIGHT);
    expect(first.gate.bookReads.limit).toBe(MEMBER_BOOK_READS);
    first.release();
    // Released twice counts once: the second request still holds the pair.
    first.release();
    expect(gates.take('member-a').gate).toBe(second.gate);
  });

  it('forgets a member once their last request is released', () => {
    const gates = new MemberGates();
    const only = gates.take('member-a');
    const pair = only.gate;
    only.release();
    expect(gates.take('member-a').gate).not.toBe(pair);
  });
});
