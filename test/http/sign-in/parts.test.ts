// The pure parts of the sign-in: its settings, the sealing of tokens, the memory of used codes and
// rotated refresh tokens, and the rules for redirect URIs.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { loadHttpSettings, MIN_SECRET_LENGTH } from '../../../src/http/settings.js';
import { redirectUriMatches, redirectUriProblem } from '../../../src/http/sign-in/redirect-uris.js';
import { TokenSealer } from '../../../src/http/sign-in/sealed-tokens.js';
import { GrantMemory } from '../../../src/http/state/grant-memory.js';
import { REFRESH_RETRY_SECONDS } from '../../../src/http/state/shared-state.js';

const SECRET = 'a'.repeat(MIN_SECRET_LENGTH);
const OTHER = 'b'.repeat(MIN_SECRET_LENGTH);

describe('sign-in settings', () => {
  it('are off without a secret, and on with one; on loopback the listening address is enough', () => {
    expect(loadHttpSettings({}, '127.0.0.1').signIn).toBeUndefined();
    const on = loadHttpSettings({ COMPLAINTS_HTTP_TOKEN_SECRET: ` ${SECRET} , ${OTHER} ` }, '127.0.0.1');
    expect(on.problems).toEqual([]);
    expect(on.signIn).toEqual({ secrets: [SECRET, OTHER], publicUrl: undefined, allowPrivateClientMetadata: false });
  });

  it('read the public URL as an origin, and add its host to the loopback allow-list (a proxy in front)', () => {
    const settings = loadHttpSettings({ COMPLAINTS_HTTP_TOKEN_SECRET: SECRET, COMPLAINTS_HTTP_PUBLIC_URL: 'https://mcp.example.com/' }, '127.0.0.1');
    expect(settings.problems).toEqual([]);
    expect(settings.signIn?.publicUrl).toBe('https://mcp.example.com');
    expect([...settings.allowLists.hosts!]).toContain('mcp.example.com');
  });

  it('want a public URL beyond loopback', () => {
    const { problems } = loadHttpSettings({ COMPLAINTS_HTTP_TOKEN_SECRET: SECRET }, '0.0.0.0');
    expect(problems).toEqual([expect.stringMatching(/^COMPLAINTS_HTTP_PUBLIC_URL is required for sign-in/)]);
  });

  it.each([
    ['http://mcp.example.com'],
    ['https://mcp.example.com/mcp'],
    ['https://mcp.example.com/?x=1'],
    ['https://mcp.example.com/#x'],
    ['https://user:pass@mcp.example.com'],
    ['mcp.example.com'],
    ['ftp://mcp.example.com'],
  ])('refuse the public URL %j', (url) => {
    const { problems } = loadHttpSettings({ COMPLAINTS_HTTP_TOKEN_SECRET: SECRET, COMPLAINTS_HTTP_PUBLIC_URL: url }, '127.0.0.1');
    expect(problems).toEqual([expect.stringMatching(/^COMPLAINTS_HTTP_PUBLIC_URL must be the https origin/)]);
  });

  it('refuse a short secret, an empty list, and never quote a secret', () => {
    for (const secrets of ['short', `${SECRET},short-one`, ' , ']) {
      const { problems } = loadHttpSettings({ COMPLAINTS_HTTP_TOKEN_SECRET: secrets }, '127.0.0.1');
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^COMPLAINTS_HTTP_TOKEN_SECRET must be/);
      expect(problems[0]).not.toContain('short');
    }
  });

  it('call a sign-in setting without a secret a problem, not a silent no-op', () => {
    const { problems } = loadHttpSettings({ COMPLAINTS_HTTP_ALLOW_PRIVATE_CLIENT_METADATA: 'true' }, '127.0.0.1');
    expect(problems).toEqual([
      expect.stringMatching(
        /^COMPLAINTS_HTTP_ALLOW_PRIVATE_CLIENT_METADATA is a sign-in setting, and sign-in is off \(COMPLAINTS_HTTP_TOKEN_SECRET is unset or empty\)/,
      ),
    ]);
  });

  it('take the public URL without sign-in (the origin of export links), with the same checks', () => {
    const off = loadHttpSettings({ COMPLAINTS_HTTP_PUBLIC_URL: 'https://mcp.example.com/' }, '127.0.0.1');
    expect(off.problems).toEqual([]);
    expect(off.signIn).toBeUndefined();
    expect(off.publicUrl).toBe('https://mcp.example.com');
    expect([...off.allowLists.hosts!]).toContain('mcp.example.com');
    expect(loadHttpSettings({ COMPLAINTS_HTTP_PUBLIC_URL: 'https://mcp.example.com/exports' }, '0.0.0.0').problems).toEqual([
      expect.stringMatching(/^COMPLAINTS_HTTP_PUBLIC_URL must be the https origin/),
    ]);
  });

  it('read the private-address switch with the words every switch takes', () => {
    const read = (value: string) =>
      loadHttpSettings({ COMPLAINTS_HTTP_TOKEN_SECRET: SECRET, COMPLAINTS_HTTP_ALLOW_PRIVATE_CLIENT_METADATA: value }, '127.0.0.1');
    expect(read('true').signIn?.allowPrivateClientMetadata).toBe(true);
    expect(read('Yes').signIn?.allowPrivateClientMetadata).toBe(true);
    expect(read('off').signIn?.allowPrivateClientMetadata).toBe(false);
    expect(read('maybe').problems).toEqual([expect.stringMatching(/must be true\/yes\/on\/1 or false\/no\/off\/0/)]);
    expect(read('maybe').signIn?.allowPrivateClientMetadata).toBe(false);
  });

  it('never quote the secret, whole or in part, from another setting it was pasted into', () => {
    const secret = 'TE7x/fUoMRoXMo5ccduulHLkB7JW5pSzX1pMMzh7r/w=';
    const env = {
      COMPLAINTS_HTTP_TOKEN_SECRET: secret,
      COMPLAINTS_HTTP_PUBLIC_URL: secret,
      COMPLAINTS_HTTP_ALLOW_PRIVATE_CLIENT_METADATA: `x${secret.slice(0, 20)}`,
      COMPLAINTS_HTTP_ALLOWED_HOSTS: `https://${secret.slice(10, 30)}`,
      COMPLAINTS_HTTP_MAX_IN_FLIGHT: secret.slice(-14),
    };
    const { problems } = loadHttpSettings(env, '127.0.0.1');
    expect(problems).toHaveLength(4);
    for (const problem of problems) {
      expect(problem).toContain('holds part of COMPLAINTS_HTTP_TOKEN_SECRET; it is not shown');
      for (let at = 0; at + 8 <= secret.length; at++) expect(problem).not.toContain(secret.slice(at, at + 8));
    }
    const config = loadConfig({ ...env, COMPLAINTS_API_URL: `https://${secret}`, COMPLAINTS_TIMEZONE: secret, COMPLAINTS_LOG_LEVEL: secret }, 'request');
    for (const message of [...config.problems, ...config.warnings]) {
      for (let at = 0; at + 8 <= secret.length; at++) expect(message.toLowerCase()).not.toContain(secret.slice(at, at + 8).toLowerCase());
    }
    expect(config.warnings).toEqual([expect.stringContaining('COMPLAINTS_LOG_LEVEL')]);
  });
});

