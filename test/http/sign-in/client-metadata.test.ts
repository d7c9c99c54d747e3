// Client ID Metadata Documents (src/http/sign-in/client-metadata.ts) against real https servers on
// 127.0.0.1, and the address rules that keep the fetch off private networks (public-address.ts).
// The servers use test/fixtures/loopback-cert.pem, a committed test-only self-signed certificate
// valid 2000-2126: no openssl needed where the tests run, and no clock finds it expired.

import dns, { type LookupAddress } from 'node:dns';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  ClientMetadataDocuments,
  type ClientMetadataOptions,
  type DocumentFailure,
  isClientMetadataUrl,
  type MetadataDocumentClient,
} from '../../../src/http/sign-in/client-metadata.js';
import {
  AddressRefusedError,
  guardedConnector,
  guardedLookup,
  isLinkLocal,
  isPublicAddress,
  type ResolveAll,
} from '../../../src/http/sign-in/public-address.js';

const COULD_NOT_FETCH = 'The client metadata document could not be fetched.';

const CERT = readFileSync(new URL('../../fixtures/loopback-cert.pem', import.meta.url), 'utf8');
const KEY = readFileSync(new URL('../../fixtures/loopback-key.pem', import.meta.url), 'utf8');

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

interface TestServer {
  origin: string;
  port: number;
  /** Requests received for a path. */
  hits: (path: string) => number;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

/** An https server on 127.0.0.1 answering each path with its handler (404 otherwise). */
async function serve(routes: Record<string, Handler>): Promise<TestServer> {
  const hits = new Map<string, number>();
  const server: Server = createServer({ cert: CERT, key: KEY }, (request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const handler = routes[path];
    if (handler === undefined) {
      response.writeHead(404).end();
      return;
    }
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { origin: `https://127.0.0.1:${port}`, port, hits: (path) => hits.get(path) ?? 0 };
}

function documents(options: Partial<ClientMetadataOptions> = {}): ClientMetadataDocuments {
  const docs = new ClientMetadataDocuments({ allowPrivateAddresses: true, ca: CERT, ...options });
  cleanups.push(() => docs.close());
  return docs;
}

/** A good document for `clientId`, with `changes` merged in (undefined removes a field). */
function documentFor(clientId: string, changes: Record<string, unknown> = {}): Record<string, unknown> {
  const document: Record<string, unknown> = {
    client_id: clientId,
    client_name: 'Test Client',
    client_uri: 'https://client.example/',
    redirect_uris: ['https://client.example/callback', 'http://localhost:33418/callback'],
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    ...changes,
  };
  return Object.fromEntries(Object.entries(document).filter(([, value]) => value !== undefined));
}

/** Answers with `body` (a value is written as JSON) and the given status and headers. */
function answer(body: unknown, headers: Record<string, string | number> = {}, status = 200): Handler {
  const text = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(text);
  };
}

function redirectTo(location: string, status = 302): Handler {
  return (_request, response) => {
    response.writeHead(status, { location }).end();
  };
}

/** A server whose /doc answers `document(clientId)`: the client_id is the server's own URL. */
async function serveDocument(changes: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<TestServer & { clientId: string }> {
  let clientId = '';
  const server = await serve({ '/doc': (request, response) => answer(documentFor(clientId, changes), headers)(request, response) });
  clientId = `${server.origin}/doc`;
  return { ...server, clientId };
}

async function reasonOf(result: Promise<{ ok: boolean; reason?: string }>): Promise<string> {
  const settled = await result;
  expect(settled.ok).toBe(false);
  return settled.reason ?? '';
}

async function failureOf(result: Promise<{ ok: boolean }>): Promise<DocumentFailure> {
  const settled = await result;
  expect(settled.ok).toBe(false);
  return settled as DocumentFailure;
}

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '11.0.0.1',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.1',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.1',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '203.255.255.254',
    '2606:4700::1',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::808:808',
    '[2606:4700::1]',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['0.0.0.0', '0/8'],
    ['0.255.255.255', '0/8'],
    ['10.0.0.1', '10/8'],
    ['10.255.255.255', '10/8'],
    ['100.64.0.1', '100.64/10'],
    ['100.127.255.255', '100.64/10'],
    ['127.0.0.1', '127/8'],
    ['127.255.255.254', '127/8'],
    ['169.254.169.254', '169.254/16 (cloud metadata)'],
    ['172.16.0.1', '172.16/12'],
    ['172.31.255.255', '172.16/12'],
    ['192.0.0.1', '192.0.0/24'],
    ['192.168.0.1', '192.168/16'],
    ['192.168.255.255', '192.168/16'],
    ['198.18.0.1', '198.18/15'],
    ['198.19.255.255', '198.18/15'],
    ['224.0.0.1', '224/4'],
    ['239.255.255.255', '224/4'],
    ['240.0.0.1', '240/4'],
    ['255.255.255.255', 'broadcast'],
    ['::', '::/128'],
    ['::1', '::1/128'],
    ['[::1]', '::1/128 in brackets'],
    ['fc00::1', 'fc00::/7'],
    ['fd12:3456:789a::1', 'fc00::/7'],
    ['fe80::1', 'fe80::/10'],
    ['fe80::1%eth0', 'fe80::/10 with a zone'],
    ['febf:ffff::1', 'fe80::/10'],
    ['ff02::1', 'ff00::/8'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:10.1.2.3', 'IPv4-mapped private'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'IPv4-mapped private, written out'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of link-local'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['192.88.99.1', '6to4 relay'],
    ['2001:db8::1', 'documentation'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['64:ff9b:1::a00:1', 'local-use NAT64'],
    ['::ffff:0:7f00:1', 'SIIT-translated loopback'],
    ['fec0::1', 'site-local'],
    ['100::1', 'discard-only'],
    ['localhost', 'a name'],
    ['', 'empty'],
    ['1.2.3', 'not an address'],
  ])('%s is not public (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('isLinkLocal: refused even where private addresses are allowed', () => {
  it.each([
    ['169.254.169.254', true],
    ['fe80::1', true],
    ['::ffff:169.254.169.254', true],
    ['64:ff9b::a9fe:a9fe', true],
    ['127.0.0.1', false],
    ['10.0.0.1', false],
    ['8.8.8.8', false],
    ['not an address', false],
  ])('%s: %s', (address, linkLocal) => {
    expect(isLinkLocal(address)).toBe(linkLocal);
  });

  it('with private addresses allowed, a link-local literal is still not fetched', async () => {
    const docs = new ClientMetadataDocuments({ allowPrivateAddresses: true });
    cleanups.push(() => docs.close());
    expect(await reasonOf(docs.get('https://169.254.169.254/latest/meta-data'))).toMatch(/address this server may not reach/);
  });
});

describe('guardedLookup', () => {
  const fakeResolve =
    (addresses: LookupAddress[] | Error): ResolveAll =>
    (_hostname, options, callback) => {
      expect(options.all).toBe(true);
      if (addresses instanceof Error) callback(addresses, []);
      else callback(null, addresses);
    };
  const lookupWith = (addresses: LookupAddress[] | Error, all: boolean) =>
    new Promise<{ error: Error | null; address: unknown; family: unknown }>((resolve) =>
      guardedLookup(isPublicAddress, fakeResolve(addresses))('docs.example', { all }, (error, address, family) => resolve({ error, address, family })),
    );
  const v4 = (address: string): LookupAddress => ({ address, family: 4 });

  it('hands back every address, or the first, when all are public', async () => {
    const addresses = [v4('8.8.8.8'), { address: '2606:4700::1', family: 6 }];
    expect(await lookupWith(addresses, true)).toEqual({ error: null, address: addresses, family: undefined });
    expect(await lookupWith(addresses, false)).toEqual({ error: null, address: '8.8.8.8', family: 4 });
  });

  it('fails when any address is not public, wherever it is in the list', async () => {
    for (const addresses of [[v4('10.0.0.1')], [v4('8.8.8.8'), v4('127.0.0.1')], [v4('8.8.8.8'), { address: '::ffff:169.254.169.254', family: 6 }]]) {
      expect((await lookupWith(addresses, true)).error).toBeInstanceOf(AddressRefusedError);
      expect((await lookupWith(addresses, false)).error).toBeInstanceOf(AddressRefusedError);
    }
  });

  it('passes a resolver error on, and a name without addresses fails', async () => {
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND docs.example'), { code: 'ENOTFOUND' });
    expect((await lookupWith(notFound, true)).error).toBe(notFound);
    expect((await lookupWith([], true)).error).toMatchObject({ code: 'ENOTFOUND' });
  });

  it('the connector refuses an IP literal, which net.connect does not look up, before any socket', async () => {
    const connect = guardedConnector(isPublicAddress);
    const error = await new Promise<Error | null>((resolve) =>
      connect({ hostname: '127.0.0.1', protocol: 'https:', port: '1' }, (...[failure]) => resolve(failure)),
    );
    expect(error).toBeInstanceOf(AddressRefusedError);
  });
});

describe('isClientMetadataUrl', () => {
  it.each([
    'https://claude.ai/oauth/mcp-oauth-client-metadata',
    'https://client.example/metadata.json?version=2',
    'https://client.example:8443/a/b',
    'https://127.0.0.1:8443/doc',
    'https://[::1]/doc',
  ])('%s names a document', (url) => {
    expect(isClientMetadataUrl(url)).toBe(true);
  });

  it.each([
    ['http://client.example/metadata', 'not https'],
    ['https://client.example/', 'path "/"'],
    ['https://client.example', 'no path'],
    ['https://client.example/metadata#x', 'a fragment'],
    ['https://client.example/metadata#', 'an empty fragment'],
    ['https://user:pass@client.example/metadata', 'userinfo'],
    ['https://user@client.example/metadata', 'a user name'],
    ['https://@client.example/metadata', 'an empty userinfo'],
    ['https://client.example/a/../metadata', 'a ".." segment'],
    ['https://client.example/./metadata', 'a "." segment'],
    ['https://client.example/a/%2e%2e/metadata', 'an encoded ".." segment'],
    ['https://Client.Example/metadata', 'not as the parser writes it'],
    ['https://client.example:443/metadata', 'the default port written'],
    ['https://[::ffff:127.0.0.1]/x', 'an IPv4-mapped address not as the parser writes it'],
    [`https://client.example/${'a'.repeat(2049 - 'https://client.example/'.length)}`, 'longer than 2048'],
    ['client.example/metadata', 'not a URL'],
    ['', 'empty'],
  ])('%s does not (%s)', (url) => {
    expect(isClientMetadataUrl(url)).toBe(false);
  });

  it('2048 characters are allowed', () => {
    expect(isClientMetadataUrl(`https://client.example/${'a'.repeat(2048 - 'https://client.example/'.length)}`)).toBe(true);
  });
});

describe('ClientMetadataDocuments', () => {
  it('reads a good document into a public client without a secret', async () => {
    const server = await serveDocument({ client_secret: 'not-ours', jwks_uri: 'https://client.example/jwks', logo_uri: 'https://client.example/logo.png' });
    const result = await documents().get(server.clientId);
    expect(result).toEqual({
      ok: true,
      client: {
        client_id: server.clientId,
        client_name: 'Test Client',
        client_uri: 'https://client.example/',
        logo_uri: 'https://client.example/logo.png',
        redirect_uris: ['https://client.example/callback', 'http://localhost:33418/callback'],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    });
    // What the MCP SDK's clients store hands out.
    expectTypeOf<MetadataDocumentClient>().toExtend<OAuthClientInformationFull>();
    if (result.ok) {
      const full: OAuthClientInformationFull = result.client;
      expect(full.client_secret).toBeUndefined();
    }
  });

  it('accepts a document without token_endpoint_auth_method, with a charset and a +json type', async () => {
    const server = await serveDocument(
      { token_endpoint_auth_method: undefined, grant_types: undefined },
      { 'content-type': 'Application/Vnd.Client+JSON; charset=UTF-8' },
    );
    const result = await documents().get(server.clientId);
    expect(result).toMatchObject({ ok: true, client: { client_id: server.clientId, token_endpoint_auth_method: 'none' } });
  });

  it('drops display-only fields that are not right rather than refusing the client', async () => {
    const server = await serveDocument({ client_uri: 'javascript:alert(1)', logo_uri: 'http://client.example/logo.png', scope: 'a\u0007b', client_name: 42 });
    expect(await reasonOf(documents().get(server.clientId))).toBe('The client metadata document has a client_name that is not a string.');
    const fixed = await serveDocument({ client_uri: 'javascript:alert(1)', logo_uri: 'http://client.example/logo.png', scope: 'a\u0007b' });
    const result = await documents().get(fixed.clientId);
    expect(result.ok).toBe(true);
    if (result.ok) expect(Object.keys(result.client).filter((key) => ['client_uri', 'logo_uri', 'scope'].includes(key))).toEqual([]);
  });

  it('reads a name resolved by DNS when private addresses are allowed', async () => {
    let clientId = '';
    const server = await serve({ '/doc': (request, response) => answer(documentFor(clientId))(request, response) });
    clientId = `https://localhost:${server.port}/doc`;
    expect(await documents().get(clientId)).toMatchObject({ ok: true, client: { client_id: clientId } });
  });

  it('refuses a document naming another client_id', async () => {
    const server = await serveDocument({ client_id: 'https://claude.ai/oauth/mcp-oauth-client-metadata' });
    expect(await reasonOf(documents().get(server.clientId))).toBe("The client metadata document's client_id is not the URL it was fetched from.");
  });

  it('refuses a client_id that is not https, or whose path is "/", without fetching', async () => {
    const server = await serveDocument();
    const docs = documents();
    for (const clientId of [`http://127.0.0.1:${server.port}/doc`, `${server.origin}/`]) {
      expect(await reasonOf(docs.get(clientId))).toMatch(/^The client_id is not a client metadata document URL/);
    }
    expect(server.hits('/doc') + server.hits('/')).toBe(0);
  });

  it('refuses loopback addresses unless allowed: a literal, a name that resolves to one, an IPv4-mapped literal', async () => {
    const server = await serveDocument();
    const docs = documents({ allowPrivateAddresses: false });
    const notPublic = 'The client metadata document is on an address this server may not reach.';
    expect(await reasonOf(docs.get(server.clientId))).toBe(notPublic);
    // Refused by the connection's own lookup: no literal to check beforehand. The reason is the one
    // every failed connection gives, so that a client cannot map the server's network with it.
    expect(await reasonOf(docs.get(`https://localhost:${server.port}/doc`))).toBe(COULD_NOT_FETCH);
    expect(await reasonOf(docs.get(`https://[::ffff:7f00:1]:${server.port}/doc`))).toBe(notPublic);
    // As written in the brief, the parser rewrites it: not a client ID URL at all.
    expect(await reasonOf(docs.get(`https://[::ffff:127.0.0.1]:${server.port}/doc`))).toMatch(/^The client_id is not/);
    expect(server.hits('/doc')).toBe(0);
  });

  it('follows up to maxRedirects redirects, each Location resolved against the current URL', async () => {
    let clientId = '';
    const server = await serve({
      '/start': redirectTo('/one', 301),
      '/one': redirectTo('two', 307),
      '/two': (request, response) => redirectTo(`https://127.0.0.1:${server.port}/doc#ignored`, 308)(request, response),
      '/doc': (request, response) => answer(documentFor(clientId))(request, response),
    });
    clientId = `${server.origin}/start`;
    expect(await documents({ maxRedirects: 3 }).get(clientId)).toMatchObject({ ok: true, client: { client_id: clientId } });
    expect(await reasonOf(documents({ maxRedirects: 2 }).get(clientId))).toBe("The client metadata document's server redirected more than 2 times.");
  });

  it('refuses a redirect to http, and one to an address that is not allowed', async () => {
    const server = await serve({ '/to-http': redirectTo('http://127.0.0.1:1/doc'), '/doc': answer({}) });
    const docs = documents();
    expect(await reasonOf(docs.get(`${server.origin}/to-http`))).toBe("The client metadata document's server redirected to an address that is not https.");
    // 127.0.0.1 stands for a public address here, 127.0.0.2 for a private one.
    const other = await serve({ '/to-private': redirectTo(`https://127.0.0.2:${server.port}/doc`, 303) });
    const onlyOne = documents({ allowAddress: (address) => address === '127.0.0.1' });
    expect(await reasonOf(onlyOne.get(`${other.origin}/to-private`))).toBe('The client metadata document is on an address this server may not reach.');
    expect(other.hits('/to-private')).toBe(1);
    expect(server.hits('/doc')).toBe(0);
  });

  it('refuses a redirect without a Location, and statuses other than 200', async () => {
    const server = await serve({ '/nowhere': (_request, response) => response.writeHead(302).end(), '/gone': answer({}, {}, 410), '/ok': answer({}, {}, 203) });
    const docs = documents();
    expect(await reasonOf(docs.get(`${server.origin}/nowhere`))).toBe("The client metadata document's server redirected without a valid Location.");
    expect(await reasonOf(docs.get(`${server.origin}/gone`))).toBe("The client metadata document's server answered HTTP 410.");
    expect(await reasonOf(docs.get(`${server.origin}/missing`))).toBe("The client metadata document's server answered HTTP 404.");
    expect(await reasonOf(docs.get(`${server.origin}/ok`))).toBe("The client metadata document's server answered HTTP 203.");
  });

  it('refuses a body over the cap, announced by Content-Length or streamed without one', async () => {
    const big = ' '.repeat(20_000);
    const server = await serve({
      '/announced': answer(big, { 'content-length': big.length }),
      // Never ends on its own: the reader must stop at the cap, not wait for the end.
      '/endless': (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        const timer = setInterval(() => response.write(' '.repeat(1024)), 1);
        response.on('close', () => clearInterval(timer));
      },
    });
    const docs = documents();
    const tooLarge = 'The client metadata document is larger than 16384 bytes.';
    expect(await reasonOf(docs.get(`${server.origin}/announced`))).toBe(tooLarge);
    expect(await reasonOf(docs.get(`${server.origin}/endless`))).toBe(tooLarge);
  });

  it('gives up on a server that never answers after timeoutMs', async () => {
    const server = await serve({ '/silent': () => {} });
    expect(await reasonOf(documents({ timeoutMs: 200 }).get(`${server.origin}/silent`))).toBe(COULD_NOT_FETCH);
  });

  it('checks the certificate: without the test CA the fetch fails', async () => {
    const server = await serveDocument();
    const docs = new ClientMetadataDocuments({ allowPrivateAddresses: true });
    cleanups.push(() => docs.close());
    expect(await reasonOf(docs.get(server.clientId))).toBe(COULD_NOT_FETCH);
  });

  it('refuses what is not a JSON object', async () => {
    const server = await serve({
      '/html': answer('<html>hi</html>', { 'content-type': 'text/html; x="y"' }),
      '/untyped': (_request, response) => response.end('{}'),
      '/broken': answer('{"client_id": '),
      '/array': answer([{ client_id: 'x' }]),
      '/null': answer('null'),
      '/latin1': answer(Buffer.from('{"client_name": "Caf\xe9"}', 'latin1'), { 'content-type': 'application/json; charset=latin1' }),
    });
    const docs = documents();
    expect(await reasonOf(docs.get(`${server.origin}/html`))).toBe(`The client metadata document is not JSON (content-type "text/html; x='y'").`);
    expect(await reasonOf(docs.get(`${server.origin}/untyped`))).toBe('The client metadata document is not JSON (content-type missing).');
    expect(await reasonOf(docs.get(`${server.origin}/broken`))).toBe('The client metadata document is not valid JSON.');
    expect(await reasonOf(docs.get(`${server.origin}/array`))).toBe('The client metadata document is not a JSON object.');
    expect(await reasonOf(docs.get(`${server.origin}/null`))).toBe('The client metadata document is not a JSON object.');
    expect(await reasonOf(docs.get(`${server.origin}/latin1`))).toBe('The client metadata document is not valid UTF-8.');
  });

  it('refuses a client that authenticates at the token endpoint: it has no secret we could check', async () => {
    for (const method of ['client_secret_basic', 'private_key_jwt']) {
      const server = await serveDocument({ token_endpoint_auth_method: method });
      expect(await reasonOf(documents().get(server.clientId))).toBe(
        `The client metadata document's token_endpoint_auth_method "${method}" is not supported, only "none".`,
      );
    }
  });

  it.each([
    [{ redirect_uris: undefined }, 'has no redirect_uris list'],
    [{ redirect_uris: 'https://client.example/callback' }, 'has no redirect_uris list'],
    [{ redirect_uris: [] }, 'has no redirect_uris'],
    [{ redirect_uris: ['/callback'] }, 'has a redirect_uri that is not'],
    [{ redirect_uris: ['not a url'] }, 'has a redirect_uri that is not'],
    [{ redirect_uris: [42] }, 'has a redirect_uri that is not'],
    [{ redirect_uris: ['javascript:alert(1)'] }, 'has a redirect_uri that is not'],
    [{ redirect_uris: ['http://client.example/callback'] }, 'has a redirect_uri that is not'],
    [{ redirect_uris: ['https://client.example/callback#x'] }, 'has a redirect_uri that is not'],
    [{ redirect_uris: ['https://client.example/call back'] }, 'has a redirect_uri that is not'],
    [{ redirect_uris: [`https://client.example/${'a'.repeat(2000)}`] }, 'has a redirect_uri that is not'],
    [{ redirect_uris: Array.from({ length: 21 }, (_, index) => `https://client.example/${index}`) }, 'lists more than 20 redirect_uris'],
    [{ client_id: undefined }, "'s client_id is not the URL"],
    [{ grant_types: ['client_credentials'] }, "'s grant_types does not include"],
    [{ response_types: ['token'] }, "'s response_types does not include"],
  ])('refuses %j', async (changes, reason) => {
    const server = await serveDocument(changes);
    expect(await reasonOf(documents().get(server.clientId))).toContain(`The client metadata document${reason.startsWith("'") ? '' : ' '}${reason}`);
  });

  it('accepts 20 redirect_uris, loopback http and an app scheme', async () => {
    const uris = [
      'http://127.0.0.1:5000/cb',
      'http://[::1]/cb',
      'cursor://anysphere.cursor-retrieval/oauth/callback',
      ...Array.from({ length: 17 }, (_, i) => `https://c.example/${i}`),
    ];
    const server = await serveDocument({ redirect_uris: uris });
    expect(await documents().get(server.clientId)).toMatchObject({ ok: true, client: { redirect_uris: uris } });
  });

  it('cleans client_name of control and invisible characters, on one line, cut to 100 characters', async () => {
    const docs = documents();
    const dirty = await serveDocument({ client_name: '\u202eAcme\u200b  Client\u0007\n\tDesktop\u001b[2J\u2066' });
    expect(await docs.get(dirty.clientId)).toMatchObject({ ok: true, client: { client_name: 'Acme Client Desktop' } });
    const long = await serveDocument({ client_name: `${'a'.repeat(99)}😀tail` });
    const result = await docs.get(long.clientId);
    expect(result.ok && result.client.client_name).toBe('a'.repeat(99));
    const blank = await serveDocument({ client_name: '\u200b\u0007 ' });
    const unnamed = await docs.get(blank.clientId);
    expect(unnamed.ok && 'client_name' in unnamed.client).toBe(false);
  });

  it('keeps "__proto__" and "constructor" keys of the document as data, copying neither', async () => {
    let clientId = '';
    const server = await serve({
      '/doc': (request, response) => {
        const text = JSON.stringify(documentFor(clientId)).replace(
          /^\{/,
          '{"__proto__": {"polluted": true, "client_secret": "s"}, "constructor": {"prototype": {"polluted": true}}, ',
        );
        answer(text)(request, response);
      },
    });
    clientId = `${server.origin}/doc`;
    const result = await documents().get(clientId);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.getPrototypeOf(result.client)).toBe(Object.prototype);
    expect('polluted' in result.client || 'client_secret' in result.client).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  describe('why a document could not be used: a cause a person can act on', () => {
    /** A loopback port that was listening a moment ago: nothing answers there now, the connection is refused. */
    async function closedPort(): Promise<number> {
      const server = createTcpServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return port;
    }

    it("a name that does not resolve: unresolved, with the resolver's code, and no query leaves the machine", async () => {
      // The connector resolves with dns.lookup; a .invalid name fails here as getaddrinfo fails.
      const lookup = vi.spyOn(dns, 'lookup').mockImplementation(((hostname: string, _options: unknown, callback: (error: Error) => void) => {
        process.nextTick(() => callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname })));
      }) as unknown as typeof dns.lookup);
      const failure = await failureOf(documents().get('https://app.invalid/client.json'));
      expect(lookup).toHaveBeenCalledWith('app.invalid', expect.anything(), expect.any(Function));
      expect(failure).toEqual({ ok: false, reason: COULD_NOT_FETCH, cause: 'unresolved', detail: 'ENOTFOUND' });
    });

    it('a port that refuses, an address not allowed (literal or resolved), a link-local one even where private ones are allowed: refused', async () => {
      const port = await closedPort();
      expect(await failureOf(documents().get(`https://127.0.0.1:${port}/doc`))).toMatchObject({
        cause: 'refused',
        detail: 'ECONNREFUSED',
        reason: COULD_NOT_FETCH,
      });
      const strict = documents({ allowPrivateAddresses: false });
      expect(await failureOf(strict.get(`https://127.0.0.1:${port}/doc`))).toMatchObject({ cause: 'refused' });
      expect(await failureOf(strict.get(`https://localhost:${port}/doc`))).toMatchObject({ cause: 'refused', detail: 'not a public address' });
      expect(await failureOf(documents().get('https://169.254.169.254/latest/meta-data'))).toMatchObject({ cause: 'refused' });
    });

    it('no answer in time: timeout; a certificate not trusted: tls; a connection cut: network', async () => {
      const server = await serve({ '/silent': () => {}, '/cut': (request) => request.socket.destroy() });
      expect(await failureOf(documents({ timeoutMs: 200 }).get(`${server.origin}/silent`))).toMatchObject({
        cause: 'timeout',
        detail: 'no answer within 200 ms',
        reason: COULD_NOT_FETCH,
      });
      const untrusting = new ClientMetadataDocuments({ allowPrivateAddresses: true });
      cleanups.push(() => untrusting.close());
      const tls = await failureOf(untrusting.get(`${server.origin}/silent`));
      expect(tls).toMatchObject({ cause: 'tls', reason: COULD_NOT_FETCH });
      expect(tls.detail).toMatch(/^(?:DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE)$/);
      expect(await failureOf(documents().get(`${server.origin}/cut`))).toMatchObject({ cause: 'network', reason: COULD_NOT_FETCH });
    });

    it('an HTTP status other than 200: status, with the status; an answer that is no document: document', async () => {
      const server = await serve({
        '/gone': answer({}, {}, 410),
        '/html': answer('<html></html>', { 'content-type': 'text/html' }),
        '/loop': redirectTo('/loop'),
      });
      expect(await failureOf(documents().get(`${server.origin}/gone`))).toEqual({
        ok: false,
        reason: "The client metadata document's server answered HTTP 410.",
        cause: 'status',
        detail: 'server answered HTTP 410',
        status: 410,
      });
      expect(await failureOf(documents().get(`${server.origin}/html`))).toMatchObject({ cause: 'document', detail: 'is not JSON (content-type "text/html")' });
      expect(await failureOf(documents().get(`${server.origin}/loop`))).toMatchObject({ cause: 'document' });
      const mismatched = await serveDocument({ client_id: 'https://claude.ai/oauth/mcp-oauth-client-metadata' });
      expect(await failureOf(documents().get(mismatched.clientId))).toMatchObject({ cause: 'document' });
    });

    it('every fetch slot taken, or shutting down: busy', async () => {
      const server = await serve({ '/silent': () => {} });
      const docs = documents({ maxConcurrentFetches: 1, timeoutMs: 60_000 });
      const first = docs.get(`${server.origin}/silent`);
      expect(await failureOf(docs.get(`${server.origin}/other`))).toMatchObject({ cause: 'busy' });
      await docs.close();
      await first;
      expect(await failureOf(docs.get(`${server.origin}/other`))).toMatchObject({ cause: 'busy', reason: 'The sign-in server is shutting down.' });
    });
  });

  describe('the cache', () => {
    function clock() {
      let time = 1_000_000;
      return { now: () => time, advance: (ms: number) => (time += ms) };
    }

    it('answers a second get without a request, until cacheTtlMs has passed', async () => {
      const server = await serveDocument();
      const time = clock();
      const docs = documents({ now: time.now, cacheTtlMs: 60_000 });
      expect((await docs.get(server.clientId)).ok).toBe(true);
      time.advance(59_999);
      expect((await docs.get(server.clientId)).ok).toBe(true);
      expect(server.hits('/doc')).toBe(1);
      time.advance(1);
      expect((await docs.get(server.clientId)).ok).toBe(true);
      expect(server.hits('/doc')).toBe(2);
    });

    it('hands out copies: a caller changing one changes nothing kept', async () => {
      const server = await serveDocument();
      const docs = documents();
      const first = await docs.get(server.clientId);
      if (first.ok) first.client.redirect_uris.push('https://attacker.example/');
      expect(await docs.get(server.clientId)).toMatchObject({
        ok: true,
        client: { redirect_uris: ['https://client.example/callback', 'http://localhost:33418/callback'] },
      });
    });

    it('honours Cache-Control max-age, clamped to at least a minute', async () => {
      const time = clock();
      const docs = documents({ now: time.now });
      const long = await serveDocument({}, { 'cache-control': 'public, max-age=7200' });
      const short = await serveDocument({}, { 'cache-control': 'max-age=1' });
      await docs.get(long.clientId);
      await docs.get(short.clientId);
      time.advance(59_000);
      await docs.get(short.clientId);
      expect(short.hits('/doc')).toBe(1);
      time.advance(1_000);
      await docs.get(short.clientId);
      expect(short.hits('/doc')).toBe(2);
      time.advance(7_200_000 - 60_000 - 1);
      await docs.get(long.clientId);
      expect(long.hits('/doc')).toBe(1);
      time.advance(1);
      await docs.get(long.clientId);
      expect(long.hits('/doc')).toBe(2);
    });

    it('remembers a failure for failureTtlMs only', async () => {
      let status = 500;
      let clientId = '';
      const server = await serve({ '/doc': (request, response) => answer(documentFor(clientId), {}, status)(request, response) });
      clientId = `${server.origin}/doc`;
      const time = clock();
      const docs = documents({ now: time.now, failureTtlMs: 30_000 });
      expect(await reasonOf(docs.get(clientId))).toBe("The client metadata document's server answered HTTP 500.");
      status = 200;
      time.advance(29_999);
      expect(await reasonOf(docs.get(clientId))).toBe("The client metadata document's server answered HTTP 500.");
      expect(server.hits('/doc')).toBe(1);
      time.advance(1);
      expect((await docs.get(clientId)).ok).toBe(true);
      expect(server.hits('/doc')).toBe(2);
    });

    it('shares one request between concurrent gets of the same URL', async () => {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let clientId = '';
      const server = await serve({ '/doc': (request, response) => void released.then(() => answer(documentFor(clientId))(request, response)) });
      clientId = `${server.origin}/doc`;
      const docs = documents();
      const gets = Array.from({ length: 5 }, () => docs.get(clientId));
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      const results = await Promise.all(gets);
      expect(results.every((result) => result.ok)).toBe(true);
      expect(server.hits('/doc')).toBe(1);
    });

    it('fails at once past maxConcurrentFetches, and does not remember that', async () => {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let origin = '';
      const server = await serve({
        '/a': (request, response) => void released.then(() => answer(documentFor(`${origin}/a`))(request, response)),
        '/b': (request, response) => answer(documentFor(`${origin}/b`))(request, response),
      });
      origin = server.origin;
      const docs = documents({ maxConcurrentFetches: 1 });
      const first = docs.get(`${origin}/a`);
      expect(await reasonOf(docs.get(`${origin}/b`))).toBe('Too many client metadata documents are being fetched; try again shortly.');
      release();
      expect((await first).ok).toBe(true);
      expect((await docs.get(`${origin}/b`)).ok).toBe(true);
    });

    it('gives each host and each client address a share of the fetch slots: neither a slow site nor one address takes them all', async () => {
      let hold = () => {};
      const held = new Promise<void>((resolve) => {
        hold = resolve;
      });
      const slow: Handler = (request, response) =>
        void held.then(() => answer(documentFor(`https://${request.headers.host}${request.url}`))(request, response));
      const server = await serve({ '/slow0': slow, '/slow1': slow, '/slow2': slow, '/slow3': slow, '/doc': slow });
      // Two names of one server, for two hosts: the test certificate holds both.
      const [here, there] = [`https://localhost:${server.port}`, `https://127.0.0.1:${server.port}`];
      const docs = documents({ maxConcurrentFetches: 4, maxFetchesPerHostOrAddress: 2, timeoutMs: 60_000 });
      const fetching = [docs.get(`${here}/slow0`, 'address a'), docs.get(`${here}/slow1`, 'address b')];
      // The slow host holds its share, however many addresses ask for it.
      expect(await failureOf(docs.get(`${here}/slow2`, 'address c'))).toMatchObject({
        cause: 'busy',
        detail: '2 fetches under way for its host or this address',
      });
      // One address holds its share, whichever hosts it names.
      fetching.push(docs.get(`${there}/slow3`, 'address a'));
      expect(await failureOf(docs.get(`${there}/doc`, 'address a'))).toMatchObject({
        cause: 'busy',
        detail: '2 fetches under way for its host or this address',
      });
      // A new client of another host, from another address, is fetched.
      fetching.push(docs.get(`${there}/doc`, 'address d'));
      // And the total still holds.
      expect(await failureOf(docs.get(`${there}/slow2`, 'address e'))).toMatchObject({ cause: 'busy', detail: '4 fetches under way' });
      expect(server.hits('/slow2')).toBe(0);
      hold();
      for (const result of await Promise.all(fetching)) expect(result.ok).toBe(true);
      // Every slot given back.
      expect((await docs.get(`${here}/slow2`, 'address a')).ok).toBe(true);
    });

    it('a client read well before keeps signing in while its server is down or every fetch slot is taken', async () => {
      let up = true;
      let hold = () => {};
      const held = new Promise<void>((resolve) => {
        hold = resolve;
      });
      let origin = '';
      const server = await serve({
        '/good': (request, response) => (up ? answer(documentFor(`${origin}/good`))(request, response) : response.socket?.destroy()),
        '/slow': (request, response) => void held.then(() => answer(documentFor(`${origin}/slow`))(request, response)),
        '/bad': (request, response) => answer(documentFor(`${origin}/bad`, { redirect_uris: [] }))(request, response),
      });
      origin = server.origin;
      const time = clock();
      const docs = documents({ now: time.now, cacheTtlMs: 60_000, maxConcurrentFetches: 1 });
      expect((await docs.get(`${origin}/good`)).ok).toBe(true);
      time.advance(60_000);
      up = false;
      // The server cannot be reached: the last good document stands in.
      expect(await docs.get(`${origin}/good`)).toMatchObject({ ok: true, client: { client_id: `${origin}/good` } });
      expect(server.hits('/good')).toBe(2);
      // Every slot is taken by a slow document: a client known before is still read, a new one is not.
      time.advance(60_000);
      const slow = docs.get(`${origin}/slow`);
      expect((await docs.get(`${origin}/good`)).ok).toBe(true);
      expect(await reasonOf(docs.get(`${origin}/bad`))).toMatch(/^Too many/);
      hold();
      await slow;
      // A document that answers, but wrongly, is not replaced by an older good one.
      expect(await reasonOf(docs.get(`${origin}/bad`))).toMatch(/redirect_uris/);
    });

    it('keeps at most maxEntries, the least recently used going first', async () => {
      const [a, b, c] = [await serveDocument(), await serveDocument(), await serveDocument()];
      const docs = documents({ maxEntries: 2 });
      await docs.get(a.clientId);
      await docs.get(b.clientId);
      await docs.get(a.clientId); // a is now the most recently used
      await docs.get(c.clientId); // evicts b
      await docs.get(a.clientId);
      await docs.get(c.clientId);
      expect([a.hits('/doc'), c.hits('/doc')]).toEqual([1, 1]);
      await docs.get(b.clientId);
      expect(b.hits('/doc')).toBe(2);
    });
  });

  it('after close, fails rather than fetching, and a fetch under way fails too', async () => {
    const server = await serve({ '/silent': () => {} });
    const docs = new ClientMetadataDocuments({ allowPrivateAddresses: true, ca: CERT });
    const underWay = docs.get(`${server.origin}/silent`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await docs.close();
    expect((await underWay).ok).toBe(false);
    expect(await reasonOf(docs.get(`${server.origin}/other`))).toBe('The sign-in server is shutting down.');
  });
});
