// Replicas whose clocks are off, sharing one Redis: the sign-in's promises hold by Redis's clock. Each
// replica is a provider with its own clock (its sealer's, its state's), on one redis-server whose time
// the test moves (store-clock.ts), as the token endpoint drives the provider.
import { randomBytes } from 'node:crypto';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientMetadataDocuments } from '../../../src/http/sign-in/client-metadata.js';
import { clientRef, LIFETIMES, SignInProvider } from '../../../src/http/sign-in/provider.js';
import { RegisteredClients } from '../../../src/http/sign-in/registered-clients.js';
import { TokenSealer } from '../../../src/http/sign-in/sealed-tokens.js';
import { openRedisState } from '../../../src/http/state/redis-state.js';
import type { SharedState } from '../../../src/http/state/shared-state.js';
import { CALLBACK } from '../../helpers/oauth-member.js';
import { type RedisServer, startRedis } from '../../helpers/redis-server.js';
import { type StoreClock, storeClock } from '../../helpers/store-clock.js';

const SECRET = randomBytes(32).toString('base64');
const RESOURCE = 'http://127.0.0.1/mcp';
const MEMBER = 'or_member_a_5f0c2e9d7b1a4c3e';

let server: RedisServer;
let store: StoreClock;
const states: SharedState[] = [];
/** The one client, registered on the first replica: any replica opens a registration. */
let client: OAuthClientInformationFull | undefined;
beforeAll(async () => {
  server = await startRedis();
  store = await storeClock(server.url);
});
afterAll(async () => {
  await Promise.all(states.map((state) => state.close()));
  await store?.close();
  await server?.stop();
});

/** A replica whose clock is `offsetMs` off Redis's: its provider, driven for the one client. */
async function replica(offsetMs: number) {
  const now = () => store.now() + offsetMs;
  const sealer = new TokenSealer([SECRET], now);
  const state = await openRedisState(server.url, { now, storeNow: store.now });
  states.push(state);
  const clients = new RegisteredClients(sealer, new ClientMetadataDocuments({ allowPrivateAddresses: false }));
  const provider = new SignInProvider({
    sealer,
    state,
    clients,
    issuer: 'http://127.0.0.1',
    resource: RESOURCE,
    checkKey: async () => 'accepted',
    now: () => Math.floor(now() / 1000),
  });
  client ??= await clients.registerClient({ redirect_uris: [CALLBACK], token_endpoint_auth_method: 'none' });
  const ours = client;
  /** A code for the member, as the page's form ends a sign-in on this replica. */
  const code = () => {
    const claims = { k: MEMBER, c: clientRef(ours.client_id), g: randomBytes(12).toString('base64url'), r: CALLBACK, pc: 'challenge', aud: RESOURCE };
    return sealer.seal('code', claims, LIFETIMES.code);
  };
  return {
    provider,
    client: ours,
    code,
    exchange: (authorizationCode: string) => provider.exchangeAuthorizationCode(ours, authorizationCode, undefined, CALLBACK),
    renew: (refreshToken: string) => provider.exchangeRefreshToken(ours, refreshToken),
    opens: async (accessToken: string) => (await provider.openAccessToken(accessToken)).ok,
  };
}

describe("replicas whose clocks are off, on one Redis: Redis's clock decides", () => {
  it('a refresh token superseded 70 s ago, shown to a replica 50 s behind, is reuse: the sign-in is withdrawn', async () => {
    const [inTime, behind] = [await replica(0), await replica(-50_000)];
    const first = await inTime.exchange(await inTime.code());
    const renewed = await inTime.renew(first.refresh_token!);
    await store.advance(70_000);
    await expect(behind.renew(first.refresh_token!)).rejects.toThrow(/already used/);
    // Withdrawn everywhere: the member's newest tokens too.
    expect(await inTime.opens(renewed.access_token)).toBe(false);
    await expect(inTime.renew(renewed.refresh_token!)).rejects.toThrow(/withdrawn/);
  });

  it('a retry within the minute is still answered alike on a replica 50 s behind', async () => {
    const [inTime, behind] = [await replica(0), await replica(-50_000)];
    const first = await inTime.exchange(await inTime.code());
    const renewed = await inTime.renew(first.refresh_token!);
    await store.advance(30_000);
    expect(await behind.renew(first.refresh_token!)).toEqual(renewed);
  });

  it('a code used 180 s ago, shown to a replica 150 s behind (by whose clock it has not expired), is refused', async () => {
    const [inTime, behind] = [await replica(0), await replica(-150_000)];
    const code = await inTime.code();
    await store.advance(10_000);
    await inTime.exchange(code);
    await store.advance(180_000);
    expect((await behind.provider.challengeForAuthorizationCode(behind.client, code)).length).toBeGreaterThan(0);
    await expect(behind.exchange(code)).rejects.toThrow(/expired|already used/);
  });

  it("a sign-in's tokens are issued at Redis's time, whichever replica's clock is off", async () => {
    const ahead = await replica(40_000);
    const before = Math.floor(store.now() / 1000);
    const tokens = await ahead.exchange(await ahead.code());
    const renewed = await ahead.renew(tokens.refresh_token!);
    for (const token of [tokens.access_token, renewed.access_token]) {
      const opened = await new TokenSealer([SECRET], store.now).open('access', token, RESOURCE);
      expect(opened.ok && opened.claims.iat).toBe(before);
    }
  });
});
