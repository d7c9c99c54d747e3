// The view complaints_overview declares (MCP Apps, io.modelcontextprotocol/ui), as a host finds it in
// the lists: the tool's link and the ui:// resource listed, checked against the extension's own
// schemas (ext-apps), and the tool's answer beside it. The stdio server's McpServer in process
// (helpers/in-process.ts); the page itself is the built one, read in test/e2e/app-view.test.ts.
import * as extApps from '@modelcontextprotocol/ext-apps';
import { describe, expect, it } from 'vitest';
import { APP_VIEW_MIME_TYPE, overviewView } from '../../src/resources/overview-view.js';
import { demoInProcessForFile } from '../helpers/in-process.js';

/**
 * The extension's own schemas and names, from ext-apps. Its type declarations re-export them from
 * extensionless paths that NodeNext does not resolve, so they are typed here by what is used.
 */
const { McpUiResourceMetaSchema, McpUiToolMetaSchema, RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } = extApps as unknown as {
  McpUiResourceMetaSchema: { parse: (value: unknown) => unknown };
  McpUiToolMetaSchema: { parse: (value: unknown) => unknown };
  RESOURCE_MIME_TYPE: string;
  RESOURCE_URI_META_KEY: string;
};

const demo = demoInProcessForFile();

describe('the overview view, as a host finds it', () => {
  it('is named by complaints_overview alone, in both the current and the older spelling', async () => {
    const { tools } = await demo.mcp.client.listTools();
    const overview = tools.find((tool) => tool.name === 'complaints_overview')!;
    expect(McpUiToolMetaSchema.parse(overview._meta?.ui)).toEqual({ resourceUri: overviewView.uri });
    expect(overview._meta?.[RESOURCE_URI_META_KEY]).toBe(overviewView.uri);
    expect(overviewView.uri.startsWith('ui://')).toBe(true);
    for (const tool of tools.filter((candidate) => candidate !== overview)) expect(tool._meta).toBeUndefined();
  });

  it('is listed, with the extension mime type and a policy that allows no other origin', async () => {
    expect(APP_VIEW_MIME_TYPE).toBe(RESOURCE_MIME_TYPE);
    const { resources } = await demo.mcp.client.listResources();
    const listed = resources.find((resource) => resource.uri === overviewView.uri);
    expect(listed).toMatchObject({ name: overviewView.name, mimeType: RESOURCE_MIME_TYPE, title: overviewView.title });
    const meta = McpUiResourceMetaSchema.parse(listed?._meta?.ui);
    expect(meta).toEqual({ csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true });
  });

  it('leaves the text of complaints_overview as hosts without the view read it, and carries the series the view draws', async () => {
    const { text, structured } = await demo.mcp.call('complaints_overview', { period: 'this_week' });
    expect(text).not.toMatch(/activity|ui:\/\//);
    expect(structured.activity).toMatchObject({ from: structured.filedFrom, step: 'day' });
    expect(structured.activity.filed.reduce((sum: number, count: number) => sum + count, 0)).toBe(structured.total);
  });
});
