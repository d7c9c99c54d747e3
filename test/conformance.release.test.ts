// The MCP conformance suite (@modelcontextprotocol/conformance, server mode) against the built server
// in `serve --http` mode, over real HTTP on loopback, with the sandbox behind it. The suite's client
// sends no Authorization header, so a loopback proxy adds the full-access demo key (helpers/key-proxy.ts).
// The suite exits non-zero on a failure missing from conformance/expected-failures.yml and on an entry
// there that passes, so both a regression and a stale baseline fail this test.
//
// 0.1.13 is the newest version that runs on Node 20: 0.1.14 and later import fs.globSync (Node 22).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_KEYS } from '../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../src/sandbox/server.js';
import { type HttpServe, startHttpServe } from './helpers/http-serve.js';
import { type KeyProxy, startKeyProxy } from './helpers/key-proxy.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const SUITE = here('../node_modules/@modelcontextprotocol/conformance/dist/index.js');
const EXPECTED_FAILURES = here('./conformance/expected-failures.yml');

let sandbox: SandboxHandle;
let serve: HttpServe;
let proxy: KeyProxy;
let results: string;

beforeAll(async () => {
  sandbox = await startSandbox({ recordRequests: false });
  serve = await startHttpServe({ COMPLAINTS_API_URL: sandbox.url });
  proxy = await startKeyProxy(serve.url, DEMO_KEYS.full.key);
  results = mkdtempSync(join(tmpdir(), 'conformance-'));
});

afterAll(async () => {
  await proxy?.close();
  await serve?.stop();
  await sandbox?.close();
  if (results) rmSync(results, { recursive: true, force: true });
});

function runSuite(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SUITE, 'server', '--url', proxy.url, '--expected-failures', EXPECTED_FAILURES, '--output-dir', results], {
      env: { PATH: process.env.PATH ?? '' },
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** Scenario -> whether all its checks passed, from the suite's results folder (one folder per scenario). */
function outcomes(): Map<string, boolean> {
  const map = new Map<string, boolean>();
  for (const folder of readdirSync(results)) {
    const scenario = folder.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T.*$/, '');
    const checks = JSON.parse(readFileSync(join(results, folder, 'checks.json'), 'utf8')) as Array<{ status: string }>;
    map.set(
      scenario,
      checks.every((check) => check.status !== 'FAILURE'),
    );
  }
  return map;
}

it('passes every scenario that applies, and fails only those listed as not applying', { timeout: 60_000 }, async () => {
  const { code, output } = await runSuite();
  expect(code, output).toBe(0);
  const passed = [...outcomes()].filter(([, ok]) => ok).map(([scenario]) => scenario);
  // The suite ran against this server, not against nothing: the core scenarios pass.
  expect(passed).toEqual(
    expect.arrayContaining(['server-initialize', 'ping', 'logging-set-level', 'tools-list', 'resources-list', 'prompts-list', 'dns-rebinding-protection']),
  );
});
