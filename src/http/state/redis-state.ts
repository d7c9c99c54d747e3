// The shared state kept in Redis (COMPLAINTS_HTTP_STATE_URL), for any number of replicas of
// `serve --http`. Loaded only when that setting is given: stdio never imports it, nor @redis/client.
//
// - Atomic: every decision (a code spent once, a refresh generation taken once, a slot counted
//   against the cap) is one command or one Lua script, so two replicas asking at once cannot both win.
// - One clock: the sign-in's scripts read Redis's own (TIME), so that a replica whose clock is off
//   decides as the others do (a code's end, a refresh's retry window, a cutoff); this replica's clock
//   only measures how long a key lives from now (a time to live). A replica whose clock differs from
//   Redis's by more than a few seconds is said at start and every minute (clock-skew.ts).
// - Cluster-ready: the keys of one grant share the hash tag {g:<grant>}, those of one member
//   {m:<member>}, so a script only ever touches keys of one hash slot; an export link's entry is
//   {x:<hash of its token>}.
// - Every key expires: nothing is kept longer than the token, window or lease it stands for (as a
//   time to live, which Redis counts down by its own clock).
// - Bounded per member: a member holds at most GRANT_MEMORY_BOUNDS.perMember renewals and
//   revocations, as in memory, so that one member cannot fill Redis (which must not evict) for the
//   others; past their share, their revocations fold into one cutoff (grant-memory.ts says why).
// - Fails closed: the sign-in's methods throw StoreUnavailable at once while the store does not
//   answer (a guess could accept a replayed code or a revoked token); the members' methods answer
//   from this replica's own memory instead, so a member's own key keeps working through an outage.
// - Refuses to start on an eviction policy other than noeviction: an evicted used code or
//   revocation would let it work again.
//
// This file is the state itself and its opening (the one importer of @redis/client); the Lua scripts
// are in redis-scripts.ts, the connection and its watch in redis-link.ts, the slots' leases (renewed,
// given back at a stop) in redis-leases.ts, the slots given back late in redis-releases.ts, and what
// the operator reads in redis-wording.ts.
import { randomUUID } from 'node:crypto';
import { createClient, ErrorReply } from '@redis/client';
import { type ClockSkewWatch, watchClockSkew } from './clock-skew.js';
import { GRANT_MEMORY_BOUNDS } from './grant-memory.js';
import { leaseTimes, SlotLeases, type SlotLeaseTimes } from './redis-leases.js';
import { type IsReply, type Send, type StoreClient, StoreLink, withinBound } from './redis-link.js';
import { SlotReleases } from './redis-releases.js';
import { type ScriptName, Scripts } from './redis-scripts.js';
import { startFailure, whereOf } from './redis-wording.js';
import {
  type HitCount,
  heldSlots,
  type Owner,
  REFRESH_RETRY_SECONDS,
  type RefreshTake,
  type SharedState,
  type SlotHold,
  StateStoreRefused,
  StoreUnavailable,
  type Taken,
  type TokenOrigin,
} from './shared-state.js';
import { VERIFIED_KEYS, VerifiedKeys } from './verified-keys.js';

export interface RedisStateOptions {
  /**
   * Milliseconds since the epoch: this replica's own clock, which measures how long keys live and is
   * compared with Redis's (tests move it, to make a replica's clock off).
   */
  now?: () => number;
  /**
   * Milliseconds since the epoch: the store's clock, by which every replica decides. Redis's TIME when
   * not given, as in service; tests give one to move the store's time without waiting (with the keys'
   * expiry: test/helpers/store-clock.ts).
   */
  storeNow?: () => number;
  /** Bound of one operation. Generous, so that a loaded machine is not taken for an outage. */
  timeoutMs?: number;
  /** Bound of the first connection, at start. */
  connectTimeoutMs?: number;
  /** How long a slot is held unless renewed (ms): SLOT_LEASE_MS (redis-leases.ts) when not given; tests shorten it. */
  slotLeaseMs?: number;
  /** How often the slots held are renewed (ms): a third of the lease when not given. */
  slotRenewEveryMs?: number;
}

/** The bounds when not given: one operation, and the first connection. */
const DEFAULT_BOUNDS = { timeoutMs: 2000, connectTimeoutMs: 10_000 };

