// What client metadata documents were read, kept for a while so that sign-ins do not fetch them every
// time: each result until it expires (a failure too, so that a bad URL cannot make us fetch on every
// request), and apart, the last document read well, which stands in when its server cannot be reached.
import type { ClientMetadataResult } from './client-metadata.js';

const MAX_AGE_BOUNDS = { min: 60 * 1000, max: 24 * 60 * 60 * 1000 } as const;

/** Cache-Control max-age in milliseconds, clamped; no-store and no-cache count as the minimum. */
export function maxAgeMs(cacheControl: string | undefined): number | undefined {
  if (cacheControl === undefined) return undefined;
  const seconds = /(?:^|,)\s*max-age\s*=\s*"?(\d{1,10})"?\s*(?:,|$)/i.exec(cacheControl)?.[1];
  const ms = /(?:^|,)\s*no-(?:store|cache)\s*(?:,|$)/i.test(cacheControl) ? 0 : seconds === undefined ? undefined : Number(seconds) * 1000;
  return ms === undefined ? undefined : Math.min(Math.max(ms, MAX_AGE_BOUNDS.min), MAX_AGE_BOUNDS.max);
}
interface CacheEntry {
  result: ClientMetadataResult;
  expiresAt: number;
}

/** A copy a caller may change without changing what the cache holds. */
export function copyOf(result: ClientMetadataResult): ClientMetadataResult {
  if (!result.ok) return result;
  const client = { ...result.client, redirect_uris: [...result.client.redirect_uris] };
  if (client.grant_types) client.grant_types = [...client.grant_types];
  if (client.response_types) client.response_types = [...client.response_types];
  return { ok: true, client };
}

/** Results by client ID, the least recently used evicted past `maxEntries`; a caller gets copies. */
export class DocumentCache {
  /** clientId -> result, least recently used first. */
  private readonly results = new Map<string, CacheEntry>();
  /**
   * clientId -> the last document read well, least recently used first. Used when the document's
   * server cannot be reached or every fetch slot is taken (perhaps by someone naming slow URLs on
   * purpose): a client that signed in before keeps signing in.
   */
  private readonly lastGood = new Map<string, ClientMetadataResult>();

  constructor(
    private readonly maxEntries: number,
    /** Milliseconds of a clock that never goes back. */
    private readonly now: () => number,
  ) {}

  /** The result kept for `clientId`, unless it has expired. */
  get(clientId: string): ClientMetadataResult | undefined {
    const entry = this.results.get(clientId);
    if (entry === undefined) return undefined;
    this.results.delete(clientId);
    if (this.now() >= entry.expiresAt) return undefined;
    this.results.set(clientId, entry); // to the end: most recently used
    return copyOf(entry.result);
  }

  /** The last document of `clientId` read well, however old. */
  lastGoodOf(clientId: string): ClientMetadataResult | undefined {
    const known = this.lastGood.get(clientId);
    return known === undefined ? undefined : copyOf(known);
  }

  /** Keeps `result` for `ttlMs`. */
  remember(clientId: string, result: ClientMetadataResult, ttlMs: number): void {
    bounded(this.results, this.maxEntries).set(clientId, { result, expiresAt: this.now() + ttlMs });
  }

  /** Keeps `result`, a document read well, as the last good one of `clientId`. */
  rememberGood(clientId: string, result: ClientMetadataResult): void {
    bounded(this.lastGood, this.maxEntries).set(clientId, result);
  }

  /** Forgets every result kept until it expires; the last good documents stay. */
  clear(): void {
    this.results.clear();
  }
}

/** `map`, to set one entry at its end, evicting the oldest past `max`. */
function bounded<V>(map: Map<string, V>, max: number): { set: (key: string, value: V) => void } {
  return {
    set: (key, value) => {
      map.delete(key);
      map.set(key, value);
      for (const oldest of map.keys()) {
        if (map.size <= max) break;
        map.delete(oldest);
      }
    },
  };
}
