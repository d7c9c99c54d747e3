#!/usr/bin/env -S node --max-semi-space-size=2 --heap-growing-percent=20
// The call-overhead reference: a stdio server made with the same SDK and one tool, `echo`, that answers
// every call with the same result, read at start from the JSON file named by its first argument (a
// list_complaints answer captured by the bench: its text and structuredContent). No input or output
// schema: what is measured is the SDK's own round trip for an answer of that size, and nothing of ours.
import { readFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const payloadPath = process.argv[2];
if (payloadPath === undefined) throw new Error('echo-server: give the path of the answer to echo');
const answer = JSON.parse(readFileSync(payloadPath, 'utf8')) as CallToolResult;

const server = new McpServer({ name: 'echo', version: '1.0.0' });
server.registerTool('echo', { description: 'Answers with the captured result.' }, () => answer);
await server.connect(new StdioServerTransport());
process.stdin.on('end', () => process.exit(0));
