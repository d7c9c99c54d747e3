// COMPLAINTS_HTTP_TRUSTED_PROXIES: the peers whose word on who the client is the server takes (their
// X-Forwarded-For). A list of addresses and CIDR ranges, IPv4 or IPv6. An IPv4 address mapped into
// IPv6 (as a dual-stack socket reports a peer) is matched as that IPv4 address.
import { BlockList, isIP } from 'node:net';

export interface TrustedProxies {
  /** How many entries the list holds: none means no peer is trusted. */
  readonly size: number;
  /** The list as given, for the start line. */
  readonly shown: string;
  /** Whether `address` (as a socket reports it) is one of the trusted proxies. */
  trusts(address: string): boolean;
}

/** No proxy trusted: every client is the address its socket comes from. */
export const NO_TRUSTED_PROXIES: TrustedProxies = { size: 0, shown: '', trusts: () => false };

/**
 * The list, or the first entry that is neither an address nor a CIDR range, or that is a range of
 * every address (/0): trusting every peer would let any client name itself whatever it likes.
 */
export function parseTrustedProxies(items: readonly string[]): { ok: true; proxies: TrustedProxies } | { ok: false; bad: string } {
  const list = new BlockList();
  for (const item of items) {
    const [address = '', prefix, extra] = item.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    if (family === 0 || extra !== undefined || (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= bits))) {
      return { ok: false, bad: item };
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return {
    ok: true,
    proxies: {
      size: items.length,
      shown: items.join(', '),
      trusts: (address) => {
        const family = isIP(address);
        return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
      },
    },
  };
}
