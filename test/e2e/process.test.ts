// End to end, as a client that speaks the protocol itself: raw JSON-RPC lines over the built server's
// stdio. Checks what only the raw streams show: every stdout line is JSON-RPC, the key is never
// printed, the process exits when stdin closes, and the CLI's own flags.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { STORE_IDS } from '../../src/sandbox/organizations.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { TOOLS } from '../../src/tools/catalog.js';
import { runCheck } from '../helpers/check.js';
import { connect, listsAdvertisedAsChanging, SERVER_PATH } from '../helpers/mcp.js';
import { expectJsonRpcOnly, RawServer } from '../helpers/raw-server.js';
import { START_CHECK_URL } from '../helpers/start-check.js';
import { Watched } from '../helpers/watched.js';

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox();
});

afterAll(async () => {
  await sandbox?.close();
});

describe('stdio hygiene', () => {
  it('writes nothing but JSON-RPC on stdout, never the key anywhere, and exits with 0 once stdin closes', async () => {
    const key = DEMO_KEYS.full.key;
    const server = new RawServer({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: key });
    const init = await server.initialize();
    expect(init.result.serverInfo.name).toBe('complaints-book-mcp');
    expect(init.result.capabilities.tools).toBeDefined();
    // The lists are fixed for the life of the server: no notice of a change will ever come.
    expect(listsAdvertisedAsChanging(init.result.capabilities)).toEqual([]);
    const tools = await server.request('tools/list');
    expect(tools.result.tools.map((tool: { name: string }) => tool.name)).toEqual(TOOLS.map((tool) => tool.name));
    const list = await server.request('tools/call', { name: 'list_complaints', arguments: { pageSize: 3 } });
    expect(list.result.isError).toBeFalsy();
    const id = list.result.structuredContent.items[0].id;
    const detail = await server.request('tools/call', { name: 'get_complaint', arguments: { id } });
    expect(detail.result.content[0].text).toContain(list.result.structuredContent.items[0].correlative);
    const refused = await server.request('tools/call', { name: 'list_complaints', arguments: { pageSize: 1000 } });
    expect(refused.result.isError).toBe(true);
    const missing = await server.request('tools/call', { name: 'get_complaint', arguments: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.result.isError).toBe(true);
    const unknown = await server.request('tools/call', { name: 'delete_complaint', arguments: {} });
    expect(unknown.error ?? unknown.result?.isError).toBeTruthy();
    const bogus = await server.request('no/such/method');
    expect(bogus.error.code).toBe(-32601);

    expect(await server.endInput()).toBe(0);
    expectJsonRpcOnly(server.stdoutLines);
    expect(server.stdoutLines.join('\n')).not.toContain(key);
    expect(server.stderr).not.toContain(key);
  });

  it('survives lines on stdin that are not JSON-RPC, and keeps answering', async () => {
    const server = new RawServer({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key });
    try {
      await server.initialize();
      server.child.stdin.write('this is not json\n{"hello":"world"}\n[1,2,3]\n\n');
      const answer = await server.callTool('list_complaints', { pageSize: 1 });
      expect(answer.isError).toBe(false);
      expect(server.child.exitCode).toBeNull();
      await server.endInput();
      expectJsonRpcOnly(server.stdoutLines);
    } finally {
      await server.stop();
    }
  });
});

describe('shutdown with a call in flight', () => {
  /**
   * An upstream that accepts requests and never answers. `requested(n)` resolves once the n-th request
   * (from 1) has come, with its path and query and a promise that resolves when the client drops it.
   */
  async function stalledUpstream() {
    const arrived: Array<{ url: string; closed: Promise<void> }> = [];
    const arrivals = new Watched();
    const upstream = createServer((request) => {
      arrived.push({ url: request.url ?? '', closed: new Promise((resolve) => request.socket.once('close', () => resolve())) });
      arrivals.changed();
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const requested = async (n: number) => {
      await arrivals.until(() => arrived.length >= n);
      return arrived[n - 1]!;
    };
    const stop = async () => {
      upstream.closeAllConnections();
      await new Promise((resolve) => upstream.close(resolve));
    };
    return { url, requested, stop };
  }

  // The call's deadline (30 s) is past the test's timeout: a server that waited for the call would fail
  // the test by its timeout, with no bound on the time the exit takes.
  it.each(['SIGTERM', 'SIGINT', 'stdin end'] as const)('%s: exits with 0 without waiting for the call, and drops the upstream request', async (how) => {
    const upstream = await stalledUpstream();
    const server = new RawServer({ COMPLAINTS_API_URL: upstream.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key, COMPLAINTS_TIMEOUT_MS: '30000' });
    try {
      await server.initialize();
      // The check at start comes first, and stalls as well: the call's request is the second.
      expect((await upstream.requested(1)).url).toBe(START_CHECK_URL);
      void server.request('tools/call', { name: 'list_complaints', arguments: {} });
      const call = await upstream.requested(2);
      expect(call.url).toBe('/api/v1/complaints?page=1&pageSize=20');
      expect(how === 'stdin end' ? await server.endInput() : await server.signal(how)).toBe(0);
      await call.closed;
      // The check cut short by the shutdown is no failure of the settings: nothing said of it.
      expect(server.stderr).not.toMatch(/start check/);
      expectJsonRpcOnly(server.stdoutLines);
    } finally {
      await server.stop();
      await upstream.stop();
    }
  });
});

describe('configuration problems', () => {
  it('starts without a key, warns once on stderr, and answers every call with what to set', async () => {
    sandbox.requests.length = 0;
    const mcp = await connect({ COMPLAINTS_API_URL: sandbox.url });
    try {
      const { tools } = await mcp.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(TOOLS.map((tool) => tool.name));
      for (const { name } of TOOLS) {
        const args = name === 'get_complaint' ? { id: '00000000-0000-4000-8000-000000000000' } : {};
        const { isError, text } = await mcp.call(name, args);
        expect(isError).toBe(true);
        expect(text).toMatch(/COMPLAINTS_API_KEY is not set/);
      }
      expect(mcp.stderr().trim().split('\n')).toEqual([expect.stringMatching(/COMPLAINTS_API_KEY is not set/)]);
      expect(sandbox.requests.length).toBe(0);
    } finally {
      await mcp.close();
    }
  });

  it('refuses a key without the or_ prefix locally, sending nothing', async () => {
    sandbox.requests.length = 0;
    const mcp = await connect({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: 'sk_live_secret' });
    try {
      const { isError, text } = await mcp.call('list_complaints');
      expect(isError).toBe(true);
      expect(text).toMatch(/keys start with "or_"/);
      expect(text + mcp.stderr()).not.toContain('sk_live_secret');
      expect(sandbox.requests).toEqual([]);
    } finally {
      await mcp.close();
    }
  });

  // Not at the first call: a key the service refuses fails the handshake, so the client lists the server as failed.
  it.each([
    ['an unknown key', 'or_not_a_real_key_000000000000000', /refused the key in COMPLAINTS_API_KEY \(401\): it may be mistyped, expired or revoked/],
    ['a key without complaints.view', DEMO_KEYS.noPermission.key, /lacks the permission complaints\.view \(403\)/],
  ])('explains %s when the client connects', async (_label, key, message) => {
    const refused = await connect({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: key }).then(
      async (mcp) => {
        await mcp.close();
        return new Error('connected');
      },
      (error: Error) => error,
    );
    expect(refused.message).toMatch(message);
    expect(refused.message).not.toContain(key);
  });

  it('explains an unreachable URL', async () => {
    // A bound far above the retries' own pauses: on a loaded machine, 3 s ran out before they did.
    const mcp = await connect({ COMPLAINTS_API_URL: 'http://127.0.0.1:9', COMPLAINTS_API_KEY: DEMO_KEYS.full.key, COMPLAINTS_TIMEOUT_MS: '30000' });
    try {
      const { isError, text } = await mcp.call('list_complaints');
      expect(isError).toBe(true);
      expect(text).toMatch(/Could not reach the complaints service at http:\/\/127\.0\.0\.1:9 \(connection refused\)/);
    } finally {
      await mcp.close();
    }
  });
});

describe('a failing service', () => {
  it('answers with a clear error, keeps stdout clean, and serves the next call once the service is back', async () => {
    let healthy = false;
    const upstream = createServer((_request, response) => {
      if (healthy) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ data: [], pagination: { page: 1, pageSize: 20, total: 0, totalPages: 0 } }));
      } else {
        response.writeHead(503, { 'content-type': 'text/html' });
        response.end('<html><body><h1>503 Service Unavailable</h1><pre>at Object.handler (/srv/app.js:12)</pre></body></html>');
      }
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const server = new RawServer({ COMPLAINTS_API_URL: url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key });
    try {
      await server.initialize();
      const failed = await server.request('tools/call', { name: 'list_complaints', arguments: {} });
      expect(failed.result.isError).toBe(true);
      expect(failed.result.content[0].text).toBe('The complaints service failed (HTTP 503) after 3 attempts. Try again later.');
      healthy = true;
      const recovered = await server.request('tools/call', { name: 'list_complaints', arguments: {} });
      expect(recovered.result.isError).toBeFalsy();
      expect(recovered.result.content[0].text).toBe('No records match.');
      await server.endInput();
      expectJsonRpcOnly(server.stdoutLines);
      expect(server.stdoutLines.join('\n') + server.stderr).not.toMatch(/html|app\.js/);
    } finally {
      server.child.kill();
      upstream.closeAllConnections();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });
});

describe('store-restricted member', () => {
  it('lists only its stores and gets the same not-found text for a record of another store', async () => {
    const mcp = await connect({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.storeRestricted.key });
    try {
      const { structured } = await mcp.call('list_complaints', { pageSize: 100 });
      const stores = new Set(structured.items.map((item: { store: string }) => item.store));
      expect([...stores].sort()).toEqual(['Tienda Arequipa Centro', 'Tienda Miraflores']);
      const overview = await mcp.call('complaints_overview');
      expect(overview.structured.byStore.map((store: { storeId: string }) => store.storeId).sort()).toEqual([STORE_IDS.arequipa, STORE_IDS.miraflores].sort());
      const elsewhere = sandbox.dataset.records.find((record) => record.storeId === STORE_IDS.sanIsidro)!;
      const hidden = await mcp.call('get_complaint', { id: elsewhere.id });
      const missing = await mcp.call('get_complaint', { id: '00000000-0000-4000-8000-000000000000' });
      expect(hidden.isError).toBe(true);
      expect(hidden.text).toBe(missing.text);
    } finally {
      await mcp.close();
    }
  });
});

describe('COMPLAINTS_REDACT_PII=true', () => {
  it('masks identifiers and contact data in text and structured output, and keeps names', async () => {
    const mcp = await connect({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key, COMPLAINTS_REDACT_PII: 'true' });
    try {
      const list = await mcp.call('list_complaints', { pageSize: 100 });
      const record = sandbox.dataset.records.find((r) => r.id === list.structured.items[0].id)!;
      const { consumer } = record.detail;
      const detail = await mcp.call('get_complaint', { id: record.id });
      const everything = JSON.stringify([list, detail]);
      for (const item of list.structured.items as Array<{ id: string }>) {
        const raw = sandbox.dataset.records.find((r) => r.id === item.id)!.detail.consumer;
        for (const secret of [raw.documentNumber, raw.legalTaxId, raw.email]) if (secret) expect(everything).not.toContain(secret);
      }
      for (const secret of [consumer.phone, consumer.address]) if (secret) expect(everything).not.toContain(secret);
      expect(detail.text).toContain(consumer.legalName ?? consumer.firstName!);
      expect(detail.text).toMatch(/•••/);
    } finally {
      await mcp.close();
    }
  });

  it("keeps the store's own phone and name in get_complaint and complaint://, and masks the consumer's phone", async () => {
    const mcp = await connect({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key, COMPLAINTS_REDACT_PII: 'true' });
    try {
      // The README's record: its official response gives the store's phone, (01) 615-0000.
      const record = sandbox.dataset.records.find((r) => r.detail.correlative === '000000481-2026')!;
      const storePhone = 'Puede coordinar al (01) 615-0000 o acercarse a Tienda Miraflores';
      const phone = record.detail.consumer.phone!;
      const detail = await mcp.call('get_complaint', { reference: '000000481-2026' });
      const resource = await mcp.client.readResource({ uri: 'complaint://000000481-2026' });
      const resourceText = (resource.contents[0] as { text: string }).text;
      for (const text of [detail.text, resourceText]) {
        expect(text).toContain(storePhone);
        expect(text).toMatch(/, store Tienda Miraflores\.$/m);
        expect(text).toContain(`+51 ${phone[0]}••••••${phone.slice(-2)}`);
        expect(text).not.toContain(phone);
      }
      // structuredContent, which the view's detail panel draws.
      expect(detail.structured.response.officialResponse).toContain(storePhone);
      expect(detail.structured.store.name).toBe('Tienda Miraflores');
      expect(detail.structured.consumer.phone).toBe(`${phone[0]}••••••${phone.slice(-2)}`);
    } finally {
      await mcp.close();
    }
  });
});

describe('demo mode', () => {
  it('works with no configuration at all', async () => {
    const mcp = await connect({}, ['--demo']);
    try {
      // The last 7 days hold records whatever the day: the embedded sandbox files some on each of them
      // (this_week would be empty had Monday begun in Lima between its start and the call).
      const { isError, structured } = await mcp.call('list_complaints', { period: 'last_7_days' });
      expect(isError).toBe(false);
      expect(structured.total).toBeGreaterThan(0);
      // Started by a client (stdin a pipe, not a terminal): the demo line only, no word to a person at a terminal.
      expect(mcp.stderr().trim().split('\n')).toEqual([expect.stringMatching(/^complaints-book-mcp: demo mode: /)]);
    } finally {
      await mcp.close();
    }
  });

  // A pseudo-terminal from util-linux's script(1), where there is one: the hint's wiring, beside the
  // pure decision's unit test (cli/terminal-hint.test.ts).
  it.skipIf(process.platform !== 'linux' || !existsSync('/usr/bin/script'))(
    'started by hand at a terminal, says it waits for an MCP client, and stops on Ctrl+C',
    async () => {
      const command = [process.execPath, SERVER_PATH, '--demo'].map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
      const child = spawn('/usr/bin/script', ['-qec', command, '/dev/null'], { env: { PATH: process.env.PATH ?? '' }, stdio: ['pipe', 'pipe', 'pipe'] });
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      try {
        let output = '';
        await new Promise<void>((resolve, reject) => {
          child.stdout.on('data', (chunk: Buffer) => {
            output += chunk.toString('utf8');
            if (output.includes('Ctrl+C to stop')) resolve();
          });
          void exited.then(() => reject(new Error(`script exited before the hint: ${output}`)));
        });
        expect(output).toMatch(/demo mode: /);
        expect(output).toMatch(/this is an MCP server: it waits for an MCP client to talk to it over stdin\/stdout/);
        // Ctrl+C typed at the terminal stops the server, and script with it: 0 once the server's own
        // handler runs, 130 (killed by SIGINT) when the keys come before it is installed.
        child.stdin.write('\u0003');
        expect([0, 130]).toContain(await exited);
      } finally {
        if (child.exitCode === null) child.kill();
      }
    },
  );
});

describe('command line', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [SERVER_PATH, ...args], { encoding: 'utf8', input: '' });

  it('prints help and the version', () => {
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/Usage:/);
    expect(help.stdout).toMatch(/COMPLAINTS_API_KEY/);
    expect(help.stderr).toBe('');
    // Every setting the configuration reads, as the sources name them, is in the help.
    const sources = ['config.ts', 'http/settings.ts'].map((file) => readFileSync(new URL(`../../src/${file}`, import.meta.url), 'utf8')).join('\n');
    const settings = [...new Set(sources.match(/'COMPLAINTS_[A-Z_]+'/g))].map((name) => name.slice(1, -1));
    expect(settings.length).toBeGreaterThan(10);
    expect(settings.filter((name) => !help.stdout.includes(`  ${name} `) && !help.stdout.includes(`  ${name}\n`))).toEqual([]);
    const version = run('--version');
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.skipIf(process.platform !== 'linux')('runs as the bin, through its own launch line, with V8 flags that hold its memory down', async () => {
    // As npx and the shells start it: the file itself, executed. Linux shows the command line node
    // was given in /proc; the flags are what keep a desktop server's memory near a reference server's.
    const child = spawn(SERVER_PATH, ['--demo'], { env: { PATH: process.env.PATH ?? '' }, stdio: ['pipe', 'pipe', 'pipe'] });
    try {
      const answered = new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8'))));
      child.stdin.write(
        `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bin', version: '1' } } })}\n`,
      );
      expect(JSON.parse(await answered)).toMatchObject({ id: 1, result: { serverInfo: { name: 'complaints-book-mcp' } } });
      const commandLine = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(commandLine.slice(1)).toEqual(['--max-semi-space-size=2', '--heap-growing-percent=20', SERVER_PATH, '--demo']);
    } finally {
      child.kill();
    }
  });

  // The help runs past a terminal's screen: printed after the error, it would scroll the error away.
  it.each([
    ['an unknown option', ['--verbose'], 'unknown option "--verbose"'],
    ['an unknown command', ['start'], 'unknown command "start"'],
    ['a bad --port', ['sandbox', '--port', '99999'], '--port takes a port number from 0 to 65535 (0 picks a free one)'],
    ['a missing value', ['serve', '--http', '--port'], '--port needs a value'],
    ['serve without --http', ['serve'], 'serve needs --http (MCP over Streamable HTTP)'],
    ['an extra argument', ['check', 'now'], 'unexpected argument "now"'],
    // An argument's terminal escapes, line breaks and length are not echoed: the error stays one plain line.
    ['an argument with escapes and a line break', ['\u001b]8;;http://evil\u001b\\click\u001b]8;;\u001b\\\nfake line'], 'unknown command "click fake line"'],
    ['a very long argument', [`--${'x'.repeat(100_000)}`], `unknown option "--${'x'.repeat(78)}… [truncated, 99922 more characters]"`],
  ])('answers %s with exit code 2, the error and a pointer to --help on stderr, and no help body', (_label, args, message) => {
    const result = run(...args);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')).toEqual([`complaints-book-mcp: ${message}`, 'Run "complaints-book-mcp --help" for the commands and settings.', '']);
  });
});

describe('complaints-book-mcp sandbox', () => {
  it('says in one line that its port is taken, with no stack trace, and exits 1', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const child = spawn(process.execPath, [SERVER_PATH, 'sandbox', '--port', String(port)], { env: { PATH: process.env.PATH ?? '' } });
      let stdout = '';
      let stderr = '';
      // A sandbox that did start would run until stopped: its banner on stdout stops it, and fails the test.
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        child.kill();
      });
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      expect(stdout).toBe('');
      expect(code, stderr).toBe(1);
      expect(stderr).toBe(
        `complaints-book-mcp: error: cannot listen on 127.0.0.1:${port}: the port is in use by another program; stop it or choose another --port\n`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('complaints-book-mcp check', () => {
  it.each([
    ['full', 0, DEMO_KEYS.full.key, /✓ Permission complaints\.view present\.\n✓ \d+ records visible to this key\.\n$/],
    ['store-restricted', 0, DEMO_KEYS.storeRestricted.key, /✓ \d+ records visible to this key\.\n$/],
    ['without complaints.view', 6, DEMO_KEYS.noPermission.key, /✓ Key accepted\.\n✗ Permission complaints\.view missing: .*\(403\)/],
    ['unknown', 5, 'or_not_a_real_key_0000', /✓ URL reachable: .*\n✗ Key refused: .*\(401\)/],
  ])('with the %s key: exit %i and one line per fact', async (_label, expectedCode, key, lines) => {
    const { code, stdout, stderr } = await runCheck({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: key });
    expect(code, stdout + stderr).toBe(expectedCode);
    expect(stdout).toMatch(lines);
    expect(stdout).toContain(`COMPLAINTS_API_KEY       ${key.slice(0, 3)}••••${key.slice(-4)}`);
    expect(stdout + stderr).not.toContain(key);
  });

  it('counts what each key sees', async () => {
    const records = (await runCheck({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.storeRestricted.key })).stdout.match(
      /✓ (\d+) records visible/,
    )?.[1];
    const visible = sandbox.dataset.records.filter((record) => [STORE_IDS.miraflores, STORE_IDS.arequipa].includes(record.storeId as never)).length;
    expect(Number(records)).toBe(visible);
  });

  it('says a URL that does not answer, exit 4, and settings that are missing, exit 3, sending nothing', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await runCheck({ COMPLAINTS_API_URL: `http://127.0.0.1:${port}`, COMPLAINTS_API_KEY: 'or_some_key_1234' });
    expect(unreachable.code).toBe(4);
    expect(unreachable.stdout).toMatch(/✗ URL not reachable: .*connection refused/);
    // The one line says it: the retries before it are not logged, unless a log level asks for them.
    expect(unreachable.stderr).toBe('');
    const debug = await runCheck({ COMPLAINTS_API_URL: `http://127.0.0.1:${port}`, COMPLAINTS_API_KEY: 'or_some_key_1234', COMPLAINTS_LOG_LEVEL: 'debug' });
    expect(debug.stderr).toMatch(/retrying in \d+ ms \(attempt 2 of 3\)/);
    sandbox.requests.length = 0;
    const missing = await runCheck({ COMPLAINTS_API_URL: sandbox.url });
    expect(missing.code).toBe(3);
    expect(missing.stdout).toMatch(/COMPLAINTS_API_KEY {7}\(not set\)\n[\s\S]*✗ COMPLAINTS_API_KEY is not set/);
    expect(sandbox.requests).toEqual([]);
  });
});

describe('a log reader that goes away', () => {
  it('serve --http keeps serving once nothing reads its stderr, and still stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [SERVER_PATH, 'serve', '--http', '--port', '0'], {
      env: { PATH: process.env.PATH ?? '', COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_LOG_LEVEL: 'debug' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // The first line names the address; then the reader goes, as `| head -1` or a stopped log shipper does.
    const url = await new Promise<string>((resolve) => {
      let seen = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        seen += chunk.toString('utf8');
        const match = /serving MCP over Streamable HTTP at (\S+)/.exec(seen);
        if (match) resolve(match[1]!);
      });
    });
    try {
      child.stderr!.destroy();
      // Each answer now logs a line at debug, to a pipe that nobody reads: an EPIPE.
      for (let n = 0; n < 3; n++) expect((await fetch(url.replace(/\/mcp$/, '/healthz'))).status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