describe('the shared state setting', () => {
  it.each([
    ['redis://127.0.0.1:6379'],
    ['redis://redis'],
    ['rediss://:a-long-password@redis.example.com:6380/0'],
    ['rediss://default:a-long-password@redis.example.com/15'],
    ['redis://[::1]:6379'],
  ])('takes %s as it is', (url) => {
    const settings = loadHttpSettings({ COMPLAINTS_HTTP_STATE_URL: url }, '127.0.0.1');
    expect(settings.problems).toEqual([]);
    expect(settings.stateUrl).toBe(url);
  });

  it.each([['redis://:50%off-hunter2@redis:6379'], ['redis://us%zzer:hunter2@redis:6379']])(
    'refuses %s: a % in the password or user not written as %25, naming the setting, never the value',
    (url) => {
      const settings = loadHttpSettings({ COMPLAINTS_HTTP_STATE_URL: url }, '127.0.0.1');
      expect(settings.stateUrl).toBeUndefined();
      expect(settings.problems).toEqual([
        expect.stringMatching(/^COMPLAINTS_HTTP_STATE_URL holds a user or password that is not percent-encoded: write a % in it as %25/),
      ]);
      expect(settings.problems.join('\n')).not.toMatch(/hunter2/);
    },
  );

  it('takes a password with its % written as %25', () => {
    expect(loadHttpSettings({ COMPLAINTS_HTTP_STATE_URL: 'redis://:50%25off-pw@redis:6379' }, '127.0.0.1').problems).toEqual([]);
  });

  it("is this process's memory when unset, with or without sign-in", () => {
    expect(loadHttpSettings({}, '127.0.0.1').stateUrl).toBeUndefined();
    expect(loadHttpSettings({ COMPLAINTS_HTTP_TOKEN_SECRET: SECRET }, '127.0.0.1').stateUrl).toBeUndefined();
  });

  it.each([
    ['http://:pw-hunter2-secret@redis.example.com:6379'],
    ['redis://:pw-hunter2-secret@'],
    ['redis:pw-hunter2-secret@redis'],
    ['redis://:pw-hunter2-secret@redis/db1'],
    ['redis://:pw-hunter2-secret@redis:6379/0?tls=true'],
    ['redis://:pw-hunter2-secret@redis:6379/#x'],
    ['pw-hunter2-secret'],
  ])('refuses %s, naming the setting and never quoting the value (it may hold a password)', (url) => {
    const settings = loadHttpSettings({ COMPLAINTS_HTTP_STATE_URL: url }, '127.0.0.1');
    expect(settings.stateUrl).toBeUndefined();
    expect(settings.problems).toEqual([expect.stringMatching(/^COMPLAINTS_HTTP_STATE_URL must be the URL of a Redis server/)]);
    expect(settings.problems.join('\n')).not.toMatch(/hunter2/);
  });
});

