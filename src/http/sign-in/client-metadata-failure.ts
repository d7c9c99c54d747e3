// Why a client metadata document could not be used, in words: the refusals of its fetch and its
// rules (Refused), and the cause of a connection that failed, read from the error's code.
import { errorCode } from '../../error-code.js';
import { log } from '../../log.js';
import type { FetchAdmission } from '../admission.js';
import { AddressRefusedError } from './public-address.js';

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

/** A refusal with its reason, thrown inside a fetch and turned into `{ ok: false, reason, cause }`. */
export class Refused extends Error {
  constructor(
    message: string,
    readonly kind: 'refused' | 'status' | 'document' = 'document',
    readonly status?: number,
  ) {
    super(message);
  }
}

export const DOCUMENT = 'The client metadata document';
export const NOT_PUBLIC = `${DOCUMENT} is on an address this server may not reach.`;

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

/**
 * The failure a client and the sign-in's page read. Why a connection failed (a name that does not
 * resolve, a port that refuses, an address that is not public, a timeout) is the same sentence in
 * the OAuth error (reason), and a cause in words on the page a person sees: what they need to ask
 * for the server's network. The cause joins a refused port and an address this server will not
 * reach, and no cause names an address or a port: a stranger learns little of the server's
 * network from it, and each such answer is bounded by the authorization rate limit and the
 * failure cache (docs/team-hosting.md#sign-in).
 */
export function failureOf(error: unknown, timedOut: boolean, timeoutMs: number): DocumentFailure {
  if (error instanceof Refused) {
    const detail = error.message.replace(/^The client metadata document(?:'s)? ?/, '').replace(/\.$/, '');
    return { ok: false, reason: error.message, cause: error.kind, detail, ...(error.status === undefined ? {} : { status: error.status }) };
  }
  const { cause, detail } = connectionCause(error, timedOut, timeoutMs);
  log.debug('client metadata document not fetched', { why: detail });
  return { ok: false, reason: `${DOCUMENT} could not be fetched.`, cause, detail };
}

/** The failure of a sign-in whose document could not be fetched: every fetch slot it could take was taken (admission.ts). */
export function busyFailure(refusal: Exclude<FetchAdmission, { ok: true }>): DocumentFailure {
  const whose = refusal.cap === 'fetches' ? '' : ' for its host or this address';
  const reason = 'Too many client metadata documents are being fetched; try again shortly.';
  return { ok: false, reason, cause: 'busy', detail: `${refusal.limit} fetches under way${whose}` };
}
