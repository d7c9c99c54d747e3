// The start-up reference: a stdio server made with the same SDK, with no tools and nothing else.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'bare', version: '1.0.0' });
await server.connect(new StdioServerTransport());
process.stdin.on('end', () => process.exit(0));
