// The key a member signs in with is asked of the service once, and what the service answered is
// written to the shared state before the verdict is given: the client's first call, on any replica,
// then finds the key accepted instead of asking the service again.
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInKeyCheck } from '../../../src/http/sign-in/sign-in.js';
import { DEMO_KEYS } from '../../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../../src/sandbox/server.js';

let sandbox: SandboxHandle;
const dispatcher = new Agent();

beforeAll(async () => {
  sandbox = await startSandbox();
});

afterAll(async () => {
  await sandbox?.close();
  await dispatcher.close();
});

/** A write the test ends when it chooses, and the statuses it was told. */
function heldWrite() {
  const told: number[] = [];
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const onKeyStatus = async (_key: string, status: number) => {
    told.push(status);
    await done;
  };
  return { told, finish, onKeyStatus };
}

describe('signInKeyCheck', () => {
  for (const [name, key, status, verdict] of [
    ['an accepted key', DEMO_KEYS.full.key, 200, 'accepted'],
    ['a key the service does not know', 'or_not_a_key_of_this_service_000000000', 401, 'refused'],
    ['a key without the permission', DEMO_KEYS.noPermission.key, 403, 'forbidden'],
  ] as const) {
    it(`${name}: the verdict (${verdict}) waits until what the service answered (${status}) is written`, async () => {
      const write = heldWrite();
      const check = signInKeyCheck({ apiUrl: sandbox.url, timeoutMs: 15_000, dispatcher, onKeyStatus: write.onKeyStatus });
      let settled = false;
      const verdict$ = check(key).then((result) => {
        settled = true;
        return result;
      });
      while (write.told.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      // The service has answered; a few more turns of the loop must not let the verdict out.
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      write.finish();
      expect(await verdict$).toBe(verdict);
      expect(write.told).toEqual([status]);
    });
  }

  it('a write that fails does not change the verdict: the store reports its own failures', async () => {
    const check = signInKeyCheck({ apiUrl: sandbox.url, timeoutMs: 15_000, dispatcher, onKeyStatus: async () => Promise.reject(new Error('store down')) });
    expect(await check(DEMO_KEYS.full.key)).toBe('accepted');
  });
});
