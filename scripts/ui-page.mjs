// The page of the complaints_overview view, assembled from its parts: the template's placeholders
// filled with the bundled script and the stylesheet, under a Content-Security-Policy that allows
// those two by their hashes and nothing else. Pure, so that its refusals are tested
// (test/ui/page.test.ts); scripts/build-ui.mjs bundles the parts and writes the page.
import { createHash } from 'node:crypto';

/** The budget for the one file a host loads. */
export const MAX_BYTES = 150 * 1024;

const hash = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The page, or an Error naming what would break it. */
export function assemblePage({ template, script, style }) {
  // Inline, "</script" or "</style" would end the element early, and "<!--" with "<script" would keep
  // it open past its end (the HTML parser's escaped states): refuse rather than escape.
  if (/<\/script|<!--|<script/i.test(script) || /<\/style/i.test(style)) throw new Error('src/ui: the script or the style holds markup the page would parse');
  const policy = [
    "default-src 'none'",
    `script-src ${hash(script)}`,
    `style-src ${hash(style)}`,
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const filled = { policy, style, script };
  const html = template.replace(/\{\{(policy|style|script)\}\}/g, (_, name) => filled[name]);
  const bytes = Buffer.byteLength(html, 'utf8');
  if (bytes > MAX_BYTES) throw new Error(`dist/ui/overview.html is ${bytes} bytes, above the ${MAX_BYTES} the view may weigh`);
  return html;
}
