// The shared state kept in Redis: the contract every implementation keeps (helpers/state-contract.ts),
// against a real redis-server (helpers/redis-server.ts), then what only Redis has: several replicas on
// one store, the refusals at start, an outage and the way back, and that every key expires.
import { createServer } from 'node:net';
import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GRANT_MEMORY_BOUNDS } from '../../../src/http/state/grant-memory.js';
import { openRedisState } from '../../../src/http/state/redis-state.js';
import { type SharedState, StateStoreRefused, StoreUnavailable } from '../../../src/http/state/shared-state.js';
import { type RedisServer, startRedis } from '../../helpers/redis-server.js';
import { describeStateContract, expectOneRotation, nowSeconds, owner, unique, wait } from '../../helpers/state-contract.js';
import { captureStderr } from '../../helpers/stderr-lines.js';
import { type StoreClock, storeClock } from '../../helpers/store-clock.js';

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

// A clock the contract moves is Redis's as the scripts read it, and the replica's, in time with it.
describeStateContract('redis', (now) => openRedisState(redis.url, now === undefined ? {} : { now, storeNow: now }));

/** Polls `check` until it holds; the bound is only there so that a broken store fails rather than hangs. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const giveUpAt = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > giveUpAt) throw new Error(`never: ${what}`);
    await wait(100);
  }
}

/** A loopback port nothing listens on (a moment ago). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

describe('two replicas on one Redis', () => {
  let a: SharedState;
  let b: SharedState;
  beforeAll(async () => {
    [a, b] = await Promise.all([openRedisState(redis.url), openRedisState(redis.url)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('a code spent on one is a replay on the other', async () => {
    const code = { ...owner(), id: unique('code'), grant: unique('grant'), until: nowSeconds() + 120 };
    expect(await a.spendCode(code)).toBe('taken');
    expect(await b.spendCode(code)).toBe('used before');
  });

  it('fifty codes, each spent twenty times at once across both: each is taken exactly once', async () => {
    for (let round = 0; round < 50; round++) {
      const code = { ...owner(), id: unique('code'), grant: unique('grant'), until: nowSeconds() + 120 };
      const spends = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? a : b).spendCode(code)));
      expect(spends.filter((spent) => spent === 'taken')).toHaveLength(1);
      expect(spends.filter((spent) => spent === 'used before')).toHaveLength(19);
    }
  });

  it('a grant revoked on one is revoked on the other', async () => {
    const who = owner();
    const grant = unique('grant');
    await a.revoke({ ...who, grant, until: nowSeconds() + 120 });
    expect(await b.isRevoked({ grant, member: who.member, issuedAt: nowSeconds() })).toBe(true);
  });

  it('twenty takes of one refresh token at once, across both: exactly one rotates', async () => {
    const refresh = { ...owner(), grant: unique('grant'), until: nowSeconds() + 3600, generation: 0 };
    const takes = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? a : b).takeRefresh(refresh)));
    expectOneRotation(takes);
    expect(await b.takeRefresh({ ...refresh, generation: 1 })).toEqual({ outcome: 'rotated', issuedAt: expect.any(Number) });
    expect(await a.takeRefresh(refresh)).toEqual({ outcome: 'used before' });
  });

  it('share a member slots, rate counters and accepted keys', async () => {
    const member = unique('member');
    const held = await a.holdSlots(member, 2, 3);
    expect(held.ok).toBe(true);
    expect((await b.holdSlots(member, 2, 3)).ok).toBe(false);
    expect((await b.holdSlots(member, 1, 3)).ok).toBe(true);
    if (held.ok) await held.release();
    expect((await b.holdSlots(member, 2, 3)).ok).toBe(true);

    const counter = unique('counter');
    await a.countHit(counter, 60_000);
    expect((await b.countHit(counter, 60_000)).hits).toBe(2);

    await a.heard(member, 200);
    expect(await b.isAccepted(member)).toBe(true);
    await b.heard(member, 401);
    expect(await a.isAccepted(member)).toBe(false);
  });
});

describe('slot leases', () => {
  /** How many slot entries the member has in the store, lapsed or not, as another client reads them. */
  async function slotEntries(member: string): Promise<number> {
    const admin = createClient({ url: redis.url });
    admin.on('error', () => {});
    await admin.connect();
    try {
      return await admin.zCard(`cbm:{m:${member}}:slots`);
    } finally {
      admin.destroy();
    }
  }

  // A replica stopped while a member's calls run (SIGTERM, its grace ended, the calls cut) must not
  // leave their slots held in the store: the member would get 429 from every other replica until
  // the leases ended.
  it('a replica that closes gives back every slot it still holds: another admits the member at once', async () => {
    const [stopping, other] = await Promise.all([openRedisState(redis.url), openRedisState(redis.url)]);
    try {
      const member = unique('member');
      for (let call = 0; call < 3; call++) expect((await stopping.holdSlots(member, 1, 3)).ok).toBe(true);
      expect((await other.holdSlots(member, 1, 3)).ok).toBe(false);
      // Closed with the calls' holds never released (their releases lost with the process).
      await stopping.close();
      const after = await other.holdSlots(member, 3, 3);
      expect(after.ok).toBe(true);
      if (after.ok) await after.release();
    } finally {
      await Promise.all([stopping.close(), other.close()]);
    }
  });

  // A replica killed (SIGKILL, out of memory) gives nothing back: its leases must end soon (they
  // lasted 15 minutes). Here its renewals never come, as from a dead process; its lease is short so
  // that the test does not wait the default one.
  it('a replica that stops renewing (killed): its slots lapse after the lease, for the others', async () => {
    const killed = await openRedisState(redis.url, { slotLeaseMs: 1000, slotRenewEveryMs: 3_600_000 });
    const other = await openRedisState(redis.url);
    try {
      const member = unique('member');
      expect((await killed.holdSlots(member, 3, 3)).ok).toBe(true);
      expect((await other.holdSlots(member, 1, 3)).ok).toBe(false);
      await eventually(async () => {
        const hold = await other.holdSlots(member, 3, 3);
        if (hold.ok) await hold.release();
        return hold.ok;
      }, "the killed replica's slots lapsed");
    } finally {
      await Promise.all([killed.close(), other.close()]);
    }
  });

  // The lease is short, the call may be long: a live replica renews what it holds. The margin
  // between two renewals and the lease's end is seconds, not a speed asserted.
  it('a slot held past its lease is renewed while its call runs: still counted by the others', async () => {
    const live = await openRedisState(redis.url, { slotLeaseMs: 3000, slotRenewEveryMs: 500 });
    const other = await openRedisState(redis.url);
    try {
      const member = unique('member');
      const held = await live.holdSlots(member, 3, 3);
      expect(held.ok).toBe(true);
      await wait(7000);
      expect((await other.holdSlots(member, 1, 3)).ok).toBe(false);
      if (held.ok) await held.release();
      expect((await other.holdSlots(member, 1, 3)).ok).toBe(true);
    } finally {
      await Promise.all([live.close(), other.close()]);
    }
  }, 20_000);

  // A renewal that comes after its lease ended (the store stalled longer than the lease) takes the
  // slots back only where the limit has room: the others may have taken them meanwhile.
  it('a renewal that finds its lease gone takes back no more slots than the limit', async () => {
    const late = (await openRedisState(redis.url, { slotLeaseMs: 500, slotRenewEveryMs: 3_600_000 })) as SharedState & { leases: { renew(): Promise<void> } };
    const other = await openRedisState(redis.url);
    try {
      const member = unique('member');
      const held = await late.holdSlots(member, 2, 3);
      expect(held.ok).toBe(true);
      await eventually(async () => (await slotEntries(member)) === 0, 'the lease lapsed');
      // Room for one of the two: one is taken back, the limit holds.
      expect((await other.holdSlots(member, 2, 3)).ok).toBe(true);
      await late.leases.renew();
      expect(await slotEntries(member)).toBe(3);
      expect((await other.holdSlots(member, 1, 3)).ok).toBe(false);
      if (held.ok) await held.release();
      expect(await slotEntries(member)).toBe(2);
    } finally {
      await Promise.all([late.close(), other.close()]);
    }
  });
});

