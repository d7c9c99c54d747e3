// Which client a request comes from, for the shares that keep one client from taking what others
// need (in-flight.ts, the sign-in's document fetches). The socket's address, never X-Forwarded-For,
// which any client can write: behind a proxy it is the proxy's, and its clients share one address's
// part (docs/team-hosting.md says so).
import type { IncomingMessage } from 'node:http';

export function clientAddress(req: IncomingMessage): string {
  // undefined only for a socket already closed: such a request is answered to no one.
  return req.socket.remoteAddress ?? 'gone';
}
