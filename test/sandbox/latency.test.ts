// The sandbox's latency option: every answer waits on a timer, as a remote service's would, so that a
// benchmark can count requests and waits. Only lower bounds on time are asserted: a loaded machine may
// add any delay, never remove one.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { LATENCY_MS_MAX, type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';

const NOW = new Date('2026-11-26T15:00:00Z');
const LATENCY_MS = 500;
const SMALL_BOOK = { a: 30, b: 5 };

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox({ now: NOW, recordsPerOrganization: SMALL_BOOK, latencyMs: LATENCY_MS });
});

afterAll(async () => {
  await sandbox?.close();
});

async function timedCall(path: string, init: RequestInit = {}): Promise<{ status: number; elapsedMs: number }> {
  const started = performance.now();
  const response = await fetch(`${sandbox.url}${path}`, init);
  await response.arrayBuffer();
  return { status: response.status, elapsedMs: performance.now() - started };
}

/** `count` turns of the event loop (setImmediate is not faked). */
async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

const authorized = { headers: { authorization: `Bearer ${DEMO_KEYS.full.key}` } };

describe('latencyMs', () => {
  it('delays every kind of answer by at least the latency', async () => {
    const someId = sandbox.dataset.records[0]?.id;
    const answers = await Promise.all([
      timedCall('/api/v1/complaints?pageSize=5', authorized),
      timedCall(`/api/v1/complaints/${someId}`, authorized),
      timedCall('/api/v1/complaints'),
      timedCall('/api/v1/complaints?pageSize=0', authorized),
      timedCall('/api/v1/complaints', { ...authorized, method: 'POST', body: '{}' }),
      timedCall('/elsewhere'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 400, 405, 404]);
    // Node's timers count whole milliseconds from the loop's clock, which may trail the finer one by under 1 ms.
    for (const { elapsedMs } of answers) expect(elapsedMs).toBeGreaterThanOrEqual(LATENCY_MS - 1);
  });

  it('waits on a timer, not by holding the event loop', async () => {
    // With setTimeout faked, the answer comes only when the fake clock reaches the latency; a busy wait
    // would answer at once (or never).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const waiting = await startSandbox({ now: NOW, recordsPerOrganization: SMALL_BOOK, latencyMs: LATENCY_MS });
      try {
        let settled = false;
        const answer = fetch(`${waiting.url}/api/v1/complaints`, authorized).then(async (response) => {
          await response.arrayBuffer();
          settled = true;
          return response.status;
        });
        while (waiting.requests.length === 0) await turns(1);
        await turns(20);
        expect(settled).toBe(false);
        vi.advanceTimersByTime(LATENCY_MS - 1);
        await turns(20);
        expect(settled).toBe(false);
        vi.advanceTimersByTime(1);
        expect(await answer).toBe(200);
      } finally {
        vi.useRealTimers();
        await waiting.close();
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers at once by default', async () => {
    const plain = await startSandbox({ now: NOW, recordsPerOrganization: SMALL_BOOK });
    try {
      const response = await fetch(`${plain.url}/api/v1/complaints`, authorized);
      expect(response.status).toBe(200);
    } finally {
      await plain.close();
    }
  });

  it('drops a waiting answer when the sandbox closes', async () => {
    const closing = await startSandbox({ now: NOW, recordsPerOrganization: SMALL_BOOK, latencyMs: LATENCY_MS_MAX });
    const pending = fetch(`${closing.url}/api/v1/complaints`, authorized);
    pending.catch(() => undefined);
    while (closing.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await closing.close();
    await expect(pending).rejects.toThrow();
  });

  it.each([-1, 1.5, LATENCY_MS_MAX + 1, Number.NaN])('refuses latencyMs %s', async (latencyMs) => {
    await expect(startSandbox({ now: NOW, recordsPerOrganization: SMALL_BOOK, latencyMs })).rejects.toThrow(
      `latencyMs must be a whole number of milliseconds from 0 to ${LATENCY_MS_MAX}`,
    );
  });
});
