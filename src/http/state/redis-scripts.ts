// The Lua scripts of the shared state in Redis, and their cache. Each script is one decision taken
// atomically (two replicas asking at once cannot both win), touching the keys of one hash slot only,
// by one clock: Redis's own (TIME), read inside the script, so that a replica whose clock is off
// decides as the others do. Kept apart from the state so that the Lua reads whole, next to the one
// rule of how it is sent: by SHA1 once Redis knows it, in full again when Redis forgot it.
import type { IsReply, Send } from './redis-link.js';

/**
 * The store's time (seconds) in a script: Redis's TIME, or the time the caller gives instead (tests
 * move it; empty in service). Scripts are replicated by their effects (Redis 7), so reading TIME is allowed.
 */
const STORE_NOW = `
local function storeNow(given)
  if given ~= '' then return tonumber(given) end
  return tonumber(redis.call('TIME')[1])
end
`;

/**
 * A code spent once, and only before its end by the store's clock: its marker outlives that end by
 * the margin, so a replay is told from an expired code a while longer. ARGV: the code's end (s),
 * clock, margin (s). Returns 1 taken, 0 used before, 2 expired.
 */
const SPEND_CODE = `${STORE_NOW}
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local now = storeNow(ARGV[2])
local ends = tonumber(ARGV[1])
if now >= ends then return 2 end
redis.call('SET', KEYS[1], '1', 'EX', ends - now + tonumber(ARGV[3]))
return 1
`;

/**
 * The refresh compare-and-set. ARGV: generation, clock, retry window (s), time to live (s), the
 * token's own end (s; none when not a number). Returns {1, now} rotated, {2, at} repeated, {0} used
 * before, {3} expired.
 */
const TAKE_REFRESH = `${STORE_NOW}
local n = tonumber(ARGV[1])
local now = storeNow(ARGV[2])
local ends = tonumber(ARGV[5])
local record = redis.call('HMGET', KEYS[1], 'next', 'at')
local nextGeneration = tonumber(record[1])
if nextGeneration == nil or nextGeneration <= n then
  if ends and now >= ends then return {3} end
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
 * when their entry ends (s, store's clock). A grant already in it is kept (its end moved later); a
 * new one is refused when the member holds their share of entries not yet ended. ARGV: grant, how
 * long its entry lasts (s), clock, share, time to live (s). Returns 1 when claimed, 0 when the share is full.
 */
const CLAIM = `${STORE_NOW}
local now = storeNow(ARGV[3])
local ends = now + tonumber(ARGV[2])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  redis.call('ZADD', KEYS[1], 'GT', ends, ARGV[1])
  redis.call('EXPIRE', KEYS[1], ARGV[5], 'GT')
  return 1
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ends, ARGV[1])
if redis.call('TTL', KEYS[1]) < tonumber(ARGV[5]) then redis.call('EXPIRE', KEYS[1], ARGV[5]) end
return 1
`;

/**
 * A member's revocations folded into one cutoff: every token of theirs issued up to now (store's
 * clock, as their issuedAt) is withdrawn, until the latest of their revocations would have ended.
 * KEYS: the member's revocations, their cutoff. ARGV: clock, how long the revocation that did not fit
 * lasts (s), margin (s). Returns the grants folded, whose own keys the caller deletes.
 */
const FOLD = `${STORE_NOW}
local now = storeNow(ARGV[1])
local latest = now + tonumber(ARGV[2])
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
 * Now, in ms, by Redis's own clock: what slot leases are measured by (the sign-in's STORE_NOW is in
 * seconds, and tests move it; a lease is never moved, only shortened). Replicas whose clocks differ
 * by more than a lease (30 s) would otherwise end each other's at once.
 */
const REDIS_NOW_MS = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;

/** The slots' key lives as long as its longest lease. ARGV[1]: the lease (ms). */
const KEEP_SLOTS_KEY = `
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
`;

/**
 * Slots as leases in a sorted set scored by lease end (ms, Redis's clock): ended leases are dropped,
 * then `slots` entries are added unless that passes the limit. ARGV: lease (ms), slots, limit, id.
 */
const HOLD_SLOTS = `${REDIS_NOW_MS}
local slots = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) + slots > tonumber(ARGV[3]) then return 0 end
local leaseEnd = now + tonumber(ARGV[1])
for i = 1, slots do redis.call('ZADD', KEYS[1], leaseEnd, ARGV[4] .. ':' .. i) end
${KEEP_SLOTS_KEY}
return 1
`;

/**
 * One replica's slots of one member renewed: each entry still there gets a new lease end; one whose
 * lease ended meanwhile (a store that stalled longer than a lease) is taken back only while the
 * limit has room, since other replicas may have taken its place. ARGV: lease (ms), limit, entries.
 * Returns how many are held now.
 */
const RENEW_SLOTS = `${REDIS_NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local leaseEnd = now + tonumber(ARGV[1])
local room = tonumber(ARGV[2]) - redis.call('ZCARD', KEYS[1])
local held = 0
for i = 3, #ARGV do
  local there = redis.call('ZSCORE', KEYS[1], ARGV[i])
  if there or room > 0 then
    redis.call('ZADD', KEYS[1], leaseEnd, ARGV[i])
    held = held + 1
    if not there then room = room - 1 end
  end
end
${KEEP_SLOTS_KEY}
return held
`;

/** The scripts by name: what the state runs. */
const SOURCES = {
  spendCode: SPEND_CODE,
  takeRefresh: TAKE_REFRESH,
  revoke: REVOKE,
  claim: CLAIM,
  fold: FOLD,
  countHit: COUNT_HIT,
  holdSlots: HOLD_SLOTS,
  renewSlots: RENEW_SLOTS,
};
export type ScriptName = keyof typeof SOURCES;

/** Each script sent by its SHA1 once Redis knows it (EVALSHA), in full when it does not (NOSCRIPT). */
export class Scripts {
  private readonly shas = new Map<ScriptName, string>();

  /** `isReply`: whether an error is one Redis answered with (the client's own error class). */
  constructor(private readonly isReply: IsReply) {}

  async run(send: Send, name: ScriptName, keys: string[], args: (string | number)[]): Promise<unknown> {
    const tail = [String(keys.length), ...keys, ...args.map(String)];
    const known = this.shas.get(name);
    if (known !== undefined) {
      try {
        return await send(['EVALSHA', known, ...tail]);
      } catch (error) {
        if (!(this.isReply(error) && error.message.startsWith('NOSCRIPT'))) throw error;
      }
    }
    // Loaded the first time, and again when Redis forgot it (a restart, SCRIPT FLUSH); then known by its SHA1.
    const sha = String(await send(['SCRIPT', 'LOAD', SOURCES[name]]));
    this.shas.set(name, sha);
    return send(['EVALSHA', sha, ...tail]);
  }
}
