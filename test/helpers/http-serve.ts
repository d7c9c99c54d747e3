// Spawns the built server in `serve --http` mode on a free loopback port, and speaks plain HTTP or
// MCP (the SDK's Streamable HTTP client) to it with a member's key.
import { type ChildProcess, spawn } from 'node:child_process';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SERVER_PATH } from './mcp.js';
import { openTranscript } from './transcript.js';
import { Watched } from './watched.js';

export interface HttpServe {
  /** The MCP endpoint, http://127.0.0.1:PORT/mcp */
  url: string;
  child: ChildProcess;
  stderr: () => string;
  /** Resolves once the output holds `text`, as soon as it arrives. */
  untilStderr: (text: string | RegExp) => Promise<void>;
  /** Resolves with the exit code once the process has ended and its output is read to the end. */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

/** `env` holds only the COMPLAINTS_* settings; `args` are added after `serve --http --port 0`. */
export async function startHttpServe(env: Record<string, string>, args: string[] = []): Promise<HttpServe> {
  const transcript = openTranscript('http', env);
  const child = spawn(process.execPath, [SERVER_PATH, 'serve', '--http', '--port', '0', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  const output = new Watched();
  // 'close', not 'exit': the last output may still be in the pipes when the process exits.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      transcript.record(chunk.toString('utf8'));
      output.changed();
    });
  }
  const holds = (text: string | RegExp) => () => (typeof text === 'string' ? stderr.includes(text) : text.test(stderr));
  const listening = /serving MCP over Streamable HTTP at (\S+)/;
  await Promise.race([
    output.until(holds(listening)),
    exited.then((code) => Promise.reject(new Error(`serve --http exited with ${code} before listening:\n${stderr}`))),
  ]);
  return {
    url: listening.exec(stderr)![1]!,
    child,
    stderr: () => stderr,
    untilStderr: (text) => output.until(holds(text)),
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A member's MCP client over Streamable HTTP: their key in the Authorization header, or their sign-in's tokens. */
export async function connectHttp(url: string, key: string | OAuthClientProvider) {
  const client = new Client({ name: 'e2e-http', version: '1.0.0' });
  const options = typeof key === 'string' ? { requestInit: { headers: { Authorization: `Bearer ${key}` } } } : { authProvider: key };
  await client.connect(new StreamableHTTPClientTransport(new URL(url), options));
  return {
    client,
    async call(name: string, args: Record<string, unknown> = {}) {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
      return { text, isError: result.isError === true, structured: result.structuredContent as any };
    },
    close: () => client.close(),
  };
}

/** The body of an initialize request, for raw POSTs. */
export const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

export const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
