// Which client a request comes from, for the shares that keep one client from taking what others
// need (in-flight.ts, the sign-in's document fetches). The socket's address, never X-Forwarded-For,
// which any client can write: behind a proxy it is the proxy's, and its clients share one address's
// part (docs/team-hosting.md says so).
import type { IncomingMessage } from 'node:http';
import { ipKeyGenerator } from 'express-rate-limit';

export function clientAddress(req: IncomingMessage): string {
  // undefined only for a socket already closed: such a request is answered to no one.
  const address = req.socket.remoteAddress;
  if (address === undefined) return 'gone';
  // An IPv6 subscriber is given a whole network and may connect from any of its addresses: the
  // network (its /56, as the sign-in's rate limits count it) is the client. An IPv4 address mapped
  // into IPv6, as a dual-stack socket reports it, is that IPv4 address.
  return ipKeyGenerator(address);
}
