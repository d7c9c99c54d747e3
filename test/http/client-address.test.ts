// The address a client's limits are counted against. An IPv6 subscriber is given a whole network of
// addresses, any of which it may connect from: each must not be a client of its own. Behind a trusted
// proxy, the client is the address the proxy forwards; a forwarded header from anyone else, or the
// part of it a client wrote itself, is not believed.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ClientAddresses } from '../../src/http/client-address.js';
import { NO_TRUSTED_PROXIES, parseTrustedProxies, type TrustedProxies } from '../../src/http/trusted-proxies.js';

function trusting(...items: string[]): TrustedProxies {
  const parsed = parseTrustedProxies(items);
  if (!parsed.ok) throw new Error(`not a list: ${parsed.bad}`);
  return parsed.proxies;
}

const request = (remoteAddress: string | undefined, headers: Record<string, string | string[] | undefined> = {}) =>
  ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;
const direct = new ClientAddresses(NO_TRUSTED_PROXIES, () => undefined);
const from = (remoteAddress: string | undefined) => direct.of(request(remoteAddress));

describe('a client straight at the server', () => {
  it('counts every address of one IPv6 network (its /56) as one client, however written', () => {
    const one = from('2001:db8:aa:bb00::1');
    for (const other of ['2001:db8:aa:bb00:ffff:ffff:ffff:ffff', '2001:db8:aa:bbff::42', '2001:0DB8:00AA:BB12:0:0:0:7']) {
      expect(from(other), other).toBe(one);
    }
  });

  it('keeps other IPv6 networks apart', () => {
    expect(from('2001:db8:aa:bc00::1')).not.toBe(from('2001:db8:aa:bb00::1'));
    expect(from('2001:db8:ab:bb00::1')).not.toBe(from('2001:db8:aa:bb00::1'));
  });

  it('keeps IPv4 addresses apart, written plain or mapped into IPv6 (as a dual-stack socket reports them)', () => {
    expect(from('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(from('::ffff:192.0.2.1')).not.toBe(from('::ffff:192.0.2.2'));
    expect(from('192.0.2.1')).not.toBe(from('192.0.2.2'));
  });

  it('names a closed socket apart from any address', () => {
    expect(from(undefined)).toBe('gone');
  });

  it('ignores forwarded headers, in every spelling, when no proxy is trusted', () => {
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }, { 'x-forwarded-for': ['203.0.113.9', '203.0.113.10'] }]) {
      expect(direct.of(request('192.0.2.1', headers))).toBe('192.0.2.1');
    }
  });

  it('ignores them from a peer that is not one of the trusted proxies', () => {
    const addresses = new ClientAddresses(trusting('10.0.0.5', '172.30.0.0/24'), () => undefined);
    expect(addresses.of(request('10.0.0.6', { 'x-forwarded-for': '203.0.113.9' }))).toBe('10.0.0.6');
    expect(addresses.of(request('172.30.1.1', { 'x-forwarded-for': '203.0.113.9' }))).toBe('172.30.1.1');
  });
});

