// admission.ts, the one place that decides whether a request of serve --http goes on: each limit
// refuses with its own name and reason, everything taken is given back once, and the ways around a
// guard (a batch past a cap, a release twice, a client gone while the store answers) do not pass.
import { describe, expect, it } from 'vitest';
import { MAX_BOOK_READS, MEMBER_BOOK_READS, MEMBER_MAX_IN_FLIGHT } from '../../src/api/request-gate.js';
import { type Admission, type Admitted, FetchSlots, type Refusal, RequestAdmission, tooManyRequestsText } from '../../src/http/admission.js';
import { HitCounters } from '../../src/http/state/hit-counters.js';
import { MemoryState } from '../../src/http/state/memory-state.js';
import { type SharedState, type SlotHold, StoreUnavailable } from '../../src/http/state/shared-state.js';
import { UnverifiedBudget } from '../../src/http/unverified-budget.js';

/** A member the service has accepted, and one it has not. */
const MEMBER = 'member-a';
const STRANGER = 'member-x';

async function acceptedState(...members: string[]): Promise<MemoryState> {
  const state = new MemoryState();
  for (const member of members) await state.heard(member, 200);
  return state;
}

/** Admits `calls` calls of `member` from `address` (each may reach the service), with a signal that never aborts unless given. */
function admit(admission: RequestAdmission, member: string, calls = 1, address = 'here', signal = new AbortController().signal): Promise<Admission> {
  return admission.admit({ member, address, calls, reachingService: calls, signal });
}

