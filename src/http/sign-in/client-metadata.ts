// OAuth Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document), which the MCP
// authorization spec (2025-11-25) uses: a client_id that is an https URL names a JSON document that
// describes the client (Claude.ai's is https://claude.ai/oauth/mcp-oauth-client-metadata). The URL is
// a stranger's, so the fetch reaches public addresses only, over https only, and is bounded in time,
// size and redirects (client-metadata-fetch.ts); the document is validated (client-metadata-rules.ts),
// and kept for a while so that sign-ins do not fetch it every time (client-metadata-cache.ts). Why one
// could not be used is said in client-metadata-failure.ts.
import { callSignal } from '../../call-signal.js';
import { FetchSlots } from '../admission.js';
import { copyOf, DocumentCache } from './client-metadata-cache.js';
import { busyFailure, type DocumentFailure, failureOf, Refused } from './client-metadata-failure.js';
import { DocumentFetch } from './client-metadata-fetch.js';
import { isClientMetadataUrl, type MetadataDocumentClient, readDocument } from './client-metadata-rules.js';
import { isLinkLocal, isPublicAddress } from './public-address.js';

export type { DocumentFailure, DocumentFailureCause } from './client-metadata-failure.js';
export { isClientMetadataUrl, type MetadataDocumentClient } from './client-metadata-rules.js';

export interface ClientMetadataOptions {
  /** Allow documents on loopback/private/link-local addresses (tests; a team's internal clients). Off by default. */
  allowPrivateAddresses: boolean;
  /** Which addresses may be reached, instead of the rule allowPrivateAddresses picks (tests: one loopback address but not another). */
  allowAddress?: (address: string) => boolean;
  /** Extra trusted CA certificate(s), PEM; replaces the default roots. Tests only (a self-signed loopback server). */
  ca?: string | Buffer;
  /** The whole fetch, redirects included. Default 5000. */
  timeoutMs?: number;
  /** Body cap; a real document is under 2 KB. Default 16 KiB. */
  maxBytes?: number;
  /** Default 3; each hop is checked again (https, address). */
  maxRedirects?: number;
  /** How long a document is kept when it says nothing (Cache-Control max-age, clamped to 1 min..24 h, wins). Default 10 min. */
  cacheTtlMs?: number;
  /** How long a failure is kept, so that a bad URL cannot make us fetch on every request. Default 30 s. */
  failureTtlMs?: number;
  /** Cache bound, the least recently used evicted. Default 1000. */
  maxEntries?: number;
  /** Fetches of different URLs under way at once; past it, `get` fails at once (and is not cached). Default 16. */
  maxConcurrentFetches?: number;
  /** Of those, the fetches one host's URLs, or one client address's sign-ins, may hold. Default 4. */
  maxFetchesPerHostOrAddress?: number;
  /** Milliseconds of a clock that never goes back, for the cache. Default performance.now. */
  now?: () => number;
}

export type ClientMetadataResult = { ok: true; client: MetadataDocumentClient } | DocumentFailure;

const DEFAULTS = {
  timeoutMs: 5000,
  maxBytes: 16 * 1024,
  maxRedirects: 3,
  cacheTtlMs: 10 * 60 * 1000,
  failureTtlMs: 30 * 1000,
  maxEntries: 1000,
  maxConcurrentFetches: 16,
  // A quarter: a slow or silent site, or one address naming slow URLs, leaves three quarters to the rest.
  maxFetchesPerHostOrAddress: 4,
} as const;

export class ClientMetadataDocuments {
  private readonly settings: Required<Omit<ClientMetadataOptions, 'allowAddress' | 'ca' | 'allowPrivateAddresses'>>;
  private readonly fetcher: DocumentFetch;
  private readonly cache: DocumentCache;
  /** Fetches under way: a second `get` of the same URL waits for the first, and takes no slot. */
  private readonly inFlight = new Map<string, Promise<ClientMetadataResult>>();
  /** The fetch slots, shared by host and by client address (each fetch counts for both). */
  private readonly fetchSlots: FetchSlots;
  private closed = false;

