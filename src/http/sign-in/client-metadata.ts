// OAuth Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document), which the MCP
// authorization spec (2025-11-25) uses: a client_id that is an https URL names a JSON document that
// describes the client (Claude.ai's is https://claude.ai/oauth/mcp-oauth-client-metadata). The URL is
// a stranger's, so the fetch reaches public addresses only (public-address.ts), over https only, and
// is bounded in time, size and redirects; the document is validated, and kept for a while so that
// sign-ins do not fetch it every time.
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { z } from 'zod';
import { log } from '../../log.js';
import { quoted, safeCutIndex, stripUnsafe } from '../../sanitize.js';
import { FairShare } from '../fair-share.js';
import { AddressRefusedError, guardedConnector, isLinkLocal, isPublicAddress } from './public-address.js';
import { redirectUriProblem } from './redirect-uris.js';

/**
 * The client a document describes. Structurally an OAuthClientInformationFull of
 * @modelcontextprotocol/sdk/shared/auth.js (the tests check it is assignable), declared here because
 * only the seams import the SDK (test/architecture.test.ts). A URL-named client has no secret.
 */
export interface MetadataDocumentClient {
  client_id: string;
  redirect_uris: string[];
  token_endpoint_auth_method: 'none';
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
  scope?: string;
  grant_types?: string[];
  response_types?: string[];
}

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

/**
 * Why a document could not be used, in the words a person can act on (the sign-in's error page and
 * the log say it so): its name does not resolve, no answer in time, the connection refused or the
 * address not one this server reaches, the secure connection not established, another network
 * failure, an HTTP status other than 200, an answer that is not a usable document, or this server
 * too busy fetching others.
 */
export type DocumentFailureCause = 'unresolved' | 'timeout' | 'refused' | 'tls' | 'network' | 'status' | 'document' | 'busy';

