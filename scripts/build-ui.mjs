// npm run build, after tsc: makes dist/ui/overview.html, the complaints_overview view (MCP Apps), one
// self-contained file. The browser code under src/ui/ is bundled by rolldown (already installed with
// vitest's vite) into one inline script, the stylesheet is inlined, and a Content-Security-Policy
// that allows those two by their hashes and nothing else is written into the page: no request can
// leave it, whatever a host's own policy allows.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { build } from 'rolldown';

const SOURCE = new URL('../src/ui/', import.meta.url);
const OUTPUT = new URL('../dist/ui/overview.html', import.meta.url);
/** The budget for the one file a host loads. */
const MAX_BYTES = 150 * 1024;

const bundle = await build({
  input: new URL('main.ts', SOURCE).pathname,
  write: false,
  output: { format: 'iife', minify: true, comments: { legal: false, annotation: false, jsdoc: false } },
  logLevel: 'warn',
});
const script = bundle.output[0].code.trim();
const style = readFileSync(new URL('overview.css', SOURCE), 'utf8')
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/\s+/g, ' ')
  .replace(/\s*([{}:;,>])\s*/g, '$1')
  .trim();

// Inline, "</script" or "</style" would end the element early, and "<!--" with "<script" would keep
// it open past its end (the HTML parser's escaped states): refuse rather than escape.
if (/<\/script|<!--|<script/i.test(script) || /<\/style/i.test(style)) throw new Error('src/ui: the script or the style holds markup the page would parse');

const hash = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const policy = [
  "default-src 'none'",
  `script-src ${hash(script)}`,
  `style-src ${hash(style)}`,
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const filled = { policy, style, script };
const html = readFileSync(new URL('overview.html', SOURCE), 'utf8').replace(/\{\{(policy|style|script)\}\}/g, (_, name) => filled[name]);
const bytes = Buffer.byteLength(html, 'utf8');
if (bytes > MAX_BYTES) throw new Error(`dist/ui/overview.html is ${bytes} bytes, above the ${MAX_BYTES} the view may weigh`);

mkdirSync(new URL('.', OUTPUT), { recursive: true });
writeFileSync(OUTPUT, html);
