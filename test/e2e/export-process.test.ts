// export_complaints in the built server over real stdio: a server stopped while a register is being
// written (the client closes stdin, gives up waiting, or a signal comes) removes the file it was
// writing as it exits, so that no half register is left beside the whole ones. Only a process shows
// it: the in-process tests never exit.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { RawServer } from '../helpers/raw-server.js';

let sandbox: SandboxHandle;
const folders: string[] = [];

beforeAll(async () => {
  // Slow enough that a register with its sheets is still being written when the server is stopped.
  sandbox = await startSandbox({ latencyMs: 40, recordRequests: false });
});
afterAll(async () => {
  await sandbox?.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('a register being written when the server stops', () => {
  it.each([
    ['stdin closes', (server: RawServer) => server.endInput()],
    ['SIGTERM', (server: RawServer) => server.signal('SIGTERM')],
  ] as const)('%s: the server exits and leaves no .incompleto file', async (_how, stop) => {
    const folder = await mkdtemp(join(tmpdir(), 'complaints-export-stop-'));
    folders.push(folder);
    const server = new RawServer({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key, COMPLAINTS_EXPORT_DIR: folder });
    await server.initialize();
    // Not awaited: the answer never comes, the server is stopped first.
    void server.request('tools/call', { name: 'export_complaints', arguments: { details: true } }).catch(() => undefined);
    await vi.waitFor(async () => expect((await readdir(folder)).some((name) => name.endsWith('.csv.incompleto'))).toBe(true), {
      timeout: 15_000,
      interval: 50,
    });
    const code = await stop(server);
    expect(code).not.toBeNull();
    expect(await readdir(folder)).toEqual([]);
  });
});
