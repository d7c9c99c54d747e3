// npm run build, after tsc: makes dist/ui/overview.html, the complaints_overview view (MCP Apps), one
// self-contained file. The browser code under src/ui/ is bundled by rolldown (already installed with
// vitest's vite) into one inline script, the stylesheet is inlined, and ui-page.mjs writes a
// Content-Security-Policy that allows those two by their hashes and nothing else into the page: no
// request can leave it, whatever a host's own policy allows.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { build } from 'rolldown';
import { assemblePage } from './ui-page.mjs';

const SOURCE = new URL('../src/ui/', import.meta.url);
const OUTPUT = new URL('../dist/ui/overview.html', import.meta.url);

const bundle = await build({
  input: new URL('main.ts', SOURCE).pathname,
  write: false,
  output: { format: 'iife', minify: true, comments: { legal: false, annotation: false, jsdoc: false } },
  logLevel: 'warn',
});
const style = readFileSync(new URL('overview.css', SOURCE), 'utf8')
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/\s+/g, ' ')
  .replace(/\s*([{}:;,>])\s*/g, '$1')
  .trim();
const html = assemblePage({ template: readFileSync(new URL('overview.html', SOURCE), 'utf8'), script: bundle.output[0].code.trim(), style });

mkdirSync(new URL('.', OUTPUT), { recursive: true });
writeFileSync(OUTPUT, html);