describe('scripts', () => {
  it('are loaded again when Redis has forgotten them (a restart, SCRIPT FLUSH)', async () => {
    const state = await openRedisState(redis.url);
    const client = createClient({ url: redis.url });
    client.on('error', () => {});
    await client.connect();
    try {
      const refresh = { ...owner(), grant: unique('grant'), until: nowSeconds() + 3600 };
      expect((await state.takeRefresh({ ...refresh, generation: 0 })).outcome).toBe('rotated');
      await client.sendCommand(['SCRIPT', 'FLUSH']);
      expect((await state.takeRefresh({ ...refresh, generation: 1 })).outcome).toBe('rotated');
      expect((await state.countHit(unique('counter'), 60_000)).hits).toBe(1);
    } finally {
      client.destroy();
      await state.close();
    }
  });
});

describe('refusals at start', () => {
  it('refuses a server that may evict keys, naming the policy and the fix, never the password', async () => {
    const evicting = await startRedis({ maxmemoryPolicy: 'allkeys-lru', password: 's3cret-pass' });
    try {
      const opening = openRedisState(evicting.url);
      await expect(opening).rejects.toThrow(StateStoreRefused);
      const message = await opening.then(
        () => '',
        (error: Error) => error.message,
      );
      expect(message).toContain('allkeys-lru');
      expect(message).toContain('noeviction');
      expect(message).toContain(`127.0.0.1:${evicting.port}`);
      expect(message).not.toContain('s3cret');
    } finally {
      await evicting.stop();
    }
  });

  it('refuses a wrong password without quoting it', async () => {
    const guarded = await startRedis({ password: 's3cret-pass' });
    try {
      // A bound far above the answer: the refusal is said as such, not as a server that did not answer.
      const opening = openRedisState(guarded.url.replace('s3cret-pass', 'wrong-s3cret'), { connectTimeoutMs: 30_000 });
      const message = await opening.then(
        () => 'opened',
        (error: Error) => (error instanceof StateStoreRefused ? error.message : `not refused: ${error}`),
      );
      expect(message).toContain(`127.0.0.1:${guarded.port} refused the connection: WRONGPASS`);
      expect(message).toContain('check the user and password in the URL');
      expect(message).not.toContain('s3cret');
      // No password at all.
      const bare = await openRedisState(`redis://127.0.0.1:${guarded.port}`, { connectTimeoutMs: 30_000 }).then(
        () => 'opened',
        (error: Error) => error.message,
      );
      expect(bare).toMatch(/refused the connection: NOAUTH.*check the user and password/);
    } finally {
      await guarded.stop();
    }
  });

  it('refuses a database number the server does not have, saying which part of the URL to check', async () => {
    const message = await openRedisState(`${redis.url}/99`, { connectTimeoutMs: 30_000 }).then(
      () => 'opened',
      (error: Error) => error.message,
    );
    expect(message).toMatch(/refused the connection: .*DB index.*check the database number/);
  });

  it('opens with the right password', async () => {
    const guarded = await startRedis({ password: 's3cret-pass' });
    try {
      const state = await openRedisState(guarded.url);
      expect(await state.spendCode({ ...owner(), id: unique('code'), grant: unique('grant'), until: nowSeconds() + 60 })).toBe('taken');
      await state.close();
    } finally {
      await guarded.stop();
    }
  });

  it('refuses a server that does not answer, within the connect bound, saying where', async () => {
    const port = await closedPort();
    const opening = openRedisState(`redis://:s3cret-pass@127.0.0.1:${port}`, { connectTimeoutMs: 1000 });
    await expect(opening).rejects.toThrow(StateStoreRefused);
    const message = await opening.then(
      () => '',
      (error: Error) => error.message,
    );
    expect(message).toContain(`the Redis server at 127.0.0.1:${port} did not answer within 1 s`);
    expect(message).not.toContain('s3cret');
  });

  // A password with a % not written as %25: the Redis client decodes it with decodeURIComponent,
  // which throws "URI malformed", a line that names neither the setting nor what to do.
  it('refuses a password that is not percent-encoded, naming the setting, never the password', async () => {
    const message = await openRedisState('redis://:50%off-s3cret@127.0.0.1:1', { connectTimeoutMs: 1000 }).then(
      () => 'opened',
      (error: Error) => (error instanceof StateStoreRefused ? error.message : `not refused: ${error}`),
    );
    expect(message).toContain('COMPLAINTS_HTTP_STATE_URL');
    expect(message).not.toContain('s3cret');
  });

  it('refuses a URL that is not redis://', async () => {
    await expect(openRedisState('http://user:s3cret-pass@127.0.0.1:1')).rejects.toThrow(/redis:\/\//);
    await expect(openRedisState('http://user:s3cret-pass@127.0.0.1:1')).rejects.not.toThrow(/s3cret/);
  });
});

describe('an outage', () => {
  it('while the server hangs: sign-in refused, members still served; then back', async () => {
    const hanging = await startRedis();
    const state = await openRedisState(hanging.url, { timeoutMs: 500 });
    try {
      const member = unique('member');
      await state.heard(member, 200);
      const code = () => ({ ...owner(), id: unique('code'), grant: unique('grant'), until: nowSeconds() + 120 });
      hanging.pause();

      await expect(state.spendCode(code())).rejects.toThrow(StoreUnavailable);
      // Marked unreachable now: every sign-in method refuses.
      await expect(state.spendCode(code())).rejects.toThrow(StoreUnavailable);
      await expect(state.takeRefresh({ ...owner(), grant: unique('grant'), generation: 0, until: nowSeconds() + 60 })).rejects.toThrow(StoreUnavailable);
      await expect(state.revoke({ ...owner(), grant: unique('grant'), until: nowSeconds() + 60 })).rejects.toThrow(StoreUnavailable);
      await expect(state.isRevoked({ grant: unique('grant'), member, issuedAt: nowSeconds() })).rejects.toThrow(StoreUnavailable);
      await expect(state.countHit(unique('counter'), 60_000)).rejects.toThrow(StoreUnavailable);
      await expect(state.forgetHits(unique('counter'))).rejects.toThrow(StoreUnavailable);
      // An export link is neither given nor opened on a guess.
      await expect(state.saveExportLink({ id: unique('link'), member, entry: 'entry', until: nowSeconds() + 60 })).rejects.toThrow(StoreUnavailable);
      await expect(state.readExportLink(unique('link'))).rejects.toThrow(StoreUnavailable);
      expect(await state.reachable()).toBe(false);

      // The members' methods answer from this replica's memory.
      expect(await state.isAccepted(member)).toBe(true);
      expect(await state.isAccepted(unique('member'))).toBe(false);
      const hold = await state.holdSlots(member, 5, 1);
      expect(hold.ok).toBe(true);
      if (hold.ok) await hold.release();
      await state.heard(member, 401);
      expect(await state.isAccepted(member)).toBe(false);

      hanging.resume();
      await eventually(() => state.reachable(), 'reachable again after the server resumed');
      expect(await state.spendCode(code())).toBe('taken');
      expect((await state.countHit(unique('counter'), 60_000)).hits).toBe(1);
    } finally {
      hanging.resume();
      await state.close();
      await hanging.stop();
    }
  });

  // A hold sent just before the store froze times out (granted: the replica's own caps hold), but the
  // command was already written: the store runs it when it wakes. Its slots must be given back then,
  // not held against the member's cap on every replica until their lease ends.
  it('a hold the store runs only after its bound passed leaves no slot taken', async () => {
    const hanging = await startRedis();
    const state = await openRedisState(hanging.url, { timeoutMs: 500 });
    try {
      const member = unique('member');
      // The script known by its SHA1, as in a replica that has served a call: one command is in flight.
      await state.holdSlots(unique('member'), 1, 1);
      hanging.pause();
      const during = await state.holdSlots(member, 1, 1);
      expect(during.ok).toBe(true);
      if (during.ok) await during.release();
      hanging.resume();
      await eventually(() => state.reachable(), 'reachable again after the server resumed');
      expect((await state.holdSlots(member, 1, 1)).ok).toBe(true);
    } finally {
      hanging.resume();
      await state.close();
      await hanging.stop();
    }
  });

  // A renewal runs apart from the calls: a store that stalls makes it give up within its bound,
  // never throw; and the slots are renewed as soon as the store answers again.
  it('a renewal while the server hangs resolves without throwing; the slots are renewed once it is back', async () => {
    const hanging = await startRedis();
    const state = (await openRedisState(hanging.url, { timeoutMs: 500, slotLeaseMs: 20_000, slotRenewEveryMs: 3_600_000 })) as SharedState & {
      leases: { renew(): Promise<void> };
    };
    const admin = createClient({ url: hanging.url });
    admin.on('error', () => {});
    await admin.connect();
    const member = unique('member');
    const leaseEnd = async () => Number((await admin.zRangeWithScores(`cbm:{m:${member}}:slots`, 0, -1))[0]?.score);
    try {
      const held = await state.holdSlots(member, 1, 1);
      expect(held.ok).toBe(true);
      const before = await leaseEnd();
      hanging.pause();
      await expect(state.leases.renew()).resolves.toBeUndefined();
      // Marked unreachable now: not sent again until the store answers.
      await expect(state.leases.renew()).resolves.toBeUndefined();
      hanging.resume();
      await eventually(async () => (await leaseEnd()) > before, 'renewed once the server answered again');
      if (held.ok) await held.release();
      expect(await admin.exists(`cbm:{m:${member}}:slots`)).toBe(0);
    } finally {
      hanging.resume();
      await admin.close().catch(() => undefined);
      await state.close();
      await hanging.stop();
    }
  });

  it('closes without hanging while the server is paused', async () => {
    const hanging = await startRedis();
    const state = await openRedisState(hanging.url, { timeoutMs: 500 });
    hanging.pause();
    try {
      await state.close();
      expect(await state.reachable()).toBe(false);
    } finally {
      await hanging.stop();
    }
  });

  it('a stopped server is found unreachable, and said so once, by host and port, never by its password', async () => {
    const server = await startRedis({ password: 's3cret-pass' });
    const state = await openRedisState(server.url, { timeoutMs: 500 });
    const lines: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      await server.stop();
      await expect(state.countHit(unique('counter'), 60_000)).rejects.toThrow(StoreUnavailable);
      expect(await state.reachable()).toBe(false);
      // Reconnection attempts and probes go on meanwhile: still one line for the outage.
      await wait(3000);
      await expect(state.spendCode({ ...owner(), id: unique('code'), grant: unique('grant'), until: nowSeconds() + 60 })).rejects.toThrow(StoreUnavailable);
    } finally {
      write.mockRestore();
      await state.close();
    }
    const outage = lines.filter((line) => line.includes('does not answer'));
    expect(outage).toHaveLength(1);
    expect(outage[0]).toContain(`store=127.0.0.1:${server.port}`);
    expect(lines.join('')).not.toContain('s3cret');
  });
});