export interface DocumentFailure {
  ok: false;
  /** One short English sentence for an error_description: the same for every connection failure. */
  reason: string;
  cause: DocumentFailureCause;
  /** For the log: an error code (ENOTFOUND...) or what was wrong with the answer; never the document's content beyond a short cleaned quote. */
  detail: string;
  /** The status the document's server answered, for cause 'status'. */
  status?: number;
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

const MAX_AGE_BOUNDS = { min: 60 * 1000, max: 24 * 60 * 60 * 1000 } as const;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Whether `clientId` is what the draft requires of a client ID URL: https, a path other than "/", no
 * fragment, no user name or password, at most 2048 characters; and written as the URL parser writes
 * it back, which also rules out "." and ".." segments and any other spelling of the same URL (the
 * client_id is compared as a string).
 */
export function isClientMetadataUrl(clientId: string): boolean {
  if (clientId.length > 2048 || !URL.canParse(clientId)) return false;
  const url = new URL(clientId);
  return url.protocol === 'https:' && url.pathname !== '/' && url.username === '' && url.password === '' && !clientId.includes('#') && url.href === clientId;
}

/** A refusal with its reason, thrown inside a fetch and turned into `{ ok: false, reason, cause }`. */
class Refused extends Error {
  constructor(
    message: string,
    readonly kind: 'refused' | 'status' | 'document' = 'document',
    readonly status?: number,
  ) {
    super(message);
  }
}

const DOCUMENT = 'The client metadata document';
const NOT_PUBLIC = `${DOCUMENT} is on an address this server may not reach.`;

/** A redirect URI OAuth 2.1 allows, by the rules dynamic registration uses too. */
const isRedirectUri = (text: string) => redirectUriProblem(text) === undefined;

const isHttpsUrl = (text: string) => /^[\x21-\x7e]+$/.test(text) && URL.canParse(text) && new URL(text).protocol === 'https:';
// RFC 6749 section 3.3: scope tokens of printable ASCII but space, '"' and '\\', one space apart.
const SCOPE = /^[\x21\x23-\x5b\x5d-\x7e]+(?: [\x21\x23-\x5b\x5d-\x7e]+)*$/;

// What a refusal says of a field; any other issue of a field becomes "has an invalid <field>".
const ISSUES = {
  clientId: 'has no client_id string',
  redirectUris: 'has no redirect_uris list',
  noRedirectUri: 'has no redirect_uris',
  tooManyRedirectUris: 'lists more than 20 redirect_uris',
  badRedirectUri: 'has a redirect_uri that is not an absolute https, loopback http or app URL of at most 2000 characters',
  clientName: 'has a client_name that is not a string',
} as const;
const KNOWN_ISSUES = new Set<string>(Object.values(ISSUES));

// Fields a sign-in reads are required to be right; display-only ones (client_uri, logo_uri, scope) are
// dropped when they are not. Unknown fields, "__proto__" included, are not copied (z.object strips).
const DocumentSchema = z.object({
  client_id: z.string({ error: ISSUES.clientId }),
  redirect_uris: z
    .array(z.string({ error: ISSUES.badRedirectUri }).max(2000, { error: ISSUES.badRedirectUri }).refine(isRedirectUri, { error: ISSUES.badRedirectUri }), {
      error: ISSUES.redirectUris,
    })
    .min(1, { error: ISSUES.noRedirectUri })
    .max(20, { error: ISSUES.tooManyRedirectUris }),
  token_endpoint_auth_method: z.string().optional(),
  client_name: z.string({ error: ISSUES.clientName }).optional(),
  grant_types: z.array(z.string().max(100)).max(20).optional(),
  response_types: z.array(z.string().max(100)).max(20).optional(),
  client_uri: z.string().max(2000).refine(isHttpsUrl).optional().catch(undefined),
  logo_uri: z.string().max(2000).refine(isHttpsUrl).optional().catch(undefined),
  scope: z.string().max(1000).regex(SCOPE).optional().catch(undefined),
});

/** client_name as shown to a person: one line, no control or invisible characters, at most 100 characters. */
function cleanName(name: string): string | undefined {
  const line = stripUnsafe(name).replace(/\s+/g, ' ').trim();
  const cut = line.slice(0, safeCutIndex(line, 100)).trimEnd();
  return cut === '' ? undefined : cut;
}

/** The client `text` describes, when it is a valid document for `clientId`; else a Refused. */
function readDocument(clientId: string, text: string): MetadataDocumentClient {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Refused(`${DOCUMENT} is not valid JSON.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Refused(`${DOCUMENT} is not a JSON object.`);
  // client_id first: a document for another client is refused whatever else it says.
  if ((value as { client_id?: unknown }).client_id !== clientId) throw new Refused(`${DOCUMENT}'s client_id is not the URL it was fetched from.`);
  const parsed = DocumentSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const what = issue !== undefined && KNOWN_ISSUES.has(issue.message) ? issue.message : `has an invalid ${String(issue?.path[0] ?? 'field')}`;
    throw new Refused(`${DOCUMENT} ${what}.`);
  }
  const document = parsed.data;
  const method = document.token_endpoint_auth_method;
  if (method !== undefined && method !== 'none') {
    // private_key_jwt or a secret: a client named by a URL has no secret we could check.
    throw new Refused(`${DOCUMENT}'s token_endpoint_auth_method ${quoted(method, 40)} is not supported, only "none".`);
  }
  if (document.grant_types !== undefined && !document.grant_types.includes('authorization_code')) {
    throw new Refused(`${DOCUMENT}'s grant_types does not include "authorization_code".`);
  }
  if (document.response_types !== undefined && !document.response_types.includes('code')) {
    throw new Refused(`${DOCUMENT}'s response_types does not include "code".`);
  }
  const client: MetadataDocumentClient = { client_id: clientId, redirect_uris: document.redirect_uris, token_endpoint_auth_method: 'none' };
  const name = document.client_name === undefined ? undefined : cleanName(document.client_name);
  if (name !== undefined) client.client_name = name;
  for (const key of ['client_uri', 'logo_uri', 'scope', 'grant_types', 'response_types'] as const) {
    if (document[key] !== undefined) Object.assign(client, { [key]: document[key] });
  }
  return client;
}

/** One value of a response header (undici gives a list for a repeated one). */
function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Cache-Control max-age in milliseconds, clamped; no-store and no-cache count as the minimum. */
function maxAgeMs(cacheControl: string | undefined): number | undefined {
  if (cacheControl === undefined) return undefined;
  const seconds = /(?:^|,)\s*max-age\s*=\s*"?(\d{1,10})"?\s*(?:,|$)/i.exec(cacheControl)?.[1];
  const ms = /(?:^|,)\s*no-(?:store|cache)\s*(?:,|$)/i.test(cacheControl) ? 0 : seconds === undefined ? undefined : Number(seconds) * 1000;
  return ms === undefined ? undefined : Math.min(Math.max(ms, MAX_AGE_BOUNDS.min), MAX_AGE_BOUNDS.max);
}

/** application/json or any +json type, parameters (charset) ignored. */
function isJsonType(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[!#$&^_.+\w-]+\+json$/.test(type);
}

/** A short code (ENOTFOUND, ECONNREFUSED, CERT_HAS_EXPIRED...) from an error or its causes, never its message. */
function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(code)) return code;
    current = cause;
  }
  return undefined;
}

