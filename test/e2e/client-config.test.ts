// The client configurations users copy: mcp.json, and the JSON snippets in the README, read as an
// MCP client reads them and started as it starts them, and the HTTP entries connected to serve
// --http. The same entries started through npx, as the README says to after the release, are a
// release check (release/client-config.release.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { startHttpServe } from '../helpers/http-serve.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const mcpJson = JSON.parse(readFileSync(join(root, 'mcp.json'), 'utf8'));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const SETTINGS = [
  'COMPLAINTS_API_KEY',
  'COMPLAINTS_API_URL',
  'COMPLAINTS_TIMEZONE',
  'COMPLAINTS_TIMEOUT_MS',
  'COMPLAINTS_REDACT_PII',
  'COMPLAINTS_LOG_LEVEL',
  'COMPLAINTS_LOG_FORMAT',
];

/** Where mcp.json's entries say the clone's server is: the user writes their clone's path there. */
const CLONE_PLACEHOLDER = '/absolute/path/to/complaints-book-mcp/dist/index.js';

interface ServerEntry {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

describe('mcp.json', () => {
  it('has a server entry whose env names only settings the server reads, and a demo entry', () => {
    const entries = Object.values(mcpJson.mcpServers) as ServerEntry[];
    expect(entries.length).toBe(2);
    for (const entry of entries) {
      expect(typeof entry.command).toBe('string');
      expect(Array.isArray(entry.args)).toBe(true);
      for (const name of Object.keys(entry.env ?? {})) expect(SETTINGS).toContain(name);
    }
    expect(mcpJson.mcpServers['complaints-book'].env).toMatchObject({
      COMPLAINTS_API_KEY: expect.stringMatching(/^or_/),
      COMPLAINTS_API_URL: expect.stringMatching(/^https:\/\//),
    });
  });

  /** An entry as a user makes it theirs: the clone's path in place of the placeholder. */
  const inClone = (entry: ServerEntry): ServerEntry => {
    expect(entry.args[0]).toBe(CLONE_PLACEHOLDER);
    return { ...entry, args: [join(root, 'dist', 'index.js'), ...entry.args.slice(1)] };
  };
  const start = async (entry: ServerEntry) => {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...entry.env };
    const client = new Client({ name: 'client-config-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: entry.command, args: entry.args, env, stderr: 'ignore' }));
    return client;
  };

  it("starts the demo entry with node and the clone's dist/index.js, and answers a tool call", async () => {
    const client = await start(inClone(mcpJson.mcpServers['complaints-book-demo']));
    try {
      const result = await client.callTool({ name: 'list_complaints', arguments: { pageSize: 1 } });
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });

  it('starts the main entry with its settings pointed at a service, and answers a tool call', async () => {
    const sandbox = await startSandbox();
    const entry = inClone(mcpJson.mcpServers['complaints-book']);
    const client = await start({ ...entry, env: { ...entry.env, COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key } });
    try {
      const result = await client.callTool({ name: 'list_complaints', arguments: { pageSize: 1 } });
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
      await sandbox.close();
    }
  });
});

describe('the README', () => {
  const blocks = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1]!);

  it('has client configurations that parse as JSON and name the documented settings', () => {
    const configs = blocks.filter((block) => /"mcpServers"|"servers"/.test(block)).map((block) => JSON.parse(block));
    expect(configs.length).toBeGreaterThanOrEqual(2);
    for (const config of configs) {
      for (const entry of Object.values(config.mcpServers ?? config.servers) as ServerEntry[]) {
        for (const name of Object.keys(entry.env ?? {})) expect(SETTINGS).toContain(name);
      }
    }
  });

  it('gives VS Code the key through a password input, never in the file', () => {
    const vscode = blocks.map((block) => (/"servers"/.test(block) ? JSON.parse(block) : undefined)).find(Boolean);
    expect(vscode.inputs).toEqual([expect.objectContaining({ type: 'promptString', password: true })]);
    const key = vscode.servers['complaints-book'].env.COMPLAINTS_API_KEY;
    expect(key).toBe(`\${input:${vscode.inputs[0].id}}`);
  });

  it('documents every setting the server reads', () => {
    for (const name of SETTINGS) expect(readme).toContain(`| \`${name}\``);
  });
});

// The team's HTTP entries live in docs/team-hosting.md (Connecting each member); the settings of
// serve --http in the README (Deploying for a team).
const teamHosting = readFileSync(join(root, 'docs', 'team-hosting.md'), 'utf8');

describe('docs/team-hosting.md, Connecting each member, and the README, Deploying for a team', () => {
  const start = teamHosting.indexOf('## Connecting each member');
  const team = teamHosting.slice(start, teamHosting.indexOf('\n## ', start + 1));
  // Entries that start a local program (mcp-remote) carry no URL of their own to connect to.
  const configs = [...team.matchAll(/```json\n([\s\S]*?)```/g)]
    .map((match) => JSON.parse(match[1]!))
    .filter((config) => Object.values(config.mcpServers ?? config.servers).every((entry) => (entry as { command?: string }).command === undefined));
  const claudeCode = /claude mcp add --transport http .*? (https:\S+) \\\n\s+--header "([^"]+)"/.exec(team);
  // Codex takes the name of the variable that holds the key, on its command line or in config.toml.
  const codexCommand = /codex mcp add complaints-book --url (https:\S+) --bearer-token-env-var (\w+)/.exec(team);
  const codexToml = /\[mcp_servers\.complaints-book\]\nurl = "([^"]+)"\nbearer_token_env_var = "(\w+)"\n/.exec(team);
  /** Each HTTP entry (VS Code, Cursor, Gemini CLI, Claude Code, Codex) as [client, url, Authorization value, the placeholder's input if any]. */
  const entries = () => {
    const found: Array<{ client: string; url: string; authorization: string; inputs?: Array<{ id: string; password?: boolean }> }> = [];
    for (const config of configs) {
      for (const entry of Object.values(config.mcpServers ?? config.servers) as Array<{ url?: string; httpUrl?: string; headers: Record<string, string> }>) {
        // Gemini CLI names the Streamable HTTP address httpUrl (its url is SSE).
        const client = config.servers ? 'VS Code' : entry.httpUrl ? 'Gemini CLI' : 'Cursor';
        found.push({ client, url: (entry.httpUrl ?? entry.url)!, authorization: entry.headers.Authorization!, inputs: config.inputs });
      }
    }
    if (claudeCode) found.push({ client: 'Claude Code', url: claudeCode[1]!, authorization: claudeCode[2]!.replace(/^Authorization: /, '') });
    if (codexCommand) found.push({ client: 'Codex (command)', url: codexCommand[1]!, authorization: `Bearer $${codexCommand[2]}` });
    if (codexToml) found.push({ client: 'Codex (config.toml)', url: codexToml[1]!, authorization: `Bearer $${codexToml[2]}` });
    return found;
  };

  it('gives each client the key as a per-member Bearer header, never a literal key', () => {
    expect(
      entries()
        .map((entry) => entry.client)
        .sort(),
    ).toEqual(['Claude Code', 'Codex (command)', 'Codex (config.toml)', 'Cursor', 'Gemini CLI', 'VS Code']);
    for (const entry of entries()) {
      expect(entry.url).toMatch(/^https:\/\/[^/]+\/mcp$/);
      expect(entry.authorization).toMatch(/^Bearer (\$\{(input|env):[\w-]+\}|\$COMPLAINTS_API_KEY)$/);
      const input = /\$\{input:([\w-]+)\}/.exec(entry.authorization)?.[1];
      if (input) expect(entry.inputs).toEqual([expect.objectContaining({ id: input, type: 'promptString', password: true })]);
    }
  });

  it('connects each entry as written, with its URL pointed at serve --http and the key filled in', async () => {
    const sandbox = await startSandbox({ recordRequests: false });
    const serve = await startHttpServe({ COMPLAINTS_API_URL: sandbox.url });
    try {
      for (const entry of entries()) {
        const authorization = entry.authorization.replace(/\$\{(input|env):[\w-]+\}|\$COMPLAINTS_API_KEY/, DEMO_KEYS.full.key);
        const client = new Client({ name: `client-config-${entry.client}`, version: '1.0.0' });
        const endpoint = new URL(new URL(entry.url).pathname, serve.url);
        await client.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { Authorization: authorization } } }));
        const result = await client.callTool({ name: 'list_complaints', arguments: { pageSize: 1 } });
        expect(result.isError, entry.client).toBeFalsy();
        await client.close();
      }
    } finally {
      await serve.stop();
      await sandbox.close();
    }
  }, 30_000);

  it('gives mcp-remote the key from its environment, never in its arguments', () => {
    const remote = [...team.matchAll(/```json\n([\s\S]*?)```/g)]
      .map((match) => JSON.parse(match[1]!))
      .flatMap((config) => Object.values(config.mcpServers ?? {}) as ServerEntry[])
      .find((entry) => entry.args?.includes('mcp-remote'));
    expect(remote?.args).toEqual(expect.arrayContaining(['mcp-remote', '--header']));
    const header = remote!.args[remote!.args.indexOf('--header') + 1]!;
    expect(header).toMatch(/^Authorization:\$\{(\w+)\}$/);
    expect(remote!.env?.[/\$\{(\w+)\}/.exec(header)![1]!]).toMatch(/^Bearer or_/);
    expect(remote!.args.join(' ')).not.toMatch(/or_/);
  });

  it('documents every setting of serve --http', () => {
    const settings = readme.slice(readme.indexOf('## Deploying for a team'));
    for (const name of [
      'COMPLAINTS_HTTP_ALLOWED_HOSTS',
      'COMPLAINTS_HTTP_ALLOWED_ORIGINS',
      'COMPLAINTS_HTTP_MAX_IN_FLIGHT',
      'COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY',
      'COMPLAINTS_HTTP_SHUTDOWN_GRACE_MS',
      'COMPLAINTS_HTTP_TOKEN_SECRET',
      'COMPLAINTS_HTTP_PUBLIC_URL',
      'COMPLAINTS_HTTP_ALLOW_PRIVATE_CLIENT_METADATA',
    ]) {
      expect(settings).toContain(`| \`${name}\``);
    }
  });
});
