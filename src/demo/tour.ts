// `npm run demo`: drives the built server in --demo mode with a real MCP client over stdio, through the
// questions a member asks first, and prints what the model reads, the draft_response prompt the
// overview points to included. Then it calls every tool the server
// lists that those steps did not, with the first example of its description, so that a new tool is in
// the tour without a step written for it.
import { realpathSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ListAnswer } from '../contract/list-answer.js';

const serverPath = fileURLToPath(new URL('../index.js', import.meta.url));

function show(title: string, text: string): void {
  process.stdout.write(`\n=== ${title}\n${text}\n`);
}

/**
 * The arguments of the first example a tool's description ends with (`Examples: {...} · {...}`), or
 * undefined when it has none that parses as a JSON object.
 */
export function exampleArguments(description: string): Record<string, unknown> | undefined {
  const examples = /^Examples?: (.*)$/m.exec(description)?.[1];
  const first = examples?.split(' · ')[0];
  if (first === undefined) return undefined;
  try {
    const args: unknown = JSON.parse(first);
    return typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function textOf(result: CallToolResult): string {
  return result.content
    .map((block) => (block.type === 'text' ? block.text : block.type === 'resource_link' ? `[${block.type}: ${block.uri}]` : `[${block.type}]`))
    .join('\n');
}

async function main(): Promise<void> {
  // The registers the tour writes go to a folder of their own, not the member's Downloads.
  const registers = await mkdtemp(join(tmpdir(), 'complaints-demo-registers-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [serverPath, '--demo'],
    stderr: 'inherit',
    env: { ...getDefaultEnvironment(), COMPLAINTS_EXPORT_DIR: registers },
  });
  const client = new Client({ name: 'complaints-book-mcp-demo', version: '1.0.0' });
  await client.connect(transport);
  let failures = 0;
  const called = new Set<string>();
  const call = async (title: string, name: string, args: Record<string, unknown>, expectError = false) => {
    called.add(name);
    show(`${title}\n    ${name} ${JSON.stringify(args)}`, '');
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    process.stdout.write(`${textOf(result)}\n`);
    if (Boolean(result.isError) !== expectError) failures++;
    return result;
  };

  try {
    const { tools } = await client.listTools();
    show('Tools the server offers', tools.map((tool) => `${tool.name}: ${tool.title ?? ''}`).join('\n'));

    const filters = { status: 'open', type: 'claim', period: 'this_week', pageSize: 5 };
    const first = await call('Open claims filed this week', 'list_complaints', filters);
    // A script goes on from the structured answer: the next page, a record's correlative.
    const structured = first.structuredContent as ListAnswer;
    if (structured.nextPage !== undefined) {
      await call('The next page', 'list_complaints', { ...filters, page: structured.nextPage });
    }
    const record = structured.items?.[0];
    if (record?.correlative) await call('One record in full, by the correlative people quote', 'get_complaint', { reference: record.correlative });
    const overview = await call('What is at risk across the whole book, and how the last 30 days went', 'complaints_overview', { period: 'last_30_days' });
    // The overview names the prompt that drafts the answer to its most urgent record: the tour follows it.
    const draft = (overview.structuredContent as { atRisk?: { draftResponse?: { reference: string } } } | undefined)?.atRisk?.draftResponse;
    if (draft) {
      const prompt = await client.getPrompt({ name: 'draft_response', arguments: draft });
      const message = prompt.messages[0]?.content;
      const lines = message?.type === 'text' ? message.text.split('\n') : [];
      const facts = lines.slice(
        0,
        lines.findIndex((line) => line.startsWith('--- ')),
      );
      show(
        `The official response the law requires, drafted by your client's model from this prompt\n    draft_response ${JSON.stringify(draft)}`,
        `${facts.join('\n')}\n[... the record, the content the law requires and what to write: ${lines.length} lines in all]`,
      );
      if (facts.length === 0) failures++;
    } else failures++;
    await call('Every overdue record, earliest deadline first, whatever its filing date', 'list_complaints', { overdue: true, pageSize: 5 });
    await call("Last month's register for an INDECOPI inspection, as a file a spreadsheet opens", 'export_complaints', { period: 'last_month' });
    // What a host that renders MCP Apps shows beside that answer: the tool names a page, read once.
    const overviewTool = tools.find((tool) => tool.name === 'complaints_overview');
    const viewUri = (overviewTool?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri;
    if (viewUri) {
      const [page] = (await client.readResource({ uri: viewUri })).contents;
      const size = page && 'text' in page ? Buffer.byteLength(page.text, 'utf8') : 0;
      show(
        'The same overview as charts, for chat apps that render MCP Apps (claude.ai, Claude Desktop, VS Code, ChatGPT)',
        `complaints_overview names the view ${viewUri}: ${page?.mimeType}, ${Math.round(size / 1024)} KB, loads nothing from the network.`,
      );
      if (!page || size === 0) failures++;
    }
    await call('A record that does not exist (or is not yours)', 'get_complaint', { id: '00000000-0000-4000-8000-000000000000' }, true);
    // Every other tool, as its description's first example calls it.
    for (const tool of tools.filter((listed) => !called.has(listed.name))) {
      const args = exampleArguments(tool.description ?? '');
      if (args) await call(`${tool.title ?? tool.name} (the first example of its description)`, tool.name, args);
      else {
        process.stderr.write(`demo: ${tool.name}'s description ends with no "Examples: {...}" to call it with\n`);
        failures++;
      }
    }
  } finally {
    await client.close();
  }
  if (failures > 0) {
    process.stderr.write(`demo: ${failures} step(s) did not answer as expected\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write("\nDemo finished. Add the server to your MCP client with the README's configuration.\n");
  }
}

// Run as a program (npm run demo), not when a test imports exampleArguments. Both paths resolved, as
// Node resolves the module's own, so that a symlinked checkout still runs.
if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) {
  main().catch((error: unknown) => {
    process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
