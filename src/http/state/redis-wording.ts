// What the operator reads when the Redis store cannot be used: at start (a refused or silent
// connection, an eviction policy that could drop a used code) and when its policy changes later.
// Apart from the state so that every such message is written in one place, each naming the server
// by host and port only: never the URL's user or password.
import { redisUrlProblem } from './redis-url.js';
import { StateStoreRefused } from './shared-state.js';

/** host:port of the URL, never its user or password: what messages and logs name. */
export function whereOf(url: string): string {
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

/**
 * Why the first connection failed, in the operator's words, with what to check. `answered`: the
 * error is one Redis answered with (a wrong password, no such database), not a silence.
 */
export function startFailure(where: string, url: string, connectTimeoutMs: number, error: unknown, answered: boolean): string {
  const why = scrubbed(error, url);
  if (answered) {
    const message = error instanceof Error ? error.message : '';
    const check = /^(WRONGPASS|NOAUTH)\b/.test(message)
      ? 'check the user and password in the URL'
      : /DB index/.test(message)
        ? 'check the database number at the end of the URL'
        : 'check the URL';
    return `COMPLAINTS_HTTP_STATE_URL: the Redis server at ${where} refused the connection: ${why} (${check}).`;
  }
  // A TLS handshake with a server that does not speak TLS, or the reverse, waits or fails obscurely.
  const tls = url.startsWith('rediss:') ? ' If the server does not use TLS, write redis://.' : ' If the server only takes TLS, write rediss://.';
  return `COMPLAINTS_HTTP_STATE_URL: the Redis server at ${where} did not answer within ${connectTimeoutMs / 1000} s: ${why}.${tls}`;
}

/** The eviction policy could not be read at start: refused (`refusal`, Redis's own words) or not answered. */
export function policyUnread(where: string, timeoutMs: number, refusal?: string): string {
  return refusal === undefined
    ? `COMPLAINTS_HTTP_STATE_URL: the Redis server at ${where} did not answer INFO within ${timeoutMs} ms.`
    : `COMPLAINTS_HTTP_STATE_URL: the Redis server at ${where} refused INFO (${refusal}): the server must check that keys are never evicted; give the user +info.`;
}

/** A policy other than noeviction: what it risks, and how to set it. */
export function evictingMessage(where: string, policy: string | undefined): string {
  return (
    `COMPLAINTS_HTTP_STATE_URL: the Redis server at ${where} has maxmemory-policy ${policy ?? '(not reported)'}: ` +
    'it may evict a used sign-in code or a revocation when memory runs short, which would let a replayed code or a withdrawn token work again. ' +
    'Set maxmemory-policy noeviction (CONFIG SET maxmemory-policy noeviction, or in redis.conf).'
  );
}

/** A write Redis refuses (full, a read-only replica, unable to persist): what to do, or undefined for another error. */
export function refusedWriteAdvice(message: string): string | undefined {
  return /^OOM\b/.test(message)
    ? 'it is full (maxmemory reached): give it more memory (maxmemory)'
    : /^READONLY\b/.test(message)
      ? 'it is a read-only replica: point COMPLAINTS_HTTP_STATE_URL at the primary'
      : /^MISCONF\b/.test(message)
        ? 'it cannot save its data (MISCONF): see its own log'
        : undefined;
}
