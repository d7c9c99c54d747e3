// Environment -> the settings of `serve --http` that the member's own settings (config.ts) do not
// have: allow-lists, caps, the shutdown grace and the sign-in. Pure: reads the `env` it is given.
import { FLAG_WORDS, parseFlag, readSetting, tokenSecretsIn } from '../config.js';
import { gotValue, holdsKnownKey } from '../key-shape.js';
import type { InFlightCaps } from './in-flight.js';
import { type AllowLists, allowLists, HOST_NAME, isLoopbackHost, LOOPBACK_NAMES } from './request-guards.js';
import { redisUrlProblem } from './state/redis-url.js';
import { NO_TRUSTED_PROXIES, parseTrustedProxies, type TrustedProxies } from './trusted-proxies.js';

export interface HttpSettings {
  allowLists: AllowLists;
  caps: InFlightCaps;
  /** The reverse proxies whose X-Forwarded-For names the client (COMPLAINTS_HTTP_TRUSTED_PROXIES); none by default. */
  trustedProxies: TrustedProxies;
  /** How long SIGTERM waits for requests in flight before cutting them. */
  shutdownGraceMs: number;
  /** The Redis server replicas share their state in (COMPLAINTS_HTTP_STATE_URL); undefined: this process's memory. */
  stateUrl: string | undefined;
  /**
   * The origin clients reach the server at (COMPLAINTS_HTTP_PUBLIC_URL, https://mcp.example.com): the
   * sign-in's issuer and the origin of export links. Undefined: the sign-in's is the address it listens
   * on, and a link's the Host its request came to.
   */
  publicUrl: string | undefined;
  /** How long an export link opens (COMPLAINTS_HTTP_EXPORT_LINK_MINUTES). */
  exportLinkMinutes: number;
  /** The OAuth sign-in, on when COMPLAINTS_HTTP_TOKEN_SECRET is set. */
  signIn: SignInSettings | undefined;
  /** Settings that cannot be used; the server does not start while there are any. */
  problems: string[];
}

export interface SignInSettings {
  /** The first seals tokens; all open them. */
  secrets: string[];
  /** HttpSettings.publicUrl; undefined: the address it listens on (loopback only). */
  publicUrl: string | undefined;
  /** Client metadata documents may be fetched from loopback and private addresses (tests, internal clients). */
  allowPrivateClientMetadata: boolean;
}

/** A secret shorter than this is too easy to guess: 32 characters of base64 are 192 bits. */
export const MIN_SECRET_LENGTH = 32;

export const HTTP_DEFAULTS = { maxInFlight: 64, maxInFlightPerKey: 8, shutdownGraceMs: 10_000, exportLinkMinutes: 15 } as const;
/** A request body above this is refused (413): an MCP request is a few hundred bytes. */
export const MAX_REQUEST_BODY_BYTES = 256 * 1024;

export function loadHttpSettings(env: Record<string, string | undefined>, bindHost: string): HttpSettings {
  const problems: string[] = [];
  const setting = (name: string) => readSetting(env, name);
  // The secrets are never quoted, nor is another setting that holds one (pasted in the wrong place);
  // nor a key in COMPLAINTS_API_KEY (a problem of its own here, but a member's key all the same).
  const secrets = tokenSecretsIn(env);
  const key = setting('COMPLAINTS_API_KEY');
  const got = (value: string) => gotValue(value, { key, secrets });

  const list = (name: string, pattern: RegExp, example: string): string[] | undefined => {
    const raw = setting(name);
    if (raw === undefined) return undefined;
    const items = raw
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    const bad = items.find((item) => !pattern.test(item));
    if (bad !== undefined || items.length === 0) problems.push(`${name} must be a comma-separated list such as ${example} (${got(raw)}).`);
    return items;
  };
  const hosts = list('COMPLAINTS_HTTP_ALLOWED_HOSTS', HOST_NAME, '"mcp.example.com,localhost"');
  const origins = list('COMPLAINTS_HTTP_ALLOWED_ORIGINS', /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?\/?$/i, '"https://app.example.com"');
  const trustedProxies = readTrustedProxies(setting('COMPLAINTS_HTTP_TRUSTED_PROXIES'), problems, got);

  const count = (name: string, fallback: number, max: number): number => {
    const raw = setting(name);
    if (raw === undefined) return fallback;
    if (/^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= max) return Number(raw);
    problems.push(`${name} must be a whole number from 1 to ${max} (${got(raw)}).`);
    return fallback;
  };
  const total = count('COMPLAINTS_HTTP_MAX_IN_FLIGHT', HTTP_DEFAULTS.maxInFlight, 100_000);
  const perKey = count('COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY', HTTP_DEFAULTS.maxInFlightPerKey, 100_000);
  const shutdownGraceMs = count('COMPLAINTS_HTTP_SHUTDOWN_GRACE_MS', HTTP_DEFAULTS.shutdownGraceMs, 600_000);
  // A day at most: a link is for the download that follows the answer, not for keeping.
  const exportLinkMinutes = count('COMPLAINTS_HTTP_EXPORT_LINK_MINUTES', HTTP_DEFAULTS.exportLinkMinutes, 1440);

  const rawStateUrl = setting('COMPLAINTS_HTTP_STATE_URL');
  const stateProblem = rawStateUrl === undefined ? undefined : redisUrlProblem(rawStateUrl);
  if (stateProblem !== undefined) problems.push(stateProblem);
  const stateUrl = stateProblem === undefined ? rawStateUrl : undefined;
  const rawUrl = setting('COMPLAINTS_HTTP_PUBLIC_URL');
  const publicUrl = readPublicUrl(rawUrl, problems, got, key);
  const signIn = readSignIn(setting, secrets, bindHost, problems, got, publicUrl);
  // Bound to loopback behind a proxy, the public name is the Host that arrives: answer to it too.
  const publicHost = publicUrl === undefined ? undefined : new URL(publicUrl).host;
  const hostList = hosts ?? (publicHost !== undefined && isLoopbackHost(bindHost) ? [...LOOPBACK_NAMES, publicHost] : undefined);

  return {
    allowLists: allowLists(bindHost, hostList, origins),
    caps: { total, perKey },
    trustedProxies,
    shutdownGraceMs,
    stateUrl,
    publicUrl,
    exportLinkMinutes,
    signIn,
    problems,
  };
}

