// The short code of an error that got no answer (ENOTFOUND, ECONNREFUSED, UND_ERR_SOCKET,
// CERT_HAS_EXPIRED...), read from the error or its causes: undici and node wrap the system's error,
// and the code may sit a few causes deep. Never the message, which may name addresses or hold text
// the other side sent.

/** Causes followed at most: undici's deepest wrapping is three or four. */
const MAX_DEPTH = 5;
const CODE = /^[A-Z][A-Z0-9_]{1,40}$/;

/**
 * The first code shaped like one (upper case, digits, underscores) that `accepts` takes, on the error
 * or a cause of it; a code it does not take is passed over for the cause's.
 */
export function errorCode(error: unknown, accepts: (code: string) => boolean = () => true): string | undefined {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < MAX_DEPTH; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && CODE.test(code) && accepts(code)) return code;
    current = cause;
  }
  return undefined;
}
