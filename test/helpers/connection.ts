// What a test holds of a server it talks to, spawned (helpers/mcp.ts) or in process (helpers/in-process.ts).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Transcript } from './transcript.js';

export interface Connection {
  client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr: () => string;
  /** Calls a tool and returns its text, error flag and structured content. */
  call: (name: string, args?: Record<string, unknown>) => Promise<{ text: string; isError: boolean; structured: any }>;
  close: () => Promise<void>;
}

/** `Connection.call` for `client`: each result goes to the transcript, for the key scan. */
export function callerOf(client: Client, transcript: Transcript): Connection['call'] {
  return async (name, callArgs = {}) => {
    const result = (await client.callTool({ name, arguments: callArgs })) as CallToolResult;
    transcript.record(`${JSON.stringify(result)}\n`);
    const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
    return { text, isError: result.isError === true, structured: result.structuredContent };
  };
}