describe('clocks', () => {
  // The scripts decide by Redis's clock: a code's end, sealed by whichever replica, is compared with
  // it, and a used code is kept for its time left by it (and a margin), so no replica's clock, ahead
  // or behind, can have the same code 'taken' twice.
  it("a code's end is read on Redis's clock, whatever the replica's clock says", async () => {
    const admin = createClient({ url: redis.url });
    admin.on('error', () => {});
    await admin.connect();
    // A replica 90 s behind Redis: a code with 60 s left by its clock ended 30 s ago by Redis's.
    const behind = () => Date.now() - 90_000;
    // One 90 s ahead: a code with 60 s left by its clock has 150 s left by Redis's.
    const ahead = () => Date.now() + 90_000;
    const [slow, fast] = await Promise.all([openRedisState(redis.url, { now: behind }), openRedisState(redis.url, { now: ahead })]);
    try {
      const late = { ...owner(), id: unique('code'), grant: unique('grant'), until: Math.floor(behind() / 1000) + 60 };
      expect(await slow.spendCode(late)).toBe('expired');
      const early = { ...owner(), id: unique('code'), grant: unique('grant'), until: Math.floor(ahead() / 1000) + 60 };
      expect(await fast.spendCode(early)).toBe('taken');
      expect(await slow.spendCode(early)).toBe('used before');
      // Kept used until its end by Redis's clock, and the margin.
      const ttl = await admin.ttl(`cbm:{g:${early.grant}}:code:${early.id}`);
      expect(ttl).toBeGreaterThan(150);
      expect(ttl).toBeLessThanOrEqual(211);
    } finally {
      await Promise.all([slow.close(), fast.close()]);
      await admin.close().catch(() => undefined);
    }
  });
});