const KEY_PREFIX = 'cbm:';
const grantKey = (grant: string, what: string) => `${KEY_PREFIX}{g:${grant}}:${what}`;
const memberKey = (member: string, what: string) => `${KEY_PREFIX}{m:${member}}:${what}`;
const hitsKey = (counter: string) => `${KEY_PREFIX}hits:${counter}`;
const linkKey = (id: string) => `${KEY_PREFIX}{x:${id}}`;

/**
 * Seconds a key outlives what it protects: a replica whose clock is behind Redis's takes a token for
 * unexpired that much longer (clock-skew.ts warns long before), and a key kept a little longer than
 * its token only withdraws what has expired anyway.
 */
const CLOCK_MARGIN_SECONDS = 60;

/** An error Redis answered with: it is there, and refused. */
const isReply: IsReply = (error): error is Error => error instanceof ErrorReply;

class RedisState implements SharedState {
  readonly kind = 'redis';
  readonly link: StoreLink;
  /** This replica's own memory of accepted keys: what isAccepted answers from while the store does not. */
  private readonly accepted: VerifiedKeys;
  private readonly releases: SlotReleases;
  /** The slots this replica holds, renewed while their calls run and given back at close. */
  readonly leases: SlotLeases;
  private readonly scripts = new Scripts(isReply);
  private skewWatch: ClockSkewWatch | undefined;

  constructor(
    client: StoreClient,
    private readonly where: string,
    private readonly now: () => number,
    private readonly storeNow: (() => number) | undefined,
    timeoutMs: number,
    slotLease: SlotLeaseTimes,
  ) {
    this.accepted = new VerifiedKeys({ ...VERIFIED_KEYS, now });
    this.link = new StoreLink(client, where, timeoutMs, isReply, () => {
      void this.releases.sendPending();
      void this.leases.renew();
    });
    this.releases = new SlotReleases(this.link);
    const runScript = (name: ScriptName, keys: string[], args: (string | number)[]) => this.link.bounded((send) => this.scripts.run(send, name, keys, args));
    this.leases = new SlotLeases(this.link, this.releases, runScript, slotLease);
  }

  async spendCode(code: Owner & { id: string; grant: string; until: number }): Promise<Taken> {
    // The code's end was sealed by whichever replica showed the page: it is compared with Redis's clock, never this one's.
    const args = [Math.ceil(code.until), this.storeClock(), CLOCK_MARGIN_SECONDS];
    const spent = await this.signInScript('spendCode', [grantKey(code.grant, `code:${code.id}`)], args);
    return spent === 1 ? 'taken' : spent === 2 ? 'expired' : 'used before';
  }

  async takeRefresh(refresh: Owner & { grant: string; generation: number; expiresAt?: number; until: number }): Promise<RefreshTake> {
    // A renewal record is the member's to hold (a grant already held renews, however full the share).
    if (!(await this.claim(refresh.member, 'refreshes', refresh.grant, refresh.until))) return { outcome: 'member full' };
    const args = [refresh.generation, this.storeClock(), REFRESH_RETRY_SECONDS, this.timeToLive(refresh.until), refresh.expiresAt ?? ''];
    const [outcome, issuedAt] = (await this.signInScript('takeRefresh', [grantKey(refresh.grant, 'refresh')], args)) as number[];
    if (outcome === 1) return { outcome: 'rotated', issuedAt: issuedAt! };
    if (outcome === 2) return { outcome: 'repeated', issuedAt: issuedAt! };
    if (outcome === 3) return { outcome: 'expired' };
    return { outcome: 'used before' };
  }

  async revoke(grant: Owner & { grant: string; until: number }): Promise<void> {
    if (await this.claim(grant.member, 'revocations', grant.grant, grant.until)) {
      await this.signInScript('revoke', [grantKey(grant.grant, 'revoked')], [this.timeToLive(grant.until)]);
      return;
    }
    // Past the member's share: one cutoff withdraws every token of theirs issued until now, and the
    // revocations it covers are forgotten (never refused, never one forgotten while it matters).
    const keys = [memberKey(grant.member, 'revocations'), memberKey(grant.member, 'cutoff')];
    const folded = (await this.signInScript('fold', keys, [this.storeClock(), this.lifeOf(grant.until), CLOCK_MARGIN_SECONDS])) as string[];
    // Each in its own hash slot: one command each, sent together.
    await Promise.all(folded.map((folding) => this.signIn(['DEL', grantKey(folding, 'revoked')])));
  }

