// The short code of an error that got no answer (ENOTFOUND, ECONNREFUSED, UND_ERR_SOCKET,
// CERT_HAS_EXPIRED...), read from the error or its causes: undici and node wrap the system's error,
// and the code may sit a few causes deep. Never the message, which may name addresses or hold text
// the other side sent. Each caller says which codes it takes, and how many causes deep it looks.

export interface CodeRule {
  /** The error and its causes looked at, at most. */
  depth: number;
  /** Whether a code is one the caller takes; one it does not take is passed over for the cause's. */
  accepts: (code: string) => boolean;
}

/** The sign-in's: any code shaped like one (upper case, digits, underscores), TLS ones included, five deep. */
export const ANY_CODE: CodeRule = { depth: 5, accepts: (code) => /^[A-Z][A-Z0-9_]{1,40}$/.test(code) };

/** The first code `rule` takes, on the error or a cause of it. */
export function errorCode(error: unknown, rule: CodeRule = ANY_CODE): string | undefined {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < rule.depth; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && rule.accepts(code)) return code;
    current = cause;
  }
  return undefined;
}