describe('a store that changes while it runs', () => {
  it('set to evict keys: sign-in is refused and an error says why, until it keeps every key again', async () => {
    const store = await startRedis();
    const admin = createClient({ url: store.url });
    admin.on('error', () => {});
    await admin.connect();
    // The policy's watch is the state's link to the store (redis-link.ts).
    const state = (await openRedisState(store.url)) as SharedState & { link: { recheckEvictionPolicy(): Promise<void> } };
    const lines = captureStderr();
    try {
      const code = () => ({ ...owner(), id: unique('code'), grant: unique('grant'), until: nowSeconds() + 60 });
      await admin.configSet('maxmemory-policy', 'allkeys-lru');
      // Read again at each reconnection and every minute; here, at once.
      await state.link.recheckEvictionPolicy();
      await expect(state.spendCode(code())).rejects.toThrow(StoreUnavailable);
      expect(await state.reachable()).toBe(false);
      expect(lines.join('')).toMatch(/maxmemory-policy allkeys-lru.*Sign-ins are refused until it is/);
      // Members' own keys are not the policy's business.
      expect((await state.holdSlots(unique('member'), 1, 1)).ok).toBe(true);
      await admin.configSet('maxmemory-policy', 'noeviction');
      await state.link.recheckEvictionPolicy();
      expect(await state.spendCode(code())).toBe('taken');
      expect(await state.reachable()).toBe(true);
    } finally {
      vi.restoreAllMocks();
      await state.close();
      await admin.close().catch(() => undefined);
      await store.stop();
    }
  });

  it('full: sign-in is refused, and an error names maxmemory, once, never the password', async () => {
    const store = await startRedis({ password: 's3cret-pass' });
    const admin = createClient({ url: store.url });
    admin.on('error', () => {});
    await admin.connect();
    const state = await openRedisState(store.url);
    const lines = captureStderr();
    try {
      await admin.configSet('maxmemory', '1');
      for (let n = 0; n < 3; n++) {
        await expect(state.spendCode({ ...owner(), id: unique('code'), grant: unique('grant'), until: nowSeconds() + 60 })).rejects.toThrow(StoreUnavailable);
      }
      const said = lines.filter((line) => line.includes('refuses writes'));
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/it is full \(maxmemory reached\)/);
      expect(lines.join('')).not.toContain('s3cret');
    } finally {
      vi.restoreAllMocks();
      await admin.configSet('maxmemory', '0').catch(() => undefined);
      await state.close();
      await admin.close().catch(() => undefined);
      await store.stop();
    }
  });
});