describe('behind a trusted proxy', () => {
  const proxy = '10.0.0.5';
  const addresses = new ClientAddresses(trusting(proxy, 'fd00::/8'), () => undefined);
  const via = (headers: Record<string, string | string[] | undefined>, peer = proxy) => addresses.of(request(peer, headers));

  it('is the address the proxy forwards', () => {
    expect(via({ 'x-forwarded-for': '203.0.113.9' })).toBe('203.0.113.9');
    expect(via({ 'x-forwarded-for': '203.0.113.9' }, '::ffff:10.0.0.5')).toBe('203.0.113.9');
  });

  it('takes the rightmost address that is not a trusted proxy: what the client wrote to its left is not believed', () => {
    expect(via({ 'x-forwarded-for': '1.2.3.4, 203.0.113.9' })).toBe('203.0.113.9');
    expect(via({ 'x-forwarded-for': '1.2.3.4, 203.0.113.9, 10.0.0.5' })).toBe('203.0.113.9');
    // Two headers (a client's and the proxy's) read as one list, in order.
    expect(via({ 'x-forwarded-for': ['1.2.3.4', '203.0.113.9'] })).toBe('203.0.113.9');
    // A chain of trusted proxies, IPv6 among them.
    expect(via({ 'x-forwarded-for': '1.2.3.4, 203.0.113.9, fd00::7' }, 'fd00::1')).toBe('203.0.113.9');
  });

  it('counts an IPv6 client by its network, as straight at the server', () => {
    expect(via({ 'x-forwarded-for': '2001:db8:aa:bb00::1' })).toBe(via({ 'x-forwarded-for': '2001:db8:aa:bbff::42' }));
    expect(via({ 'x-forwarded-for': '2001:db8:aa:bb00::1' })).not.toBe(via({ 'x-forwarded-for': '2001:db8:aa:bc00::1' }));
  });

  it('reads a port, brackets and quotes off an address', () => {
    expect(via({ 'x-forwarded-for': '203.0.113.9:51234' })).toBe('203.0.113.9');
    expect(via({ 'x-forwarded-for': '[2001:db8:aa:bb00::1]:443' })).toBe(via({ 'x-forwarded-for': '2001:db8:aa:bb00::1' }));
  });

  it("reads Forwarded's for= when there is no X-Forwarded-For (RFC 7239)", () => {
    expect(via({ forwarded: 'for=1.2.3.4;proto=https, for=203.0.113.9;by=10.0.0.5' })).toBe('203.0.113.9');
    expect(via({ forwarded: 'for="[2001:db8:aa:bb00::1]:4711"' })).toBe(via({ 'x-forwarded-for': '2001:db8:aa:bb00::1' }));
    expect(via({ forwarded: 'For=203.0.113.9' })).toBe('203.0.113.9');
  });

  it('is the last trusted hop when nothing usable is forwarded: no header, an empty one, a name, "unknown"', () => {
    expect(via({})).toBe(proxy);
    expect(via({ 'x-forwarded-for': '' })).toBe(proxy);
    expect(via({ 'x-forwarded-for': 'attacker.example' })).toBe(proxy);
    expect(via({ forwarded: 'for=unknown' })).toBe(proxy);
    expect(via({ forwarded: 'proto=https' })).toBe(proxy);
    expect(via({ 'x-forwarded-for': 'junk, fd00::7' }, 'fd00::1')).toBe(via({}, 'fd00::7'));
  });

  it('is the first hop when every hop is a trusted proxy', () => {
    expect(via({ 'x-forwarded-for': 'fd00::9, 10.0.0.5' })).toBe(via({}, 'fd00::9'));
  });

  it('reads a padded chain only from the right: a client cannot make the walk long', () => {
    const padding = Array.from({ length: 5000 }, () => '10.0.0.5').join(', ');
    expect(via({ 'x-forwarded-for': `203.0.113.9, ${padding}` })).not.toBe('203.0.113.9');
  });
});

describe('the warning about forwarded headers from a peer not trusted', () => {
  it('names the peer and the setting once per peer, and a few peers at most per hour', () => {
    const lines: string[] = [];
    const addresses = new ClientAddresses(NO_TRUSTED_PROXIES, (line) => lines.push(line));
    for (let index = 0; index < 3; index++) addresses.of(request('10.0.0.5', { 'x-forwarded-for': '203.0.113.9' }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('10.0.0.5');
    expect(lines[0]).toContain('COMPLAINTS_HTTP_TRUSTED_PROXIES');
    for (let index = 0; index < 50; index++) addresses.of(request(`192.0.2.${index}`, { forwarded: 'for=203.0.113.9' }));
    expect(lines.length).toBeLessThan(10);
    expect(lines.at(-1)).toContain('not logged again');
  });

  it('says nothing for a request without forwarded headers, or from a trusted proxy', () => {
    const lines: string[] = [];
    const addresses = new ClientAddresses(trusting('10.0.0.5'), (line) => lines.push(line));
    addresses.of(request('192.0.2.1'));
    addresses.of(request('10.0.0.5', { 'x-forwarded-for': '203.0.113.9' }));
    expect(lines).toEqual([]);
  });
});

describe('COMPLAINTS_HTTP_TRUSTED_PROXIES', () => {
  it('takes addresses and CIDR ranges, IPv4 and IPv6', () => {
    const proxies = trusting('10.0.0.5', '172.30.0.0/24', 'fd00::/8', '::1');
    for (const inside of ['10.0.0.5', '::ffff:10.0.0.5', '172.30.0.200', 'fd12::1', '::1']) expect(proxies.trusts(inside), inside).toBe(true);
    for (const outside of ['10.0.0.6', '172.30.1.1', 'fe80::1', '127.0.0.1', 'not an address', '']) expect(proxies.trusts(outside), outside).toBe(false);
  });

  it('keeps the list as given for the start line', () => {
    expect(trusting('10.0.0.5', 'fd00::/8').shown).toBe('10.0.0.5, fd00::/8');
  });

  it('refuses anything else, and a range of every address (which would trust any client), naming it', () => {
    for (const bad of ['proxy.example', '10.0.0.0/33', 'fd00::/129', '10.0.0.0/8/8', '10.0.0.0/', '10.0.0.0/x', '*', '10.0.0.5:80', '0.0.0.0/0', '::/0']) {
      expect(parseTrustedProxies([bad]), bad).toEqual({ ok: false, bad });
    }
  });
});