/** COMPLAINTS_HTTP_TRUSTED_PROXIES: addresses and CIDR ranges, comma-separated; none when unset or unusable (a problem then). */
function readTrustedProxies(raw: string | undefined, problems: string[], got: (value: string) => string): TrustedProxies {
  if (raw === undefined) return NO_TRUSTED_PROXIES;
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const parsed = parseTrustedProxies(items);
  if (parsed.ok && items.length > 0) return parsed.proxies;
  // The entry refused, when there is one: in a long list, the one to mend.
  const which = parsed.ok ? got(raw) : got(parsed.bad);
  problems.push(
    `COMPLAINTS_HTTP_TRUSTED_PROXIES must be a comma-separated list of your reverse proxies' addresses or CIDR ranges, such as "10.0.0.5" or "172.30.0.0/24,fd00::/8", never a range of every address (${which}).`,
  );
  return NO_TRUSTED_PROXIES;
}

/** COMPLAINTS_HTTP_PUBLIC_URL: an origin, https (http for loopback), never a key; undefined when unset or unusable (a problem then). */
function readPublicUrl(rawUrl: string | undefined, problems: string[], got: (value: string) => string, key: string | undefined): string | undefined {
  if (rawUrl === undefined) return undefined;
  if (holdsKnownKey(rawUrl, key)) {
    // Published to every client (the sign-in's issuer, every export link), and asked of the DNS: never a key, in any form.
    problems.push(
      'COMPLAINTS_HTTP_PUBLIC_URL must not hold an API key (it holds a value that looks like one; it is not shown): set it to the https origin clients reach this server at, such as "https://mcp.example.com".',
    );
    return undefined;
  }
  const url = URL.canParse(rawUrl) ? new URL(rawUrl) : undefined;
  const loopbackHttp = url?.protocol === 'http:' && isLoopbackHost(url.hostname);
  if (
    url === undefined ||
    (url.protocol !== 'https:' && !loopbackHttp) ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== '' ||
    url.password !== '' ||
    /[?#]/.test(rawUrl)
  ) {
    problems.push(
      `COMPLAINTS_HTTP_PUBLIC_URL must be the https origin clients reach this server at, such as "https://mcp.example.com": no path, query or user name, and http:// only for a loopback address (${got(rawUrl)}).`,
    );
    return undefined;
  }
  return url.origin;
}

function readSignIn(
  setting: (name: string) => string | undefined,
  secrets: string[],
  bindHost: string,
  problems: string[],
  got: (value: string) => string,
  /** The public URL read: undefined when unset, or set and unusable (a problem already). */
  publicUrl: string | undefined,
): SignInSettings | undefined {
  const rawSecrets = setting('COMPLAINTS_HTTP_TOKEN_SECRET');
  const rawPrivate = setting('COMPLAINTS_HTTP_ALLOW_PRIVATE_CLIENT_METADATA');
  if (rawSecrets === undefined) {
    if (rawPrivate !== undefined)
      problems.push(
        'COMPLAINTS_HTTP_ALLOW_PRIVATE_CLIENT_METADATA is a sign-in setting, and sign-in is off (COMPLAINTS_HTTP_TOKEN_SECRET is unset or empty): set the secret to turn it on, or unset COMPLAINTS_HTTP_ALLOW_PRIVATE_CLIENT_METADATA.',
      );
    return undefined;
  }
  // The secrets are never quoted back: a message may reach a log.
  if (secrets.length === 0 || secrets.some((secret) => secret.length < MIN_SECRET_LENGTH)) {
    problems.push(
      `COMPLAINTS_HTTP_TOKEN_SECRET must be one or more secrets, comma-separated, each at least ${MIN_SECRET_LENGTH} characters (make one with: openssl rand -base64 32).`,
    );
  }

  if (setting('COMPLAINTS_HTTP_PUBLIC_URL') === undefined && !isLoopbackHost(bindHost)) {
    problems.push(
      'COMPLAINTS_HTTP_PUBLIC_URL is required for sign-in on a server that listens beyond loopback: set it to the https origin clients reach it at, such as "https://mcp.example.com".',
    );
  }

  let allowPrivateClientMetadata = false;
  if (rawPrivate !== undefined) {
    const flag = parseFlag(rawPrivate);
    if (flag === undefined) {
      problems.push(
        `COMPLAINTS_HTTP_ALLOW_PRIVATE_CLIENT_METADATA must be ${FLAG_WORDS.true.join('/')} or ${FLAG_WORDS.false.join('/')} (${got(rawPrivate)}).`,
      );
    }
    allowPrivateClientMetadata = flag === true;
  }
  return { secrets, publicUrl, allowPrivateClientMetadata };
}
