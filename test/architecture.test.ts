// The import graph, as CONTRIBUTING.md draws it: each rule read from the sources, so that an arrow
// that should not exist fails here rather than in a review.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url).pathname;

/** Every source file (relative to src/) and what it imports: relative paths resolved to src/, packages as named. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const entry of readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.ts')) continue;
    const source = readFileSync(join(SRC, entry), 'utf8');
    const specifiers = [
      ...source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*'([^']+)'|(?:^|\n)\s*import\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g),
    ].map((match) => (match[1] ?? match[2] ?? match[3])!);
    graph.set(
      entry,
      specifiers.map((specifier) =>
        specifier.startsWith('.') ? relative(SRC, normalize(join(SRC, dirname(entry), specifier))).replace(/\.js$/, '.ts') : specifier,
      ),
    );
  }
  return graph;
}

const graph = importGraph();

/**
 * The files the process loads before any code runs: `start`'s static imports, followed to the end
 * (`import type` and `import()` load nothing then), and the packages they name.
 */
function loadedAtStart(start: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(join(SRC, file), 'utf8');
    for (const match of source.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^;]*?from\s*'([^']+)'|(?:^|\n)\s*import\s*'([^']+)'/g)) {
      const specifier = (match[1] ?? match[2])!;
      if (!specifier.startsWith('.')) packages.add(specifier);
      else visit(relative(SRC, normalize(join(SRC, dirname(file), specifier))).replace(/\.js$/, '.ts'));
    }
  };
  visit(start);
  return { files, packages };
}
const inFolder = (folder: string) => (path: string) => path.startsWith(`${folder}/`);
const isPackage = (path: string) => !path.endsWith('.ts');

/** The imports of the files under `folder` that `allowed` refuses, as "file -> import". */
function offending(files: (path: string) => boolean, allowed: (imported: string) => boolean): string[] {
  return [...graph]
    .filter(([file]) => files(file))
    .flatMap(([file, imports]) => imports.filter((imported) => !allowed(imported)).map((imported) => `${file} -> ${imported}`));
}