function admitted(result: Admission): Admitted {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

/** A store whose answers come when the test says so, counting the slots it holds. */
class SlowStore implements Pick<SharedState, 'isAccepted' | 'holdSlots' | 'countHit'> {
  held = 0;
  private readonly hits = new HitCounters();
  releases = 0;
  holds = 0;
  accepted = true;
  private pendingHolds: Array<() => void> = [];
  private pendingAccepts: Array<() => void> = [];
  slowAccept = false;

  async countHit(counter: string, windowMs: number, change?: number) {
    return this.hits.count(counter, windowMs, change);
  }

  isAccepted(): Promise<boolean> {
    if (!this.slowAccept) return Promise.resolve(this.accepted);
    return new Promise((resolve) => this.pendingAccepts.push(() => resolve(this.accepted)));
  }

  holdSlots(_member: string, slots: number, limit: number): Promise<SlotHold> {
    this.holds += 1;
    return new Promise((resolve) =>
      this.pendingHolds.push(() => {
        if (this.held + slots > limit) return resolve({ ok: false });
        this.held += slots;
        let released = false;
        resolve({
          ok: true,
          release: async () => {
            this.releases += 1;
            if (released) return;
            released = true;
            this.held -= slots;
          },
        });
      }),
    );
  }

  /** Answers every question asked so far; lets the admission go on from there. */
  async answer(): Promise<void> {
    for (const answer of this.pendingAccepts.splice(0)) answer();
    await flush();
    for (const answer of this.pendingHolds.splice(0)) answer();
    await flush();
  }
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('RequestAdmission: each limit refuses with its name and reason', () => {
  it('perKey: busy once the key holds its cap on this replica, batch for more calls than the cap', async () => {
    const admission = new RequestAdmission({ total: 16, perKey: 2 }, await acceptedState(MEMBER));
    admitted(await admit(admission, MEMBER, 2));
    expect(await admit(admission, MEMBER)).toEqual({ ok: false, cap: 'perKey', reason: 'busy', limit: 2 });
    expect(await admit(admission, MEMBER, 3)).toEqual({ ok: false, cap: 'perKey', reason: 'batch', limit: 2 });
  });

  it('total: busy once this replica answers its total, batch for more calls than the total', async () => {
    const admission = new RequestAdmission({ total: 2, perKey: 4 }, await acceptedState(MEMBER, 'member-b'));
    admitted(await admit(admission, MEMBER, 2));
    expect(await admit(admission, 'member-b')).toEqual({ ok: false, cap: 'total', reason: 'busy', limit: 2 });
    expect(await admit(admission, 'member-b', 3)).toEqual({ ok: false, cap: 'total', reason: 'batch', limit: 2 });
  });

  it('unverified: a key the service has not accepted shares an eighth of the total, half of it per address', async () => {
    const admission = new RequestAdmission({ total: 64, perKey: 8 }, await acceptedState(MEMBER));
    // 8 slots for unverified keys, 4 per address.
    admitted(await admit(admission, STRANGER, 4, 'one'));
    expect(await admit(admission, 'member-y', 1, 'one')).toEqual({ ok: false, cap: 'unverified', reason: 'busy', limit: 4 });
    expect(await admit(admission, 'member-y', 5, 'two')).toEqual({ ok: false, cap: 'unverified', reason: 'batch', limit: 4 });
    admitted(await admit(admission, 'member-y', 4, 'two'));
    expect(await admit(admission, 'member-z', 1, 'three')).toEqual({ ok: false, cap: 'unverified', reason: 'busy', limit: 8 });
    // An accepted member is not counted in that share.
    admitted(await admit(admission, MEMBER, 8, 'one'));
  });

  it('perKeyAcrossReplicas: two replicas sharing a store hold the key to its cap in all', async () => {
    const state = await acceptedState(MEMBER);
    const replicas = [new RequestAdmission({ total: 16, perKey: 2 }, state), new RequestAdmission({ total: 16, perKey: 2 }, state)];
    admitted(await admit(replicas[0]!, MEMBER));
    admitted(await admit(replicas[1]!, MEMBER));
    expect(await admit(replicas[1]!, MEMBER)).toEqual({ ok: false, cap: 'perKeyAcrossReplicas', reason: 'busy', limit: 2 });
    // The refused request holds nothing on its replica.
    expect(replicas[1]!.count).toBe(1);
  });

  it('says each refusal in the 429 words the tests of the server check, Retry-After only when a retry can pass', () => {
    const refusal = (cap: Refusal['cap'], reason: Refusal['reason'], limit: number): Refusal => ({ ok: false, cap, reason, limit });
    const busy = 'Too Many Requests: too many requests in flight';
    expect(tooManyRequestsText(refusal('perKey', 'busy', 8), 1)).toEqual({ message: `${busy} for your key; retry when one has finished.`, retryAfter: '1' });
    expect(tooManyRequestsText(refusal('perKeyAcrossReplicas', 'busy', 8), 1)).toEqual(tooManyRequestsText(refusal('perKey', 'busy', 8), 1));
    expect(tooManyRequestsText(refusal('total', 'busy', 64), 1)).toEqual({ message: `${busy} on this server; retry when one has finished.`, retryAfter: '1' });
    expect(tooManyRequestsText(refusal('unverified', 'busy', 4), 1)).toEqual({
      message: `${busy} from keys the complaints service has not yet accepted on this server; retry when one has finished.`,
      retryAfter: '1',
    });
    expect(tooManyRequestsText(refusal('perKey', 'batch', 8), 40)).toEqual({
      message:
        'Too Many Requests: this batch holds 40 calls, more than the 8 a key may have in flight at once (COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY); send at most that many calls per batch.',
    });
    expect(tooManyRequestsText(refusal('total', 'batch', 4), 5).message).toContain(
      'more than the 4 this server answers at once (COMPLAINTS_HTTP_MAX_IN_FLIGHT)',
    );
    expect(tooManyRequestsText(refusal('unverified', 'batch', 4), 5).message).toContain('send a single tool call first');
  });
});

describe('RequestAdmission: what an admitted request holds, and its release', () => {
  it("holds its member's gates and the process's whole-book slots, and gives back every slot on release", async () => {
    const store = new SlowStore();
    const admission = new RequestAdmission({ total: 4, perKey: 2 }, store);
    const asked = admit(admission, MEMBER, 2);
    await store.answer();
    const first = admitted(await asked);
    expect(first.requests.limit).toBe(MEMBER_MAX_IN_FLIGHT);
    expect(first.bookReads.map((gate) => gate.limit)).toEqual([MEMBER_BOOK_READS, MAX_BOOK_READS]);
    expect([admission.count, store.held]).toEqual([2, 2]);

    first.release();
    await flush();
    expect([admission.count, store.held]).toEqual([0, 0]);
    // The member's gates were let go: a new request of theirs gets fresh ones; the process's stay.
    const again = admit(admission, MEMBER, 2);
    await store.answer();
    const second = admitted(await again);
    expect(second.requests).not.toBe(first.requests);
    expect(second.bookReads[1]).toBe(first.bookReads[1]);
  });

  it("shares a member's gates between their requests, not with another member", async () => {
    const admission = new RequestAdmission({ total: 8, perKey: 4 }, await acceptedState(MEMBER, 'member-b'));
    const one = admitted(await admit(admission, MEMBER));
    const two = admitted(await admit(admission, MEMBER));
    const other = admitted(await admit(admission, 'member-b'));
    expect(two.requests).toBe(one.requests);
    expect(other.requests).not.toBe(one.requests);
  });

  it('releases when its signal aborts (the client went away, or the response ended)', async () => {
    const admission = new RequestAdmission({ total: 4, perKey: 2 }, await acceptedState(MEMBER));
    const client = new AbortController();
    admitted(await admit(admission, MEMBER, 2, 'here', client.signal));
    client.abort();
    expect(admission.count).toBe(0);
    admitted(await admit(admission, MEMBER, 2));
  });
});

describe('RequestAdmission: attempts to get around a guard', () => {
  it('a batch larger than the cap takes nothing, here or in the store', async () => {
    const store = new SlowStore();
    const admission = new RequestAdmission({ total: 64, perKey: 8 }, store);
    expect(await admit(admission, MEMBER, 9)).toEqual({ ok: false, cap: 'perKey', reason: 'batch', limit: 8 });
    expect(await admit(admission, MEMBER, 1000)).toEqual({ ok: false, cap: 'perKey', reason: 'batch', limit: 8 });
    expect([admission.count, store.holds]).toEqual([0, 0]);
  });

  it('a message without calls (notifications) still takes a slot', async () => {
    const admission = new RequestAdmission({ total: 2, perKey: 1 }, await acceptedState(MEMBER));
    admitted(await admit(admission, MEMBER, 0));
    expect(await admit(admission, MEMBER, 0)).toEqual({ ok: false, cap: 'perKey', reason: 'busy', limit: 1 });
  });

  it('releasing twice, or releasing and then aborting, gives back once: no slot is made out of thin air', async () => {
    const store = new SlowStore();
    const admission = new RequestAdmission({ total: 4, perKey: 2 }, store);
    const client = new AbortController();
    const asked = admit(admission, MEMBER, 1, 'here', client.signal);
    await store.answer();
    const one = admitted(await asked);
    const otherAsked = admit(admission, MEMBER, 1);
    await store.answer();
    admitted(await otherAsked);
    one.release();
    one.release();
    client.abort();
    await flush();
    expect([admission.count, store.held, store.releases]).toEqual([1, 1, 1]);
    // One slot was given back, so one request passes, and the next is refused.
    const third = admit(admission, MEMBER);
    await store.answer();
    admitted(await third);
    expect(await admit(admission, MEMBER)).toEqual({ ok: false, cap: 'perKey', reason: 'busy', limit: 2 });
  });

  it('a client gone before it asks takes nothing', async () => {
    const store = new SlowStore();
    const admission = new RequestAdmission({ total: 4, perKey: 2 }, store);
    const client = new AbortController();
    client.abort();
    const asked = admit(admission, MEMBER, 2, 'here', client.signal);
    await store.answer();
    expect(await asked).toEqual({ ok: false, cap: 'gone' });
    expect([admission.count, store.holds]).toEqual([0, 0]);
  });

  it('a client gone while the store says whether its key is accepted takes nothing', async () => {
    const store = new SlowStore();
    store.slowAccept = true;
    const admission = new RequestAdmission({ total: 4, perKey: 2 }, store);
    const client = new AbortController();
    const asked = admit(admission, MEMBER, 2, 'here', client.signal);
    client.abort();
    await store.answer();
    expect(await asked).toEqual({ ok: false, cap: 'gone' });
    expect([admission.count, store.held, store.holds]).toEqual([0, 0, 0]);
  });

  it("a client gone while the store holds the key's slots: those are given back once the store answers, and the replica's at once", async () => {
    const store = new SlowStore();
    const admission = new RequestAdmission({ total: 4, perKey: 2 }, store);
    const client = new AbortController();
    const asked = admit(admission, MEMBER, 2, 'here', client.signal);
    await flush();
    expect(store.holds).toBe(1);
    client.abort();
    expect(admission.count).toBe(0);
    await store.answer();
    expect(await asked).toEqual({ ok: false, cap: 'gone' });
    expect([store.held, store.releases]).toEqual([0, 1]);
    // Nothing is left held: the key's whole cap is free again, here and in the store.
    const next = admit(admission, MEMBER, 2);
    await store.answer();
    admitted(await next);
  });

  it("a refusal by the key's cap across replicas gives back this replica's slots", async () => {
    const store = new SlowStore();
    store.held = 2; // held by the key on other replicas
    const admission = new RequestAdmission({ total: 4, perKey: 2 }, store);
    const asked = admit(admission, MEMBER, 1);
    await store.answer();
    expect(await asked).toEqual({ ok: false, cap: 'perKeyAcrossReplicas', reason: 'busy', limit: 2 });
    expect(admission.count).toBe(0);
  });
});

describe('FetchSlots: the sign-in document fetches', () => {
  it('caps the fetches in all, and per host and per client address, naming the cap', () => {
    const slots = new FetchSlots({ total: 3, perHostOrAddress: 2 });
    const first = slots.admit('a.example', '192.0.2.1');
    expect(first.ok).toBe(true);
    expect(slots.admit('a.example', '192.0.2.2').ok).toBe(true);
    expect(slots.admit('a.example', '192.0.2.3')).toEqual({ ok: false, cap: 'fetchesPerHostOrAddress', reason: 'busy', limit: 2 });
    expect(slots.admit('b.example', '192.0.2.1').ok).toBe(true);
    expect(slots.admit('c.example', '192.0.2.1')).toEqual({ ok: false, cap: 'fetches', reason: 'busy', limit: 3 });
    expect(slots.count).toBe(3);
    if (first.ok) {
      first.release();
      first.release();
    }
    expect(slots.count).toBe(2);
  });

  it('counts a host and an address spelled alike as two owners', () => {
    const slots = new FetchSlots({ total: 8, perHostOrAddress: 1 });
    expect(slots.admit('192.0.2.1').ok).toBe(true);
    expect(slots.admit('b.example', '192.0.2.1').ok).toBe(true);
    expect(slots.admit('192.0.2.1', '192.0.2.9')).toEqual({ ok: false, cap: 'fetchesPerHostOrAddress', reason: 'busy', limit: 1 });
  });
});

describe('RequestAdmission: what an admitted request learns of its key', () => {
  it('says whether the shared state remembered the key as accepted, so that only a change of it must be written before the answer', async () => {
    const admission = new RequestAdmission({ total: 16, perKey: 4 }, await acceptedState(MEMBER));
    expect(admitted(await admit(admission, MEMBER)).accepted).toBe(true);
    expect(admitted(await admit(admission, STRANGER)).accepted).toBe(false);
  });
});

describe('RequestAdmission: unverifiedPerMinute, the budget of an address for keys the service has not accepted', () => {
  /** A budget of 3 a minute, on a clock the test moves. */
  function budgeted(state: Pick<SharedState, 'isAccepted' | 'holdSlots' | 'countHit'>, time = { now: 1_000_000 }, total = 64) {
    return new RequestAdmission({ total, perKey: 8 }, state, new UnverifiedBudget(state, { perWindow: 3, windowMs: 60_000, now: () => time.now }));
  }

  it("refuses an address's requests beyond it with Retry-After the window's rest; another address and an accepted key pass", async () => {
    const time = { now: 1_000_000 };
    // The store's clock is the app's: the window's end is read by the same one.
    const state = new MemoryState({ now: () => time.now });
    await state.heard(MEMBER, 200);
    const admission = budgeted(state, time);
    for (let n = 0; n < 3; n++) admitted(await admit(admission, `made-up-${n}`, 1, 'stranger')).release();
    time.now += 20_500;
    expect(await admit(admission, 'made-up-3', 1, 'stranger')).toEqual({
      ok: false,
      cap: 'unverifiedPerMinute',
      reason: 'busy',
      limit: 3,
      retryAfterSeconds: 40,
    });
    // The same key again, or a batch: the same budget.
    expect(await admit(admission, 'made-up-0', 1, 'stranger')).toMatchObject({ ok: false, cap: 'unverifiedPerMinute' });
    // A refusal holds nothing.
    expect(admission.count).toBe(0);
    admitted(await admit(admission, 'made-up-4', 1, 'elsewhere'));
    admitted(await admit(admission, MEMBER, 1, 'stranger'));
    // The window ends: the address may check keys again.
    time.now += 39_500;
    admitted(await admit(admission, 'made-up-5', 1, 'stranger'));
  });

  it('spends one per message that may reach the service: none for lists and notifications, a batch its count', async () => {
    const admission = budgeted(new MemoryState());
    const listing = () => admission.admit({ member: STRANGER, address: 'here', calls: 1, reachingService: 0, signal: new AbortController().signal });
    for (let n = 0; n < 10; n++) admitted(await listing()).release();
    admitted(await admit(admission, STRANGER, 2)).release();
    expect(await admit(admission, STRANGER, 2)).toMatchObject({ ok: false, cap: 'unverifiedPerMinute' });
  });

  it('spends nothing for a request the in-flight caps refuse: it reaches nothing', async () => {
    // 16 / 8 / 2 = 1 unverified call in flight from one address.
    const admission = budgeted(new MemoryState(), undefined, 16);
    const held = admitted(await admit(admission, STRANGER, 1, 'here'));
    for (let n = 0; n < 4; n++) expect(await admit(admission, STRANGER, 1, 'here')).toMatchObject({ ok: false, cap: 'unverified' });
    held.release();
    // One spent so far: two more pass, then the budget refuses.
    admitted(await admit(admission, STRANGER, 1, 'here')).release();
    admitted(await admit(admission, STRANGER, 1, 'here')).release();
    expect(await admit(admission, STRANGER, 1, 'here')).toMatchObject({ ok: false, cap: 'unverifiedPerMinute' });
  });

  it('is shared by the replicas of one store', async () => {
    const state = new MemoryState();
    const [one, two] = [budgeted(state), budgeted(state)];
    admitted(await admit(one, STRANGER, 2)).release();
    admitted(await admit(two, STRANGER, 1)).release();
    expect(await admit(two, STRANGER, 1)).toMatchObject({ ok: false, cap: 'unverifiedPerMinute' });
    expect(await admit(one, STRANGER, 1)).toMatchObject({ ok: false, cap: 'unverifiedPerMinute' });
  });

  it("counts on this replica alone while the store does not answer: a stranger's budget does not fail open, a member's request does not fail", async () => {
    class Unanswering extends MemoryState {
      override countHit = async (): Promise<never> => {
        throw new StoreUnavailable();
      };
    }
    const state = new Unanswering();
    await state.heard(MEMBER, 200);
    const admission = budgeted(state);
    for (let n = 0; n < 3; n++) admitted(await admit(admission, `made-up-${n}`, 1, 'stranger')).release();
    expect(await admit(admission, 'made-up-3', 1, 'stranger')).toMatchObject({ ok: false, cap: 'unverifiedPerMinute' });
    admitted(await admit(admission, MEMBER, 1, 'stranger'));
  });

  it('a client gone while the store counts takes nothing', async () => {
    let answer!: () => void;
    const state = await acceptedState();
    const slow = Object.assign(Object.create(state) as MemoryState, {
      countHit: (counter: string, windowMs: number, change?: number) =>
        new Promise((resolve) => {
          answer = () => resolve(state.countHit(counter, windowMs, change));
        }),
    });
    const admission = budgeted(slow);
    const client = new AbortController();
    const asked = admit(admission, STRANGER, 1, 'here', client.signal);
    await flush();
    client.abort();
    answer();
    expect(await asked).toEqual({ ok: false, cap: 'gone' });
    expect(admission.count).toBe(0);
  });

  it('says the refusal in a 429 naming the budget and when to retry', () => {
    expect(tooManyRequestsText({ ok: false, cap: 'unverifiedPerMinute', reason: 'busy', limit: 60, retryAfterSeconds: 17 }, 1)).toEqual({
      message:
        'Too Many Requests: more than 60 requests a minute came from your address with API keys the complaints service has not yet accepted on this server; retry in 17 seconds.',
      retryAfter: '17',
    });
  });
});
