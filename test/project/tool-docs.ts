// The per-tool lists that users read, made from the catalog (src/tools/catalog.ts) so that adding a tool
// does not mean editing them by hand: manifest.json's `tools`, the README's table of tools and its
// Privacy list, docs/tool-answers.md's table of answers and docs/privacy.md's list. Pure: text in, text
// out. test/project/tool-docs.test.ts compares the files with what this makes, and
// `npm run docs:tools` writes it (scripts/docs-tools.mjs runs that test with UPDATE_TOOL_DOCS=1).
//
// In Markdown a generated region sits between `<!-- NAME:begin -->` and `<!-- NAME:end -->`; what is
// outside the markers is hand-written and never touched. A region whose markers are missing, repeated or
// out of order is an error: a region skipped in silence would be a list that drifts in silence.

/** What the lists need of a tool: the catalog's ToolDefinition has these, and more. */
export interface ToolFacts {
  name: string;
  title: string;
  summary: string;
  description: string;
  outputSchema: Record<string, unknown>;
}

export const FIX_COMMAND = 'npm run docs:tools';

/** The generated regions of each Markdown file, by marker name. */
export const REGIONS: Readonly<Record<string, Readonly<Record<string, (tools: readonly ToolFacts[]) => string>>>> = {
  'README.md': { tools: toolTable, 'tool-names': toolNames },
  'docs/privacy.md': { 'tool-names': toolNames },
  'docs/tool-answers.md': { tools: answerTable },
};

export const MANIFEST = 'manifest.json';

/** Every file this module writes. */
export const GENERATED_FILES = [MANIFEST, ...Object.keys(REGIONS)];

/** `list_complaints`, `get_complaint`, `complaints_overview`: inline, inside a sentence. */
export function toolNames(tools: readonly ToolFacts[]): string {
  return tools.map((tool) => `\`${tool.name}\``).join(', ');
}

/** The README's table: each tool, linked to its hand-written section below, and its title. */
export function toolTable(tools: readonly ToolFacts[]): string {
  const rows = tools.map((tool) => `| [\`${tool.name}\`](#${tool.name}) | ${cell(tool.title)} |`);
  return ['| Tool | What it answers |', '| --- | --- |', ...rows].join('\n');
}

/** docs/tool-answers.md's table: each tool, linked to its section, and the top-level keys of its structuredContent. */
export function answerTable(tools: readonly ToolFacts[]): string {
  const rows = tools.map(
    (tool) =>
      `| [\`${tool.name}\`](#${tool.name}) | ${Object.keys(tool.outputSchema)
        .map((key) => `\`${key}\``)
        .join(', ')} |`,
  );
  return ['| Tool | Top-level fields of its `structuredContent` |', '| --- | --- |', ...rows].join('\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** The manifest's `tools` lines, one object a line, as the file has always been written. */
export function manifestTools(tools: readonly ToolFacts[]): string {
  return (
    tools.map((tool) => `    { "name": ${JSON.stringify(tool.name)}, "description": ${JSON.stringify(tool.summary)} }`).join(',\n') +
    (tools.length > 0 ? '\n' : '')
  );
}

const MANIFEST_TOOLS = /^( {2}"tools": \[\n)([\s\S]*?)(^ {2}\],?\n)/m;

/** manifest.json with its `tools` array rewritten from the catalog; every other byte as it was. */
export function generateManifest(manifest: string, tools: readonly ToolFacts[]): string {
  const matches = manifest.match(new RegExp(MANIFEST_TOOLS.source, 'gm')) ?? [];
  if (matches.length !== 1) {
    throw new Error(`${MANIFEST}: expected one top-level "tools": [ … ] array, one object per line, found ${matches.length}`);
  }
  return manifest.replace(MANIFEST_TOOLS, (_all, open: string, _old: string, close: string) => `${open}${manifestTools(tools)}${close}`);
}

/** A Markdown file with each of its generated regions rewritten; throws when a region's markers are missing or malformed. */
export function generateMarkdown(file: string, text: string, tools: readonly ToolFacts[]): string {
  const regions = REGIONS[file];
  if (!regions) throw new Error(`${file} has no generated regions`);
  let out = text;
  for (const [name, make] of Object.entries(regions)) out = replaceRegion(file, out, name, make(tools));
  return out;
}

/**
 * Replaces what is between `<!-- name:begin -->` and `<!-- name:end -->`. A block region (the begin marker
 * alone on its line) gets the content on lines of its own; an inline region (markers inside a sentence)
 * gets it between the markers, on the same line.
 */
export function replaceRegion(file: string, text: string, name: string, content: string): string {
  const begin = `<!-- ${name}:begin -->`;
  const end = `<!-- ${name}:end -->`;
  const count = (marker: string) => text.split(marker).length - 1;
  if (count(begin) !== 1 || count(end) !== 1) {
    throw new Error(
      `${file}: expected one ${begin} and one ${end}, found ${count(begin)} and ${count(end)}; put them back around the generated ${name} region`,
    );
  }
  const from = text.indexOf(begin) + begin.length;
  const to = text.indexOf(end);
  if (to < from) throw new Error(`${file}: ${end} comes before ${begin}`);
  const block = text[from] === '\n';
  if (block && text[to - 1] !== '\n') throw new Error(`${file}: ${end} must start a line, as ${begin} ends one`);
  return `${text.slice(0, from)}${block ? `\n${content}\n` : content}${text.slice(to)}`;
}