describe("a member's share, as in memory", () => {
  const SHARE = GRANT_MEMORY_BOUNDS.perMember;

  it("past their share of revocations, folds them into one cutoff: all their tokens issued until then are withdrawn, no one else's, and none is forgotten", async () => {
    const state = await openRedisState(redis.url);
    try {
      const greedy = owner();
      const grants = Array.from({ length: SHARE + 1 }, () => unique('grant'));
      const issuedAt = nowSeconds();
      for (const grant of grants) await state.revoke({ ...greedy, grant, until: issuedAt + 3600 });
      for (const grant of [grants[0]!, grants[SHARE]!, unique('grant')]) {
        expect(await state.isRevoked({ grant, member: greedy.member, issuedAt })).toBe(true);
      }
      // Their tokens issued later, and another member's, are not withdrawn.
      expect(await state.isRevoked({ grant: unique('grant'), member: greedy.member, issuedAt: issuedAt + 3600 })).toBe(false);
      expect(await state.isRevoked({ grant: unique('grant'), member: owner().member, issuedAt })).toBe(false);
    } finally {
      await state.close();
    }
  }, 60_000);

  it("past their share of renewals, refuses a new grant of theirs (a known one still renews), and no one else's", async () => {
    const state = await openRedisState(redis.url);
    try {
      const greedy = owner();
      const until = nowSeconds() + 3600;
      const first = unique('grant');
      expect((await state.takeRefresh({ ...greedy, grant: first, generation: 0, until })).outcome).toBe('rotated');
      for (let n = 1; n < SHARE; n++) await state.takeRefresh({ ...greedy, grant: unique('grant'), generation: 0, until });
      expect(await state.takeRefresh({ ...greedy, grant: unique('grant'), generation: 0, until })).toEqual({ outcome: 'member full' });
      expect((await state.takeRefresh({ ...greedy, grant: first, generation: 1, until })).outcome).toBe('rotated');
      expect((await state.takeRefresh({ ...owner(), grant: unique('grant'), generation: 0, until })).outcome).toBe('rotated');
    } finally {
      await state.close();
    }
  }, 60_000);
});