function refusedAddress(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    if (current instanceof AddressRefusedError) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

// Error codes by cause: getaddrinfo's, net's, and the TLS layer's (OpenSSL's certificate checks, node's).
const UNRESOLVED_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const TLS_CODE = /^(?:CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_TLS_|ERR_SSL_|EPROTO$|HOSTNAME_MISMATCH$|INVALID_PURPOSE$|INVALID_CA$)/;

/** Why a fetch failed on the way (not a Refused: the document's server did not answer well, or at all). */
function connectionCause(error: unknown, timedOut: boolean, timeoutMs: number): { cause: DocumentFailureCause; detail: string } {
  const code = errorCode(error);
  // Which of the deadlines fired first (the whole fetch's, the connection's) says nothing more.
  if (timedOut || (code !== undefined && TIMEOUT_CODES.has(code))) return { cause: 'timeout', detail: `no answer within ${timeoutMs} ms` };
  if (refusedAddress(error)) return { cause: 'refused', detail: 'not a public address' };
  if (code === undefined) return { cause: 'network', detail: 'a network error' };
  if (UNRESOLVED_CODES.has(code)) return { cause: 'unresolved', detail: code };
  if (code === 'ECONNREFUSED') return { cause: 'refused', detail: code };
  if (TLS_CODE.test(code)) return { cause: 'tls', detail: code };
  return { cause: 'network', detail: code };
}

/** Drops a response body unread. Destroying one emits an abort error: listened to, or it would be uncaught. */
function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}

interface CacheEntry {
  result: ClientMetadataResult;
  expiresAt: number;
}

/** A copy a caller may change without changing what the cache holds. */
function copyOf(result: ClientMetadataResult): ClientMetadataResult {
  if (!result.ok) return result;
  const client = { ...result.client, redirect_uris: [...result.client.redirect_uris] };
  if (client.grant_types) client.grant_types = [...client.grant_types];
  if (client.response_types) client.response_types = [...client.response_types];
  return { ok: true, client };
}