describe('TokenSealer', () => {
  it('opens what it sealed, with a fresh jti each time', async () => {
    const sealer = new TokenSealer([SECRET]);
    const first = await sealer.seal('access', { k: 'or_key', aud: 'https://a.example/mcp' }, 60);
    const second = await sealer.seal('access', { k: 'or_key', aud: 'https://a.example/mcp' }, 60);
    expect(first).not.toBe(second);
    const opened = await sealer.open('access', first, 'https://a.example/mcp');
    expect(opened).toMatchObject({ ok: true, claims: { k: 'or_key' } });
    // Nothing of the claims shows through the sealed token.
    expect(first).not.toContain(Buffer.from('or_key').toString('base64url'));
  });

  it('never opens a token as another kind', async () => {
    const sealer = new TokenSealer([SECRET]);
    const code = await sealer.seal('code', { k: 'or_key' }, 60);
    for (const kind of ['access', 'refresh', 'client', 'form'] as const) expect(await sealer.open(kind, code)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses another audience, another secret, a change of one character, and an expired token', async () => {
    let now = 1_800_000_000_000;
    const sealer = new TokenSealer([SECRET], () => now);
    const token = await sealer.seal('access', { aud: 'https://a.example/mcp' }, 60);
    expect(await sealer.open('access', token, 'https://b.example/mcp')).toEqual({ ok: false, reason: 'invalid' });
    expect(await new TokenSealer([OTHER], () => now).open('access', token)).toEqual({ ok: false, reason: 'invalid' });
    const parts = token.split('.');
    for (let part = 0; part < parts.length; part++) {
      if (parts[part] === '') continue;
      const changed = [...parts];
      // The first character: the last one's low bits may be padding, and changing them changes nothing.
      changed[part] = `${parts[part]!.startsWith('A') ? 'B' : 'A'}${parts[part]!.slice(1)}`;
      expect((await sealer.open('access', changed.join('.'))).ok).toBe(false);
    }
    // Every other spelling of the last character, which a base64url decoder may read as the same bytes.
    const respelt = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_']
      .filter((last) => last !== token.at(-1))
      .map((last) => `${token.slice(0, -1)}${last}`);
    const opened = await Promise.all(respelt.map((spelling) => sealer.open('access', spelling)));
    expect(opened.filter((result) => result.ok)).toEqual([]);
    now += 61_000;
    expect(await sealer.open('access', token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('rotates: the first secret seals, every listed secret opens', async () => {
    const old = await new TokenSealer([OTHER]).seal('refresh', { n: 1 }, 60);
    const rotated = new TokenSealer([SECRET, OTHER]);
    expect((await rotated.open('refresh', old)).ok).toBe(true);
    const fresh = await rotated.seal('refresh', { n: 2 }, 60);
    expect((await new TokenSealer([SECRET]).open('refresh', fresh)).ok).toBe(true);
    expect((await new TokenSealer([OTHER]).open('refresh', fresh)).ok).toBe(false);
  });

  it.each([[''], ['a.b.c.d.e'], ['x'.repeat(9000)], ['eyJ.\u200b.a.b.c'], ['__proto__'], ['a..b..c']])('calls %j invalid without throwing', async (token) => {
    expect(await new TokenSealer([SECRET]).open('access', token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('seals repeatably: the same claims and time give the same token on another sealer with the secret; anything else another token', async () => {
    const claims = { k: 'or_member_5f0c2e9d7b1a', c: 'client', g: 'grant', aud: 'http://127.0.0.1/mcp' };
    const [one, two] = [new TokenSealer([SECRET], () => 0), new TokenSealer([SECRET, randomBytes(32).toString('base64')], () => 5_000)];
    const token = await one.sealRepeatable('refresh', { ...claims, n: 1 }, 3600, 1_900_000_000);
    expect(await two.sealRepeatable('refresh', { ...claims, n: 1 }, 3600, 1_900_000_000)).toBe(token);
    const others = await Promise.all([
      one.sealRepeatable('refresh', { ...claims, n: 2 }, 3600, 1_900_000_000),
      one.sealRepeatable('refresh', { ...claims, n: 1 }, 3600, 1_900_000_001),
      one.sealRepeatable('access', { ...claims, n: 1 }, 3600, 1_900_000_000),
      new TokenSealer([randomBytes(32).toString('base64')]).sealRepeatable('refresh', { ...claims, n: 1 }, 3600, 1_900_000_000),
    ]);
    expect(new Set([token, ...others]).size).toBe(5);
    // No two tokens share a nonce (the JWE's third part), the same token aside.
    expect(new Set([token, ...others].map((sealed) => sealed.split('.')[2])).size).toBe(5);
    const opened = await new TokenSealer([SECRET], () => 1_900_000_100_000).open('refresh', token, 'http://127.0.0.1/mcp');
    expect(opened).toMatchObject({ ok: true, claims: { ...claims, n: 1, iat: 1_900_000_000, exp: 1_900_003_600 } });
  });

  it('seals a registration without an expiry', async () => {
    const sealer = new TokenSealer([SECRET], () => 0);
    const client = await sealer.seal('client', { r: ['https://a.example/cb'] });
    const later = new TokenSealer([SECRET], () => 4_000_000_000_000);
    expect(await later.open('client', client)).toMatchObject({ ok: true, claims: { r: ['https://a.example/cb'] } });
  });
});

describe('GrantMemory', () => {
  /** A token of grant `grant`, member `member`, issued at `issuedAt`. */
  const token = (grant: string, member = 'm', issuedAt = 0) => ({ grant, member, issuedAt });
  /** Who an entry is charged to. */
  const by = (member: string, address = 'here') => ({ member, address });
  const bounds = (total: number, perMember: number, perAddress = total) => ({ total, perMember, perAddress });

  it('takes a code once, and forgets it after its expiry', () => {
    let now = 1000;
    const memory = new GrantMemory(() => now);
    expect(memory.spendCode('c1', by('m'), 1120)).toBe('taken');
    expect(memory.spendCode('c1', by('m'), 1120)).toBe('used before');
    now = 1121;
    // Expired: the code itself is refused by its seal from now on.
    expect(memory.spendCode('c1', by('m'), 1240)).toBe('taken');
  });

  it('takes refresh generations forward only, including after an unknown start (a restarted replica)', () => {
    let now = 0;
    const memory = new GrantMemory(() => now);
    expect(memory.takeRefresh('g', by('m'), 3, 1000)).toEqual({ outcome: 'rotated', issuedAt: 0 });
    now = 100;
    expect(memory.takeRefresh('g', by('m'), 4, 1000)).toEqual({ outcome: 'rotated', issuedAt: 100 });
    now = 200;
    expect(memory.takeRefresh('g', by('m'), 4, 1000)).toEqual({ outcome: 'used before' });
    expect(memory.takeRefresh('g', by('m'), 2, 1000)).toEqual({ outcome: 'used before' });
    expect(memory.takeRefresh('h', by('m'), 0, 1000)).toEqual({ outcome: 'rotated', issuedAt: 200 });
  });

  it('answers a retry of the newest rotation within the window as the first, and a later or older one as a replay', () => {
    let now = 1000;
    const memory = new GrantMemory(() => now);
    expect(memory.takeRefresh('g', by('m'), 0, 9999)).toEqual({ outcome: 'rotated', issuedAt: 1000 });
    now = 1000 + REFRESH_RETRY_SECONDS;
    expect(memory.takeRefresh('g', by('m'), 0, 9999)).toEqual({ outcome: 'repeated', issuedAt: 1000 });
    now += 1;
    expect(memory.takeRefresh('g', by('m'), 0, 9999)).toEqual({ outcome: 'used before' });
    // The successor rotates; from then on, the first is two generations old even within the window.
    expect(memory.takeRefresh('g', by('m'), 1, 9999)).toEqual({ outcome: 'rotated', issuedAt: now });
    expect(memory.takeRefresh('g', by('m'), 0, 9999)).toEqual({ outcome: 'used before' });
    expect(memory.takeRefresh('g', by('m'), 1, 9999)).toEqual({ outcome: 'repeated', issuedAt: now });
  });

  it('never forgets a code or a renewal before it expires: full, it refuses new ones, for everyone or for the member whose share is full', () => {
    let now = 0;
    const memory = new GrantMemory(() => now, bounds(4, 2));
    expect(['a', 'b'].map((id) => memory.spendCode(id, by('m1'), 100))).toEqual(['taken', 'taken']);
    expect(memory.spendCode('c', by('m2'), 100)).toBe('taken');
    expect(memory.spendCode('d', by('m1'), 100)).toBe('member full');
    expect(memory.spendCode('d', by('m3'), 100)).toBe('taken');
    expect(memory.spendCode('e', by('m4'), 100)).toBe('memory full');
    // The codes taken are still known: a replay is still a replay.
    expect(memory.spendCode('a', by('m1'), 100)).toBe('used before');
    const outcome = (id: string, member: string, generation: number) => memory.takeRefresh(id, by(member), generation, 100).outcome;
    expect([outcome('g1', 'm1', 0), outcome('g2', 'm1', 0)]).toEqual(['rotated', 'rotated']);
    expect(outcome('g3', 'm1', 0)).toBe('member full');
    // A grant already known renews, however full its member's share.
    expect(outcome('g1', 'm1', 1)).toBe('rotated');
    expect(outcome('g3', 'm2', 0)).toBe('rotated');
    now = 61;
    expect(outcome('g1', 'm1', 0)).toBe('used before');
    // Once entries expire, there is room again.
    now = 101;
    expect(memory.spendCode('d', by('m1'), 200)).toBe('taken');
    expect(outcome('g4', 'm1', 0)).toBe('rotated');
  });

  it("bounds one address's share, whatever members it holds keys of: another address still takes codes and renewals", () => {
    const memory = new GrantMemory(() => 0, bounds(10, 3, 4));
    const codes = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'].map((member, n) => memory.spendCode(`c${n}`, by(member, 'one address'), 100));
    expect(codes).toEqual(['taken', 'taken', 'taken', 'taken', 'address full', 'address full']);
    expect(memory.spendCode('c9', by('m9', 'elsewhere'), 100)).toBe('taken');
    expect(memory.takeRefresh('g1', by('m5', 'one address'), 0, 100).outcome).toBe('rotated');
    for (const grant of ['g2', 'g3', 'g4']) memory.takeRefresh(grant, by(`m-${grant}`, 'one address'), 0, 100);
    expect(memory.takeRefresh('g5', by('m7', 'one address'), 0, 100)).toEqual({ outcome: 'address full' });
    expect(memory.takeRefresh('g6', by('m8', 'elsewhere'), 0, 100).outcome).toBe('rotated');
    // A renewal of a grant charged to the full address goes on (it takes no new entry).
    expect(memory.takeRefresh('g1', by('m5', 'elsewhere'), 1, 100).outcome).toBe('rotated');
  });

  it("keeps a revocation as long as it matters; '__proto__' and 'constructor' are grants like any other", () => {
    let now = 0;
    const memory = new GrantMemory(() => now);
    for (const id of ['r1', '__proto__', 'constructor']) memory.revoke(id, by('m'), 100);
    expect(['r1', '__proto__', 'constructor'].every((id) => memory.isRevoked(token(id)))).toBe(true);
    expect(memory.isRevoked(token('toString'))).toBe(false);
    now = 101;
    expect(memory.isRevoked(token('r1'))).toBe(false);
  });

  it("past a member's share, folds their revocations into one: every token of theirs issued until then is withdrawn, no other", () => {
    let now = 10;
    const memory = new GrantMemory(() => now, bounds(100, 3));
    for (const grant of ['a1', 'a2', 'a3', 'a4']) memory.revoke(grant, by('a'), 1000);
    expect(memory.remembered.revocations).toBe(1);
    for (const grant of ['a1', 'a2', 'a3', 'a4', 'a5']) expect(memory.isRevoked(token(grant, 'a', 10))).toBe(true);
    // Their tokens issued later, and other members' tokens, are not withdrawn.
    expect(memory.isRevoked(token('a5', 'a', 11))).toBe(false);
    expect(memory.isRevoked(token('b1', 'b', 10))).toBe(false);
    // Folded again later: the cutoff moves, and lasts as long as the latest revocation it holds.
    now = 20;
    for (const grant of ['a6', 'a7', 'a8']) memory.revoke(grant, by('a'), 2000);
    expect(memory.remembered.revocations).toBe(4);
    memory.revoke('a9', by('a'), 2000);
    expect(memory.remembered.revocations).toBe(1);
    expect(memory.isRevoked(token('a6', 'a', 20))).toBe(true);
    now = 1999;
    expect(memory.isRevoked(token('a1', 'a', 10))).toBe(true);
    now = 2000;
    expect(memory.isRevoked(token('a1', 'a', 10))).toBe(false);
  });

  it("past an address's share, folds the revoking member's revocations only: other members at that address keep theirs", () => {
    const memory = new GrantMemory(() => 10, bounds(100, 50, 3));
    for (const grant of ['b1', 'c1', 'c2']) memory.revoke(grant, by(grant.slice(0, 1), 'one address'), 1000);
    memory.revoke('a1', by('a', 'one address'), 1000);
    expect(memory.isRevoked(token('a1', 'a', 10))).toBe(true);
    expect(memory.isRevoked(token('a2', 'a', 10))).toBe(true);
    expect(memory.isRevoked(token('b2', 'b', 10))).toBe(false);
    expect(memory.isRevoked(token('c1', 'c', 11))).toBe(true);
  });

  it('past the whole bound, folds every revocation into one: every token issued until then is withdrawn, and the list stays within it', () => {
    let now = 10;
    const memory = new GrantMemory(() => now, bounds(4, 2));
    for (let member = 0; member < 6; member++) memory.revoke(`g${member}`, by(`m${member}`), 1000 + member);
    expect(memory.remembered.revocations).toBeLessThanOrEqual(4);
    for (let member = 0; member < 6; member++) expect(memory.isRevoked(token(`g${member}`, `m${member}`, 10))).toBe(true);
    expect(memory.isRevoked(token('new', 'm9', 10))).toBe(true);
    expect(memory.isRevoked(token('new', 'm9', 11))).toBe(false);
    // Until the latest of the revocations folded (the fifth's: the sixth found room again).
    now = 1003;
    expect(memory.isRevoked(token('g0', 'm0', 10))).toBe(true);
    now = 1004;
    expect(memory.isRevoked(token('g0', 'm0', 10))).toBe(false);
    expect(memory.isRevoked(token('g5', 'm5', 10))).toBe(true);
  });
});

describe('redirect URIs', () => {
  it.each([
    ['https://claude.ai/api/mcp/auth_callback', undefined],
    ['http://127.0.0.1:33418/callback', undefined],
    ['http://localhost/callback', undefined],
    ['vscode://vscode.github-authentication/did-authenticate', undefined],
    ['cursor://anysphere.cursor-mcp/oauth/callback', undefined],
    ['http://example.com/callback', 'must use https'],
    ['https://example.com/cb#x', 'fragment'],
    ['https://user@example.com/cb', 'user name'],
    ['javascript:alert(1)', 'javascript:'],
    ['data:text/html,hi', 'data:'],
    ['/relative', 'not an absolute URL'],
  ])('registering %j', (uri, problem) => {
    if (problem === undefined) expect(redirectUriProblem(uri)).toBeUndefined();
    else expect(redirectUriProblem(uri)).toContain(problem);
  });

  it('matches character for character, with RFC 8252 loopback ports only when none was registered', () => {
    expect(redirectUriMatches('https://claude.ai/cb', 'https://claude.ai/cb')).toBe(true);
    expect(redirectUriMatches('https://claude.ai/cb/', 'https://claude.ai/cb')).toBe(false);
    expect(redirectUriMatches('https://CLAUDE.ai/cb', 'https://claude.ai/cb')).toBe(false);
    expect(redirectUriMatches('https://claude.ai/cb?x=1', 'https://claude.ai/cb')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1:5000/cb', 'http://127.0.0.1/cb')).toBe(true);
    expect(redirectUriMatches('http://127.0.0.1:5000/cb', 'http://127.0.0.1:4000/cb')).toBe(false);
    expect(redirectUriMatches('http://localhost:5000/cb', 'http://127.0.0.1/cb')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1:5000/cb2', 'http://127.0.0.1/cb')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1:99999/cb', 'http://127.0.0.1/cb')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1:0/cb', 'http://127.0.0.1/cb')).toBe(false);
    expect(redirectUriMatches('https://127.0.0.1:5000/cb', 'https://127.0.0.1/cb')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1:5000@evil.example/cb', 'http://127.0.0.1/cb')).toBe(false);
  });
});
