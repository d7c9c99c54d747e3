// Spawns the built server (dist/index.js) as a child process and connects the SDK's client over stdio.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { openTranscript } from './transcript.js';

export const SERVER_PATH = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

if (!existsSync(SERVER_PATH)) {
  throw new Error(`${SERVER_PATH} is missing: run "npm run build" first (npm test does it).`);
}

export interface Connection {
  client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr: () => string;
  /** Calls a tool and returns its text, error flag and structured content. */
  call: (name: string, args?: Record<string, unknown>) => Promise<{ text: string; isError: boolean; structured: any }>;
  close: () => Promise<void>;
}

/** `env` holds only the COMPLAINTS_* settings: nothing of the developer's own environment leaks in. */
export async function connect(env: Record<string, string>, args: string[] = []): Promise<Connection> {
  const transcript = openTranscript('sdk', env);
  const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER_PATH, ...args], env, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    transcript.record(chunk.toString('utf8'));
  });
  const client = new Client({ name: 'e2e-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    async call(name, callArgs = {}) {
      const result = (await client.callTool({ name, arguments: callArgs })) as CallToolResult;
      transcript.record(`${JSON.stringify(result)}\n`);
      const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
      return { text, isError: result.isError === true, structured: result.structuredContent };
    },
    close: () => client.close(),
  };
}

/** The capabilities of an initialize result that promise list-changed notices (listChanged: true). */
export function listsAdvertisedAsChanging(capabilities: Record<string, unknown>): string[] {
  return Object.entries(capabilities)
    .filter(([, capability]) => (capability as { listChanged?: unknown } | undefined)?.listChanged === true)
    .map(([name]) => name);
}
