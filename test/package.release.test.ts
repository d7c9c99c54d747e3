// What `npm publish` would ship: the built server and its documents, and nothing else (no sources,
// tests, benchmarks or files that could hold secrets).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('npm pack', () => {
  it('holds dist/ (the view of complaints_overview too), the README, LICENSE, CHANGELOG and manifest.json, and no sources, tests or secrets', () => {
    // --ignore-scripts: npm run test:release has built dist/ already; pack must not build again.
    const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const files: string[] = JSON.parse(output)[0].files.map((file: { path: string }) => file.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/index.js',
        'dist/server.js',
        'dist/sandbox/server.js',
        'dist/ui/overview.html',
        'README.md',
        'LICENSE',
        'CHANGELOG.md',
        'manifest.json',
        'package.json',
      ]),
    );
    const unexpected = files.filter(
      (path) => !/^(dist\/.+\.js(\.map)?|dist\/ui\/overview\.html|README\.md|LICENSE|CHANGELOG\.md|manifest\.json|package\.json)$/.test(path),
    );
    expect(unexpected).toEqual([]);
    expect(files.filter((path) => /(^|\/)(src|test|bench)\/|\.env|\.npmrc|\.test\./.test(path))).toEqual([]);
  });
});
