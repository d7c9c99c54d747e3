// End to end, what a new member gets wrong on a first try, as `check` and a tool call of the built
// server say it: a COMPLAINTS_API_URL whose list answers 404 (a wrong base path, the URL of serve
// --http itself), https:// for a plain HTTP port, a refused key, and log settings the server ignores.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_TEXT } from '../../src/api/errors.js';
import { loadConfig } from '../../src/config.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { runCheck } from '../helpers/check.js';
import { startHttpServe } from '../helpers/http-serve.js';
import { connect } from '../helpers/mcp.js';

const KEY = DEMO_KEYS.full.key;
const SOME_ID = '00000000-0000-4000-8000-000000000000';

let sandbox: SandboxHandle;
/** A loopback server that answers 404 to every request, as a host without the API does. */
let nowhere: Server;
let nowhereUrl: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  nowhere = createServer((_request, response) => {
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end('<html><body><h1>Not Found</h1></body></html>');
  });
  await new Promise<void>((resolve) => nowhere.listen(0, '127.0.0.1', resolve));
  nowhereUrl = `http://127.0.0.1:${(nowhere.address() as AddressInfo).port}`;
});

afterAll(async () => {
  nowhere?.closeAllConnections();
  await new Promise((resolve) => nowhere?.close(resolve));
  await sandbox?.close();
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a 404 of the list reads, for the base URL `url`. */
const wrongUrl = (url: string) =>
  `The server answered 404 Not Found at ${url}/api/v1/complaints, where the complaints list should be: COMPLAINTS_API_URL is probably wrong (it must be the complaints service's base URL, without /api/v1).`;

describe('a COMPLAINTS_API_URL whose list answers 404', () => {
  it.each([
    ['a host that answers 404 to everything', () => nowhereUrl],
    ['the sandbox under an extra path', () => `${sandbox.url}/complaints-book`],
  ])('check, with %s: says the URL is wrong (exit 4), not that a record is missing', async (_label, url) => {
    const { code, stdout, stderr } = await runCheck({ COMPLAINTS_API_URL: url(), COMPLAINTS_API_KEY: KEY });
    expect(code, stdout + stderr).toBe(4);
    expect(stdout).toContain(`\n✗ URL wrong: ${wrongUrl(url())}\n`);
    expect(stdout).not.toMatch(/✓ URL reachable|Record not found|Check the id/);
    expect(stdout + stderr).not.toContain(KEY);
  });

  it('every tool that lists says so, get_complaint by reference too; get_complaint by id still says the record is not found', async () => {
    const url = `${sandbox.url}/complaints-book`;
    const mcp = await connect({ COMPLAINTS_API_URL: url, COMPLAINTS_API_KEY: KEY });
    try {
      for (const [name, args] of [
        ['list_complaints', {}],
        ['complaints_overview', {}],
        ['get_complaint', { reference: '000000481-2026' }],
      ] as const) {
        expect(await mcp.call(name, args), name).toMatchObject({ isError: true, text: wrongUrl(url) });
      }
      // The detail answers 404 for a record the key may not see: it cannot tell a wrong URL apart.
      expect(await mcp.call('get_complaint', { id: SOME_ID })).toMatchObject({ isError: true, text: NOT_FOUND_TEXT });
    } finally {
      await mcp.close();
    }
  });

  it('check, given the URL of serve --http instead of the service: says the URL is wrong', async () => {
    const serve = await startHttpServe({ COMPLAINTS_API_URL: sandbox.url });
    try {
      const { code, stdout } = await runCheck({ COMPLAINTS_API_URL: serve.url, COMPLAINTS_API_KEY: KEY });
      expect(code, stdout).toBe(4);
      expect(stdout).toContain(`✗ URL wrong: ${wrongUrl(serve.url)}\n`);
    } finally {
      await serve.stop();
    }
  });
});

describe('https:// for a port that speaks plain HTTP', () => {
  it('check (exit 4) and a tool call say to try http://', async () => {
    const { host } = new URL(sandbox.url);
    const env = { COMPLAINTS_API_URL: `https://${host}`, COMPLAINTS_API_KEY: KEY };
    const said = `COMPLAINTS_API_URL uses https://, but the server at ${escaped(host)} answered in plain HTTP \\(ERR_SSL_[A-Z_]+\\): try http://${escaped(host)}\\.`;
    const { code, stdout } = await runCheck(env);
    expect(code, stdout).toBe(4);
    expect(stdout).toMatch(new RegExp(`\n✗ URL wrong: ${said}\n`));
    const mcp = await connect(env);
    try {
      const { isError, text } = await mcp.call('list_complaints');
      expect(isError).toBe(true);
      expect(text).toMatch(new RegExp(`^${said}$`));
    } finally {
      await mcp.close();
    }
  });
});

describe('a refused key', () => {
  it("check and the stdio server's handshake name COMPLAINTS_API_KEY, and not the Authorization header of serve --http", async () => {
    const env = { COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: 'or_not_a_real_key_0000' };
    const refused = 'The complaints service refused the API key (401): it may be mistyped, expired or revoked. Check COMPLAINTS_API_KEY.';
    const { code, stdout } = await runCheck(env);
    expect(code, stdout).toBe(5);
    expect(stdout).toContain(`\n✗ Key refused: ${refused}\n`);
    expect(stdout).not.toMatch(/Authorization/);
    await expect(connect(env)).rejects.toThrow(
      'MCP error -32000: The complaints service refused the key in COMPLAINTS_API_KEY (401): it may be mistyped, expired or revoked. Set COMPLAINTS_API_KEY to your personal API key (it starts with or_), then restart the server.',
    );
  });
});

describe('check and a refused value', () => {
  it('shows a refused setting as refused, not as the default the server would fall back on', async () => {
    const bad = { COMPLAINTS_TIMEZONE: 'Lima', COMPLAINTS_REDACT_PII: 'maybe', COMPLAINTS_TIMEOUT_MS: '5' };
    const { code, stdout } = await runCheck({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: KEY, ...bad });
    expect(code, stdout).toBe(3);
    for (const name of Object.keys(bad)) {
      expect(stdout).toMatch(new RegExp(`\\n  ${name} +\\(not valid: see below\\)\\n`));
      expect(stdout).toMatch(new RegExp(`\\n✗ ${name} `));
    }
    expect(stdout).not.toMatch(/^ {2}COMPLAINTS_\w+ +(?:America\/Lima|15000|true)$/m);
    // A key without its "or_" pasted into a setting, with no key set to compare it with: not quoted.
    const pasted = await runCheck({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_TIMEZONE: 'live_4f9a1c2b3d4e5f60718293' });
    expect(pasted.code).toBe(3);
    expect(pasted.stdout).toMatch(/✗ COMPLAINTS_TIMEZONE .*looks like a key or a token; it is not shown/);
    expect(pasted.stdout + pasted.stderr).not.toMatch(/4f9a1c2b/);
    // The same, spelled apart or in full-width letters.
    for (const spelled of ['l-i-v-e-_-4-f-9-a-1-c-2-b-3-d-4-e-5-f-6-0-7-1', 'ｌｉｖｅ＿４ｆ９ａ１ｃ２ｂ３ｄ４ｅ５ｆ６０７１']) {
      const apart = await runCheck({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_TIMEZONE: spelled });
      expect(apart.stdout).toMatch(/✗ COMPLAINTS_TIMEZONE .*looks like a key or a token; it is not shown/);
      expect((apart.stdout + apart.stderr).normalize('NFKC').replace(/-/g, '')).not.toMatch(/4f9a1c2b/);
    }
    // A good value is shown as it is.
    const good = await runCheck({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: KEY, COMPLAINTS_TIMEZONE: 'America/Bogota' });
    expect(good.stdout).toMatch(/\n {2}COMPLAINTS_TIMEZONE +America\/Bogota\n/);
  });
});

describe('check and the log settings', () => {
  const bad = { COMPLAINTS_LOG_LEVEL: 'verbose', COMPLAINTS_LOG_FORMAT: 'xml' };

  it('warns of a bad COMPLAINTS_LOG_LEVEL and COMPLAINTS_LOG_FORMAT as the server does at start, and checks the rest', async () => {
    const env = { COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: KEY, ...bad };
    const { warnings } = loadConfig(env);
    expect(warnings).toEqual([expect.stringMatching(/^COMPLAINTS_LOG_LEVEL /), expect.stringMatching(/^COMPLAINTS_LOG_FORMAT /)]);
    const { code, stdout } = await runCheck(env);
    expect(code, stdout).toBe(0);
    for (const warning of warnings) expect(stdout).toContain(`\n! ${warning}\n`);
    expect(stdout).toMatch(/✓ \d+ records visible to this key\.\n$/);
    // The server says the same at start.
    const mcp = await connect(env);
    try {
      await mcp.call('list_complaints', { pageSize: 1 });
      for (const warning of warnings) expect(mcp.stderr()).toContain(warning);
    } finally {
      await mcp.close();
    }
  });

  it('warns of them beside a problem that stops the check, and says nothing of good ones', async () => {
    const stopped = await runCheck({ COMPLAINTS_API_URL: sandbox.url, ...bad });
    expect(stopped.code).toBe(3);
    expect(stopped.stdout).toMatch(/\n! COMPLAINTS_LOG_LEVEL [^\n]*\n! COMPLAINTS_LOG_FORMAT [^\n]*\n✗ COMPLAINTS_API_KEY is not set/);
    const clean = await runCheck({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: KEY, COMPLAINTS_LOG_LEVEL: 'debug', COMPLAINTS_LOG_FORMAT: 'json' });
    expect(clean.code).toBe(0);
    expect(clean.stdout).not.toMatch(/^! /m);
  });
});
