// The pure parts of `serve --http`: the bearer key, the Host/Origin allow-lists, the in-flight caps,
// the memory of accepted keys, the HTTP settings and the command line.
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { FairShare } from '../../src/http/fair-share.js';
import { InFlightLimiter, unverifiedPerAddress, unverifiedShare } from '../../src/http/in-flight.js';
import { keyId } from '../../src/http/key-id.js';
import { requestIds } from '../../src/http/request-body.js';
import { allowLists, bearerCredential, checkHostAndOrigin, isLoopbackHost } from '../../src/http/request-guards.js';
import { HTTP_DEFAULTS, loadHttpSettings } from '../../src/http/settings.js';
import { VerifiedKeys } from '../../src/http/state/verified-keys.js';

const KEY = 'or_demo_full_4c7fa9cc8b133cdbbf9ecbd4e97';

describe('bearerCredential, sign-in off', () => {
  const bearerKey = (header: string | undefined) => bearerCredential(header, false);
  const MALFORMED = 'Unauthorized: the Authorization header must be "Bearer " followed by your personal API key, which starts with "or_".';

  it.each([[`Bearer ${KEY}`], [`bearer ${KEY}`], [`  Bearer   ${KEY}  `], ['Bearer or_abc-DEF_123.~+/==']])('reads %j', (header) => {
    expect(bearerKey(header)).toEqual({ ok: true, key: header.trim().split(/\s+/)[1] });
  });

  it.each([[undefined], [''], ['   ']])('calls %j missing', (header) => {
    expect(bearerKey(header)).toMatchObject({ ok: false, reason: 'missing' });
  });

  it.each([[KEY], [`Basic ${KEY}`], ['Token abc']])('calls %j missing too: another scheme, so the challenge names no error (RFC 6750)', (header) => {
    expect(bearerKey(header)).toEqual({ ok: false, reason: 'missing', message: MALFORMED });
  });

  it.each([
    ['Bearer'],
    ['Bearer or_'],
    ['Bearer sk_live_123'],
    [`Bearer ${KEY} extra`],
    [`Bearer ${KEY}\u0000`],
    ['Bearer or_ü'],
    [`Bearer or_${'a'.repeat(600)}`],
    ['Bearer or_a=b'],
  ])('calls %j malformed, without repeating it', (header) => {
    // One fixed text for every malformed header: nothing of what was sent comes back.
    expect(bearerKey(header)).toEqual({ ok: false, reason: 'malformed', message: MALFORMED });
  });
});

describe('bearerCredential, a key pasted with its quotes', () => {
  const QUOTED =
    'Unauthorized: the API key in the Authorization header is wrapped in quotation marks: remove them, so that the header reads Bearer or_... with nothing around the key.';

  it.each([
    [`Bearer "${KEY}"`],
    [`Bearer '${KEY}'`],
    [`Bearer \u201c${KEY}\u201d`],
    [`Bearer \\"${KEY}\\"`],
    [`Bearer ${KEY}"`],
    [`"Bearer ${KEY}"`],
    [`'bearer ${KEY}'`],
  ])('refuses %j as malformed, saying so, without repeating the key, sign-in on or off', (header) => {
    for (const signIn of [false, true]) {
      const refused = bearerCredential(header, signIn);
      expect(refused).toEqual({ ok: false, reason: 'malformed', message: QUOTED });
      expect(JSON.stringify(refused)).not.toContain(KEY.slice(3));
    }
  });

  it('keeps the generic message for a quoted value that is no key', () => {
    expect(bearerCredential('Bearer "sk_live_123"', false)).toMatchObject({
      reason: 'malformed',
      message: expect.stringMatching(/must be "Bearer " followed by/),
    });
    expect(bearerCredential('"Basic abc"', false)).toMatchObject({ reason: 'missing' });
  });
});

