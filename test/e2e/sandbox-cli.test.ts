// `complaints-book-mcp sandbox --book big --latency-ms N`, as a person or a benchmark script starts it:
// the built CLI, its banner, and the options reaching the sandbox.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { SERVER_PATH } from '../helpers/mcp.js';

const LATENCY_MS = 40;

let child: ChildProcess;
let banner = '';

beforeAll(async () => {
  child = spawn(process.execPath, [SERVER_PATH, 'sandbox', '--book', 'big', '--latency-ms', String(LATENCY_MS)], {
    env: { PATH: process.env.PATH ?? '' },
  });
  // The banner ends with "Press Ctrl+C to stop." once the sandbox listens.
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      banner += chunk.toString('utf8');
      if (banner.includes('Press Ctrl+C to stop.')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code} before listening`)));
  });
});

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGTERM');
});

describe('complaints-book-mcp sandbox --book big --latency-ms 40', () => {
  it('says what it serves, and serves it', async () => {
    const url = /listening at (http:\/\/127\.0\.0\.1:\d+)\n/.exec(banner)?.[1];
    expect(url).toBeDefined();
    expect(banner).toMatch(/\n {2}serving the big book, 30,\d{3} records; every answer delayed 40 ms\n/);
    const started = performance.now();
    const response = await fetch(`${url}/api/v1/complaints?pageSize=1`, { headers: { authorization: `Bearer ${DEMO_KEYS.full.key}` } });
    const body = (await response.json()) as { pagination: { total: number } };
    expect(performance.now() - started).toBeGreaterThanOrEqual(LATENCY_MS - 1);
    expect(response.status).toBe(200);
    // 30,000 generated records and the two showcase records.
    expect(body.pagination.total).toBe(30_002);
  });

  it('stops with exit code 0 on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses an unknown book with exit code 2, before generating anything', () => {
    const result = spawnSync(process.execPath, [SERVER_PATH, 'sandbox', '--book', 'huge'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^complaints-book-mcp: --book takes demo or big \(got "huge"\)\n/);
  });
});
