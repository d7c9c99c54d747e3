// The stdio server checks its settings when the first initialize arrives: one list request of one
// record (src/stdio-key-check.ts), which the initialize waits for briefly. A test that counts or
// scripts what reaches the service first waits for that request, checks that it is the only one so
// far and exactly the check, and then takes it away: what it counts next is its own calls', and no
// scripted answer went to the check.
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import type { RecordedRequest } from '../../src/sandbox/server.js';
import type { FaultServer } from './fault-server.js';
import type { LatencyProxy } from './latency-proxy.js';

/** The check's request, as the sandbox records it. */
export const START_CHECK = { method: 'GET', path: '/api/v1/complaints', query: { page: '1', pageSize: '1' } } as const;
/** The same, as a fault server records it (path and query as sent). */
export const START_CHECK_URL = '/api/v1/complaints?page=1&pageSize=1';

/** Resolves once `condition` holds; a condition that never does is left to the test's timeout. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(5);
}

/** The sandbox (nothing else asked of it yet): waits for the check, expects it alone, and clears it. */
export async function takeStartCheck(sandbox: { requests: RecordedRequest[] }): Promise<void> {
  await until(() => sandbox.requests.length > 0);
  expect(sandbox.requests, 'the only request before any call: the check at start').toEqual([START_CHECK]);
  sandbox.requests.length = 0;
}

/**
 * A fault server (nothing else asked of it yet): waits for the check, expects it alone, and forgets
 * it. Its answer was the fault server's fallback at that moment, which the test set before starting.
 */
export async function takeStartCheckFrom(fault: FaultServer): Promise<void> {
  await until(() => fault.requests.length > 0);
  expect(
    fault.requests.map(({ method, url }) => ({ method, url })),
    'the only request before any call: the check at start',
  ).toEqual([{ method: 'GET', url: START_CHECK_URL }]);
  fault.requests.length = 0;
}

/**
 * A latency proxy reset before the server started (it counts, it does not record paths): waits for
 * the one request, the check, to end, and resets the proxy's counts.
 */
export async function takeStartCheckThrough(proxy: LatencyProxy): Promise<void> {
  await proxy.until(() => proxy.requests > 0 && proxy.inFlight === 0);
  expect(proxy.requests, 'the only request before any call: the check at start').toBe(1);
  proxy.reset();
}