describe('bearerCredential, sign-in on', () => {
  // Shaped as sealed-tokens.ts seals: JWE compact, five base64url parts (the second empty with `dir`).
  const TOKEN = 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIiwia2lkIjoiYWJjZCJ9..aGVsbG8td29ybGQx.Y2lwaGVydGV4dA.dGFnLXRhZy10YWctdGFn';

  it('tells a key (or_...) from a sealed token', () => {
    expect(bearerCredential(`Bearer ${KEY}`, true)).toEqual({ ok: true, key: KEY });
    expect(bearerCredential(`Bearer ${TOKEN}`, true)).toEqual({ ok: true, token: TOKEN });
    // The prefix decides: a value starting or_ is a key, even shaped like a token, and the service judges it.
    expect(bearerCredential('Bearer or_.a.b.c.d', true)).toEqual({ ok: true, key: 'or_.a.b.c.d' });
  });

  it('takes no token while sign-in is off', () => {
    expect(bearerCredential(`Bearer ${TOKEN}`, false)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it.each([
    ['four parts', 'a.b.c.d'],
    ['six parts', `${TOKEN}.x`],
    ['an invisible character inside', `${TOKEN.slice(0, 10)}\u200b${TOKEN.slice(10)}`],
    ['far too long', `${'a'.repeat(9000)}.b.c.d.e`],
    ['padding', `${TOKEN}=`],
  ])('refuses %s as malformed, and the message mentions both ways in', (_label, value) => {
    const refused = bearerCredential(`Bearer ${value}`, true);
    expect(refused).toMatchObject({ ok: false, reason: 'malformed' });
    expect(refused.ok ? '' : refused.message).toContain('a token from sign-in');
  });

  it('says how to sign in when nothing is sent', () => {
    const refused = bearerCredential(undefined, true);
    expect(refused.ok ? '' : refused.message).toMatch(/^Unauthorized: sign in from your MCP client, or send your personal API key/);
  });
});

describe('Host and Origin allow-lists', () => {
  const loopback = allowLists('127.0.0.1', undefined, undefined);

  it('knows loopback binds', () => {
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '10.0.0.5', 'mcp.example.com', '127.0.0.1.example.com'].some(isLoopbackHost)).toBe(false);
  });

  it.each([
    ['localhost:8080', undefined],
    ['LOCALHOST', undefined],
    ['127.0.0.1:1', undefined],
    ['[::1]:8080', undefined],
    ['localhost:8080', 'http://localhost:5173'],
    ['localhost:8080', 'https://127.0.0.1'],
    ['localhost:8080', 'http://[::1]:3000'],
  ])('bound to loopback, accepts Host %j with Origin %j', (host, origin) => {
    expect(checkHostAndOrigin(loopback, host, origin)).toEqual({ ok: true });
  });

  it.each([
    [undefined, undefined],
    ['evil.example.com', undefined],
    ['localhost.evil.example.com', undefined],
    ['127.0.0.1.nip.io:8080', undefined],
    ['localhost:8080.evil.example.com', undefined],
    ['[::1].evil.example.com', undefined],
    ['', undefined],
    ['localhost:8080', 'http://evil.example.com'],
    ['localhost:8080', 'http://localhost.evil.example.com'],
    ['localhost:8080', 'null'],
    ['localhost:8080', 'file://'],
    ['localhost:8080', 'http://localhost:8080/path'],
  ])('bound to loopback, refuses Host %j with Origin %j', (host, origin) => {
    expect(checkHostAndOrigin(loopback, host, origin)).toMatchObject({ ok: false, message: expect.stringMatching(/^Forbidden: /) });
  });

  it('bound elsewhere, takes any Host unless listed, and no browser Origin unless listed', () => {
    const open = allowLists('0.0.0.0', undefined, undefined);
    expect(checkHostAndOrigin(open, 'mcp.example.com', undefined)).toEqual({ ok: true });
    expect(checkHostAndOrigin(open, 'mcp.example.com', 'http://localhost:5173').ok).toBe(false);

    const listed = allowLists('0.0.0.0', ['mcp.example.com'], ['https://app.example.com/']);
    expect(checkHostAndOrigin(listed, 'MCP.example.com:443', 'https://app.example.com')).toEqual({ ok: true });
    expect(checkHostAndOrigin(listed, 'localhost', undefined).ok).toBe(false);
    expect(checkHostAndOrigin(listed, 'mcp.example.com', 'https://other.example.com')).toEqual({
      ok: false,
      message: 'Forbidden: requests from this Origin are not allowed (COMPLAINTS_HTTP_ALLOWED_ORIGINS lists the origins that are).',
    });
  });

  it('listing hosts on loopback replaces the loopback defaults', () => {
    const lists = allowLists('127.0.0.1', ['mcp.internal'], undefined);
    expect(checkHostAndOrigin(lists, 'mcp.internal:8080', undefined).ok).toBe(true);
    expect(checkHostAndOrigin(lists, 'localhost:8080', undefined).ok).toBe(false);
  });
});

describe('InFlightLimiter', () => {
  const busy = (cap: 'total' | 'perKey' | 'unverified', limit: number) => ({ ok: false, cap, reason: 'busy', limit });

  it('caps each key and the total, and frees a slot once, on release', () => {
    const limiter = new InFlightLimiter({ total: 3, perKey: 2 });
    const a1 = limiter.admit('a', 'here', 1, true);
    const a2 = limiter.admit('a', 'here', 1, true);
    expect(a1.ok && a2.ok).toBe(true);
    expect(limiter.admit('a', 'here', 1, true)).toEqual(busy('perKey', 2));
    const b1 = limiter.admit('b', 'here', 1, true);
    expect(b1.ok).toBe(true);
    expect(limiter.admit('c', 'here', 1, true)).toEqual(busy('total', 3));
    expect(limiter.count).toBe(3);
    if (a1.ok) {
      a1.release();
      a1.release(); // twice is once
    }
    expect(limiter.count).toBe(2);
    expect(limiter.admit('a', 'here', 1, true).ok).toBe(true);
    expect(limiter.admit('c', 'here', 1, true)).toEqual(busy('total', 3));
  });

  it('gives a message without calls (notifications only) one slot', () => {
    const limiter = new InFlightLimiter({ total: 3, perKey: 2 });
    expect(limiter.admit('a', 'here', 0, true).ok).toBe(true);
    expect(limiter.count).toBe(1);
  });

  it('takes one slot per call of a batch, and frees them all on release', () => {
    const limiter = new InFlightLimiter({ total: 5, perKey: 3 });
    const batch = limiter.admit('a', 'here', 3, true);
    expect(batch.ok).toBe(true);
    expect(limiter.count).toBe(3);
    expect(limiter.admit('a', 'here', 1, true)).toEqual(busy('perKey', 3));
    expect(limiter.admit('b', 'here', 3, true)).toEqual(busy('total', 5));
    expect(limiter.admit('b', 'here', 2, true).ok).toBe(true);
    if (batch.ok) batch.release();
    expect(limiter.count).toBe(2);
    expect(limiter.admit('a', 'here', 3, true).ok).toBe(true);
  });

  it('refuses a batch that could never fit as such, even on an idle server', () => {
    const limiter = new InFlightLimiter({ total: 64, perKey: 8 });
    expect(limiter.admit('a', 'here', 9, true)).toEqual({ ok: false, cap: 'perKey', reason: 'batch', limit: 8 });
    expect(limiter.admit('a', 'here', 100, true)).toEqual({ ok: false, cap: 'perKey', reason: 'batch', limit: 8 });
    expect(new InFlightLimiter({ total: 4, perKey: 8 }).admit('a', 'here', 5, true)).toEqual({ ok: false, cap: 'total', reason: 'batch', limit: 4 });
    expect(limiter.count).toBe(0);
    expect(limiter.admit('a', 'here', 8, true).ok).toBe(true);
  });

  it('keeps all but an eighth of the slots (at least one) for keys the service has accepted', () => {
    expect([1, 3, 7, 8, 15, 16, 64, 100].map(unverifiedShare)).toEqual([1, 1, 1, 1, 1, 2, 8, 12]);
    const limiter = new InFlightLimiter({ total: 64, perKey: 8 });
    // 80 made-up keys from many addresses, one call each: 8 pass, the rest find the share taken.
    const strangers = Array.from({ length: 80 }, (_, n) => limiter.admit(`stranger${n}`, `address${n}`, 1, false));
    expect(strangers.filter((admission) => admission.ok)).toHaveLength(8);
    expect(strangers[8]).toEqual(busy('unverified', 8));
    // Members the service has accepted still have 56 slots, 8 per key.
    for (let member = 0; member < 7; member++) expect(limiter.admit(`member${member}`, 'here', 8, true).ok).toBe(true);
    expect(limiter.count).toBe(64);
    expect(limiter.admit('member7', 'here', 1, true)).toEqual(busy('total', 64));
  });

  it('gives one address half the unverified share (at least one), so that a new member elsewhere gets in', () => {
    expect([1, 3, 15, 16, 32, 64, 100].map(unverifiedPerAddress)).toEqual([1, 1, 1, 1, 2, 4, 6]);
    const limiter = new InFlightLimiter({ total: 64, perKey: 8 });
    const strangers = Array.from({ length: 80 }, (_, n) => limiter.admit(`stranger${n}`, 'flooding', 1, false));
    expect(strangers.filter((admission) => admission.ok)).toHaveLength(4);
    expect(strangers[4]).toEqual(busy('unverified', 4));
    // Made-up keys cannot get around it by being many: the address is counted, whatever the key.
    expect(limiter.admit('yet another', 'flooding', 1, false)).toEqual(busy('unverified', 4));
    // A new member from another address: its batch of 4 fits.
    expect(limiter.admit('newcomer', 'elsewhere', 4, false).ok).toBe(true);
    // The share is full in all now, even for a third address; an accepted member is not counted in it.
    expect(limiter.admit('third', 'third address', 1, false)).toEqual(busy('unverified', 8));
    expect(limiter.admit('member', 'flooding', 8, true).ok).toBe(true);
    // Given back, a slot of the flooding address serves that address again.
    const first = strangers[0]!;
    if (first.ok) first.release();
    expect(limiter.admit('again', 'flooding', 1, false).ok).toBe(true);
  });

  it('lets accepted keys use the slots the unverified share leaves free, and frees a share slot on release', () => {
    const limiter = new InFlightLimiter({ total: 16, perKey: 8 });
    const member = limiter.admit('member', 'here', 8, true);
    const member2 = limiter.admit('member2', 'here', 6, true);
    expect(member.ok && member2.ok).toBe(true);
    const stranger = limiter.admit('stranger', 'there', 1, false);
    const stranger2 = limiter.admit('stranger2', 'elsewhere', 1, false);
    expect(stranger.ok && stranger2.ok).toBe(true);
    expect(limiter.admit('other', 'third', 1, false)).toEqual(busy('total', 16));
    if (stranger.ok) stranger.release();
    if (member.ok) member.release();
    // The stranger's slot went back to the share, wherever the key stands now.
    expect(limiter.admit('other', 'there', 1, false).ok).toBe(true);
    expect(limiter.admit('other2', 'third', 1, false)).toEqual(busy('unverified', 2));
  });

  it('refuses a batch larger than an address may hold of the unverified share as such, until the key is accepted', () => {
    const limiter = new InFlightLimiter({ total: 64, perKey: 8 });
    expect(limiter.admit('new', 'here', 5, false)).toEqual({ ok: false, cap: 'unverified', reason: 'batch', limit: 4 });
    expect(limiter.admit('new', 'here', 5, true).ok).toBe(true);
  });

  it('says a batch can never fit before saying the server is busy', () => {
    const limiter = new InFlightLimiter({ total: 16, perKey: 8 });
    expect(limiter.admit('member', 'here', 8, true).ok).toBe(true);
    expect(limiter.admit('member2', 'here', 8, true).ok).toBe(true);
    expect(limiter.admit('new', 'there', 2, false)).toEqual({ ok: false, cap: 'unverified', reason: 'batch', limit: 1 });
  });
});

describe('FairShare', () => {
  it('caps the total and each owner; a taking naming two owners counts once in all and once for each', () => {
    const share = new FairShare({ total: 4, perOwner: 2 });
    const a = share.take(['host a', 'address 1'], 1);
    const b = share.take(['host a', 'address 2'], 1);
    expect(a.ok && b.ok).toBe(true);
    expect(share.count).toBe(2);
    expect(share.take(['host a', 'address 3'], 1)).toEqual({ ok: false, cap: 'perOwner', reason: 'busy', limit: 2 });
    expect(share.take(['host b', 'address 1'], 2)).toEqual({ ok: false, cap: 'perOwner', reason: 'busy', limit: 2 });
    expect(share.take(['host b', 'address 3'], 2).ok).toBe(true);
    expect(share.take(['host c', 'address 4'], 1)).toEqual({ ok: false, cap: 'total', reason: 'busy', limit: 4 });
    expect(share.take(['host c'], 3)).toEqual({ ok: false, cap: 'perOwner', reason: 'batch', limit: 2 });
    if (a.ok) {
      a.release();
      a.release(); // twice is once
    }
    expect(share.count).toBe(3);
    expect(share.heldBy('host a')).toBe(1);
    expect(share.heldBy('address 1')).toBe(0);
    expect(share.take(['host c', 'address 1'], 1).ok).toBe(true);
  });

  it('counts an owner named twice once', () => {
    const share = new FairShare({ total: 4, perOwner: 2 });
    const twice = share.take(['same', 'same'], 1);
    expect(share.heldBy('same')).toBe(1);
    if (twice.ok) twice.release();
    expect(share.heldBy('same')).toBe(0);
    expect(share.count).toBe(0);
  });
});

describe('VerifiedKeys', () => {
  /** A clock the test moves by hand. */
  function memory(maxEntries = 3, ttlMs = 1000) {
    const clock = { ms: 0 };
    return { clock, keys: new VerifiedKeys({ maxEntries, ttlMs, now: () => clock.ms }) };
  }

  it('remembers a key the service answered with a 2xx, and nothing else', () => {
    const { keys } = memory();
    for (const status of [100, 304, 400, 403, 404, 429, 500, 503]) keys.heard('a', status);
    expect(keys.has('a')).toBe(false);
    keys.heard('a', 200);
    keys.heard('b', 204);
    expect(keys.has('a') && keys.has('b')).toBe(true);
    expect(keys.has('c')).toBe(false);
  });

  it('forgets a key at once on a 401, and a 403 (a real key without the permission) does not', () => {
    const { keys } = memory();
    keys.heard('a', 200);
    keys.heard('a', 403);
    expect(keys.has('a')).toBe(true);
    keys.heard('a', 401);
    expect(keys.has('a')).toBe(false);
    expect(keys.size).toBe(0);
  });

  it('forgets a key the TTL after the service last accepted it', () => {
    const { clock, keys } = memory(3, 1000);
    keys.heard('a', 200);
    clock.ms = 600;
    keys.heard('a', 200); // accepted again: the TTL runs from here
    clock.ms = 1599;
    expect(keys.has('a')).toBe(true);
    clock.ms = 1600;
    expect(keys.has('a')).toBe(false);
    expect(keys.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the least recently accepted, and sweeps the expired as it adds', () => {
    const { clock, keys } = memory(3, 1000);
    keys.heard('a', 200);
    clock.ms = 1;
    keys.heard('b', 200);
    clock.ms = 2;
    keys.heard('c', 200);
    clock.ms = 3;
    keys.heard('a', 200); // a is now the most recent
    keys.heard('d', 200);
    expect(keys.size).toBe(3);
    expect(['a', 'b', 'c', 'd'].filter((id) => keys.has(id))).toEqual(['a', 'c', 'd']);
    clock.ms = 1002.5; // c (accepted at 2) has expired, a and d (at 3) have not
    keys.heard('e', 200);
    expect(keys.size).toBe(3);
    expect(['a', 'c', 'd', 'e'].filter((id) => keys.has(id))).toEqual(['a', 'd', 'e']);
  });
});

describe('keyId', () => {
  it('is the SHA-256 of the key, in base64url, and never holds the key', () => {
    const id = keyId(KEY);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(id).toBe(keyId(KEY));
    expect(id).not.toBe(keyId(`${KEY}x`));
    expect(id).not.toContain(KEY.slice(3, 12));
  });
});

describe('loadHttpSettings', () => {
  it('has defaults, loopback allow-lists on loopback', () => {
    const settings = loadHttpSettings({}, '127.0.0.1');
    expect(settings.problems).toEqual([]);
    expect(settings.caps).toEqual({ total: HTTP_DEFAULTS.maxInFlight, perKey: HTTP_DEFAULTS.maxInFlightPerKey });
    expect(settings.shutdownGraceMs).toBe(HTTP_DEFAULTS.shutdownGraceMs);
    expect(settings.exportLinkMinutes).toBe(15);
    expect(settings.publicUrl).toBeUndefined();
    expect([...settings.allowLists.hosts!]).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(loadHttpSettings({}, '0.0.0.0').allowLists.hosts).toBeUndefined();
  });

  it('reads every setting', () => {
    const settings = loadHttpSettings(
      {
        COMPLAINTS_HTTP_ALLOWED_HOSTS: ' mcp.example.com , [::1]:8080 ',
        COMPLAINTS_HTTP_ALLOWED_ORIGINS: 'https://app.example.com',
        COMPLAINTS_HTTP_MAX_IN_FLIGHT: '200',
        COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY: '4',
        COMPLAINTS_HTTP_SHUTDOWN_GRACE_MS: '25000',
        COMPLAINTS_HTTP_EXPORT_LINK_MINUTES: '1440',
        COMPLAINTS_HTTP_PUBLIC_URL: 'https://mcp.example.com',
        COMPLAINTS_HTTP_TRUSTED_PROXIES: ' 172.30.0.10 , fd00::/8 ',
      },
      '0.0.0.0',
    );
    expect(settings.problems).toEqual([]);
    expect(settings.trustedProxies.size).toBe(2);
    expect(settings.trustedProxies.trusts('172.30.0.10') && settings.trustedProxies.trusts('fd00::1')).toBe(true);
    expect(settings.trustedProxies.trusts('172.30.0.11')).toBe(false);
    expect(loadHttpSettings({}, '0.0.0.0').trustedProxies.size).toBe(0);
    expect([...settings.allowLists.hosts!]).toEqual(['mcp.example.com', '[::1]']);
    expect([...settings.allowLists.origins]).toEqual(['https://app.example.com']);
    expect(settings.caps).toEqual({ total: 200, perKey: 4 });
    expect(settings.shutdownGraceMs).toBe(25_000);
    expect(settings.exportLinkMinutes).toBe(1440);
    // Without sign-in, the public URL names the origin of export links.
    expect(settings.publicUrl).toBe('https://mcp.example.com');
    expect(settings.signIn).toBeUndefined();
  });

  it.each([
    ['COMPLAINTS_HTTP_ALLOWED_HOSTS', 'http://mcp.example.com'],
    ['COMPLAINTS_HTTP_ALLOWED_HOSTS', ','],
    ['COMPLAINTS_HTTP_ALLOWED_ORIGINS', 'app.example.com'],
    ['COMPLAINTS_HTTP_MAX_IN_FLIGHT', '0'],
    ['COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY', '2.5'],
    ['COMPLAINTS_HTTP_SHUTDOWN_GRACE_MS', '-1'],
    ['COMPLAINTS_HTTP_EXPORT_LINK_MINUTES', '0'],
    ['COMPLAINTS_HTTP_EXPORT_LINK_MINUTES', '1441'],
    ['COMPLAINTS_HTTP_EXPORT_LINK_MINUTES', '15m'],
    ['COMPLAINTS_HTTP_PUBLIC_URL', 'http://mcp.example.com'],
    ['COMPLAINTS_HTTP_TRUSTED_PROXIES', 'proxy.example'],
    ['COMPLAINTS_HTTP_TRUSTED_PROXIES', '10.0.0.0/40'],
    ['COMPLAINTS_HTTP_TRUSTED_PROXIES', ','],
    ['COMPLAINTS_HTTP_TRUSTED_PROXIES', '0.0.0.0/0'],
  ])('names %s=%j as a problem', (name, value) => {
    const { problems } = loadHttpSettings({ [name]: value }, '127.0.0.1');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name} must be`));
  });
  it('names the entry of COMPLAINTS_HTTP_TRUSTED_PROXIES it refuses, not the whole list', () => {
    const { problems } = loadHttpSettings({ COMPLAINTS_HTTP_TRUSTED_PROXIES: '10.0.0.5, 172.30.0.0/24, proxy.internal' }, '127.0.0.1');
    expect(problems).toEqual([expect.stringMatching(/\(got "proxy\.internal"\)\.$/)]);
  });
});

describe('parseArgs: serve', () => {
  it('reads serve --http with its defaults and options', () => {
    expect(parseArgs(['serve', '--http'])).toEqual({ mode: 'serve', host: '127.0.0.1', port: 8080 });
    expect(parseArgs(['serve', '--http', '--host', '0.0.0.0', '--port', '3000'])).toEqual({ mode: 'serve', host: '0.0.0.0', port: 3000 });
    expect(parseArgs(['serve', '--port=0', '--http', '--host=[::1]'])).toEqual({ mode: 'serve', host: '::1', port: 0 });
  });

  it('gives help when asked anywhere on the line', () => {
    expect(parseArgs(['serve', '--http', '--help'])).toEqual({ mode: 'help' });
    expect(parseArgs(['check', '-h'])).toEqual({ mode: 'help' });
  });

  it.each([
    [['serve']],
    [['serve', '--http=yes']],
    [['serve', '--http', '--port']],
    [['serve', '--http', '--port', '65536']],
    [['serve', '--http', '--host', 'a b']],
    [['serve', '--http', '--verbose']],
    [['serve', '--http', 'extra']],
  ])('refuses %j', (argv) => {
    expect(parseArgs(argv)).toMatchObject({ mode: 'invalid' });
  });
});

describe('requestIds', () => {
  it('names the calls that expect an answer, in a message or a batch', () => {
    expect(requestIds({ jsonrpc: '2.0', id: 7, method: 'tools/call' })).toEqual([7]);
    expect(requestIds({ jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual([]);
    expect(requestIds([{ id: 'a', method: 'ping' }, { method: 'notifications/x' }, { id: 2, result: {} }, { id: null, method: 'x' }])).toEqual(['a']);
    expect(requestIds('text')).toEqual([]);
    expect(requestIds(null)).toEqual([]);
  });
});