  async isRevoked(token: TokenOrigin): Promise<boolean> {
    // The grant's own revocation, or its member's cutoff (two hash slots: two commands, sent together).
    const [grant, cutoff] = await Promise.all([
      this.signIn(['EXISTS', grantKey(token.grant, 'revoked')]),
      this.signIn(['HGET', memberKey(token.member, 'cutoff'), 'at']),
    ]);
    return grant === 1 || (cutoff !== null && token.issuedAt <= Number(cutoff));
  }

  async storeTime(): Promise<number> {
    return Math.floor(((await this.forSignIn((send) => this.storeMs(send))) as number) / 1000);
  }

  async countHit(counter: string, windowMs: number, change = 1): Promise<HitCount> {
    const [hits, ttl] = (await this.signInScript('countHit', [hitsKey(counter)], [change, Math.max(1, Math.ceil(windowMs))])) as number[];
    return { hits: hits!, resetAt: this.now() + ttl! };
  }

  async forgetHits(counter: string): Promise<void> {
    await this.signIn(['DEL', hitsKey(counter)]);
  }

  async saveExportLink(link: { id: string; member: string; entry: string; until: number }): Promise<void> {
    // Kept until the link's end and no longer, counted down by Redis's clock: a replica whose clock is
    // behind (the link checks its end by its own too) cannot open it past that end.
    await this.signIn(['SET', linkKey(link.id), link.entry, 'EX', String(this.lifeOf(link.until))]);
  }

  async readExportLink(id: string): Promise<string | undefined> {
    const entry = await this.signIn(['GET', linkKey(id)]);
    return typeof entry === 'string' ? entry : undefined;
  }

  async holdSlots(member: string, slots: number, limit: number): Promise<SlotHold> {
    const granted: SlotHold = { ok: true, release: async () => {} };
    if (!this.link.reachable) return granted;
    const key = memberKey(member, 'slots');
    const id = randomUUID();
    const entries = Array.from({ length: slots }, (_, index) => `${id}:${index + 1}`);
    let held: unknown;
    try {
      held = await this.link.bounded((send) => this.scripts.run(send, 'holdSlots', [key], [this.leases.times.ms, slots, limit, id]));
    } catch {
      // Without the store the slots are granted: this replica's own caps still hold. The hold may
      // still run when the store wakes (it was sent): its entries are given back then, after it.
      void this.releases.release(key, entries);
      return granted;
    }
    if (held !== 1) return { ok: false };
    this.leases.add(key, id, entries, limit);
    return heldSlots(() => this.leases.release(key, id));
  }

  async isAccepted(member: string): Promise<boolean> {
    if (!this.link.reachable) return this.accepted.has(member);
    try {
      return (await this.link.bounded((send) => send(['EXISTS', memberKey(member, 'accepted')]))) === 1;
    } catch {
      return this.accepted.has(member);
    }
  }

  async heard(member: string, status: number): Promise<void> {
    this.accepted.heard(member, status);
    const key = memberKey(member, 'accepted');
    const command = status === 401 ? ['DEL', key] : status >= 200 && status <= 299 ? ['SET', key, '1', 'PX', String(VERIFIED_KEYS.ttlMs)] : undefined;
    if (command === undefined || !this.link.reachable) return;
    try {
      await this.link.bounded((send) => send(command));
    } catch {
      // This replica's memory was told; the others learn it from the service's next answer.
    }
  }

  reachable(): Promise<boolean> {
    return this.link.answers();
  }

  /** Gives back every slot still held (calls cut by a stop), within the store's bound, then closes. */
  async close(): Promise<void> {
    this.skewWatch?.stop();
    await this.leases.close();
    await this.link.close();
  }

  /** Compares this replica's clock with Redis's, now and every minute until closed (clock-skew.ts). */
  async watchClock(): Promise<void> {
    const storeTime = () => this.link.bounded((send) => this.storeMs(send)) as Promise<number>;
    this.skewWatch = await watchClockSkew({ storeTime, now: this.now, where: this.where });
  }

