// A member's calls in flight when their client goes away while the replica waits for the shared
// state (Redis): the slots taken for those calls must come back, or the member is locked out of this
// replica. One replica of `serve --http` on a real Redis, with a per-key cap of one call.
import { connect } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { type HttpServe, MCP_HEADERS, startHttpServe } from '../helpers/http-serve.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';

const OWN = DEMO_KEYS.storeRestricted.key;
const toolCall = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_complaints', arguments: { pageSize: 1 } } });

let redis: RedisServer;
let sandbox: SandboxHandle;
let replica: HttpServe;

beforeAll(async () => {
  redis = await startRedis();
  sandbox = await startSandbox();
  replica = await startHttpServe({
    COMPLAINTS_API_URL: sandbox.url,
    COMPLAINTS_LANGUAGE: 'en',
    COMPLAINTS_HTTP_STATE_URL: redis.url,
    COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY: '1',
  });
}, 60_000);

afterAll(async () => {
  await replica?.stop();
  await sandbox?.close();
  await redis?.stop();
}, 30_000);

async function callWithOwnKey() {
  const response = await request(replica.url, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${OWN}` }, body: toolCall });
  return { status: response.statusCode, text: await response.body.text() };
}

/** Sends a whole tool call, then hangs up after `ms` without reading the answer. */
function callAndHangUp(ms: number): Promise<void> {
  const { host, port } = new URL(replica.url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: host.split(':')[0]!, port: Number(port) });
    socket.once('error', reject);
    socket.once('connect', () => {
      const headers = { ...MCP_HEADERS, authorization: `Bearer ${OWN}`, host, 'content-length': String(Buffer.byteLength(toolCall)) };
      socket.write(
        `POST /mcp HTTP/1.1\r\n${Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('')}\r\n${toolCall}`,
      );
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, ms);
    });
  });
}

async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  const giveUpAt = Date.now() + withinMs;
  while (Date.now() < giveUpAt) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

describe('a client that hangs up while the replica waits for the store', () => {
  // serve.ts gives a request's slots back on the response's 'close'. A client that hangs up while the
  // replica waits for the store (slow or paused: each wait lasts up to its 2 s bound) must still give
  // back the slot of this replica's cap (in-flight.ts): with the per-key cap at one, a slot kept would
  // refuse the member (429) on this replica until it restarts.
  it('gives the slot back: the member calls again once the store is back', async () => {
    expect((await callWithOwnKey()).status).toBe(200);
    redis.pause();
    try {
      // Well within the store's 2 s bound, the replica still waiting for it; long after the request is read.
      await callAndHangUp(500);
      await replica.untilStderr('the shared state store does not answer');
    } finally {
      redis.resume();
    }
    await replica.untilStderr('the shared state store answers again');
    let last: Awaited<ReturnType<typeof callWithOwnKey>> | undefined;
    const called = await eventually(async () => {
      last = await callWithOwnKey();
      return last.status === 200;
    }, 20_000);
    expect(called, `last answer: ${last?.status} ${last?.text.slice(0, 200)}`).toBe(true);
  }, 60_000);
});
