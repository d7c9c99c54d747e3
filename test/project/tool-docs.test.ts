// The per-tool lists users read (manifest.json's tools, the README's table and Privacy list,
// docs/tool-answers.md's table, docs/privacy.md's list) say what the catalog says. A list that drifted
// fails here with the command that rewrites it: `npm run docs:tools` runs this file with
// UPDATE_TOOL_DOCS=1, which writes the files instead of failing, as `vitest -u` does for snapshots.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/tools/catalog.js';
import { FIX_COMMAND, GENERATED_FILES, generateManifest, generateMarkdown, MANIFEST, REGIONS, replaceRegion, type ToolFacts } from './tool-docs.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
// As checked out: a Windows checkout may turn LF into CRLF; the files are written with LF, as committed.
const read = (file: string) => readFileSync(join(root, file), 'utf8').replace(/\r\n/g, '\n');
const update = process.env.UPDATE_TOOL_DOCS === '1';

function generate(file: string, text: string, tools: readonly ToolFacts[] = TOOLS): string {
  return file === MANIFEST ? generateManifest(text, tools) : generateMarkdown(file, text, tools);
}

describe('the per-tool lists are generated from the catalog', () => {
  it.each(GENERATED_FILES)(`%s says what src/tools/catalog.ts says (else: ${FIX_COMMAND})`, (file) => {
    const text = read(file);
    const expected = generate(file, text);
    if (update && expected !== text) writeFileSync(join(root, file), expected);
    expect(update ? read(file) : text, `${file} differs from the catalog (src/tools/catalog.ts): run ${FIX_COMMAND}`).toBe(expected);
  });

  it("manifest.json's tools are the catalog's, in its order, each described by its summary", () => {
    const manifest = JSON.parse(read(MANIFEST));
    expect(manifest.tools).toEqual(TOOLS.map((tool) => ({ name: tool.name, description: tool.summary })));
  });

  it('every tool has its hand-written section, which the generated tables link to', () => {
    const missing = TOOLS.flatMap((tool) => [
      ...(read('README.md').includes(`\n### \`${tool.name}\`\n`) ? [] : [`README.md: ### \`${tool.name}\` (its arguments and one real output)`]),
      ...(read('docs/tool-answers.md').includes(`\n## \`${tool.name}\`\n`)
        ? []
        : [`docs/tool-answers.md: ## \`${tool.name}\` (its structured answer, field by field)`]),
    ]);
    expect(missing, 'write these sections by hand').toEqual([]);
  });
});

describe('drift is caught, not skipped', () => {
  const [first, ...rest] = TOOLS;
  const fewer = rest;
  const extra: ToolFacts = {
    name: 'complaints_by_reason',
    title: 'Counts by reason',
    summary: 'Counts of the matching records by reason.',
    description: 'Examples: {}',
    outputSchema: { byReason: {}, total: {} },
  };

  it('a manifest missing a tool, or with one the catalog lacks, differs from what is generated', () => {
    const current = generate(MANIFEST, read(MANIFEST));
    const drifted = generate(MANIFEST, current, fewer);
    expect(drifted).not.toBe(current);
    expect(JSON.parse(drifted).tools.map((tool: { name: string }) => tool.name)).not.toContain(first!.name);
    // Regenerated, it is the catalog's again, byte for byte, whatever the drift was.
    expect(generate(MANIFEST, drifted)).toBe(current);
    expect(generate(MANIFEST, generate(MANIFEST, current, [...TOOLS, extra]))).toBe(current);
  });

  it.each(Object.keys(REGIONS))('%s: a tool dropped from a generated region, or one added, is put back or taken out', (file) => {
    const current = generate(file, read(file));
    for (const drifted of [generate(file, current, fewer), generate(file, current, [...TOOLS, extra])]) {
      expect(drifted).not.toBe(current);
      expect(generate(file, drifted)).toBe(current);
    }
    // A hand edit inside a region is drift too.
    const [name] = Object.keys(REGIONS[file]!);
    const edited = current.replace(`<!-- ${name}:begin -->`, `<!-- ${name}:begin -->${name === 'tool-names' ? '`stray`, ' : '\n| stray | row |'}`);
    expect(edited).not.toBe(current);
    expect(generate(file, edited)).toBe(current);
  });

  it('rewrites only the regions: the hand-written text around them stays byte for byte', () => {
    for (const file of Object.keys(REGIONS)) {
      const strip = (text: string) => text.replace(/<!-- ([\w-]+):begin -->[\s\S]*?<!-- \1:end -->/g, '<!-- $1 -->');
      expect(strip(generate(file, read(file), fewer))).toBe(strip(read(file)));
    }
    const manifestBesidesTools = (text: string) => {
      const { tools: _tools, ...others } = JSON.parse(text);
      return others;
    };
    expect(manifestBesidesTools(generate(MANIFEST, read(MANIFEST), fewer))).toEqual(manifestBesidesTools(read(MANIFEST)));
  });

  it('markers missing, repeated or out of order are an error, not a region skipped', () => {
    const readme = read('README.md');
    expect(() => generateMarkdown('README.md', readme.replace('<!-- tools:begin -->', ''), TOOLS)).toThrow(/README\.md: expected one <!-- tools:begin -->/);
    expect(() => generateMarkdown('README.md', readme.replace('<!-- tools:end -->', ''), TOOLS)).toThrow(
      /expected one .* and one <!-- tools:end -->, found 1 and 0/,
    );
    expect(() => generateMarkdown('README.md', `${readme}\n<!-- tool-names:begin --><!-- tool-names:end -->\n`, TOOLS)).toThrow(/found 2 and 2/);
    expect(() => replaceRegion('x.md', 'a <!-- r:end --> b <!-- r:begin --> c', 'r', 'new')).toThrow(/comes before/);
    expect(() => replaceRegion('x.md', '<!-- r:begin -->\nold <!-- r:end -->', 'r', 'new')).toThrow(/must start a line/);
    expect(() => generateMarkdown('CHANGELOG.md', '', TOOLS)).toThrow(/no generated regions/);
  });

  it('a manifest whose tools are not one array of one-line objects is an error', () => {
    const manifest = read(MANIFEST);
    expect(() => generateManifest(manifest.replace('"tools": [', '"tool": ['), TOOLS)).toThrow(/expected one top-level "tools"/);
    expect(() => generateManifest(`${manifest}\n  "tools": [\n  ],\n`, TOOLS)).toThrow(/found 2/);
  });

  it('writes block regions on lines of their own and inline ones inside the sentence', () => {
    expect(replaceRegion('x.md', 'a\n<!-- r:begin -->\nold\n<!-- r:end -->\nb', 'r', 'new')).toBe('a\n<!-- r:begin -->\nnew\n<!-- r:end -->\nb');
    expect(replaceRegion('x.md', 'in (<!-- r:begin -->old<!-- r:end -->, more)', 'r', 'new')).toBe('in (<!-- r:begin -->new<!-- r:end -->, more)');
  });
});
