// What every implementation of the shared state (src/http/state/shared-state.ts) promises, as one
// suite run against each: in memory (test/http/state/memory-state.test.ts) and in Redis (test/http/state/redis-state.test.ts).
// Redis expires keys by its own clock, so the tests that need time to pass use the real clock, short
// lifetimes and waits longer than needed; only what the state decides by its clock (the refresh
// window, a code's end) is driven by a clock the test moves.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { REFRESH_RETRY_SECONDS, type SharedState } from '../../src/http/state/shared-state.js';

/** Makes a state; `now` (milliseconds since the epoch), when given, is the clock it decides by. */
export type MakeState = (now?: () => number) => Promise<SharedState>;

/** A name no other test uses: the Redis tests share one server. */
export const unique = (what: string) => `${what}-${randomUUID()}`;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the real clock is past `seconds` (since the epoch), with a margin. */
export const waitPast = (seconds: number) => wait(Math.max(0, seconds * 1000 - Date.now()) + 600);

/** An owner: whom an entry is charged to. */
export const owner = () => ({ member: unique('member'), address: '127.0.0.1' });

/** A clock the test moves, starting now. */
export function movableClock(): { now: () => number; advance: (ms: number) => void } {
  let ms = Date.now();
  return { now: () => ms, advance: (by) => (ms += by) };
}

