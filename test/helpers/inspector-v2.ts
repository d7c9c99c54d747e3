// The MCP Inspector v2's command line (@modelcontextprotocol/inspector), as the tests run it: its
// catalog, client config and stores in a directory of the test's own, nothing from the developer's.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const INSPECTOR_V2_CLI = join(
  dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector/package.json')),
  'clients',
  'cli',
  'build',
  'index.js',
);

/** The environment that keeps the Inspector's state under `home`. */
export function inspectorEnv(home: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: home,
    MCP_CATALOG_PATH: join(home, 'mcp.json'),
    MCP_CLIENT_CONFIG_PATH: join(home, 'client.json'),
    MCP_STORAGE_DIR: join(home, 'storage'),
    MCP_INSPECTOR_SECRET_STORE: 'memory',
  };
}
