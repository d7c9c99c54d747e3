// What a request that got no answer means, in words a member can act on: the code of the socket's
// failure, an https:// URL answered in plain HTTP, and the message naming the URL and the cause. Used
// by the API client and by the settings probe at start (settings-probe.ts), which see the same errors.
import type { CodeRule } from '../error-code.js';
import { ApiError, shownBaseUrl } from './errors.js';

/**
 * The API client's codes (error-code.ts reads them): a socket's failure, a system code (E...) or
 * undici's (UND_ERR_...), not undici's bare UND_ERR nor node's argument checks (ERR_INVALID_...);
 * looked for on the error and three causes, as deep as undici wraps a request's failure.
 */
export const SOCKET_CODE: CodeRule = {
  depth: 4,
  accepts: (code) => code !== 'UND_ERR' && !code.startsWith('ERR_INVALID') && (code.startsWith('E') || code.startsWith('UND_ERR_')),
};

/** OpenSSL's words for a TLS handshake answered by a plain HTTP server (3.0 and 3.2+ say it differently). */
const PLAIN_HTTP_CODES = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG']);
const PLAIN_HTTP_REASON = /wrong version number|packet length too long/i;

/** Whether a TLS handshake failed because the server answered in plain HTTP (an https:// URL for an http:// port). */
export function answeredInPlainHttp(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && PLAIN_HTTP_CODES.has(code)) return true;
    if ((code === 'EPROTO' || (typeof code === 'string' && code.startsWith('ERR_SSL_'))) && typeof message === 'string' && PLAIN_HTTP_REASON.test(message))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function plainHttpError(baseUrl: string, code: string | undefined): ApiError {
  const shown = shownBaseUrl(baseUrl);
  const url = shown === undefined ? undefined : new URL(shown);
  const advice = url === undefined ? 'try http:// instead' : `try http://${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  return new ApiError(
    'wrong_url',
    `COMPLAINTS_API_URL uses https://, but the server${url === undefined ? '' : ` at ${url.host}`} answered in plain HTTP${code ? ` (${code})` : ''}: ${advice}.`,
  );
}

export function networkError(baseUrl: string, code: string | undefined, attempts: number): ApiError {
  const reason =
    code === 'ENOTFOUND'
      ? 'the host name does not resolve'
      : code === 'ECONNREFUSED'
        ? 'connection refused'
        : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET'
          ? 'the connection was reset'
          : code
            ? code
            : 'a network error';
  const tried = attempts > 1 ? ` after ${attempts} attempts` : '';
  // This text reaches the model and the log: shown as the 404 shows it (no credentials, query or
  // fragment), and a URL with a key in it not at all.
  const where = shownBaseUrl(baseUrl) ?? 'the URL in COMPLAINTS_API_URL (not shown: it holds a value that looks like an API key)';
  return new ApiError('network', `Could not reach the complaints service at ${where} (${reason})${tried}. Check COMPLAINTS_API_URL and the network.`);
}