export class ClientMetadataDocuments {
  private readonly settings: Required<Omit<ClientMetadataOptions, 'allowAddress' | 'ca' | 'allowPrivateAddresses'>>;
  private readonly isAllowed: (address: string) => boolean;
  private readonly agent: Agent;
  /** clientId -> result, least recently used first. */
  private readonly cache = new Map<string, CacheEntry>();
  /** Fetches under way: a second `get` of the same URL waits for the first, and takes no slot. */
  private readonly inFlight = new Map<string, Promise<ClientMetadataResult>>();
  /** The fetch slots, shared by host and by client address (each fetch counts for both). */
  private readonly fetchSlots: FairShare;
  /**
   * clientId -> the last document read well, least recently used first. Used when the document's
   * server cannot be reached or every fetch slot is taken (perhaps by someone naming slow URLs on
   * purpose): a client that signed in before keeps signing in.
   */
  private readonly lastGood = new Map<string, ClientMetadataResult>();
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
    this.fetchSlots = new FairShare({ total: this.settings.maxConcurrentFetches, perOwner: this.settings.maxFetchesPerHostOrAddress });
    this.isAllowed = options.allowAddress ?? (options.allowPrivateAddresses ? (address) => !isLinkLocal(address) : isPublicAddress);
    const { timeoutMs } = this.settings;
    this.agent = new Agent({
      connect: guardedConnector(this.isAllowed, { timeout: timeoutMs, ...(options.ca === undefined ? {} : { ca: options.ca }) }),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
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
    const cached = this.cached(clientId);
    if (cached !== undefined) return copyOf(cached);
    let pending = this.inFlight.get(clientId);
    if (pending === undefined) {
      // The host, not the whole origin: one site's ports are one site.
      const owners = [`host ${new URL(clientId).hostname}`, ...(from === undefined ? [] : [`address ${from}`])];
      const slot = this.fetchSlots.take(owners, 1);
      if (!slot.ok) {
        const known = this.lastGood.get(clientId);
        if (known !== undefined) return copyOf(known);
        const reason = 'Too many client metadata documents are being fetched; try again shortly.';
        const whose = slot.cap === 'total' ? '' : ' for its host or this address';
        return { ok: false, reason, cause: 'busy', detail: `${slot.limit} fetches under way${whose}` };
      }
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
    await this.agent.destroy();
  }

  private cached(clientId: string): ClientMetadataResult | undefined {
    const entry = this.cache.get(clientId);
    if (entry === undefined) return undefined;
    this.cache.delete(clientId);
    if (this.settings.now() >= entry.expiresAt) return undefined;
    this.cache.set(clientId, entry); // to the end: most recently used
    return entry.result;
  }

  private remember(clientId: string, result: ClientMetadataResult, ttlMs: number): void {
    if (this.closed) return;
    this.cache.delete(clientId);
    this.cache.set(clientId, { result, expiresAt: this.settings.now() + ttlMs });
    for (const oldest of this.cache.keys()) {
      if (this.cache.size <= this.settings.maxEntries) break;
      this.cache.delete(oldest);
    }
  }

  private rememberGood(clientId: string, result: ClientMetadataResult): void {
    this.lastGood.delete(clientId);
    this.lastGood.set(clientId, result);
    for (const oldest of this.lastGood.keys()) {
      if (this.lastGood.size <= this.settings.maxEntries) break;
      this.lastGood.delete(oldest);
    }
  }

  /** Fetches, reads and remembers the document; every failure becomes a result. */
  private async load(clientId: string): Promise<ClientMetadataResult> {
    const { timeoutMs, cacheTtlMs, failureTtlMs } = this.settings;
    const signal = AbortSignal.timeout(timeoutMs);
    let result: ClientMetadataResult;
    let ttlMs = failureTtlMs;
    try {
      const { text, maxAge } = await this.download(clientId, signal);
      result = { ok: true, client: readDocument(clientId, text) };
      ttlMs = maxAge ?? cacheTtlMs;
      this.rememberGood(clientId, result);
    } catch (error) {
      // Unreachable, rather than answering with something wrong: the last good document stands in.
      const known = error instanceof Refused ? undefined : this.lastGood.get(clientId);
      result = known ?? this.failureOf(error, signal);
    }
    this.remember(clientId, result, ttlMs);
    return result;
  }

  /**
   * The failure a client and the sign-in's page read. Why a connection failed (a name that does not
   * resolve, a port that refuses, an address that is not public, a timeout) is the same sentence in
   * the OAuth error (reason), and a cause in words on the page a person sees: what they need to ask
   * for the server's network. The cause joins a refused port and an address this server will not
   * reach, and no cause names an address or a port: a stranger learns little of the server's
   * network from it, and each such answer is bounded by the authorization rate limit and the
   * failure cache (docs/team-hosting.md#sign-in).
   */
  private failureOf(error: unknown, signal: AbortSignal): DocumentFailure {
    if (error instanceof Refused) {
      const detail = error.message.replace(/^The client metadata document(?:'s)? ?/, '').replace(/\.$/, '');
      return { ok: false, reason: error.message, cause: error.kind, detail, ...(error.status === undefined ? {} : { status: error.status }) };
    }
    const { cause, detail } = connectionCause(error, signal.aborted, this.settings.timeoutMs);
    log.debug('client metadata document not fetched', { why: detail });
    return { ok: false, reason: `${DOCUMENT} could not be fetched.`, cause, detail };
  }

  /** The body of the document at `clientId`, following redirects, within the bounds. */
  private async download(clientId: string, signal: AbortSignal): Promise<{ text: string; maxAge: number | undefined }> {
    const { maxRedirects, maxBytes } = this.settings;
    let url = new URL(clientId);
    for (let redirects = 0; ; redirects++) {
      // The connector refuses these addresses too; checked here first for a clear reason, no socket.
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(host) !== 0 && !this.isAllowed(host)) throw new Refused(NOT_PUBLIC, 'refused');
      const response = await request(url.href, { dispatcher: this.agent, method: 'GET', headers: { accept: 'application/json' }, signal });
      const { statusCode, headers, body } = response;
      if (statusCode !== 200) discard(body);
      if (REDIRECT_STATUSES.has(statusCode)) {
        if (redirects >= maxRedirects) throw new Refused(`${DOCUMENT}'s server redirected more than ${maxRedirects} times.`);
        const location = headerValue(headers.location);
        if (location === undefined || !URL.canParse(location, url.href)) throw new Refused(`${DOCUMENT}'s server redirected without a valid Location.`);
        url = new URL(location, url);
        url.hash = '';
        if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') {
          throw new Refused(`${DOCUMENT}'s server redirected to an address that is not https.`);
        }
        continue;
      }
      if (statusCode !== 200) throw new Refused(`${DOCUMENT}'s server answered HTTP ${statusCode}.`, 'status', statusCode);
      const contentType = headerValue(headers['content-type']);
      if (!isJsonType(contentType)) {
        discard(body);
        throw new Refused(`${DOCUMENT} is not JSON (content-type ${contentType === undefined ? 'missing' : quoted(contentType, 60)}).`);
      }
      const tooLarge = `${DOCUMENT} is larger than ${maxBytes} bytes.`;
      const length = Number(headerValue(headers['content-length']) ?? 0);
      if (length > maxBytes) {
        discard(body);
        throw new Refused(tooLarge);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of body) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          discard(body);
          throw new Refused(tooLarge);
        }
        chunks.push(chunk as Buffer);
      }
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
      } catch {
        throw new Refused(`${DOCUMENT} is not valid UTF-8.`);
      }
      return { text, maxAge: maxAgeMs(headerValue(headers['cache-control'])) };
    }
  }
}
