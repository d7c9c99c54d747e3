// Whom the sign-in's memory charges a renewal to: the member and the client address of the request
// (grant-memory.ts bounds each one's share). The routes set the address for the provider around each
// request (request-address.ts); here it is read back, through a state that records the owners it is
// given, for a /token request sent as a client may send it: the headers, then the body a moment later.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientAddresses } from '../../../src/http/client-address.js';
import { ClientMetadataDocuments } from '../../../src/http/sign-in/client-metadata.js';
import { clientRef, LIFETIMES, SignInProvider } from '../../../src/http/sign-in/provider.js';
import { RegisteredClients } from '../../../src/http/sign-in/registered-clients.js';
import { signInRoutes } from '../../../src/http/sign-in/routes.js';
import { TokenSealer } from '../../../src/http/sign-in/sealed-tokens.js';
import { MemoryState } from '../../../src/http/state/memory-state.js';
import type { Owner } from '../../../src/http/state/shared-state.js';
import { NO_TRUSTED_PROXIES, parseTrustedProxies } from '../../../src/http/trusted-proxies.js';
import { CALLBACK } from '../../helpers/oauth-member.js';

/** Every client is its socket's address, as with no trusted proxy. */
const DIRECT = new ClientAddresses(NO_TRUSTED_PROXIES);

const SECRET = randomBytes(32).toString('base64');
const ISSUER = 'http://127.0.0.1';
const RESOURCE = 'http://127.0.0.1/mcp';
const KEY = 'or_member_address_7c1e9a3f5b2d4e6a';

/** A memory state that notes the owner of every renewal it is asked to take. */
class OwnersNoted extends MemoryState {
  readonly owners: Owner[] = [];
  override async takeRefresh(refresh: Parameters<MemoryState['takeRefresh']>[0]) {
    this.owners.push({ member: refresh.member, address: refresh.address });
    return super.takeRefresh(refresh);
  }
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
});

async function serveSignIn(addresses = DIRECT) {
  const state = new OwnersNoted();
  const sealer = new TokenSealer([SECRET]);
  const clients = new RegisteredClients(sealer, new ClientMetadataDocuments({ allowPrivateAddresses: false }));
  const provider = new SignInProvider({ sealer, state, clients, issuer: ISSUER, resource: RESOURCE, checkKey: async () => 'accepted' });
  const client = await clients.registerClient({ redirect_uris: [CALLBACK], token_endpoint_auth_method: 'none' });
  server = createServer(signInRoutes(provider, ISSUER, RESOURCE, state, (req) => addresses.of(req)));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  /** A refresh token of a fresh grant, generation 0, as a sign-in's code exchange issues it. */
  const refreshToken = () => {
    const claims = { k: KEY, c: clientRef(client.client_id), g: randomBytes(12).toString('base64url'), aud: RESOURCE, n: 0 };
    return sealer.sealRepeatable('refresh', claims, LIFETIMES.refresh, Math.floor(Date.now() / 1000));
  };
  const body = async () => new URLSearchParams({ grant_type: 'refresh_token', client_id: client.client_id, refresh_token: await refreshToken() }).toString();
  return { state, port, body };
}

/** POSTs /token over a raw socket: the headers, then after `pauseMs` the body; resolves with the status. */
function postToken(port: number, body: string, pauseMs: number, headers = ''): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let answer = '';
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status !== null && answer.includes('\r\n\r\n')) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.once('connect', () => {
      socket.write(
        `POST /token HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${headers}\r\n`,
      );
      setTimeout(() => socket.write(body), pauseMs);
    });
  });
}

describe("the address a renewal is charged to, as the memory's per-address share counts it", () => {
  it('is the client address when the body comes with the headers', async () => {
    const { state, port, body } = await serveSignIn();
    expect(await postToken(port, await body(), 0)).toBe(200);
    expect(state.owners.map((owner) => owner.address)).toEqual(['127.0.0.1']);
  });

  // The address is set around next() (routes.ts); a body parser that went on from the request
  // stream's later 'end' event in another context would charge every such client to 'unknown'.
  it('is the client address too when the body comes in a later packet', async () => {
    const { state, port, body } = await serveSignIn();
    expect(await postToken(port, await body(), 100)).toBe(200);
    expect(state.owners.map((owner) => owner.address)).toEqual(['127.0.0.1']);
  });

  it('is the address a trusted proxy forwards, behind one', async () => {
    const trusted = parseTrustedProxies(['127.0.0.1']);
    if (!trusted.ok) throw new Error('the list is refused');
    const { state, port, body } = await serveSignIn(new ClientAddresses(trusted.proxies));
    expect(await postToken(port, await body(), 0, 'X-Forwarded-For: 1.2.3.4, 203.0.113.9\r\n')).toBe(200);
    expect(state.owners.map((owner) => owner.address)).toEqual(['203.0.113.9']);
  });
});