describe('clocks, as Redis keeps them', () => {
  it("keeps a used code for its time left by Redis's clock and a minute's margin for the replicas' clocks, no longer", async () => {
    const admin = createClient({ url: redis.url });
    admin.on('error', () => {});
    await admin.connect();
    const state = await openRedisState(redis.url);
    try {
      const code = { ...owner(), id: unique('code'), grant: unique('grant'), until: nowSeconds() + 120 };
      expect(await state.spendCode(code)).toBe('taken');
      const ttl = await admin.ttl(`cbm:{g:${code.grant}}:code:${code.id}`);
      expect(ttl).toBeGreaterThan(120);
      expect(ttl).toBeLessThanOrEqual(180);
    } finally {
      await state.close();
      await admin.close().catch(() => undefined);
    }
  });

  it("keeps an export link's entry for its time left, no longer: a replica whose clock is behind cannot open it late", async () => {
    const admin = createClient({ url: redis.url });
    admin.on('error', () => {});
    await admin.connect();
    const state = await openRedisState(redis.url);
    try {
      const id = unique('link');
      await state.saveExportLink({ id, member: unique('member'), entry: 'entry', until: nowSeconds() + 900 });
      const ttl = await admin.ttl(`cbm:{x:${id}}`);
      expect(ttl).toBeGreaterThan(890);
      expect(ttl).toBeLessThanOrEqual(901);
    } finally {
      await state.close();
      await admin.close().catch(() => undefined);
    }
  });
});

