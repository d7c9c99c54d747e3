// What a Redis URL (COMPLAINTS_HTTP_STATE_URL) must be, checked where the settings are read and again
// where the store is opened: redis:// or rediss:// (TLS), a host, and optionally a user and password,
// a port and a database number. Its value is never quoted back: it may hold the Redis password.

/** Why `raw` cannot be used as the state's Redis URL, or undefined when it can. */
export function redisUrlProblem(raw: string): string | undefined {
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (
    url === undefined ||
    (url.protocol !== 'redis:' && url.protocol !== 'rediss:') ||
    url.hostname === '' ||
    !/^(\/\d{0,5})?$/.test(url.pathname) ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    return 'COMPLAINTS_HTTP_STATE_URL must be the URL of a Redis server, such as "redis://redis.internal:6379" or "rediss://:password@redis.example.com:6380/0" (redis:// or rediss://, a host, optionally a user and password, a port and a database number; the value is not shown: it may hold a password).';
  }
  // The Redis client decodes the user and password: a % not followed by two hex digits stops it.
  if (!decodes(url.username) || !decodes(url.password)) {
    return 'COMPLAINTS_HTTP_STATE_URL holds a user or password that is not percent-encoded: write a % in it as %25 (and @, :, / and # as %40, %3A, %2F and %23); the value is not shown.';
  }
  return undefined;
}

function decodes(part: string): boolean {
  try {
    decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
}
