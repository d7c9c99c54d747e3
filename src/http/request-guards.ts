// The checks a request to /mcp passes before any MCP work is done: the member's key in the
// Authorization header, and the Host and Origin allow-lists that stop DNS rebinding. Pure, so that
// every odd header is unit-tested; the HTTP server only turns a refusal into a response.
import { KEY_PREFIX } from '../config.js';
import { wrappedInQuotes } from '../key-shape.js';
import { hostName, isLoopbackHost, LOOPBACK_NAMES } from '../loopback-host.js';

export { isLoopbackHost, LOOPBACK_NAMES };

/** A key as the API issues them: the prefix, then token68 characters (RFC 6750's bearer syntax). */
export const BEARER_KEY = /^or_[A-Za-z0-9._~+/-]+=*$/;
/** Far above any real key; a longer value is refused before it is hashed or kept. */
export const MAX_KEY_LENGTH = 512;

/**
 * `missing`: no credentials, or another scheme (the challenge names no error code, RFC 6750, 3.1);
 * `malformed`: a Bearer token that cannot be a key or a sign-in token (the challenge says invalid_token).
 */
export type CredentialCheck = { ok: true; key: string } | { ok: true; token: string } | { ok: false; reason: 'missing' | 'malformed'; message: string };

/** A sign-in token as sign-in/sealed-tokens.ts makes them: JWE compact serialization, five base64url parts. */
export const SEALED_TOKEN = /^[\w-]+(\.[\w-]*){4}$/;
/** A token longer than this is not one of ours (a client's registration, the largest, is under 2 KB). */
export const MAX_TOKEN_LENGTH = 8192;

/**
 * Reads `Authorization: Bearer ...`: a personal key when the value starts with "or_" (the API's
 * prefix, which no sealed token can start with: they start "eyJ"), otherwise a sign-in token when
 * sign-in is on. Neither is ever part of a message.
 */
export function bearerCredential(header: string | undefined, signIn: boolean): CredentialCheck {
  const how = signIn ? 'sign in from your MCP client, or send' : 'send';
  if (header === undefined || header.trim() === '') {
    return {
      ok: false,
      reason: 'missing',
      message: `Unauthorized: ${how} your personal API key as "Authorization: Bearer ${KEY_PREFIX}..." with every request; this server holds no key of its own.`,
    };
  }
  const [scheme, ...credentials] = header.trim().split(/[ \t]+/);
  const value = credentials.length === 1 ? credentials[0]! : undefined;
  const bearer = scheme?.toLowerCase() === 'bearer';
  if (bearer && value !== undefined && value.length <= MAX_KEY_LENGTH && BEARER_KEY.test(value)) return { ok: true, key: value };
  if (bearer && signIn && value !== undefined && !value.startsWith(KEY_PREFIX) && value.length <= MAX_TOKEN_LENGTH && SEALED_TOKEN.test(value)) {
    return { ok: true, token: value };
  }
  // A key pasted with its quotes, in the value ("Bearer \"or_...\"") or around the whole header.
  if ((bearer && value !== undefined && wrappedInQuotes(value)) || (!bearer && wrappedInQuotes(header.replace(/^[\s"'`\\\u2018\u201c]*bearer[ \t]+/i, '')))) {
    return {
      ok: false,
      reason: 'malformed',
      message: `Unauthorized: the API key in the Authorization header is wrapped in quotation marks: remove them, so that the header reads Bearer ${KEY_PREFIX}... with nothing around the key.`,
    };
  }
  return {
    ok: false,
    reason: bearer ? 'malformed' : 'missing',
    message: signIn
      ? `Unauthorized: the Authorization header must be "Bearer " followed by a token from sign-in or by your personal API key, which starts with "${KEY_PREFIX}".`
      : `Unauthorized: the Authorization header must be "Bearer " followed by your personal API key, which starts with "${KEY_PREFIX}".`,
  };
}

/** A Host as the allow-list takes it: a name or a bracketed address, and a port. */
export const HOST_NAME = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

export interface AllowLists {
  /** Host header names (any port), lower case; undefined lets every Host through. */
  hosts: ReadonlySet<string> | undefined;
  /** Origins (scheme://name[:port]) a browser may send from; `loopbackOrigins` adds every port of the loopback names. */
  origins: ReadonlySet<string>;
  loopbackOrigins: boolean;
}

/**
 * The allow-lists in force. Bound to loopback, they default to the loopback names: a web page that
 * rebinds its own name to 127.0.0.1 sends its own Host and Origin, and is refused. Bound elsewhere,
 * the names clients use are the operator's to list; browser origins are refused until listed.
 */
export function allowLists(bindHost: string, hosts: readonly string[] | undefined, origins: readonly string[] | undefined): AllowLists {
  const loopback = isLoopbackHost(bindHost);
  const hostList = hosts ?? (loopback ? LOOPBACK_NAMES : undefined);
  return {
    hosts: hostList && new Set(hostList.map((name) => hostName(name) ?? name.toLowerCase())),
    origins: new Set((origins ?? []).map((origin) => origin.toLowerCase().replace(/\/+$/, ''))),
    loopbackOrigins: origins === undefined && loopback,
  };
}

export type HeaderCheck = { ok: true } | { ok: false; message: string };

/** Host and Origin against the allow-lists. A request without Origin is not from a browser page. */
export function checkHostAndOrigin(lists: AllowLists, host: string | undefined, origin: string | undefined): HeaderCheck {
  if (lists.hosts) {
    const name = hostName(host);
    if (name === undefined || !lists.hosts.has(name)) {
      return { ok: false, message: 'Forbidden: this Host is not one the server answers to (set COMPLAINTS_HTTP_ALLOWED_HOSTS to the names clients use).' };
    }
  }
  if (origin !== undefined && !originAllowed(lists, origin.trim().toLowerCase())) {
    return { ok: false, message: 'Forbidden: requests from this Origin are not allowed (COMPLAINTS_HTTP_ALLOWED_ORIGINS lists the origins that are).' };
  }
  return { ok: true };
}

function originAllowed(lists: AllowLists, origin: string): boolean {
  if (lists.origins.has(origin)) return true;
  if (!lists.loopbackOrigins) return false;
  const match = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/.exec(origin);
  return match !== null;
}