describe('the import graph', () => {
  it('reads the sources it checks', () => {
    expect(graph.get('index.ts')).toContain('sandbox/server.ts');
    expect(graph.get('format/list.ts')).toContain('contract/list-answer.ts');
  });

  // Start-up is what a client waits for before its first question: the stdio server loads what the
  // handshake and the lists need (the tools' and prompts' definitions, their schemas), and what
  // answers a call loads at the first one (a tool's -run.ts, a prompt's -build.ts).
  it('the stdio server starts on the definitions alone: nothing that reads the service, views records or writes a register, no HTTP client', () => {
    const { files, packages } = loadedAtStart('index.ts');
    expect(files).toContain('tools/list-complaints.ts'); // the walk reaches the catalog
    expect(files).toContain('contract/overview-answer.ts');
    const allowedAtStart: Record<string, readonly string[]> = {
      // recent-readings.ts: the process's memory of deadline lists' readings, a Map and a timer, made at start.
      api: ['api/errors.ts', 'api/lazy-client.ts', 'api/reading-bounds.ts', 'api/recent-readings.ts', 'api/request-gate.ts'],
      format: ['format/cap.ts'],
      export: ['export/selection.ts'],
      domain: ['domain/reference.ts'],
      http: [],
      sandbox: [],
      demo: [],
    };
    const tooSoon = [...files].filter(
      (file) =>
        /-(run|build)\.ts$/.test(file) ||
        file === 'prompts/reference-completion.ts' ||
        Object.entries(allowedAtStart).some(([folder, allowed]) => inFolder(folder)(file) && !allowed.includes(file)),
    );
    expect(tooSoon).toEqual([]);
    const heavyPackages = [...packages].filter(
      (name) => ['node:http', 'node:https', 'node:crypto', 'node:tls', 'undici'].includes(name) || name.startsWith('@redis/'),
    );
    expect(heavyPackages).toEqual([]);
  });

  it('each tool loads its run file, and each prompt about a record its build file, only when called', () => {
    for (const file of [...graph.keys()].filter((path) => /^(tools|prompts)\/.*-(run|build)\.ts$/.test(path))) {
      const definition = file.replace(/-(run|build)\.ts$/, '.ts');
      const source = readFileSync(join(SRC, definition), 'utf8');
      const name = file.split('/').pop()!.replace(/\.ts$/, '.js');
      expect(source, definition).toContain(`await import('./${name}')`);
    }
  });

  it('contract/ declares shapes and imports nothing of the product', () => {
    expect(offending(inFolder('contract'), (imported) => inFolder('contract')(imported) || imported === 'zod')).toEqual([]);
  });

  it('calendar/ is pure date arithmetic: nothing but itself', () => {
    expect(offending(inFolder('calendar'), inFolder('calendar'))).toEqual([]);
  });

  it('domain/ holds rules: no HTTP client, no views, no tools', () => {
    const allowed = (imported: string) =>
      ['domain', 'contract', 'calendar'].some((folder) => inFolder(folder)(imported)) || ['sanitize.ts', 'slices.ts'].includes(imported) || imported === 'zod';
    expect(offending(inFolder('domain'), allowed)).toEqual([]);
  });

  // slices.ts (long work cut in slices) is how the domain's rules and the views over a whole book are written.
  it('slices.ts, the one way to cut long work in slices, imports nothing', () => {
    expect(graph.get('slices.ts')).toEqual([]);
  });

  it('format/ makes views of records it is given: nothing from api/', () => {
    expect(offending(inFolder('format'), (imported) => !inFolder('api')(imported))).toEqual([]);
  });

  it('export/ writes registers: no tools, no server, no HTTP serving (stdio loads it, and serve --http only adds its links)', () => {
    const allowed = (imported: string) => !['tools', 'http', 'prompts', 'resources'].some((folder) => inFolder(folder)(imported)) && imported !== 'server.ts';
    expect(offending(inFolder('export'), allowed)).toEqual([]);
  });

  it('the sandbox imports nothing of the product but the contract, the calendar and the loopback names', () => {
    const allowed = (imported: string) =>
      ['sandbox', 'contract', 'calendar'].some((folder) => inFolder(folder)(imported)) || imported === 'loopback-host.ts' || imported.startsWith('node:');
    expect(offending(inFolder('sandbox'), allowed)).toEqual([]);
  });

  it('nothing but index.ts imports the sandbox', () => {
    expect(
      offending(
        (file) => file !== 'index.ts' && !inFolder('sandbox')(file),
        (imported) => !inFolder('sandbox')(imported),
      ),
    ).toEqual([]);
  });

  it('the MCP SDK is imported by server.ts, http/serve.ts, the sign-in (its OAuth handlers), index.ts and the demo only', () => {
    const seam = (file: string) => ['server.ts', 'http/serve.ts', 'index.ts'].includes(file) || inFolder('demo')(file) || inFolder('http/sign-in')(file);
    expect(
      offending(
        (file) => !seam(file),
        (imported) => !imported.startsWith('@modelcontextprotocol/'),
      ),
    ).toEqual([]);
  });

  // texts.ts (the languages and the shape of the es/en tables of words) is shared by the view's labels,
  // the sign-in page and the prompts: it may be bundled into the page because it imports nothing.
  it('texts.ts, the one pattern of the es/en tables of words, imports nothing', () => {
    expect(graph.get('texts.ts')).toEqual([]);
  });

  it("ui/ is the view's browser code: it imports no package and, of the product, only the contract's types, the periods, the date arithmetic, the cleaning of text and the tables' pattern", () => {
    const allowed = (imported: string) =>
      inFolder('ui')(imported) ||
      inFolder('contract')(imported) ||
      ['calendar/periods.ts', 'calendar/calendar-date.ts', 'sanitize.ts', 'texts.ts'].includes(imported);
    expect(offending(inFolder('ui'), allowed)).toEqual([]);
    // Values from the contract would bundle zod into the page: types only.
    const valueImports = [...graph.keys()]
      .filter(inFolder('ui'))
      .flatMap((file) =>
        [...readFileSync(join(SRC, file), 'utf8').matchAll(/import\s+(?!type\b)[^;]*?from\s*'([^']*contract\/[^']+)'/g)].map(
          (match) => `${file} -> ${match[1]}`,
        ),
      );
    expect(valueImports).toEqual([]);
  });

  it('nothing but the build reads ui/: the server serves the page it made', () => {
    expect(
      offending(
        (file) => !inFolder('ui')(file),
        (imported) => !inFolder('ui')(imported),
      ),
    ).toEqual([]);
  });

  it('the Redis client is imported by http/state/redis-state.ts only, which nothing imports but by import(): stdio never loads it', () => {
    expect(
      offending(
        (file) => file !== 'http/state/redis-state.ts',
        (imported) => !imported.startsWith('@redis/'),
      ),
    ).toEqual([]);
    const staticImporters = [...graph.keys()].filter((file) =>
      /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*'[^']*redis-state\.js'/.test(readFileSync(join(SRC, file), 'utf8')),
    );
    expect(staticImporters).toEqual([]);
  });

  it('every package imported is a dependency (an optional one, such as the Redis client, loaded only where needed) or a Node built-in', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as Record<string, Record<string, string>>;
    const dependencies = { ...manifest.dependencies, ...manifest.optionalDependencies };
    const packageOf = (specifier: string) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');
    expect(
      offending(
        () => true,
        (imported) => !isPackage(imported) || imported.startsWith('node:') || Object.hasOwn(dependencies, packageOf(imported)),
      ),
    ).toEqual([]);
  });
});