describe("replicas whose clocks are off: Redis's clock decides", () => {
  // A server of their own: the store's time is moved (storeClock), every key with it.
  let server: RedisServer;
  let store: StoreClock;
  const opened: SharedState[] = [];
  beforeAll(async () => {
    server = await startRedis();
    store = await storeClock(server.url);
  });
  afterAll(async () => {
    await Promise.all(opened.map((state) => state.close()));
    await store?.close();
    await server?.stop();
  });
  /** A replica whose own clock is `offsetMs` off the store's. */
  const replica = async (offsetMs: number) => {
    const state = await openRedisState(server.url, { now: () => store.now() + offsetMs, storeNow: store.now });
    opened.push(state);
    return state;
  };
  const seconds = (ms: number) => Math.floor(ms / 1000);

  it('a refresh token superseded 70 s ago, shown to a replica 50 s behind, is a reuse, not a retry', async () => {
    const [inTime, behind] = [await replica(0), await replica(-50_000)];
    const refresh = { ...owner(), grant: unique('grant'), generation: 0, until: seconds(store.now()) + 3600 };
    expect((await inTime.takeRefresh(refresh)).outcome).toBe('rotated');
    await store.advance(70_000);
    expect(await behind.takeRefresh(refresh)).toEqual({ outcome: 'used before' });
  });

  it('a code used 180 s ago, shown to a replica 150 s behind (by whose clock it has not expired), is refused', async () => {
    const [inTime, behind] = [await replica(0), await replica(-150_000)];
    // Sealed by the replica in time, for two minutes.
    const code = { ...owner(), id: unique('code'), grant: unique('grant'), until: seconds(store.now()) + 120 };
    await store.advance(10_000);
    expect(await inTime.spendCode(code)).toBe('taken');
    await store.advance(180_000);
    // The replica behind reads its clock 40 s after the code was sealed: its own check lets it through.
    expect(seconds(store.now() - 150_000)).toBeLessThan(code.until);
    expect(await behind.spendCode(code)).toBe('expired');
  });

  it("a member's revocations folded by a replica 50 s behind withdraw every token issued until then by Redis's clock", async () => {
    const [inTime, behind] = [await replica(0), await replica(-50_000)];
    const greedy = owner();
    const grants = Array.from({ length: GRANT_MEMORY_BOUNDS.perMember + 1 }, () => unique('grant'));
    // Issued now by Redis's clock, as every token is; then revoked, and the revocation folded into a cutoff.
    const issuedAt = seconds(store.now());
    for (const grant of grants.slice(0, -1)) await inTime.revoke({ ...greedy, grant, until: issuedAt + 3600 });
    await behind.revoke({ ...greedy, grant: grants.at(-1)!, until: seconds(store.now() - 50_000) + 3600 });
    for (const grant of [grants[0]!, grants.at(-1)!]) expect(await inTime.isRevoked({ grant, member: greedy.member, issuedAt })).toBe(true);
    // A sign-in after the fold is not withdrawn.
    await store.advance(1000);
    expect(await inTime.isRevoked({ grant: unique('grant'), member: greedy.member, issuedAt: seconds(store.now()) })).toBe(false);
  }, 60_000);

  it("an export link's entry is gone at the link's end, for a replica 150 s behind too (by whose clock the link has not ended)", async () => {
    const [inTime, behind] = [await replica(0), await replica(-150_000)];
    const id = unique('link');
    await inTime.saveExportLink({ id, member: unique('member'), entry: 'entry', until: seconds(store.now()) + 60 });
    await store.advance(59_000);
    expect(await behind.readExportLink(id)).toBe('entry');
    await store.advance(2000);
    expect(await behind.readExportLink(id)).toBeUndefined();
  });

  it("a replica whose clock is 50 s behind Redis's says so at start, by how much and what to do; one in time says nothing", async () => {
    const lines = captureStderr();
    try {
      // Redis's own TIME this once, as in service.
      const behind = await openRedisState(server.url, { now: () => Date.now() - 50_000 });
      const inTime = await openRedisState(server.url);
      await Promise.all([behind.close(), inTime.close()]);
    } finally {
      vi.restoreAllMocks();
    }
    const said = lines.filter((line) => line.includes('clock'));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/clock is (49|50|51)\.\d s behind the shared state store's \(Redis's TIME\).*NTP/);
    expect(said[0]).toMatch(/store=127\.0\.0\.1:\d+ skewSeconds=-(49|50|51)/);
  });
});

