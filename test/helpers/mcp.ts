// Spawns the built server (dist/index.js) as a child process and connects the SDK's client over stdio.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type Connection, callerOf } from './connection.js';
import { openTranscript } from './transcript.js';

export type { Connection } from './connection.js';

export const SERVER_PATH = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

if (!existsSync(SERVER_PATH)) {
  throw new Error(`${SERVER_PATH} is missing: run "npm run build" first (npm test does it).`);
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
    call: callerOf(client, transcript),
    close: () => client.close(),
  };
}

/** The capabilities of an initialize result that promise list-changed notices (listChanged: true). */
export function listsAdvertisedAsChanging(capabilities: Record<string, unknown>): string[] {
  return Object.entries(capabilities)
    .filter(([, capability]) => (capability as { listChanged?: unknown } | undefined)?.listChanged === true)
    .map(([name]) => name);
}
