// What `npm publish` would ship: the built server and its documents, and nothing else (no sources,
// tests, benchmarks or files that could hold secrets), as the package server.json registers.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('npm pack', () => {
  it('holds dist/ (the view of complaints_overview too), the README, LICENSE, CHANGELOG and manifest.json, and no sources, tests or secrets', () => {
    // --ignore-scripts: npm run test:release has built dist/ already; pack must not build again.
    const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const [pack] = JSON.parse(output);
    const files: string[] = pack.files.map((file: { path: string }) => file.path);
    expect(files).toEqual(
      expect.arrayContaining(['dist/index.js', 'dist/ui/overview.html', 'README.md', 'LICENSE', 'CHANGELOG.md', 'manifest.json', 'package.json']),
    );
    const unexpected = files.filter(
      (path) => !/^(dist\/.+\.js|dist\/ui\/overview\.html|README\.md|LICENSE|CHANGELOG\.md|manifest\.json|package\.json)$/.test(path),
    );
    // No source maps: they point at src/, which is not shipped (a third of the package's size for nothing).
    expect(unexpected).toEqual([]);
    expect(files.filter((path) => /(^|\/)(src|test|bench)\/|\.env|\.npmrc|\.test\./.test(path))).toEqual([]);
    // The bundle's entry loads its chunks by relative imports (some only with import(), at first use):
    // every one of them is shipped, or a call would fail only once installed.
    const imported = files
      .filter((path) => path.endsWith('.js'))
      .flatMap((path) =>
        [...readFileSync(join(root, path), 'utf8').matchAll(/(?:from\s*|import\(\s*)"(\.{1,2}\/[^"]+)"/g)].map((match) => join(path, '..', match[1]!)),
      );
    expect(imported.length).toBeGreaterThan(10);
    expect(imported.filter((path) => !files.includes(path))).toEqual([]);
    // server.json is read by the MCP Registry from the repository at release, not from the package; the
    // Dockerfile and the workflow build from the repository too.
    expect(files.filter((path) => /^(server\.json|Dockerfile|\.dockerignore|\.github\/|scripts\/)/.test(path))).toEqual([]);
  });

  it('is the package server.json registers: its name and version, and the mcpName that proves it ours', () => {
    const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const [pack] = JSON.parse(output);
    const serverJson = JSON.parse(readFileSync(join(root, 'server.json'), 'utf8'));
    const npm = serverJson.packages.find((entry: { registryType: string }) => entry.registryType === 'npm');
    expect({ name: pack.name, version: pack.version }).toEqual({ name: npm.identifier, version: npm.version });
    // The registry reads mcpName from the package.json npm serves, which is this one, packed as is.
    expect(pack.files.map((file: { path: string }) => file.path)).toContain('package.json');
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).mcpName).toBe(serverJson.name);
  });
});
