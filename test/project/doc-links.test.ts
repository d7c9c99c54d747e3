// The relative links of the README and of the pages under docs/: each must name a file of the
// repository and, with a #fragment, a heading of that file, as GitHub spells its anchors. Moving a
// section from one page to another breaks such links silently otherwise.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'));
const PAGES = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...DOCS.map((name) => `docs/${name}`)];

/** The text of a page without its fenced code blocks, where a link is not a link. */
function prose(page: string): string {
  return readFileSync(join(root, page), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(page: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading] of prose(page).matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const text = heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    found.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return found;
}

/** Each relative link target of a page, as written. */
function links(page: string): string[] {
  const text = prose(page);
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:/i.test(target));
}

describe('relative links in the README and docs/', () => {
  it.each(PAGES)('%s: every link names an existing file and heading', (page) => {
    const broken: string[] = [];
    for (const target of links(page)) {
      const [path, fragment] = target.split('#') as [string, string | undefined];
      const file = path === '' ? page : relative(root, join(root, dirname(page), path));
      if (!existsSync(join(root, file))) broken.push(`${target} (no file ${file})`);
      else if (fragment !== undefined && file.endsWith('.md') && !anchors(file).has(fragment)) broken.push(`${target} (no heading #${fragment} in ${file})`);
    }
    expect(broken).toEqual([]);
  });

  it('finds the links it checks', () => {
    expect(links('README.md')).toContain('docs/performance.md');
    expect(anchors('docs/team-hosting.md')).toContain('why-it-scales-horizontally');
    expect(anchors('docs/performance.md')).toContain('shared-over-http-serve---http');
  });
});
