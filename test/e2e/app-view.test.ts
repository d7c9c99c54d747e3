// The view complaints_overview declares (MCP Apps, io.modelcontextprotocol/ui), as a host reads it
// from the built server over real stdio and over serve --http: the ui:// resource read, checked
// against the extension's own schemas (ext-apps), and the page itself (dist/ui/overview.html, made by
// the build): one file that loads nothing from anywhere, under a policy that allows its inline script
// and style by hash and nothing else. The tool's link and the listing are tested in process:
// test/resources/app-view.test.ts.
import { createHash } from 'node:crypto';
import * as extApps from '@modelcontextprotocol/ext-apps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewView } from '../../src/resources/overview-view.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { connectHttp, startHttpServe } from '../helpers/http-serve.js';
import { type Connection, connect } from '../helpers/mcp.js';

/**
 * The extension's own schemas and names, from ext-apps. Its type declarations re-export them from
 * extensionless paths that NodeNext does not resolve, so they are typed here by what is used.
 */
const { McpUiResourceMetaSchema, RESOURCE_MIME_TYPE } = extApps as unknown as {
  McpUiResourceMetaSchema: { parse: (value: unknown) => unknown };
  RESOURCE_MIME_TYPE: string;
};

let sandbox: SandboxHandle;
let mcp: Connection;

beforeAll(async () => {
  sandbox = await startSandbox();
  mcp = await connect({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key });
});

afterAll(async () => {
  await mcp?.close();
  await sandbox?.close();
});

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

async function readView(): Promise<{ text: string; mimeType?: string; _meta?: Record<string, unknown> }> {
  const { contents } = await mcp.client.readResource({ uri: overviewView.uri });
  expect(contents).toHaveLength(1);
  return contents[0] as { text: string; mimeType?: string; _meta?: Record<string, unknown> };
}

describe('the overview view, as a host finds it', () => {
  it('reads as one HTML page that allows exactly its own inline script and style, and refers to nothing outside itself', async () => {
    const content = await readView();
    expect(content.mimeType).toBe(RESOURCE_MIME_TYPE);
    expect(McpUiResourceMetaSchema.parse((content._meta as { ui?: unknown } | undefined)?.ui)).toMatchObject({ csp: { connectDomains: [] } });
    const html = content.text;
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(Buffer.byteLength(html, 'utf8')).toBeLessThanOrEqual(150 * 1024);

    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    expect(policy?.split('; ')).toEqual([
      "default-src 'none'",
      `script-src ${sha256(scripts[0]!)}`,
      `style-src ${sha256(styles[0]!)}`,
      "connect-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ]);
    // Nothing to load: no element that fetches, no URL of any scheme but the page's own.
    expect(html).not.toMatch(/<(?:script|link|img|iframe|object|embed|base)\b[^>]*\s(?:src|href)=/i);
    expect(html).not.toMatch(/\b(?:https?|wss?):\/\/(?!www\.w3\.org\/2000\/svg)/i);
  });

  it('is the same page on every read, and a read of another ui:// address is refused', async () => {
    expect((await readView()).text).toBe((await readView()).text);
    await expect(mcp.client.readResource({ uri: 'ui://complaints-book/other.html' })).rejects.toThrow(/not found/i);
  });

  it('is served over serve --http as over stdio, to a member with a key: a team server shows it in the chat apps', async () => {
    const serve = await startHttpServe({ COMPLAINTS_API_URL: sandbox.url });
    try {
      const member = await connectHttp(serve.url, DEMO_KEYS.full.key);
      try {
        const { contents } = await member.client.readResource({ uri: overviewView.uri });
        expect(contents[0]).toMatchObject({ uri: overviewView.uri, mimeType: RESOURCE_MIME_TYPE, text: (await readView()).text });
        const { tools } = await member.client.listTools();
        expect(tools.find((tool) => tool.name === 'complaints_overview')?._meta?.ui).toEqual({ resourceUri: overviewView.uri });
      } finally {
        await member.close();
      }
    } finally {
      await serve.stop();
    }
  });
});