export function describeStateContract(name: string, make: MakeState): void {
  describe(`the shared state (${name})`, () => {
    const made: SharedState[] = [];
    const state = async (now?: () => number) => {
      const made_ = await make(now);
      made.push(made_);
      return made_;
    };
    afterAll(async () => {
      await Promise.all(made.map((each) => each.close()));
    });

    describe('codes', () => {
      it('a code is taken once; the second spend is a replay', async () => {
        const store = await state();
        const code = { ...owner(), id: unique('code'), grant: unique('grant'), until: nowSeconds() + 120 };
        expect(await store.spendCode(code)).toBe('taken');
        expect(await store.spendCode(code)).toBe('used before');
        expect(await store.spendCode({ ...code, id: unique('code') })).toBe('taken');
      });

      it("a code at its end by the state's clock is refused as expired, whatever the caller's clock said", async () => {
        const clock = movableClock();
        const store = await state(clock.now);
        const ends = Math.floor(clock.now() / 1000) + 120;
        const code = () => ({ ...owner(), id: unique('code'), grant: unique('grant'), until: ends });
        clock.advance(119_000);
        expect(await store.spendCode(code())).toBe('taken');
        clock.advance(1000);
        expect(await store.spendCode(code())).toBe('expired');
      });
    });

    it('tells the time by the clock it decides by (the first tokens of a sign-in are issued at it)', async () => {
      const clock = movableClock();
      const store = await state(clock.now);
      clock.advance(3_600_000);
      expect(await store.storeTime()).toBe(Math.floor(clock.now() / 1000));
    });

    describe('revocations', () => {
      it('a revoked grant is revoked, another is not', async () => {
        const store = await state();
        const who = owner();
        const grant = unique('grant');
        const other = unique('grant');
        expect(await store.isRevoked({ grant, member: who.member, issuedAt: nowSeconds() })).toBe(false);
        await store.revoke({ ...who, grant, until: nowSeconds() + 120 });
        expect(await store.isRevoked({ grant, member: who.member, issuedAt: nowSeconds() })).toBe(true);
        expect(await store.isRevoked({ grant: other, member: who.member, issuedAt: nowSeconds() })).toBe(false);
      });

      it('a later revocation with an earlier end does not shorten it', async () => {
        const store = await state();
        const who = owner();
        const grant = unique('grant');
        await store.revoke({ ...who, grant, until: nowSeconds() + 120 });
        const shorter = nowSeconds() + 1;
        await store.revoke({ ...who, grant, until: shorter });
        await waitPast(shorter);
        expect(await store.isRevoked({ grant, member: who.member, issuedAt: nowSeconds() - 5 })).toBe(true);
      });

      it('a later revocation with a later end extends it', async () => {
        const store = await state();
        const who = owner();
        const grant = unique('grant');
        const first = nowSeconds() + 1;
        await store.revoke({ ...who, grant, until: first });
        await store.revoke({ ...who, grant, until: nowSeconds() + 120 });
        await waitPast(first);
        expect(await store.isRevoked({ grant, member: who.member, issuedAt: nowSeconds() - 5 })).toBe(true);
      });
    });

    describe('refresh generations', () => {
      it('rotates the newest, repeats a retry with the same issuedAt, refuses an older one', async () => {
        const store = await state();
        const refresh = { ...owner(), grant: unique('grant'), until: nowSeconds() + 3600 };
        const first = await store.takeRefresh({ ...refresh, generation: 0 });
        expect(first).toEqual({ outcome: 'rotated', issuedAt: expect.any(Number) });
        const issuedAt = first.outcome === 'rotated' ? first.issuedAt : 0;
        expect(Math.abs(issuedAt - nowSeconds())).toBeLessThanOrEqual(5);
        expect(await store.takeRefresh({ ...refresh, generation: 0 })).toEqual({ outcome: 'repeated', issuedAt });
        expect(await store.takeRefresh({ ...refresh, generation: 1 })).toEqual({ outcome: 'rotated', issuedAt: expect.any(Number) });
        expect(await store.takeRefresh({ ...refresh, generation: 0 })).toEqual({ outcome: 'used before' });
      });

      it('a generation ahead of the record, or of no record, rotates', async () => {
        const store = await state();
        const refresh = { ...owner(), grant: unique('grant'), until: nowSeconds() + 3600 };
        expect((await store.takeRefresh({ ...refresh, generation: 3 })).outcome).toBe('rotated');
        expect((await store.takeRefresh({ ...refresh, generation: 7 })).outcome).toBe('rotated');
        // The record now expects 8: 3 is neither the newest nor its retry.
        expect(await store.takeRefresh({ ...refresh, generation: 3 })).toEqual({ outcome: 'used before' });
      });

      it(`a retry is repeated only within ${REFRESH_RETRY_SECONDS} s of the rotation, by the state's clock`, async () => {
        const clock = movableClock();
        const store = await state(clock.now);
        const refresh = { ...owner(), grant: unique('grant'), until: nowSeconds() + 3600 };
        const first = await store.takeRefresh({ ...refresh, generation: 0 });
        expect(first.outcome).toBe('rotated');
        const issuedAt = first.outcome === 'rotated' ? first.issuedAt : 0;
        expect(issuedAt).toBe(Math.floor(clock.now() / 1000));
        clock.advance(REFRESH_RETRY_SECONDS * 1000);
        expect(await store.takeRefresh({ ...refresh, generation: 0 })).toEqual({ outcome: 'repeated', issuedAt });
        clock.advance(1000);
        expect(await store.takeRefresh({ ...refresh, generation: 0 })).toEqual({ outcome: 'used before' });
        // The newest still rotates, at the moved time.
        expect(await store.takeRefresh({ ...refresh, generation: 1 })).toEqual({ outcome: 'rotated', issuedAt: Math.floor(clock.now() / 1000) });
      });

      it("the newest at its own end by the state's clock is refused as expired; an older one past it is still a reuse", async () => {
        const clock = movableClock();
        const store = await state(clock.now);
        const now = Math.floor(clock.now() / 1000);
        const refresh = { ...owner(), grant: unique('grant'), until: now + 3600 };
        expect(await store.takeRefresh({ ...refresh, generation: 0, expiresAt: now })).toEqual({ outcome: 'expired' });
        expect((await store.takeRefresh({ ...refresh, generation: 0, expiresAt: now + 1 })).outcome).toBe('rotated');
        expect((await store.takeRefresh({ ...refresh, generation: 1, expiresAt: now + 1 })).outcome).toBe('rotated');
        clock.advance(5000);
        expect(await store.takeRefresh({ ...refresh, generation: 0, expiresAt: now + 1 })).toEqual({ outcome: 'used before' });
      });

      it('twenty takes of one generation at once: exactly one rotates, the others repeat it', async () => {
        const store = await state();
        const refresh = { ...owner(), grant: unique('grant'), until: nowSeconds() + 3600, generation: 0 };
        const takes = await Promise.all(Array.from({ length: 20 }, () => store.takeRefresh(refresh)));
        expectOneRotation(takes);
      });
    });

    describe('rate counters', () => {
      it('counts hits in a window, -1 undoes one, and the window ends', async () => {
        const store = await state();
        const counter = unique('counter');
        const before = Date.now();
        const first = await store.countHit(counter, 400);
        expect(first.hits).toBe(1);
        expect(first.resetAt).toBeGreaterThan(before);
        expect((await store.countHit(counter, 400)).hits).toBe(2);
        expect((await store.countHit(counter, 400, -1)).hits).toBe(1);
        expect((await store.countHit(counter, 400)).hits).toBe(2);
        await wait(1000);
        expect((await store.countHit(counter, 400)).hits).toBe(1);
      });

      it('forgetHits starts the counter afresh; counters are apart', async () => {
        const store = await state();
        const counter = unique('counter');
        const other = unique('counter');
        await store.countHit(counter, 60_000);
        await store.countHit(counter, 60_000);
        await store.countHit(other, 60_000);
        await store.forgetHits(counter);
        expect((await store.countHit(counter, 60_000)).hits).toBe(1);
        expect((await store.countHit(other, 60_000)).hits).toBe(2);
      });
    });

    describe('slots', () => {
      it('up to the limit, then refused; a release frees one, once', async () => {
        const store = await state();
        const member = unique('member');
        const holds = [await store.holdSlots(member, 1, 3), await store.holdSlots(member, 1, 3), await store.holdSlots(member, 1, 3)];
        for (const hold of holds) expect(hold.ok).toBe(true);
        expect((await store.holdSlots(member, 1, 3)).ok).toBe(false);
        expect((await store.holdSlots(unique('member'), 1, 3)).ok).toBe(true);
        const first = holds[0]!;
        if (first.ok) {
          await first.release();
          await first.release();
        }
        expect((await store.holdSlots(member, 1, 3)).ok).toBe(true);
        expect((await store.holdSlots(member, 1, 3)).ok).toBe(false);
      });

      it('a batch takes its slots together, or none', async () => {
        const store = await state();
        const member = unique('member');
        const batch = await store.holdSlots(member, 2, 3);
        expect(batch.ok).toBe(true);
        expect((await store.holdSlots(member, 2, 3)).ok).toBe(false);
        expect((await store.holdSlots(member, 1, 3)).ok).toBe(true);
        if (batch.ok) await batch.release();
        expect((await store.holdSlots(member, 2, 3)).ok).toBe(true);
      });
    });

    describe('accepted keys', () => {
      it('a 2xx remembers the key, a 401 forgets it, other statuses change nothing', async () => {
        const store = await state();
        const member = unique('member');
        expect(await store.isAccepted(member)).toBe(false);
        await store.heard(member, 404);
        expect(await store.isAccepted(member)).toBe(false);
        await store.heard(member, 200);
        expect(await store.isAccepted(member)).toBe(true);
        expect(await store.isAccepted(unique('member'))).toBe(false);
        await store.heard(member, 500);
        expect(await store.isAccepted(member)).toBe(true);
        await store.heard(member, 401);
        expect(await store.isAccepted(member)).toBe(false);
        await store.heard(member, 204);
        expect(await store.isAccepted(member)).toBe(true);
      });
    });

    describe('export links', () => {
      it('an entry is read back under its id until it ends; another id reads nothing', async () => {
        const store = await state();
        const id = unique('link');
        const member = unique('member');
        expect(await store.readExportLink(id)).toBeUndefined();
        await store.saveExportLink({ id, member, entry: '{"sealed":"abc"}', until: nowSeconds() + 120 });
        expect(await store.readExportLink(id)).toBe('{"sealed":"abc"}');
        expect(await store.readExportLink(`${id}x`)).toBeUndefined();
        expect(await store.readExportLink(unique('link'))).toBeUndefined();
      });

      it('an entry is gone once it has ended', async () => {
        const clock = movableClock();
        const store = await state(clock.now);
        const id = unique('link');
        const until = Math.floor(clock.now() / 1000) + 1;
        await store.saveExportLink({ id, member: unique('member'), entry: 'entry', until });
        expect(await store.readExportLink(id)).toBe('entry');
        // Memory ends it by its clock; Redis counts the entry's time to live down by its own, which
        // this clock does not move (redis-state.test.ts moves both: store-clock.ts).
        clock.advance(2000);
        if (store.kind === 'memory') expect(await store.readExportLink(id)).toBeUndefined();
      });

      it('entries are apart, and saving one again replaces it', async () => {
        const store = await state();
        const member = unique('member');
        const [one, two] = [unique('link'), unique('link')];
        await store.saveExportLink({ id: one, member, entry: 'one', until: nowSeconds() + 120 });
        await store.saveExportLink({ id: two, member, entry: 'two', until: nowSeconds() + 120 });
        await store.saveExportLink({ id: one, member, entry: 'one again', until: nowSeconds() + 120 });
        expect(await store.readExportLink(one)).toBe('one again');
        expect(await store.readExportLink(two)).toBe('two');
      });
    });

    it('answers reachable', async () => {
      expect(await (await state()).reachable()).toBe(true);
    });
  });
}

/** Exactly one 'rotated', and every other take 'repeated' with its issuedAt. */
export function expectOneRotation(takes: Awaited<ReturnType<SharedState['takeRefresh']>>[]): void {
  const rotated = takes.filter((take) => take.outcome === 'rotated');
  expect(rotated).toHaveLength(1);
  const issuedAt = rotated[0]!.outcome === 'rotated' ? rotated[0]!.issuedAt : -1;
  expect(takes.filter((take) => take.outcome !== 'rotated')).toEqual(Array(takes.length - 1).fill({ outcome: 'repeated', issuedAt }));
}
