// The Dockerfile, read as Docker reads it (no Docker engine runs where the project is built): every
// file it copies exists or is built by its build stage, the build stage has what `npm run build`
// reads, .dockerignore keeps none of them out, the image runs as the node user on a Node the package
// supports, the start command is `serve --http` on every interface as parseArgs reads it, and the
// health check, run as Docker would run it, answers against a real server.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { startHttpServe } from '../helpers/http-serve.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const text = (path: string) => readFileSync(join(root, path), 'utf8');
const packageJson = JSON.parse(text('package.json'));
const serverJson = JSON.parse(text('server.json'));
const outDir: string = JSON.parse(text('tsconfig.json')).compilerOptions.outDir;

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  image: string;
  name: string | undefined;
  instructions: Instruction[];
}

/** Instructions by stage: comment lines dropped, continuation lines joined, as the Dockerfile parser does. */
function parseDockerfile(source: string): Stage[] {
  const logical: string[] = [];
  let pending = '';
  for (const line of source.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    if (/\\\s*$/.test(line)) {
      pending += `${line.replace(/\\\s*$/, '')} `;
      continue;
    }
    const whole = `${pending}${line}`.trim();
    pending = '';
    if (whole !== '') logical.push(whole);
  }
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword, args] = /^(\S+)\s*(.*)$/.exec(line)!;
    const instruction = { keyword: keyword!.toUpperCase(), args: args! };
    if (instruction.keyword === 'FROM') {
      const [image, as, name] = instruction.args.split(/\s+/);
      stages.push({ image: image!, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else {
      expect(stages.length, `${line} comes before any FROM`).toBeGreaterThan(0);
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return stages;
}

interface Copy {
  from: string | undefined;
  sources: string[];
  destination: string;
  /** Its index among its stage's instructions. */
  index: number;
}
function copiesOf(stage: Stage): Copy[] {
  return stage.instructions.flatMap((instruction, index) => {
    if (instruction.keyword !== 'COPY') return [];
    const words: string[] = instruction.args.startsWith('[') ? JSON.parse(instruction.args) : instruction.args.split(/\s+/);
    const flags = words.filter((word) => word.startsWith('--'));
    const paths = words.filter((word) => !word.startsWith('--'));
    const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
    return [{ from, sources: paths.slice(0, -1), destination: paths.at(-1)!, index }];
  });
}
/** An exec-form (JSON array) argument list; shell form would put /bin/sh in front as PID 1. */
function execForm(args: string): string[] {
  expect(args.startsWith('['), `exec form (a JSON array): ${args}`).toBe(true);
  return JSON.parse(args);
}
const last = (stage: Stage, keyword: string) => stage.instructions.filter((instruction) => instruction.keyword === keyword).at(-1);
const workdir = (stage: Stage) => last(stage, 'WORKDIR')!.args;

const stages = parseDockerfile(text('Dockerfile'));
const build = stages.find((stage) => stage.name === 'build')!;
const runtime = stages.at(-1)!;
const runIndex = (stage: Stage, command: RegExp) =>
  stage.instructions.findIndex((instruction) => instruction.keyword === 'RUN' && command.test(instruction.args));

/** Whether a context path is under a copied source (the source itself, or a folder holding it). */
const covers = (source: string, path: string) => {
  const from = normalize(source).replace(/\/$/, '');
  return path === from || path.startsWith(`${from}/`) || from === '.';
};

/** The repository paths `npm run build` reads: the files its script names, tsconfig's include, and what those scripts import or read. */
function buildInputs(): string[] {
  const script: string = packageJson.scripts.build;
  const named = script
    .split(/[\s"'(),]+/)
    .filter((word) => /^[\w./-]+\.(json|mjs|js)$/.test(word) && !word.startsWith(`${outDir}/`) && existsSync(join(root, word)));
  const inputs = new Set<string>([...named, ...JSON.parse(text('tsconfig.json')).include]);
  for (const file of named.filter((name) => name.endsWith('.mjs'))) {
    for (const [, target] of text(file).matchAll(/(?:from |new URL\()'(\.{1,2}\/[^']*)'/g)) {
      const path = normalize(join(dirname(file), target!)).replace(/\/$/, '');
      // What the script writes (under outDir) is the build's output, not its input.
      if (path !== outDir && !path.startsWith(`${outDir}/`)) inputs.add(path);
    }
  }
  return [...inputs];
}

describe('the Dockerfile', () => {
  it('builds in one stage and runs in another, both on the same Node image, of a major the package supports', () => {
    expect(stages.map((stage) => stage.name)).toEqual(['build', undefined]);
    for (const stage of stages) {
      const major = Number(/^node:(\d+)(?:[.-]|$)/.exec(stage.image)?.[1]);
      expect(major, stage.image).toBeGreaterThanOrEqual(Number(/^>=(\d+)/.exec(packageJson.engines.node)![1]));
    }
    expect(runtime.image).toBe(build.image);
  });

  it('copies from the build context only files that exist in the repository', () => {
    const sources = stages.flatMap((stage) => copiesOf(stage).filter((copy) => copy.from === undefined)).flatMap((copy) => copy.sources);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(existsSync(join(root, source)), source).toBe(true);
  });

  it('gives the build stage everything npm run build reads, before it runs', () => {
    const buildAt = runIndex(build, /^npm run build$/);
    expect(buildAt).toBeGreaterThan(-1);
    const copied = copiesOf(build).filter((copy) => copy.from === undefined && copy.index < buildAt);
    const inputs = buildInputs();
    expect(inputs).toEqual(expect.arrayContaining(['tsconfig.json', 'src', 'scripts/build-ui.mjs', 'scripts/ui-page.mjs']));
    for (const input of inputs)
      expect(
        copied.some((copy) => copy.sources.some((source) => covers(source, input))),
        input,
      ).toBe(true);
    // Installed before the sources come, so that a change to src/ reuses the dependencies' layer.
    const install = runIndex(build, /^npm ci\b/);
    expect(install).toBeGreaterThan(-1);
    expect(install).toBeLessThan(buildAt);
    const lockCopied = copiesOf(build).find((copy) => copy.sources.includes('package-lock.json'))!;
    expect(lockCopied.index).toBeLessThan(install);
  });

  it('runs with production dependencies as locked, without scripts, and the dist/ the build stage made', () => {
    const install = runIndex(runtime, /^npm ci --omit=dev --ignore-scripts\b/);
    expect(install).toBeGreaterThan(-1);
    const manifests = copiesOf(runtime).find((copy) => copy.from === undefined)!;
    expect(manifests.sources).toEqual(['package.json', 'package-lock.json']);
    expect(manifests.index).toBeLessThan(install);
    // The one thing taken from the build stage is what its `npm run build` wrote: tsconfig's outDir.
    const fromBuild = copiesOf(runtime).filter((copy) => copy.from !== undefined);
    expect(fromBuild).toEqual([{ from: 'build', sources: [`${workdir(build)}/${outDir}`], destination: `./${outDir}`, index: expect.any(Number) }]);
    expect(workdir(runtime)).toBe(workdir(build));
    expect(last(runtime, 'ENV')?.args).toBe('NODE_ENV=production');
  });

  it('runs as the node image’s unprivileged user', () => {
    expect(last(runtime, 'USER')?.args).toBe('node');
  });

  it('starts `node dist/index.js serve --http` on every interface, as parseArgs reads it, on the port it exposes', () => {
    const command = [...execForm(last(runtime, 'ENTRYPOINT')!.args), ...execForm(last(runtime, 'CMD')!.args)];
    expect(command.slice(0, 2)).toEqual(['node', packageJson.bin[packageJson.name]]);
    const parsed = parseArgs(command.slice(2));
    expect(parsed).toEqual({ mode: 'serve', host: '0.0.0.0', port: expect.any(Number) });
    expect(last(runtime, 'EXPOSE')?.args).toBe(String((parsed as { port: number }).port));
  });

  it('labels the image with the name server.json registers', () => {
    expect(last(runtime, 'LABEL')?.args).toBe(`io.modelcontextprotocol.server.name="${serverJson.name}"`);
  });

  describe('the health check', () => {
    // Read in each test, so that a malformed line fails a test rather than the whole file.
    const healthcheck = () => last(runtime, 'HEALTHCHECK')?.args ?? '';
    const command = () => execForm(healthcheck().replace(/^(--\S+\s+)*CMD\s+/, ''));
    const port = () => (parseArgs(execForm(last(runtime, 'CMD')!.args)) as { port: number }).port;
    /** Runs the check as Docker would, with the server's port changed to `to`; resolves with its exit code. */
    const runCheck = (to: number) => {
      const [program, ...args] = command().map((word) => word.replace(`127.0.0.1:${port()}/`, `127.0.0.1:${to}/`));
      expect(program).toBe('node');
      return promisify(execFile)(process.execPath, args, { timeout: 10_000 }).then(
        () => 0,
        (error: { code?: number }) => error.code ?? -1,
      );
    };

    it('asks /healthz on the port the server listens on, with node (slim images have no curl), within a timeout', () => {
      expect(command()[0]).toBe('node');
      expect(command().join(' ')).toContain(`http://127.0.0.1:${port()}/healthz`);
      expect(healthcheck()).toMatch(/--timeout=\d+s/);
    });

    it('passes against serve --http, and fails where nothing answers', async () => {
      const serve = await startHttpServe({ COMPLAINTS_API_URL: 'http://127.0.0.1:9' });
      try {
        expect(await runCheck(Number(new URL(serve.url).port))).toBe(0);
      } finally {
        await serve.stop();
      }
      const closed = await new Promise<number>((resolve) => {
        const server = createServer().listen(0, '127.0.0.1', () => {
          const { port: free } = server.address() as { port: number };
          server.close(() => resolve(free));
        });
      });
      expect(await runCheck(closed)).toBe(1);
    });
  });
});

/** Whether .dockerignore keeps `path` (relative to the context) out: Docker's patterns, last match wins, a folder's pattern covers its files. */
function ignoredByDockerignore(patterns: string[], path: string): boolean {
  const parts = path.split('/');
  const prefixes = parts.map((_, index) => parts.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const raw of patterns) {
    const negated = raw.startsWith('!');
    const pattern = normalize((negated ? raw.slice(1) : raw).replace(/^\/+/, '')).replace(/\/$/, '');
    const source = pattern
      .split(/(\*\*\/|\*\*|\*|\?)/)
      .map((part) => ({ '**/': '(?:.*/)?', '**': '.*', '*': '[^/]*', '?': '[^/]' })[part] ?? part.replace(/[.+^${}()|[\]\\]/g, '\\$&'))
      .join('');
    if (prefixes.some((prefix) => new RegExp(`^${source}$`).test(prefix))) ignored = !negated;
  }
  return ignored;
}

describe('.dockerignore', () => {
  const patterns = text('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

  it('uses only the pattern syntax this test reads (*, **, ?, !)', () => {
    for (const pattern of patterns) expect(pattern, pattern).not.toMatch(/[[\]\\]/);
  });

  it('keeps out what this machine installed or built, the git folder, and files that may hold secrets', () => {
    for (const path of [
      'node_modules',
      'node_modules/zod/package.json',
      'src/ui/node_modules/x',
      'dist/index.js',
      '.git/config',
      '.env',
      'src/.env.local',
      '.npmrc',
      'test/artifacts/x.png',
    ]) {
      expect(ignoredByDockerignore(patterns, path), path).toBe(true);
    }
    // The matcher itself: a folder pattern at the root does not reach a file of that name deeper.
    expect(ignoredByDockerignore(['dist'], 'src/dist.ts')).toBe(false);
    expect(ignoredByDockerignore(['dist', '!dist/keep'], 'dist/keep')).toBe(false);
  });

  it('keeps in every file a COPY needs', () => {
    const sources = stages.flatMap((stage) => copiesOf(stage).filter((copy) => copy.from === undefined)).flatMap((copy) => copy.sources);
    const files = (path: string): string[] =>
      statSync(join(root, path)).isDirectory()
        ? readdirSync(join(root, path), { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile())
            .map((entry) => relative(root, join(entry.parentPath, entry.name)))
        : [path];
    const needed = sources.flatMap(files);
    expect(needed.length).toBeGreaterThan(10);
    expect(needed.filter((path) => ignoredByDockerignore(patterns, path))).toEqual([]);
  });
});
