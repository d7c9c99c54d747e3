// What the sign-in remembers (used codes, refresh generations, withdrawn grants) is bounded, and no
// member can fill it for the others: the provider driven as the token and revocation endpoints drive
// it, with small bounds and a clock the test moves, and the real bounds' arithmetic.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ClientMetadataDocuments } from '../../../src/http/sign-in/client-metadata.js';
import { clientRef, LIFETIMES, SignInProvider } from '../../../src/http/sign-in/provider.js';
import { RegisteredClients } from '../../../src/http/sign-in/registered-clients.js';
import { answeringFrom } from '../../../src/http/sign-in/request-address.js';
import { RATE_LIMITS } from '../../../src/http/sign-in/routes.js';
import { TokenSealer } from '../../../src/http/sign-in/sealed-tokens.js';
import { GRANT_MEMORY_BOUNDS } from '../../../src/http/state/grant-memory.js';
import { MemoryState } from '../../../src/http/state/memory-state.js';
import { CALLBACK } from '../../helpers/oauth-member.js';

const SECRET = randomBytes(32).toString('base64');
const RESOURCE = 'http://127.0.0.1/mcp';
const MEMBER_A = 'or_member_a_5f0c2e9d7b1a4c3e';
const MEMBER_B = 'or_member_b_8e1d3f6a2c9b7d0f';

/** A provider whose memory keeps `total` entries of each kind, `perMember` of them one member's and `perAddress` one address's; `clock.seconds` is its time. */
async function signInWith(total: number, perMember: number, perAddress = total) {
  const clock = { seconds: 1_900_000_000 };
  const sealer = new TokenSealer([SECRET], () => clock.seconds * 1000);
  const grants = new MemoryState({ now: () => clock.seconds * 1000, bounds: { total, perMember, perAddress } });
  const clients = new RegisteredClients(sealer, new ClientMetadataDocuments({ allowPrivateAddresses: false }));
  const provider = new SignInProvider({
    sealer,
    state: grants,
    clients,
    issuer: 'http://127.0.0.1',
    resource: RESOURCE,
    checkKey: async () => 'accepted',
    now: () => clock.seconds,
  });
  const client = await clients.registerClient({ redirect_uris: [CALLBACK], token_endpoint_auth_method: 'none' });
  /** One sign-in of `key`, as the page's form ends it, exchanged for tokens; a little later, so that its code is the only one in force. */
  const signIn = async (key: string) => {
    clock.seconds += LIFETIMES.code + 1;
    const code = { k: key, c: clientRef(client.client_id), g: randomBytes(12).toString('base64url'), r: CALLBACK, pc: 'challenge', aud: RESOURCE };
    return provider.exchangeAuthorizationCode(client, await sealer.seal('code', code, LIFETIMES.code), undefined, CALLBACK);
  };
  const renew = (refreshToken: string) => provider.exchangeRefreshToken(client, refreshToken);
  const revoke = (token: string) => provider.revokeToken(client, { token });
  const opens = async (accessToken: string) => (await provider.openAccessToken(accessToken)).ok;
  return { clock, grants, signIn, renew, revoke, opens };
}