  constructor(options: ClientMetadataOptions) {
    this.settings = {
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
      maxBytes: options.maxBytes ?? DEFAULTS.maxBytes,
      maxRedirects: options.maxRedirects ?? DEFAULTS.maxRedirects,
      cacheTtlMs: options.cacheTtlMs ?? DEFAULTS.cacheTtlMs,
      failureTtlMs: options.failureTtlMs ?? DEFAULTS.failureTtlMs,
      maxEntries: options.maxEntries ?? DEFAULTS.maxEntries,
      maxConcurrentFetches: options.maxConcurrentFetches ?? DEFAULTS.maxConcurrentFetches,
      maxFetchesPerHostOrAddress: options.maxFetchesPerHostOrAddress ?? DEFAULTS.maxFetchesPerHostOrAddress,
      now: options.now ?? (() => performance.now()),
    };
    this.fetchSlots = new FetchSlots({ total: this.settings.maxConcurrentFetches, perHostOrAddress: this.settings.maxFetchesPerHostOrAddress });
    this.cache = new DocumentCache(this.settings.maxEntries, this.settings.now);
    const { timeoutMs, maxBytes, maxRedirects } = this.settings;
    this.fetcher = new DocumentFetch({
      isAllowed: options.allowAddress ?? (options.allowPrivateAddresses ? (address) => !isLinkLocal(address) : isPublicAddress),
      ...(options.ca === undefined ? {} : { ca: options.ca }),
      timeoutMs,
      maxBytes,
      maxRedirects,
    });
  }

  /**
   * The client the document at `clientId` describes, or why it cannot be used (reason: one short
   * English sentence for an error_description, no secrets, no document content beyond a short quoted
   * value cleaned of control and invisible characters). Never throws. `from`: the address of the
   * client whose sign-in asks, so that one address cannot take every fetch slot.
   */
  async get(clientId: string, from?: string): Promise<ClientMetadataResult> {
    if (!isClientMetadataUrl(clientId)) {
      const reason = 'The client_id is not a client metadata document URL: https, with a path, without fragment or user name.';
      return { ok: false, reason, cause: 'document', detail: 'not a client ID URL' };
    }
    if (this.closed) return { ok: false, reason: 'The sign-in server is shutting down.', cause: 'busy', detail: 'shutting down' };
    const cached = this.cache.get(clientId);
    if (cached !== undefined) return cached;
    let pending = this.inFlight.get(clientId);
    if (pending === undefined) {
      // The host, not the whole origin: one site's ports are one site.
      const slot = this.fetchSlots.admit(new URL(clientId).hostname, from);
      if (!slot.ok) return this.cache.lastGoodOf(clientId) ?? busyFailure(slot);
      pending = this.load(clientId).finally(() => {
        this.inFlight.delete(clientId);
        slot.release();
      });
      this.inFlight.set(clientId, pending);
    }
    return copyOf(await pending);
  }

  /** Forgets every document and closes every connection; fetches under way fail. */
  async close(): Promise<void> {
    this.closed = true;
    this.cache.clear();
    await this.fetcher.close();
  }

  /** Fetches, reads and remembers the document; every failure becomes a result. */
  private async load(clientId: string): Promise<ClientMetadataResult> {
    const { timeoutMs, cacheTtlMs, failureTtlMs } = this.settings;
    // The whole fetch, redirects included (call-signal.ts: a timer of our own, cleared at the end).
    const deadline = callSignal(timeoutMs, undefined, () => new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    let result: ClientMetadataResult;
    let ttlMs = failureTtlMs;
    try {
      const { text, maxAge } = await this.fetcher.download(clientId, deadline.signal);
      result = { ok: true, client: readDocument(clientId, text) };
      ttlMs = maxAge ?? cacheTtlMs;
      this.cache.rememberGood(clientId, result);
    } catch (error) {
      // Unreachable, rather than answering with something wrong: the last good document stands in.
      const known = error instanceof Refused ? undefined : this.cache.lastGoodOf(clientId);
      result = known ?? failureOf(error, deadline.timedOut(), timeoutMs);
    } finally {
      deadline.done();
    }
    if (!this.closed) this.cache.remember(clientId, result, ttlMs);
    return result;
  }
}
