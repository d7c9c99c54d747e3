// The README's entries for after the release, started the way an MCP client starts them: through
// npx, from the repository root, where npx finds this package's own bin. A release check: npx
// resolves the package as a user's machine would, which takes seconds. mcp.json's entries (the
// clone's dist/index.js) are started in e2e/client-config.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/tools/catalog.js';
import { openTranscript } from '../helpers/transcript.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const mcpJson = JSON.parse(readFileSync(join(root, 'mcp.json'), 'utf8'));

interface ServerEntry {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** Starts an entry as a client would (from the repository root: npx finds this package's own bin there). */
async function start(entry: ServerEntry): Promise<Client> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...entry.env };
  const transport = new StdioClientTransport({ command: entry.command, args: entry.args, env, cwd: root, stderr: 'pipe' });
  const transcript = openTranscript('client-config', env);
  transport.stderr?.on('data', (chunk: Buffer) => transcript.record(chunk.toString('utf8')));
  const client = new Client({ name: 'client-config-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** mcp.json's entries as the README gives them for after the release: npx instead of the clone's path. */
const AFTER_RELEASE = ['npx', '-y', 'complaints-book-mcp'];
const afterRelease = (entry: ServerEntry): ServerEntry => ({ ...entry, command: AFTER_RELEASE[0]!, args: [...AFTER_RELEASE.slice(1), ...entry.args.slice(1)] });

describe('mcp.json started through npx, as the README says to after the release', () => {
  it('starts the demo entry, and answers a tool call', async () => {
    const client = await start(afterRelease(mcpJson.mcpServers['complaints-book-demo']));
    try {
      const result = await client.callTool({ name: 'list_complaints', arguments: { pageSize: 1 } });
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  }, 30_000);

  it('starts the main entry with its placeholder settings, offering every tool', async () => {
    const client = await start(afterRelease(mcpJson.mcpServers['complaints-book']));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS.map((tool) => tool.name).sort());
    } finally {
      await client.close();
    }
  }, 30_000);
});
