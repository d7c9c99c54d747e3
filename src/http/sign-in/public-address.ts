// Which addresses a fetch made on a stranger's word may reach, and an undici connector that holds to
// it. A client metadata document's URL is chosen by whoever signs in: without this, it could make the
// server read its own loopback services, the team's private network or a cloud metadata endpoint
// (SSRF). The check is made on the addresses the connection actually uses, after the name is
// resolved, so that a name cannot resolve to a public address when checked and a private one when
// connected (DNS rebinding).
import dns, { type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { buildConnector } from 'undici';

// Not one list for both families: node's BlockList matches an IPv4 rule against an IPv4-mapped IPv6
// address and the other way round; the embedded IPv4 is extracted below instead, explicitly.
const NON_PUBLIC_V4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata endpoints
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved
] as const) {
  NON_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
NON_PUBLIC_V4.addAddress('255.255.255.255', 'ipv4');

const NON_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64: translated to any IPv4, private ones included
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo: tunnels to an IPv4 address written inside
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: tunnels to an IPv4 address written inside
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NON_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of a valid IPv6 address (with "::" expanded and a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const groupsOf = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const first = groupsOf(head);
  const last = tail === undefined ? [] : groupsOf(tail);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * The IPv4 address an IPv6 address stands for, if it is one that carries one in its last 32 bits:
 * IPv4-mapped (::ffff:0:0/96, how a dual-stack socket writes an IPv4 peer), NAT64 (64:ff9b::/96,
 * which a NAT64 gateway forwards to that IPv4) and the deprecated IPv4-compatible (::/96).
 */
function embeddedIpv4(address: string): string | undefined {
  const groups = ipv6Groups(address);
  const prefix = groups.slice(0, 6).join(':');
  // ::ffff:0:0/96 (mapped), ::ffff:0:0:0/96 (SIIT translated), 64:ff9b::/96 (NAT64), ::/96 (compatible).
  const carriers = ['0:0:0:0:0:65535', '0:0:0:0:65535:0', '100:65435:0:0:0:0', '0:0:0:0:0:0'];
  if (!carriers.includes(prefix)) return undefined;
  const [high, low] = [groups[6]!, groups[7]!];
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/**
 * Whether `address` (an IP address as written by dns.lookup or a URL, with or without brackets or an
 * IPv6 zone) is on the public internet: not loopback, private, link-local, shared, multicast or
 * reserved. Anything that is not an IP address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  switch (isIP(bare)) {
    case 4:
      return !NON_PUBLIC_V4.check(bare, 'ipv4');
    case 6: {
      const ipv4 = embeddedIpv4(bare);
      return ipv4 === undefined ? !NON_PUBLIC_V6.check(bare, 'ipv6') : !NON_PUBLIC_V4.check(ipv4, 'ipv4');
    }
    default:
      return false;
  }
}

const LINK_LOCAL = new BlockList();
LINK_LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LINK_LOCAL.addSubnet('fe80::', 10, 'ipv6');

/**
 * Whether `address` is link-local, where clouds answer with their instances' credentials
 * (169.254.169.254): refused even when private addresses are allowed.
 */
export function isLinkLocal(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return LINK_LOCAL.check(bare, 'ipv4');
  if (family !== 6) return false;
  const ipv4 = embeddedIpv4(bare);
  return ipv4 === undefined ? LINK_LOCAL.check(bare, 'ipv6') : LINK_LOCAL.check(ipv4, 'ipv4');
}

/** The error a connection to a refused address fails with; undici hands it back as the request's error. */
export class AddressRefusedError extends Error {
  readonly code = 'ERR_ADDRESS_REFUSED';
  constructor(host: string) {
    super(`${host} is not an address this server may connect to`);
    this.name = 'AddressRefusedError';
  }
}

/** dns.lookup with every address of the name (the only form guardedLookup calls). */
export type ResolveAll = (hostname: string, options: dns.LookupAllOptions, callback: (error: Error | null, addresses: LookupAddress[]) => void) => void;

const resolveAll: ResolveAll = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/**
 * A `lookup` for net/tls.connect that resolves the name itself and fails when any of its addresses is
 * refused: every one, because the connection may try them all (happy eyeballs) and a name that mixes
 * a public address with a private one is an attack, not an accident.
 */
export function guardedLookup(isAllowed: (address: string) => boolean, resolve: ResolveAll = resolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { family: options.family, hints: options.hints, all: true }, (error, addresses) => {
      if (error !== null) return callback(error, '', 0);
      const first = addresses[0];
      if (first === undefined) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      if (!addresses.every(({ address }) => isAllowed(address))) return callback(new AddressRefusedError(hostname), '', 0);
      // net asks for every address when it tries them in turn (autoSelectFamily), else for one.
      if (options.all === true) return callback(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * An undici connector that refuses addresses `isAllowed` refuses: names through guardedLookup, and IP
 * literals (which net.connect does not look up) here, before any socket is opened.
 */
export function guardedConnector(isAllowed: (address: string) => boolean, options: buildConnector.BuildOptions = {}): buildConnector.connector {
  const connect = buildConnector({ ...options, lookup: guardedLookup(isAllowed) });
  return (target, callback) => {
    if (isIP(target.hostname) !== 0 && !isAllowed(target.hostname)) return callback(new AddressRefusedError(target.hostname), null);
    connect(target, callback);
  };
}
