// The view's page as the build assembles it: what it refuses to inline, its size budget, and a
// policy that allows exactly the script and style it holds.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without declarations.
import { assemblePage, MAX_BYTES } from '../../scripts/ui-page.mjs';

const TEMPLATE = '<meta http-equiv="Content-Security-Policy" content="{{policy}}"><style>{{style}}</style><script>{{script}}</script>';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('assemblePage', () => {
  it('fills the template and allows the script and the style by their hashes, and nothing else', () => {
    const script = 'document.body.append("$&")';
    const style = 'body{color:red}';
    const page: string = assemblePage({ template: TEMPLATE, script, style });
    expect(page).toContain(`<script>${script}</script>`);
    expect(page).toContain(`<style>${style}</style>`);
    expect(page).toContain(`script-src ${sha256(script)}; style-src ${sha256(style)}; connect-src 'none'`);
    expect(page).toMatch(/content="default-src 'none'; /);
  });

  it.each([
    ['a closing script tag', 'x="</script><img src=y>"', ''],
    ['one in another case', 'x="</SCRIPT >"', ''],
    ['a comment opener and a script tag, which keep the element open', 'x="<!--<script>"', ''],
    ['a script tag alone', 'x="<script>"', ''],
    ['a closing style tag in the style', '', 'a{}</style><script>x()</script>'],
  ])('refuses %s', (_name, script, style) => {
    expect(() => assemblePage({ template: TEMPLATE, script, style })).toThrow(/markup the page would parse/);
  });

  it('refuses a page above the budget, and takes one at it', () => {
    const room = MAX_BYTES - Buffer.byteLength(assemblePage({ template: TEMPLATE, script: '', style: '' }), 'utf8');
    // The hashes are the same length whatever they hash: the page grows by the script alone.
    expect(() => assemblePage({ template: TEMPLATE, script: 'x'.repeat(room), style: '' })).not.toThrow();
    expect(() => assemblePage({ template: TEMPLATE, script: 'x'.repeat(room + 1), style: '' })).toThrow(/above the 153600/);
  });
});
