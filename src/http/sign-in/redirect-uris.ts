// Where an authorization code may be sent: the rules for a redirect URI a client registers, and for
// matching the one it asks for against those registered.
import { LOOPBACK_NAMES } from '../request-guards.js';

/** Schemes a page could be made to run or read through; a native app's own scheme (vscode:, cursor:) is fine. */
const REFUSED_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'blob:', 'about:', 'filesystem:', 'view-source:', 'ws:', 'wss:']);

/** http://<loopback name>:<port><the rest>, read as text so that nothing is normalised on the way. */
const LOOPBACK_WITH_PORT = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\]):(\d{1,5})([/?].*|)$/s;
const LOOPBACK_WITHOUT_PORT = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])([/?].*|)$/s;

/** Why a URI cannot be registered as a redirect URI (finishing "A redirect URI ..."), or undefined. */
export function redirectUriProblem(uri: string): string | undefined {
  if (!/^[\x21-\x7e]+$/.test(uri)) return 'must be printable ASCII, without spaces';
  if (!URL.canParse(uri)) return 'is not an absolute URL';
  const url = new URL(uri);
  if (url.hash !== '' || uri.includes('#')) return 'must not have a fragment (RFC 6749, 3.1.2)';
  if (url.username !== '' || url.password !== '') return 'must not hold a user name or password';
  if (REFUSED_SCHEMES.has(url.protocol)) return `must not use the ${url.protocol} scheme`;
  if (url.protocol === 'http:' && !LOOPBACK_NAMES.includes(url.hostname)) return 'must use https, or http only on loopback (localhost, 127.0.0.1, [::1])';
  return undefined;
}

/**
 * Whether `requested` is one of the client's registered redirect URIs: character for character.
 * The one exception is RFC 8252's for native apps (7.3): a loopback URI registered without a port
 * matches the same URI on any port, since such an app listens on whatever port it is given.
 */
export function redirectUriMatches(requested: string, registered: string): boolean {
  if (requested === registered) return true;
  const withPort = LOOPBACK_WITH_PORT.exec(requested);
  const withoutPort = LOOPBACK_WITHOUT_PORT.exec(registered);
  if (withPort === null || withoutPort === null) return false;
  const port = Number(withPort[2]);
  return port >= 1 && port <= 65535 && withPort[1] === withoutPort[1] && withPort[3] === withoutPort[2];
}
