#!/usr/bin/env -S node --max-semi-space-size=2 --heap-growing-percent=20
// The floor of the call-overhead figure: a stdio server made with the same SDK whose one tool makes the
// same GET as list_complaints {} (undici, the key from COMPLAINTS_API_KEY, to COMPLAINTS_API_URL),
// parses its body, and answers with the captured result named by its first argument, as echo-server.ts
// does. What it scores by the figure's formula is what any server making that request from its own
// process pays (the hops between processes, its HTTP client), not work of ours.
import { readFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Agent, request } from 'undici';

const payloadPath = process.argv[2];
if (payloadPath === undefined) throw new Error('get-echo-server: give the path of the answer to echo');
const answer = JSON.parse(readFileSync(payloadPath, 'utf8')) as CallToolResult;
const url = `${process.env.COMPLAINTS_API_URL}/api/v1/complaints?page=1&pageSize=20`;
const headers = { authorization: `Bearer ${process.env.COMPLAINTS_API_KEY}`, accept: 'application/json' };
const dispatcher = new Agent({ keepAliveTimeout: 10_000 });

const server = new McpServer({ name: 'get-echo', version: '1.0.0' });
server.registerTool('list_complaints', { description: 'Makes the GET, then answers with the captured result.' }, async () => {
  const response = await request(url, { dispatcher, headers });
  await response.body.json();
  return answer;
});
await server.connect(new StdioServerTransport());
process.stdin.on('end', () => process.exit(0));