  /** Milliseconds since the epoch by the store's clock: Redis's TIME, or the one tests give. */
  private async storeMs(send: Send): Promise<number> {
    if (this.storeNow !== undefined) return this.storeNow();
    const [seconds, micros] = (await send(['TIME'])) as [string, string];
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  }

  /** What a script reads as the store's time: empty for Redis's TIME, or the seconds tests give. */
  private storeClock(): string {
    return this.storeNow === undefined ? '' : String(Math.floor(this.storeNow() / 1000));
  }

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /**
   * Seconds from now until `until` (s, by this replica's clock, on which it was just reckoned): a
   * length of time, which Redis counts down by its own clock, so this clock's being off does not matter.
   */
  private lifeOf(until: number): number {
    return Math.max(1, Math.ceil(until) - this.nowSeconds());
  }

  /** Seconds a key protecting something until `until` lives: its life, and a margin. */
  private timeToLive(until: number): number {
    return this.lifeOf(until) + CLOCK_MARGIN_SECONDS;
  }

  /** Claims an entry of `member`'s share of `kind` for `grant`; false when the share is full. */
  private async claim(member: string, kind: 'refreshes' | 'revocations', grant: string, until: number): Promise<boolean> {
    const args = [grant, this.lifeOf(until), this.storeClock(), GRANT_MEMORY_BOUNDS.perMember, this.timeToLive(until)];
    return (await this.signInScript('claim', [memberKey(member, kind)], args)) === 1;
  }

  /** A command that fails closed (the sign-in's, the export links'): StoreUnavailable at once while the store does not answer, or when it does not now. */
  private signIn(command: string[]): Promise<unknown> {
    return this.forSignIn((send) => send(command));
  }

  /** A sign-in script: as signIn. */
  private signInScript(script: ScriptName, keys: string[], args: (string | number)[]): Promise<unknown> {
    return this.forSignIn((send) => this.scripts.run(send, script, keys, args));
  }

  private async forSignIn(work: (send: Send) => Promise<unknown>): Promise<unknown> {
    if (!this.link.decides) throw new StoreUnavailable();
    try {
      return await this.link.bounded(work);
    } catch (error) {
      throw new StoreUnavailable(error);
    }
  }
}

/**
 * Connects to the Redis server at `url` and checks that it will keep every key until it expires.
 * Throws StateStoreRefused, with a message for the operator, when it cannot.
 */
export async function openRedisState(url: string, options: RedisStateOptions = {}): Promise<SharedState> {
  const where = whereOf(url);
  const timeoutMs = options.timeoutMs ?? DEFAULT_BOUNDS.timeoutMs;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_BOUNDS.connectTimeoutMs;
  const client = createClient({
    url,
    // A command sent while disconnected fails at once rather than wait for a reconnection.
    disableOfflineQueue: true,
    socket: { connectTimeout: connectTimeoutMs, reconnectStrategy: (retries: number) => Math.min(retries * 100, 2000) },
  });
  let state: RedisState | undefined;
  let lastError: unknown;
  // An answer that no retry changes (a wrong password, no such database): said at once.
  let refused: (error: ErrorReply) => void = () => {};
  const refusal = new Promise<never>((_, reject) => {
    refused = reject;
  });
  refusal.catch(() => undefined);
  // node-redis throws an 'error' with no listener; each reconnection attempt emits one.
  client.on('error', (error: unknown) => {
    lastError = error;
    if (state === undefined && error instanceof ErrorReply) refused(error);
    state?.link.lost();
  });
  // Each reconnection may meet a Redis restarted with another policy.
  client.on('ready', () => void state?.link.recheckEvictionPolicy());
  try {
    await Promise.race([withinBound(connectTimeoutMs, () => client.connect()), refusal]);
  } catch (error) {
    client.destroy();
    const cause = error instanceof ErrorReply ? error : (lastError ?? error);
    throw new StateStoreRefused(startFailure(where, url, connectTimeoutMs, cause, isReply(cause)));
  }
  state = new RedisState(client, where, options.now ?? Date.now, options.storeNow, timeoutMs, leaseTimes(options.slotLeaseMs, options.slotRenewEveryMs));
  try {
    await state.link.checkEvictionPolicy();
    await state.watchClock();
  } catch (error) {
    await state.close();
    throw error;
  }
  return state;
}
