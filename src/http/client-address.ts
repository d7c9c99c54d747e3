// Which client a request comes from, for every count kept per client: the sign-in's rate limits, the
// share of keys the service has not accepted, the sign-in's document fetches, the warnings' budgets.
// The socket's address, unless that peer is a trusted proxy (COMPLAINTS_HTTP_TRUSTED_PROXIES): then
// the address that proxy forwards. Behind a proxy that is not trusted, every client is the proxy, and
// one client's flood spends everyone's limits; a forwarded header from anyone else is ignored, since
// any client can write one.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { ipKeyGenerator } from 'express-rate-limit';
import { log } from '../log.js';
import { WarningThrottle } from './sign-in/warning-throttle.js';
import type { TrustedProxies } from './trusted-proxies.js';

/** Hops of a forwarded chain read at most, from the right: a longer chain is a client's padding. */
const MAX_HOPS = 32;

export class ClientAddresses {
  /** One line per peer per hour, a few in all: a client forging headers from many addresses cannot flood the log. */
  private readonly warnings = new WarningThrottle({ perKeyMs: 60 * 60_000, windowMs: 60 * 60_000, perWindow: 5 });

  constructor(
    private readonly trusted: TrustedProxies,
    private readonly warn: (message: string) => void = log.warn,
  ) {}

  /** The client of `req`: its address, or its network for IPv6 (see `clientOf`). */
  of(req: IncomingMessage): string {
    const peer = req.socket.remoteAddress;
    // undefined only for a socket already closed: such a request is answered to no one.
    if (peer === undefined) return 'gone';
    if (!this.trusted.trusts(peer)) {
      if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) this.noteForwarding(peer);
      return clientOf(peer);
    }
    return clientOf(forwardedClient(req, peer, this.trusted));
  }

  /** A peer that forwards for others but is not trusted: said, since its clients share one address's limits. */
  private noteForwarding(peer: string): void {
    // One owner for every peer: the line's budget is the log's, whoever sends the headers.
    const decision = this.warnings.decide(peer, 'peers');
    if (decision === 'write') {
      this.warn(
        `requests from ${clientOf(peer)} carry X-Forwarded-For or Forwarded, which this server ignores from a peer not in COMPLAINTS_HTTP_TRUSTED_PROXIES: if it is your reverse proxy, add it there, or every client behind it shares one client's limits (docs/team-hosting.md, Behind a proxy).`,
      );
    } else if (decision === 'quiet') {
      this.warn(`more peers send forwarded headers without being trusted proxies; not logged again for ${this.warnings.windowMinutes} minutes.`);
    }
  }
}

/**
 * The client for a request from a trusted proxy: the rightmost forwarded address that is not itself a
 * trusted proxy (each proxy appends the address it heard from; everything left of a hop we trust is
 * that hop's client's to write). X-Forwarded-For when present, else Forwarded's for= (RFC 7239). No
 * usable address: the last trusted hop, which is the peer when nothing was forwarded.
 */
export function forwardedClient(req: Pick<IncomingMessage, 'headers'>, peer: string, trusted: TrustedProxies): string {
  const xff = req.headers['x-forwarded-for'];
  const hops = xff !== undefined ? (Array.isArray(xff) ? xff.join(',') : xff).split(',') : forwardedFor(req.headers.forwarded);
  let last = peer;
  for (let index = hops.length - 1; index >= Math.max(0, hops.length - MAX_HOPS); index -= 1) {
    const address = hopAddress(hops[index] as string);
    if (address === undefined) return last;
    if (!trusted.trusts(address)) return address;
    last = address;
  }
  return last;
}

/** An address as a client is counted: an IPv6 subscriber's network (its /56) as one, a mapped IPv4 address as IPv4. */
export function clientOf(address: string): string {
  return ipKeyGenerator(address);
}

/** Forwarded's for= values, left to right; a hop without one is kept as unusable. */
function forwardedFor(header: string | undefined): string[] {
  if (header === undefined) return [];
  return header.split(',').map((element) => {
    const pair = element.split(';').find((part) => part.trim().toLowerCase().startsWith('for='));
    return pair === undefined ? '' : pair.trim().slice(4);
  });
}

/** The address of one hop: quotes, brackets and a port taken off; undefined when it is not an address ("unknown", a name). */
function hopAddress(raw: string): string | undefined {
  let hop = raw.trim();
  if (hop.startsWith('"') && hop.endsWith('"') && hop.length >= 2) hop = hop.slice(1, -1);
  if (hop.startsWith('[')) hop = hop.slice(1, hop.indexOf(']') === -1 ? undefined : hop.indexOf(']'));
  else if (/^[\d.]+:\d+$/.test(hop)) hop = hop.slice(0, hop.lastIndexOf(':'));
  return isIP(hop) === 0 ? undefined : hop;
}
