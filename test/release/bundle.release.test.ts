// The MCP Bundle for Claude Desktop: manifest.json is valid and agrees with the server, and the server
// starts from the unpacked .mcpb with the environment the manifest maps the user's settings into.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { openTranscript } from '../helpers/transcript.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8'));
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

let work: string;
let sandbox: SandboxHandle;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'complaints-mcpb-'));
  sandbox = await startSandbox({ recordRequests: false });
  // dist/ is built by npm run test:release; the script stages it with the production dependencies and packs it.
  await run('bash', [join(root, 'scripts', 'bundle.sh'), join(work, 'complaints-book-mcp.mcpb')], { cwd: root, timeout: 120_000 });
  await run('npx', ['mcpb', 'unpack', join(work, 'complaints-book-mcp.mcpb'), join(work, 'unpacked')], { cwd: root, timeout: 60_000 });
}, 180_000);

afterAll(async () => {
  await sandbox?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('manifest.json', () => {
  it('passes mcpb validate, and says what package.json says', async () => {
    const { stdout } = await run('npx', ['mcpb', 'validate', 'manifest.json'], { cwd: root });
    expect(stdout).toMatch(/validation passes/);
    expect(manifest).toMatchObject({ name: packageJson.name, version: packageJson.version, license: packageJson.license });
    expect(manifest.compatibility.runtimes.node).toBe(packageJson.engines.node);
  });

  it('maps the user settings into the server environment, the key marked sensitive', () => {
    expect(manifest.server.mcp_config.env).toEqual({
      COMPLAINTS_API_KEY: '${user_config.api_key}',
      COMPLAINTS_API_URL: '${user_config.api_url}',
      COMPLAINTS_TIMEZONE: '${user_config.time_zone}',
      COMPLAINTS_REDACT_PII: '${user_config.redact_pii}',
      COMPLAINTS_LANGUAGE: '${user_config.language}',
      COMPLAINTS_ANSWER_GUIDE: '${user_config.answer_guide}',
      COMPLAINTS_EXPORT_DIR: '${user_config.export_dir}',
    });
    // A folder picked in Claude Desktop's settings, as the bundle's spec names the type.
    expect(manifest.user_config.export_dir).toMatchObject({ type: 'directory', required: false });
    expect(manifest.user_config.api_key).toMatchObject({ sensitive: true, required: true });
  });

  it("starts node with the V8 flags of the bin's own launch line", () => {
    const shebang = readFileSync(join(root, 'src', 'index.ts'), 'utf8').split('\n')[0]!;
    const flags = /^#!\/usr\/bin\/env -S node((?: --[\w-]+=\w+)+)$/.exec(shebang)?.[1]?.trim().split(' ');
    expect(flags, shebang).toBeDefined();
    expect(manifest.server.mcp_config).toMatchObject({ command: 'node', args: [...flags!, '${__dirname}/dist/index.js'] });
  });
});

describe('the unpacked bundle', () => {
  it('leaves out the Redis client, which only serve --http on several replicas loads', () => {
    expect(existsSync(join(work, 'unpacked', 'node_modules', '@redis'))).toBe(false);
    expect(existsSync(join(work, 'unpacked', 'node_modules', 'jose'))).toBe(true);
  });

  it('says so, and does not start, when serve --http is asked for Redis there', async () => {
    const env = { PATH: process.env.PATH, COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_HTTP_STATE_URL: 'redis://:not-shown-pw@127.0.0.1:9' };
    const failed = await run(process.execPath, [join(work, 'unpacked', 'dist', 'index.js'), 'serve', '--http', '--port', '0'], { env, timeout: 30_000 }).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/COMPLAINTS_HTTP_STATE_URL is set, but this installation has no Redis client/);
    expect(failed?.stderr).not.toContain('not-shown-pw');
  });

  it('starts, lists the tools the manifest names, and reads records with the settings Claude Desktop passes', async () => {
    const env = {
      COMPLAINTS_API_KEY: DEMO_KEYS.full.key,
      COMPLAINTS_API_URL: sandbox.url,
      COMPLAINTS_TIMEZONE: manifest.user_config.time_zone.default,
      COMPLAINTS_REDACT_PII: String(manifest.user_config.redact_pii.default),
    };
    const transcript = openTranscript('bundle', env);
    // As Claude Desktop starts it: the manifest's command line, with the bundle's folder filled in.
    const args = (manifest.server.mcp_config.args as string[]).map((arg) => arg.replace('${__dirname}', join(work, 'unpacked')));
    const transport = new StdioClientTransport({ command: process.execPath, args, env, stderr: 'pipe' });
    transport.stderr?.on('data', (chunk: Buffer) => transcript.record(chunk.toString('utf8')));
    const client = new Client({ name: 'bundle-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(manifest.tools.map((tool: { name: string }) => tool.name).sort());
      const result = await client.callTool({ name: 'list_complaints', arguments: { pageSize: 2 } });
      transcript.record(JSON.stringify(result));
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { items: unknown[] }).items).toHaveLength(2);
    } finally {
      await client.close();
    }
  });
});
