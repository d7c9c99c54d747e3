// End to end, export links across replicas: two `serve --http` processes share their state in one
// real Redis; a link made on one opens on the other (nothing is kept on a replica's disk or memory),
// and a changed one opens on neither. What Redis holds for it: the entry under the token's hash, the
// key sealed, no token and no spelling of the key.
import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { exportLink, open, parseCsv } from '../helpers/export-link.js';
import { type HttpServe, startHttpServe } from '../helpers/http-serve.js';
import { formsShown, keyForms } from '../helpers/key-forms.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';

const FULL = DEMO_KEYS.full.key;

let redis: RedisServer;
let sandbox: SandboxHandle;
const replicas: HttpServe[] = [];

beforeAll(async () => {
  redis = await startRedis();
  sandbox = await startSandbox();
  for (let index = 0; index < 2; index++) {
    replicas.push(
      await startHttpServe({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_LOG_LEVEL: 'debug', COMPLAINTS_LANGUAGE: 'en', COMPLAINTS_HTTP_STATE_URL: redis.url }),
    );
  }
}, 60_000);

afterAll(async () => {
  await Promise.allSettled(replicas.map((replica) => replica.stop()));
  await sandbox?.close();
  await redis?.stop();
}, 30_000);

/** The same link, at replica `on`'s address (as a load balancer would send it there). */
const at = (link: string, on: number) => link.replace(new URL(link).origin, new URL(replicas[on]!.url).origin);

describe('export links across replicas sharing Redis', () => {
  it('a link made on one replica opens on the other, the same register; changed, it opens on neither', async () => {
    const { link, token, answer } = await exportLink(replicas[0]!.url, FULL);
    const onB = await open(at(link, 1));
    expect(onB.status, onB.body).toBe(200);
    expect(parseCsv(onB.body.slice(1)).length - 1).toBe(answer.structured.matchingNow);
    expect((await open(link)).body).toBe(onB.body);
    expect(replicas[1]!.stderr()).toContain('path=/exports/(link) status=200');

    const other = token.startsWith('A') ? `B${token.slice(1)}` : `A${token.slice(1)}`;
    for (const on of [0, 1]) expect((await open(at(link, on).replace(token, other))).status).toBe(404);
  });

  it('Redis holds the entry under the hash of the token, expiring, with no token and no spelling of the key', async () => {
    const { token } = await exportLink(replicas[1]!.url, FULL);
    const client = createClient({ url: redis.url });
    client.on('error', () => {});
    await client.connect();
    try {
      const keys = await client.keys('cbm:{x:*');
      expect(keys.length).toBeGreaterThan(0);
      const entries = await Promise.all(keys.map((key) => client.get(key)));
      const stored = [...keys, ...entries].join('\n');
      expect(stored).not.toContain(token);
      expect(formsShown(stored, { itself: FULL, ...keyForms(FULL) })).toEqual([]);
      for (const key of keys) {
        const ttl = await client.ttl(key);
        expect(ttl).toBeGreaterThan(14 * 60);
        expect(ttl).toBeLessThanOrEqual(17 * 60);
      }
    } finally {
      client.destroy();
    }
  });
});
