// The address a client's shares are counted against (the unverified keys' slots, the sign-in's
// document fetches). An IPv6 subscriber is given a whole network of addresses, any of which it may
// connect from: each must not be a client of its own.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../src/http/client-address.js';

const from = (remoteAddress: string | undefined) => clientAddress({ socket: { remoteAddress } } as IncomingMessage);

describe('clientAddress', () => {
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
});