describe('the sign-in memory, one member against the others', () => {
  it('a member who signs in and renews again and again fills only their share: another member still renews', async () => {
    const { signIn, renew } = await signInWith(10, 3);
    let refused = 0;
    for (let n = 0; n < 12; n++) {
      const tokens = await signIn(MEMBER_A);
      await renew(tokens.refresh_token!).catch(() => refused++);
    }
    // Another member: their first renewal, and the next.
    const renewed = await renew((await signIn(MEMBER_B)).refresh_token!);
    expect((await renew(renewed.refresh_token!)).access_token).toEqual(expect.any(String));
    // The first member's own share was full after three.
    expect(refused).toBe(9);
  });

  it('a member who withdraws sign-in after sign-in is bounded too, and forgets none: past their share, all their earlier sign-ins end', async () => {
    const { signIn, revoke, opens, grants } = await signInWith(10, 3);
    const other = await signIn(MEMBER_B);
    await revoke((await signIn(MEMBER_B)).access_token);
    const withdrawn: string[] = [];
    for (let n = 0; n < 12; n++) {
      const tokens = await signIn(MEMBER_A);
      await revoke(tokens.access_token);
      withdrawn.push(tokens.access_token, tokens.refresh_token!);
    }
    const kept = await signIn(MEMBER_A);
    expect(grants.remembered.revocations).toBeLessThanOrEqual(10);
    // Every token withdrawn stays withdrawn (the refresh tokens are refused by the same check).
    for (const token of withdrawn.filter((_, index) => index % 2 === 0)) expect(await opens(token)).toBe(false);
    // A sign-in after the last withdrawal works, and so does the other member's.
    expect(await opens(kept.access_token)).toBe(true);
    expect(await opens(other.access_token)).toBe(true);
  });

  it('with many members at their share, the whole list stays bounded: past it, every earlier sign-in ends, none is forgotten', async () => {
    const { signIn, revoke, opens, grants } = await signInWith(4, 2);
    const withdrawn: string[] = [];
    for (let member = 0; member < 8; member++) {
      const tokens = await signIn(`or_member_${member}_3c5e7a9b1d2f`);
      await revoke(tokens.access_token);
      withdrawn.push(tokens.access_token);
    }
    expect(grants.remembered.revocations).toBeLessThanOrEqual(4);
    for (const token of withdrawn) expect(await opens(token)).toBe(false);
    expect(await opens((await signIn(MEMBER_B)).access_token)).toBe(true);
  });
});

describe('the sign-in memory, one address against the others', () => {
  it("an address holding many members' keys fills only its share: a member at another address still signs in and renews", async () => {
    const { signIn, renew } = await signInWith(12, 10, 4);
    const fromOneAddress = <T>(work: () => Promise<T>) => answeringFrom('203.0.113.9', work);
    let refused = 0;
    for (let member = 0; member < 8; member++) {
      // Each sign-in takes a code entry, and its first renewal a refresh entry, charged to the address.
      const tokens = await fromOneAddress(() => signIn(`or_member_${member}_3c5e7a9b1d2f`)).catch(() => undefined);
      if (tokens === undefined) refused++;
      else await fromOneAddress(() => renew(tokens.refresh_token!)).catch(() => refused++);
    }
    expect(refused).toBeGreaterThanOrEqual(4);
    const elsewhere = await answeringFrom('198.51.100.7', () => signIn(MEMBER_B));
    const renewed = await answeringFrom('198.51.100.7', () => renew(elsewhere.refresh_token!));
    expect(renewed.access_token).toEqual(expect.any(String));
  });
});

describe('the real bounds', () => {
  it("hold a busy member's sign-ins for a refresh token's life, and take a hundred members at their share to fill", () => {
    // Three devices, each signing in ten times a day, every grant kept as long as its refresh token lives.
    expect(GRANT_MEMORY_BOUNDS.perAddress).toBeLessThanOrEqual(GRANT_MEMORY_BOUNDS.total / 4);
    expect(3 * 10 * (LIFETIMES.refresh / (24 * 60 * 60))).toBeLessThanOrEqual(GRANT_MEMORY_BOUNDS.perMember);
    expect(GRANT_MEMORY_BOUNDS.total / GRANT_MEMORY_BOUNDS.perMember).toBeGreaterThanOrEqual(100);
    // One address at the rate limits (two requests to /authorize per sign-in) signs in 28,800 times a
    // day: it filled the whole memory in about 3.5 days; now it fills its member's share, in hours.
    const signInsPerDay = (RATE_LIMITS.authorize.limit / 2) * ((24 * 60 * 60_000) / RATE_LIMITS.authorize.windowMs);
    expect(GRANT_MEMORY_BOUNDS.total / signInsPerDay).toBeCloseTo(3.47, 2);
    expect(GRANT_MEMORY_BOUNDS.perMember / signInsPerDay).toBeLessThan(1);
  });
});
