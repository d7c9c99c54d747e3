// Clients that no one on this project wrote, against the built server in --demo mode: the MCP
// Inspector's CLI and the SDK's v2 client; and the protocol versions a client may ask for.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { APP_VIEW_MIME_TYPE, overviewView } from '../../src/resources/overview-view.js';
import { TOOLS } from '../../src/tools/catalog.js';
import { INSPECTOR_V2_CLI, inspectorEnv } from '../helpers/inspector-v2.js';
import { SERVER_PATH } from '../helpers/mcp.js';
import { RawServer } from '../helpers/raw-server.js';
import { openTranscript } from '../helpers/transcript.js';

// A folder one below the repository's root, whose ../package.json the Inspector's CLI reads.
const testDir = fileURLToPath(new URL('..', import.meta.url));
const inspectorCli = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build', 'cli.js');

/** The Inspector's CLI, run from test/: it reads ../package.json relative to its working directory (an import, resolved from its own file when that path is missing). */
async function inspector(...args: string[]): Promise<any> {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [inspectorCli, '--cli', process.execPath, SERVER_PATH, '--demo', ...args], {
    cwd: testDir,
    timeout: 30_000,
  });
  openTranscript('inspector', {}).record(stdout + stderr);
  // It prints a deprecation notice before the JSON answer.
  return JSON.parse(stdout.slice(stdout.indexOf('{')));
}

describe('the MCP Inspector CLI', () => {
  it('lists the tools', async () => {
    const { tools } = await inspector('--method', 'tools/list');
    expect(tools.map((tool: { name: string }) => tool.name).sort()).toEqual(TOOLS.map((tool) => tool.name).sort());
  });

  it("lists and reads complaints_overview's view (MCP Apps)", async () => {
    const { resources } = await inspector('--method', 'resources/list');
    expect(resources).toContainEqual(expect.objectContaining({ uri: overviewView.uri, mimeType: APP_VIEW_MIME_TYPE }));
    const { contents } = await inspector('--method', 'resources/read', '--uri', overviewView.uri);
    expect(contents[0]).toMatchObject({ uri: overviewView.uri, mimeType: APP_VIEW_MIME_TYPE });
    expect(contents[0].text).toMatch(/^<!doctype html>/);
  });

  it('calls list_complaints and get_complaint', async () => {
    const list = await inspector('--method', 'tools/call', '--tool-name', 'list_complaints', '--tool-arg', 'pageSize=2', 'status=open');
    expect(list.isError).toBeFalsy();
    expect(list.structuredContent.items).toHaveLength(2);
    const { correlative } = list.structuredContent.items[0];
    const detail = await inspector('--method', 'tools/call', '--tool-name', 'get_complaint', '--tool-arg', `reference=${correlative}`);
    expect(detail.isError).toBeFalsy();
    expect(detail.content[0].text).toContain(correlative);
  });
});

describe('the MCP Inspector v2 CLI (@modelcontextprotocol/inspector)', () => {
  it("lists complaints_overview's view among the resources", async () => {
    const home = mkdtempSync(join(tmpdir(), 'inspector-v2-'));
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [INSPECTOR_V2_CLI, '--method', 'resources/list', '--format', 'json', '--', process.execPath, SERVER_PATH, '--demo'],
        {
          cwd: home,
          timeout: 30_000,
          env: inspectorEnv(home),
        },
      );
      openTranscript('inspector-v2', {}).record(stdout);
      const { resources } = JSON.parse(stdout.slice(stdout.indexOf('{'))).result;
      expect(resources).toContainEqual(expect.objectContaining({ uri: overviewView.uri, mimeType: APP_VIEW_MIME_TYPE }));
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe("the SDK's v2 client (@modelcontextprotocol/client)", () => {
  it('connects over stdio and calls both tools', async () => {
    const client = new Client({ name: 'interop-v2', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER_PATH, '--demo'], stderr: 'ignore' }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('get_complaint');
      const list = await client.callTool({ name: 'list_complaints', arguments: { pageSize: 1 } });
      expect(list.isError).toBeFalsy();
      const item = (list.structuredContent as { items: Array<{ id: string; correlative: string }> }).items[0]!;
      const detail = await client.callTool({ name: 'get_complaint', arguments: { id: item.id } });
      const text = (detail.content as Array<{ type: string; text?: string }>).map((block) => block.text ?? '').join('');
      openTranscript('v2-client', {}).record(text);
      expect(text).toContain(item.correlative);
    } finally {
      await client.close();
    }
  });
});

describe('protocol version negotiation', () => {
  it.each([
    ['an older version it supports', '2024-11-05', '2024-11-05'],
    ['the newest version', LATEST_PROTOCOL_VERSION, LATEST_PROTOCOL_VERSION],
    ['a version it does not know', '2099-01-01', LATEST_PROTOCOL_VERSION],
  ])('answers %s', async (_label, asked, answered) => {
    const server = new RawServer({}, ['--demo']);
    try {
      const init = await server.request('initialize', { protocolVersion: asked, capabilities: {}, clientInfo: { name: 'version-test', version: '1' } });
      expect(init.result.protocolVersion).toBe(answered);
      server.notify('notifications/initialized');
      const tools = await server.request('tools/list');
      expect(tools.result.tools.length).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  });
});
