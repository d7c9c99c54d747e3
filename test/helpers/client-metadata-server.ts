// Client ID Metadata Documents served over https on loopback, as claude.ai serves its own: the test
// certificate (test/fixtures, for 127.0.0.1 only) is given to the server under test through
// NODE_EXTRA_CA_CERTS, and the server is told to allow private addresses.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { CALLBACK } from './oauth-member.js';

export const TEST_CA_PATH = fileURLToPath(new URL('../fixtures/loopback-cert.pem', import.meta.url));
const TEST_KEY_PATH = fileURLToPath(new URL('../fixtures/loopback-key.pem', import.meta.url));

export interface ClientMetadataServer {
  /** The URL of a document: `member` (a good one) or `mismatched` (its client_id is another URL). */
  url: (name: 'member' | 'mismatched') => string;
  close: () => Promise<void>;
}

export async function startClientMetadataServer(): Promise<ClientMetadataServer> {
  let origin = '';
  const documents: Record<string, () => unknown> = {
    '/member.json': () => ({
      client_id: `${origin}/member.json`,
      client_name: 'Member app (metadata document)',
      redirect_uris: [CALLBACK],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
    '/mismatched.json': () => ({ client_id: `${origin}/other.json`, redirect_uris: [CALLBACK] }),
  };
  const server: Server = createServer({ cert: readFileSync(TEST_CA_PATH), key: readFileSync(TEST_KEY_PATH) }, (req, res) => {
    const document = documents[req.url ?? ''];
    if (document === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (name) => `${origin}/${name}.json`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
