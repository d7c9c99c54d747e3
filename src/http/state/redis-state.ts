// The shared state kept in Redis (COMPLAINTS_HTTP_STATE_URL), for any number of replicas of
// `serve --http`. Loaded only when that setting is given: stdio never imports it, nor @redis/client.
//
// - Atomic: every decision (a code spent once, a refresh generation taken once, a slot counted
//   against the cap) is one command or one Lua script, so two replicas asking at once cannot both win.
//   Scripts decide by the app's clock, passed in, so that every replica decides alike.
// - Cluster-ready: the keys of one grant share the hash tag {g:<grant>}, those of one member
//   {m:<member>}, so a script only ever touches keys of one hash slot.
// - Every key expires: nothing is kept longer than the token, window or lease it stands for (by the
//   app's clock, as a time to live: Redis's own clock may be ahead of the replicas').
// - Bounded per member: a member holds at most GRANT_MEMORY_BOUNDS.perMember renewals and
//   revocations, as in memory, so that one member cannot fill Redis (which must not evict) for the
//   others; past their share, their revocations fold into one cutoff (grant-memory.ts says why).
// - Fails closed: the sign-in's methods throw StoreUnavailable at once while the store does not
//   answer (a guess could accept a replayed code or a revoked token); the members' methods answer
//   from this replica's own memory instead, so a member's own key keeps working through an outage.
// - Refuses to start on an eviction policy other than noeviction: an evicted used code or
//   revocation would let it work again.
import { randomUUID } from 'node:crypto';
import { createClient, ErrorReply, type RedisArgument } from '@redis/client';
import { log } from '../../log.js';
import { GRANT_MEMORY_BOUNDS } from './grant-memory.js';
import { redisUrlProblem } from './redis-url.js';
import {
  type HitCount,
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

/**
 * How long a slot is held at most: a replica that dies holding slots (a crash, a lost connection at
 * release) gives them back then. Far above a call's own bound, so a live call never loses its slot.
 */
export const SLOT_LEASE_MS = 15 * 60 * 1000;

export interface RedisStateOptions {
  /** Milliseconds since the epoch: the app's clock, by which every replica decides (tests move it). */
  now?: () => number;
  /** Bound of one operation. Generous, so that a loaded machine is not taken for an outage. */
  timeoutMs?: number;
  /** Bound of the first connection, at start. */
  connectTimeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 2000;
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
/** While the store does not answer, how often a PING asks whether it is back. */
const PROBE_EVERY_MS = 1000;
/** How often the eviction policy is read again (and at each reconnection). */
const POLICY_CHECK_EVERY_MS = 60_000;
/** reachable() trusts the last answer for this long; after that it asks (bounded). */
const TRUST_SILENCE_MS = 5000;
/** Releases that failed in an outage, sent again when the store is back; beyond this they wait for their lease. */
const MAX_PENDING_RELEASES = 10_000;

const KEY_PREFIX = 'cbm:';
const grantKey = (grant: string, what: string) => `${KEY_PREFIX}{g:${grant}}:${what}`;
const memberKey = (member: string, what: string) => `${KEY_PREFIX}{m:${member}}:${what}`;
const hitsKey = (counter: string) => `${KEY_PREFIX}hits:${counter}`;

/**
 * Seconds a key outlives what it protects: the replicas' clocks may differ by as much, and a key kept
 * a little longer than its token only withdraws what has expired anyway.
 */
const CLOCK_MARGIN_SECONDS = 60;

/**
 * The refresh compare-and-set. ARGV: generation, now (s), retry window (s), time to live (s).
 * Returns {1, now} rotated, {2, at} repeated, {0} used before.
 */
const TAKE_REFRESH = `
local n = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
local record = redis.call('HMGET', KEYS[1], 'next', 'at')
local nextGeneration = tonumber(record[1])
if nextGeneration == nil or nextGeneration <= n then
  redis.call('HSET', KEYS[1], 'next', n + 1, 'at', now)
  redis.call('EXPIRE', KEYS[1], ARGV[4])
  return {1, now}
end
local at = tonumber(record[2])
if nextGeneration == n + 1 and now - at <= tonumber(ARGV[3]) then return {2, at} end
return {0}
`;

/** A revocation lasts as long as the longest asked: a later one extends it, an earlier one never shortens it. ARGV: time to live (s). */
const REVOKE = `
if redis.call('SET', KEYS[1], '1', 'EX', ARGV[1], 'NX') then return 1 end
redis.call('EXPIRE', KEYS[1], ARGV[1], 'GT')
return 0
`;

/**
 * A member's share of one kind of entry (renewals, revocations): a sorted set of grants scored by
 * when their entry ends (s). A grant already in it is kept (its end moved later); a new one is
 * refused when the member holds their share of entries not yet ended. ARGV: grant, until (s), now
 * (s), share, time to live (s). Returns 1 when claimed, 0 when the share is full.
 */
const CLAIM = `
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  redis.call('ZADD', KEYS[1], 'GT', ARGV[2], ARGV[1])
  redis.call('EXPIRE', KEYS[1], ARGV[5], 'GT')
  return 1
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
if redis.call('TTL', KEYS[1]) < tonumber(ARGV[5]) then redis.call('EXPIRE', KEYS[1], ARGV[5]) end
return 1
`;

/**
 * A member's revocations folded into one cutoff: every token of theirs issued up to now is withdrawn,
 * until the latest of their revocations would have ended. KEYS: the member's revocations, their
 * cutoff. ARGV: now (s), until (s) of the revocation that did not fit, margin (s). Returns the grants
 * folded, whose own keys the caller deletes.
 */
const FOLD = `
local now = tonumber(ARGV[1])
local latest = tonumber(ARGV[2])
local top = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if top[2] and tonumber(top[2]) > latest then latest = tonumber(top[2]) end
local before = tonumber(redis.call('HGET', KEYS[2], 'until'))
if before and before > latest then latest = before end
local grants = redis.call('ZRANGE', KEYS[1], 0, -1)
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[2], 'at', now, 'until', latest)
redis.call('EXPIRE', KEYS[2], math.max(1, latest - now) + tonumber(ARGV[3]))
return grants
`;

/**
 * A fixed window, as express-rate-limit's stores count: the first hit starts it. Never below zero,
 * so that an undo arriving after the window ended cannot buy an extra hit. ARGV: change, window (ms).
 */
const COUNT_HIT = `
local hits = redis.call('INCRBY', KEYS[1], ARGV[1])
if hits < 0 then
  redis.call('SET', KEYS[1], '0', 'KEEPTTL')
  hits = 0
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {hits, ttl}
`;

/**
 * Slots as leases in a sorted set scored by lease end (ms): ended leases are dropped, then `slots`
 * entries are added unless that passes the limit. ARGV: now (ms), slots, limit, lease (ms), id.
 */
const HOLD_SLOTS = `
local now = tonumber(ARGV[1])
local slots = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) + slots > tonumber(ARGV[3]) then return 0 end
local leaseEnd = now + tonumber(ARGV[4])
for i = 1, slots do redis.call('ZADD', KEYS[1], leaseEnd, ARGV[5] .. ':' .. i) end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
`;

/** A script sent by its SHA1 once Redis knows it (EVALSHA), in full when it does not (NOSCRIPT). */
class Script {
  private sha: string | undefined;
  constructor(readonly source: string) {}

  async run(send: (args: RedisArgument[]) => Promise<unknown>, keys: string[], args: (string | number)[]): Promise<unknown> {
    const tail = [String(keys.length), ...keys, ...args.map(String)];
    if (this.sha !== undefined) {
      try {
        return await send(['EVALSHA', this.sha, ...tail]);
      } catch (error) {
        if (!(error instanceof ErrorReply && error.message.startsWith('NOSCRIPT'))) throw error;
      }
    }
    // Loaded the first time, and again when Redis forgot it (a restart, SCRIPT FLUSH); then known by its SHA1.
    this.sha = String(await send(['SCRIPT', 'LOAD', this.source]));
    return send(['EVALSHA', this.sha, ...tail]);
  }
}

/** What this module asks of the node-redis client. */
interface StoreClient {
  sendCommand(args: readonly RedisArgument[], options?: { abortSignal?: AbortSignal }): Promise<unknown>;
  close(): Promise<void>;
  destroy(): void;
  readonly isOpen: boolean;
}

/** The store did not answer within its bound. */
class TimedOut extends Error {}

/** host:port of the URL, never its user or password: what messages and logs name. */
function whereOf(url: string): string {
  const problem = redisUrlProblem(url);
  if (problem !== undefined) throw new StateStoreRefused(problem);
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '6379'}`;
}

/** An error's message with the URL's user and password cut out, should a library ever quote them. */
function scrubbed(error: unknown, url: string): string {
  let message = error instanceof Error ? error.message : String(error);
  const decoded = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  // whereOf already refused a URL that does not parse.
  const { username, password } = new URL(url);
  for (const secret of [password, decoded(password), username, decoded(username)]) {
    if (secret.length > 0) message = message.split(secret).join('***');
  }
  return message;
}

function abortAfter<T>(promise: Promise<T>, ms: number, controller?: AbortController): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller?.abort();
      reject(new TimedOut(`no answer within ${ms} ms`));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

class RedisState implements SharedState {
  readonly kind = 'redis';
  /** Whether the store answered last time it was asked; false from a timeout or a lost connection until a PING answers. */
  private isReachable = true;
  private lastHeardAt = Date.now();
  private probeTimer: NodeJS.Timeout | undefined;
  private probing = false;
  private closed = false;
  /** The store's policy may evict keys (seen after the start): sign-ins are refused until it does not. */
  private evicting = false;
  private readonly policyTimer: NodeJS.Timeout;
  /** When a refused write was last logged: once a minute at most. */
  private refusalLoggedAt = 0;
  /** This replica's own memory of accepted keys: what isAccepted answers from while the store does not. */
  private readonly accepted: VerifiedKeys;
  private readonly pendingReleases: { key: string; entries: string[] }[] = [];
  private readonly scripts = {
    takeRefresh: new Script(TAKE_REFRESH),
    revoke: new Script(REVOKE),
    countHit: new Script(COUNT_HIT),
    holdSlots: new Script(HOLD_SLOTS),
    claim: new Script(CLAIM),
    fold: new Script(FOLD),
  };

  constructor(
    private readonly client: StoreClient,
    private readonly where: string,
    private readonly now: () => number,
    private readonly timeoutMs: number,
  ) {
    this.accepted = new VerifiedKeys({ ...VERIFIED_KEYS, now });
    this.policyTimer = setInterval(() => void this.recheckEvictionPolicy(), POLICY_CHECK_EVERY_MS);
    this.policyTimer.unref();
  }

  async spendCode(code: Owner & { id: string; grant: string; until: number }): Promise<Taken> {
    const set = await this.signIn(['SET', grantKey(code.grant, `code:${code.id}`), '1', 'NX', 'EX', String(this.timeToLive(code.until))]);
    return set === null ? 'used before' : 'taken';
  }

  async takeRefresh(refresh: Owner & { grant: string; generation: number; until: number }): Promise<RefreshTake> {
    // A renewal record is the member's to hold (a grant already held renews, however full the share).
    if (!(await this.claim(refresh.member, 'refreshes', refresh.grant, refresh.until))) return { outcome: 'member full' };
    const args = [refresh.generation, this.nowSeconds(), REFRESH_RETRY_SECONDS, this.timeToLive(refresh.until)];
    const [outcome, issuedAt] = (await this.signInScript(this.scripts.takeRefresh, [grantKey(refresh.grant, 'refresh')], args)) as number[];
    if (outcome === 1) return { outcome: 'rotated', issuedAt: issuedAt! };
    if (outcome === 2) return { outcome: 'repeated', issuedAt: issuedAt! };
    return { outcome: 'used before' };
  }

  async revoke(grant: Owner & { grant: string; until: number }): Promise<void> {
    if (await this.claim(grant.member, 'revocations', grant.grant, grant.until)) {
      await this.signInScript(this.scripts.revoke, [grantKey(grant.grant, 'revoked')], [this.timeToLive(grant.until)]);
      return;
    }
    // Past the member's share: one cutoff withdraws every token of theirs issued until now, and the
    // revocations it covers are forgotten (never refused, never one forgotten while it matters).
    const keys = [memberKey(grant.member, 'revocations'), memberKey(grant.member, 'cutoff')];
    const folded = (await this.signInScript(this.scripts.fold, keys, [this.nowSeconds(), Math.ceil(grant.until), CLOCK_MARGIN_SECONDS])) as string[];
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

  async countHit(counter: string, windowMs: number, change = 1): Promise<HitCount> {
    const [hits, ttl] = (await this.signInScript(this.scripts.countHit, [hitsKey(counter)], [change, Math.max(1, Math.ceil(windowMs))])) as number[];
    return { hits: hits!, resetAt: this.now() + ttl! };
  }

  async forgetHits(counter: string): Promise<void> {
    await this.signIn(['DEL', hitsKey(counter)]);
  }

  async holdSlots(member: string, slots: number, limit: number): Promise<SlotHold> {
    const granted: SlotHold = { ok: true, release: async () => {} };
    if (!this.isReachable) return granted;
    const key = memberKey(member, 'slots');
    const id = randomUUID();
    const entries = Array.from({ length: slots }, (_, index) => `${id}:${index + 1}`);
    let held: unknown;
    try {
      held = await this.bounded((send) => this.scripts.holdSlots.run(send, [key], [this.now(), slots, limit, SLOT_LEASE_MS, id]));
    } catch {
      // Without the store the slots are granted: this replica's own caps still hold. The hold may
      // still run when the store wakes (it was sent): its entries are given back then, after it.
      void this.releaseSlots(key, entries);
      return granted;
    }
    if (held !== 1) return { ok: false };
    let released = false;
    return {
      ok: true,
      release: async () => {
        if (released) return;
        released = true;
        await this.releaseSlots(key, entries);
      },
    };
  }

  async isAccepted(member: string): Promise<boolean> {
    if (!this.isReachable) return this.accepted.has(member);
    try {
      return (await this.bounded((send) => send(['EXISTS', memberKey(member, 'accepted')]))) === 1;
    } catch {
      return this.accepted.has(member);
    }
  }

  async heard(member: string, status: number): Promise<void> {
    this.accepted.heard(member, status);
    const key = memberKey(member, 'accepted');
    const command = status === 401 ? ['DEL', key] : status >= 200 && status <= 299 ? ['SET', key, '1', 'PX', String(VERIFIED_KEYS.ttlMs)] : undefined;
    if (command === undefined || !this.isReachable) return;
    try {
      await this.bounded((send) => send(command));
    } catch {
      // This replica's memory was told; the others learn it from the service's next answer.
    }
  }

  async reachable(): Promise<boolean> {
    if (!this.isReachable || this.closed || this.evicting) return false;
    if (Date.now() - this.lastHeardAt < TRUST_SILENCE_MS) return true;
    try {
      await this.bounded((send) => send(['PING']));
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.probeTimer);
    clearInterval(this.policyTimer);
    try {
      // QUIT waits for the answers still owed; a paused server owes them forever, hence the bound.
      await abortAfter(this.client.close(), this.timeoutMs);
    } catch {
      // The bound passed or the connection was gone: destroyed below.
    }
    if (this.client.isOpen) this.client.destroy();
  }

  /** Reads the eviction policy once connected: anything but noeviction is refused. */
  async checkEvictionPolicy(): Promise<void> {
    let policy: string | undefined;
    try {
      policy = await this.evictionPolicy();
    } catch (error) {
      if (error instanceof ErrorReply) {
        throw new StateStoreRefused(
          `COMPLAINTS_HTTP_STATE_URL: the Redis server at ${this.where} refused INFO (${error.message}): the server must check that keys are never evicted; give the user +info.`,
        );
      }
      throw new StateStoreRefused(`COMPLAINTS_HTTP_STATE_URL: the Redis server at ${this.where} did not answer INFO within ${this.timeoutMs} ms.`);
    }
    if (policy !== 'noeviction') throw new StateStoreRefused(this.evictingMessage(policy));
  }

  /**
   * The policy again, after a reconnection and every minute: Redis may have been restarted or
   * reconfigured to evict. While it may, sign-ins are refused as in an outage, and an error says why.
   */
  async recheckEvictionPolicy(): Promise<void> {
    if (this.closed || !this.isReachable) return;
    let policy: string | undefined;
    try {
      policy = await this.evictionPolicy();
    } catch {
      // Not answered now: the outage's own probe, or the next check, will tell.
      return;
    }
    const evicting = policy !== 'noeviction';
    if (evicting && !this.evicting) log.error(`${this.evictingMessage(policy)} Sign-ins are refused until it is.`);
    if (!evicting && this.evicting) log.warn('the shared state store keeps every key again (maxmemory-policy noeviction)', { store: this.where });
    this.evicting = evicting;
  }

  private async evictionPolicy(): Promise<string | undefined> {
    const info = String(await this.bounded((send) => send(['INFO', 'memory'])));
    return /^maxmemory_policy:(\S+)/m.exec(info)?.[1];
  }

  private evictingMessage(policy: string | undefined): string {
    return (
      `COMPLAINTS_HTTP_STATE_URL: the Redis server at ${this.where} has maxmemory-policy ${policy ?? '(not reported)'}: ` +
      'it may evict a used sign-in code or a revocation when memory runs short, which would let a replayed code or a withdrawn token work again. ' +
      'Set maxmemory-policy noeviction (CONFIG SET maxmemory-policy noeviction, or in redis.conf).'
    );
  }

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /** Seconds a key protecting something until `until` (s, by the app's clock) lives. */
  private timeToLive(until: number): number {
    return Math.max(1, Math.ceil(until) - this.nowSeconds()) + CLOCK_MARGIN_SECONDS;
  }

  /** Claims an entry of `member`'s share of `kind` for `grant`; false when the share is full. */
  private async claim(member: string, kind: 'refreshes' | 'revocations', grant: string, until: number): Promise<boolean> {
    const args = [grant, Math.ceil(until), this.nowSeconds(), GRANT_MEMORY_BOUNDS.perMember, this.timeToLive(until)];
    return (await this.signInScript(this.scripts.claim, [memberKey(member, kind)], args)) === 1;
  }

  /** A connection error seen by the client: the store is marked unreachable (logged once per outage). */
  lost(): void {
    this.markUnreachable();
  }

  /** A sign-in command: StoreUnavailable at once while the store does not answer, or when it does not now. */
  private signIn(command: RedisArgument[]): Promise<unknown> {
    return this.forSignIn((send) => send(command));
  }

  /** A sign-in script: as signIn. */
  private signInScript(script: Script, keys: string[], args: (string | number)[]): Promise<unknown> {
    return this.forSignIn((send) => script.run(send, keys, args));
  }

  private async forSignIn(work: (send: (args: RedisArgument[]) => Promise<unknown>) => Promise<unknown>): Promise<unknown> {
    if (!this.isReachable || this.closed || this.evicting) throw new StoreUnavailable();
    try {
      return await this.bounded(work);
    } catch (error) {
      throw new StoreUnavailable(error);
    }
  }

  /**
   * Sends within the operation's bound. A timeout or a connection error marks the store unreachable;
   * an error Redis answered with (out of memory, a refused command) means it is there, and is passed on.
   */
  private async bounded(work: (send: (args: RedisArgument[]) => Promise<unknown>) => Promise<unknown>): Promise<unknown> {
    const controller = new AbortController();
    // The abort drops commands not yet written, so that an outage does not pile them up.
    const send = (args: RedisArgument[]) => this.client.sendCommand(args, { abortSignal: controller.signal });
    try {
      const answer = await abortAfter(work(send), this.timeoutMs, controller);
      this.lastHeardAt = Date.now();
      return answer;
    } catch (error) {
      if (error instanceof ErrorReply) {
        this.lastHeardAt = Date.now();
        this.noteRefusedWrite(error);
      } else {
        this.markUnreachable();
      }
      throw error;
    }
  }

  /** A write Redis refuses (full, a read-only replica, unable to persist): said once a minute, with what to do. */
  private noteRefusedWrite(error: ErrorReply): void {
    const why = /^OOM\b/.test(error.message)
      ? 'it is full (maxmemory reached): give it more memory (maxmemory)'
      : /^READONLY\b/.test(error.message)
        ? 'it is a read-only replica: point COMPLAINTS_HTTP_STATE_URL at the primary'
        : /^MISCONF\b/.test(error.message)
          ? 'it cannot save its data (MISCONF): see its own log'
          : undefined;
    if (why === undefined || Date.now() - this.refusalLoggedAt < 60_000) return;
    this.refusalLoggedAt = Date.now();
    log.error(`the shared state store refuses writes: ${why}; sign-ins are refused until it takes them`, { store: this.where });
  }

  private markUnreachable(): void {
    if (this.closed) return;
    if (this.isReachable) {
      this.isReachable = false;
      log.warn('the shared state store does not answer: sign-in is refused until it does', { store: this.where });
    }
    this.scheduleProbe();
  }

  /** One PING at a time, every PROBE_EVERY_MS, until one answers. */
  private scheduleProbe(): void {
    if (this.probing || this.probeTimer !== undefined || this.closed) return;
    this.probeTimer = setTimeout(() => {
      this.probeTimer = undefined;
      void this.probe();
    }, PROBE_EVERY_MS);
    // The probe alone must not keep the process alive.
    this.probeTimer.unref();
  }

  private async probe(): Promise<void> {
    this.probing = true;
    let answered = false;
    const controller = new AbortController();
    try {
      await abortAfter(this.client.sendCommand(['PING'], { abortSignal: controller.signal }), this.timeoutMs, controller);
      answered = true;
    } catch {
      // Still away: asked again below.
    }
    this.probing = false;
    if (this.closed) return;
    if (!answered) {
      this.scheduleProbe();
      return;
    }
    this.lastHeardAt = Date.now();
    if (!this.isReachable) {
      this.isReachable = true;
      log.warn('the shared state store answers again', { store: this.where });
      void this.sendPendingReleases();
    }
  }

  private async releaseSlots(key: string, entries: string[]): Promise<void> {
    try {
      if (!this.isReachable) throw new StoreUnavailable();
      await this.bounded((send) => send(['ZREM', key, ...entries]));
    } catch {
      // Given back when the store is back; if too many wait, their lease ends them.
      if (this.pendingReleases.length < MAX_PENDING_RELEASES) this.pendingReleases.push({ key, entries });
    }
  }

  private async sendPendingReleases(): Promise<void> {
    const pending = this.pendingReleases.splice(0);
    for (const { key, entries } of pending) await this.releaseSlots(key, entries);
  }
}

/** Why the first connection failed, in the operator's words, with what to check. */
function startFailure(where: string, url: string, connectTimeoutMs: number, error: unknown): string {
  const why = scrubbed(error, url);
  if (error instanceof ErrorReply) {
    const check = /^(WRONGPASS|NOAUTH)\b/.test(error.message)
      ? 'check the user and password in the URL'
      : /DB index/.test(error.message)
        ? 'check the database number at the end of the URL'
        : 'check the URL';
    return `COMPLAINTS_HTTP_STATE_URL: the Redis server at ${where} refused the connection: ${why} (${check}).`;
  }
  // A TLS handshake with a server that does not speak TLS, or the reverse, waits or fails obscurely.
  const tls = url.startsWith('rediss:') ? ' If the server does not use TLS, write redis://.' : ' If the server only takes TLS, write rediss://.';
  return `COMPLAINTS_HTTP_STATE_URL: the Redis server at ${where} did not answer within ${connectTimeoutMs / 1000} s: ${why}.${tls}`;
}

/**
 * Connects to the Redis server at `url` and checks that it will keep every key until it expires.
 * Throws StateStoreRefused, with a message for the operator, when it cannot.
 */
export async function openRedisState(url: string, options: RedisStateOptions = {}): Promise<SharedState> {
  const where = whereOf(url);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
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
    state?.lost();
  });
  // Each reconnection may meet a Redis restarted with another policy.
  client.on('ready', () => void state?.recheckEvictionPolicy());
  try {
    await Promise.race([abortAfter(client.connect(), connectTimeoutMs), refusal]);
  } catch (error) {
    client.destroy();
    throw new StateStoreRefused(startFailure(where, url, connectTimeoutMs, error instanceof ErrorReply ? error : (lastError ?? error)));
  }
  state = new RedisState(client, where, options.now ?? Date.now, timeoutMs);
  try {
    await state.checkEvictionPolicy();
  } catch (error) {
    await state.close();
    throw error;
  }
  return state;
}