describe('bounds', () => {
  // With noeviction, which the Redis state requires, a Redis at its maxmemory refuses every write:
  // one member signing in and revoking as fast as the rate limits allow would fill it, and then every
  // member's code exchanges and renewals fail (503) until the entries expire. A member's renewals and
  // revocations are bounded as in memory (their revocations fold into one cutoff past their share).
  // Here the store is given a little room above what it uses.
  it("one member's revocations do not fill the store for the others", async () => {
    const small = await startRedis();
    const admin = createClient({ url: small.url });
    admin.on('error', () => {});
    await admin.connect();
    const state = await openRedisState(small.url, { timeoutMs: 2000 });
    try {
      const used = Number(/^used_memory:(\d+)/m.exec(await admin.info('memory'))?.[1]);
      // Room for one member's share of revocations (about 600 KB measured), far from room for all of them.
      await admin.configSet('maxmemory', String(used + 1536 * 1024));
      const greedy = owner();
      for (let grant = 0; grant < 15_000; grant++) {
        const revoked = await state.revoke({ ...greedy, grant: unique('grant'), until: nowSeconds() + 30 * 24 * 3600 }).then(
          () => true,
          () => false,
        );
        if (!revoked) break;
      }
      const other = await state.takeRefresh({ ...owner(), grant: unique('grant'), generation: 0, until: nowSeconds() + 3600 }).then(
        (taken) => taken.outcome,
        (error: Error) => `refused: ${String(error.cause)}`,
      );
      expect(other).toBe('rotated');
    } finally {
      await state.close();
      await admin.close().catch(() => undefined);
      await small.stop();
    }
  }, 60_000);
});

describe('keys', () => {
  it('every key written expires, and is under cbm:', async () => {
    const state = await openRedisState(redis.url);
    const member = unique('member');
    const grant = unique('grant');
    const who = { member, address: '127.0.0.1' };
    await state.spendCode({ ...who, id: unique('code'), grant, until: nowSeconds() + 120 });
    await state.takeRefresh({ ...who, grant, generation: 0, until: nowSeconds() + 3600 });
    await state.revoke({ ...who, grant, until: nowSeconds() + 3600 });
    await state.countHit(unique('counter'), 60_000);
    await state.countHit(unique('counter'), 60_000, -1);
    // Held by a replica still running: close gives back what a state holds.
    const holding = await openRedisState(redis.url);
    await holding.holdSlots(member, 2, 5);
    await state.heard(member, 200);
    const link = unique('link');
    await state.saveExportLink({ id: link, member, entry: 'entry', until: nowSeconds() + 900 });
    await state.close();

    const client = createClient({ url: redis.url });
    client.on('error', () => {});
    await client.connect();
    try {
      const keys = await client.keys('*');
      expect(keys.filter((key) => !key.startsWith('cbm:'))).toEqual([]);
      expect(keys).toContain(`cbm:{m:${member}}:slots`);
      expect(keys).toContain(`cbm:{m:${member}}:accepted`);
      expect(keys).toContain(`cbm:{g:${grant}}:refresh`);
      expect(keys).toContain(`cbm:{g:${grant}}:revoked`);
      expect(keys).toContain(`cbm:{x:${link}}`);
      const ttls = await Promise.all(keys.map(async (key) => [key, await client.pTTL(key)] as const));
      // -2: expired since listed; -1 would be a key kept for ever.
      expect(ttls.filter(([, ttl]) => ttl === -1)).toEqual([]);
    } finally {
      client.destroy();
      await holding.close();
    }
  });
});
