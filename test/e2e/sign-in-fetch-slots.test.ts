// End to end, the sign-in's fetch slots for client metadata documents: the built server, with its
// default bounds (16 fetches at once, 4 per host and 4 per client address), opened at /authorize
// from several loopback addresses as other machines would. One site that answers slowly, asked for
// 16 new clients at once from one address, holds its share only: a new client of another site, from
// another address, still signs in, while the flooding address gets no more than its share.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CA_PATH } from '../helpers/client-metadata-server.js';
import { type HttpServe, startHttpServe } from '../helpers/http-serve.js';
import { authorizeQuery, CALLBACK } from '../helpers/oauth-member.js';
import { Watched } from '../helpers/watched.js';

const KEY_PATH = new URL('../fixtures/loopback-key.pem', import.meta.url);

let serve: HttpServe;
let documents: Server;
let documentsPort: number;
/** Requests for a slow document, held until the test lets them go. */
const held = new Set<() => void>();
const progress = new Watched();
/** Clients on other loopback addresses, as other machines would be. */
const flooding = new Agent({ localAddress: '127.0.0.2' });
const newcomer = new Agent({ localAddress: '127.0.0.3' });

beforeAll(async () => {
  // One server, two hosts: the test certificate names both localhost (the slow one) and 127.0.0.1.
  documents = createServer({ cert: readFileSync(TEST_CA_PATH), key: readFileSync(KEY_PATH) }, (req, res) => {
    const clientId = `https://${req.headers.host}${req.url}`;
    const send = () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ client_id: clientId, redirect_uris: [CALLBACK] }));
    if (!req.headers.host?.startsWith('localhost:')) return send();
    const release = () => {
      held.delete(release);
      send();
    };
    held.add(release);
    // The server under test gave up on it (its 5 s deadline): no longer held.
    res.on('close', () => held.delete(release));
    progress.changed();
  });
  await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
  documentsPort = (documents.address() as AddressInfo).port;
  serve = await startHttpServe({
    // Nothing listens there: no key is checked in these tests.
    COMPLAINTS_API_URL: 'http://127.0.0.1:9',
    COMPLAINTS_HTTP_TOKEN_SECRET: randomBytes(32).toString('base64'),
    COMPLAINTS_HTTP_ALLOW_PRIVATE_CLIENT_METADATA: 'true',
    NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
  });
});

afterAll(async () => {
  for (const release of [...held]) release();
  await serve?.stop();
  await new Promise<void>((resolve) => {
    documents?.closeAllConnections();
    documents ? documents.close(() => resolve()) : resolve();
  });
  await Promise.all([flooding.close(), newcomer.close()]);
});

/** GET /authorize for `clientId` as an OAuth client sends it, from `from`'s address; `headers` added. */
async function authorize(clientId: string, from: Agent, headers: Record<string, string> = {}) {
  const query = authorizeQuery(clientId);
  const response = await request(`${new URL(serve.url).origin}/authorize?${query}`, { dispatcher: from, headers });
  return { status: response.statusCode, text: await response.body.text() };
}

describe('client metadata documents fetched at once', () => {
  it('one slow site asked for 16 new clients from one address holds 4 slots: a new client of another site, from another address, signs in', async () => {
    const slowSite = `https://localhost:${documentsPort}`;
    let answered = 0;
    const floods = Array.from({ length: 16 }, (_, n) =>
      // Each claims another address in X-Forwarded-For, which the server must not believe.
      authorize(`${slowSite}/client-${n}.json`, flooding, { 'x-forwarded-for': `198.51.100.${n}` }).then((answer) => {
        answered++;
        progress.changed();
        return answer;
      }),
    );
    // Each of the 16 is either being fetched (held by the slow site) or already answered.
    await progress.until(() => held.size + answered === 16);

    const otherSite = `https://127.0.0.1:${documentsPort}`;
    // The flooding address has no slot left, even for another site.
    const fromFlooder = await authorize(`${otherSite}/flooder.json`, flooding);
    expect(fromFlooder.status).toBe(400);
    expect(JSON.parse(fromFlooder.text).error_description).toMatch(/Too many client metadata documents are being fetched/);
    // Another address, another site: its document is fetched, and the sign-in page shown.
    const page = await authorize(`${otherSite}/newcomer.json`, newcomer);
    expect(page.status).toBe(200);
    expect(page.text).toContain('name="api_key"');
    // While the slow site still holds its share, and no more.
    expect(held.size).toBe(4);
    expect(answered).toBe(12);

    for (const release of [...held]) release();
    const answers = await Promise.all(floods);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(4);
  });
});
