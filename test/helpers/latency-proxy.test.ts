// The latency proxy the call-bounds tests and the benchmarks measure load with (helpers/latency-proxy.ts):
// it must pass answers through unchanged, count what it sees per member without keeping the key, and
// never count more in flight than there is. Times are bounded from below only.
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FaultServer, json } from './fault-server.js';
import { LatencyProxy, memberIdOf, memberIdOfKey } from './latency-proxy.js';

const KEY_A = 'or_latency_proxy_member_a_0001';
const KEY_B = 'or_latency_proxy_member_b_0002';
const BODY = { data: [{ id: 'x' }], pagination: { page: 1, pageSize: 20, total: 1, totalPages: 1 } };

let service: FaultServer;
let proxy: LatencyProxy;
const dispatcher = new Agent({ connections: 32 });

beforeAll(async () => {
  service = await FaultServer.start();
  service.always(json(200, BODY, { 'x-answered-by': 'service' }));
  proxy = await LatencyProxy.start(service.url);
});

afterAll(async () => {
  await dispatcher.close();
  await proxy?.close();
  await service?.close();
});

beforeEach(() => {
  service.reset().always(json(200, BODY, { 'x-answered-by': 'service' }));
  proxy.delayMs = 0;
  proxy.reset();
});

const get = (key: string, path = '/api/v1/complaints?page=1', signal?: AbortSignal) =>
  request(`${proxy.url}${path}`, { dispatcher, headers: { authorization: `Bearer ${key}` }, signal });

describe('the latency proxy', () => {
  it('passes the request and the answer through unchanged, the path and query included', async () => {
    const answer = await get(KEY_A, '/api/v1/complaints?status=open&page=3');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-answered-by']).toBe('service');
    expect(await answer.body.json()).toEqual(BODY);
    expect(service.requests.map((r) => r.url)).toEqual(['/api/v1/complaints?status=open&page=3']);
  });

  it('waits its delay before passing a request on, and takes a new delay while running', async () => {
    proxy.delayMs = 120;
    const started = performance.now();
    await (await get(KEY_A)).body.text();
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    proxy.delayMs = 0;
    await (await get(KEY_A)).body.text();
    expect(proxy.requests).toBe(2);
  });

  it('counts the peak in flight overall and per member, by a hash of the header, never the key', async () => {
    proxy.delayMs = 150;
    const answers = await Promise.all([get(KEY_A), get(KEY_A), get(KEY_A), get(KEY_B)]);
    await Promise.all(answers.map((answer) => answer.body.text()));
    expect(proxy.requests).toBe(4);
    expect(proxy.peak).toBe(4);
    expect(proxy.peakOf(memberIdOfKey(KEY_A))).toBe(3);
    expect(proxy.peakOf(memberIdOfKey(KEY_B))).toBe(1);
    expect(proxy.requestsOf(memberIdOfKey(KEY_A))).toBe(3);
    await proxy.until(() => proxy.inFlight === 0);
    expect(memberIdOfKey(KEY_A)).toBe(memberIdOf(`Bearer ${KEY_A}`));
    expect(memberIdOfKey(KEY_A)).toMatch(/^[0-9a-f]{12}$/);
    const seen = JSON.stringify(proxy.memberIds());
    expect(seen).not.toContain(KEY_A);
    expect(seen).not.toContain(KEY_B);
  });

  it('does not pass on a request whose client went away while it waited, and ends its flight', async () => {
    proxy.delayMs = 2000;
    const controller = new AbortController();
    const pending = get(KEY_A, '/api/v1/complaints?page=1', controller.signal).catch((error: Error) => error);
    await proxy.until(() => proxy.inFlight === 1);
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);
    await proxy.until(() => proxy.inFlight === 0);
    expect(proxy.forwarded).toBe(0);
    // Not answered: no time to count.
    expect(proxy.timesOf(memberIdOfKey(KEY_A))).toEqual([]);
    expect(service.requests).toEqual([]);
  });

  it('passes on another Authorization header when told to, and still counts by the one received', async () => {
    const seen: Array<string | undefined> = [];
    service.always((request, response) => {
      seen.push(request.headers.authorization);
      json(200, BODY)(request, response);
    });
    const standIn = await LatencyProxy.start(service.url, {
      forwardAs: (authorization) => (authorization === `Bearer ${KEY_B}` ? `Bearer ${KEY_A}` : undefined),
    });
    try {
      for (const key of [KEY_A, KEY_B]) {
        const answer = await request(`${standIn.url}/api/v1/complaints`, { dispatcher, headers: { authorization: `Bearer ${key}` } });
        await answer.body.text();
      }
      expect(seen).toEqual([`Bearer ${KEY_A}`, `Bearer ${KEY_A}`]);
      expect(standIn.requestsOf(memberIdOfKey(KEY_B))).toBe(1);
    } finally {
      await standIn.close();
    }
  });

  it('counts requests and the peak in flight per kind of request when told how to name it from the path', async () => {
    const routed = await LatencyProxy.start(service.url, {
      delayMs: 150,
      routeOf: (path) => (path === '/api/v1/complaints' ? 'list' : path.startsWith('/api/v1/complaints/') ? 'detail' : 'other'),
    });
    try {
      const at = (path: string) => request(`${routed.url}${path}`, { dispatcher, headers: { authorization: `Bearer ${KEY_A}` } });
      const answers = await Promise.all([at('/api/v1/complaints?page=2'), at('/api/v1/complaints/a'), at('/api/v1/complaints/b'), at('/api/v1/complaints/c')]);
      await Promise.all(answers.map((answer) => answer.body.text()));
      await routed.until(() => routed.inFlight === 0);
      expect([routed.requestsOfRoute('list'), routed.peakOfRoute('list')]).toEqual([1, 1]);
      expect([routed.requestsOfRoute('detail'), routed.peakOfRoute('detail')]).toEqual([3, 3]);
      expect(routed.peakOfRoute('other')).toBe(0);
      routed.reset();
      expect([routed.requestsOfRoute('detail'), routed.peakOfRoute('detail')]).toEqual([0, 0]);
    } finally {
      await routed.close();
    }
  });

  it('answers 502 when the service cannot be reached', async () => {
    const gone = await FaultServer.start();
    await gone.close();
    const orphan = await LatencyProxy.start(gone.url);
    try {
      const answer = await request(`${orphan.url}/api/v1/complaints`, { dispatcher });
      expect(answer.statusCode).toBe(502);
      await answer.body.text();
      await orphan.until(() => orphan.inFlight === 0);
    } finally {
      await orphan.close();
    }
  });
});
