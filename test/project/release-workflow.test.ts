// .github/workflows/release.yml cannot run here; what can be checked is: it parses, it runs on a
// version tag with the least permissions, it tests before it publishes, every step that can fail
// without a trace (checks, bundle, validation) comes before the first that publishes, the Node and
// mcp-publisher versions are pinned, and its shell scripts parse and take no ${{ }} expressions.
// And what keeps the job that holds the npm token, the OIDC token and a writing GITHUB_TOKEN small:
// it builds nothing and runs no dependency's script (the build job, which may not write, hands it the
// package and the bundle), every action is pinned by commit, no checkout leaves a token in .git, and
// mcp-publisher is checked against a pinned SHA-256 before it is unpacked or run.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';

const root = fileURLToPath(new URL('../..', import.meta.url));
const WORKFLOW = '.github/workflows/release.yml';
const source = readFileSync(join(root, WORKFLOW), 'utf8');
const document = parseDocument(source);
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const engineMajor = Number(/^>=(\d+)/.exec(packageJson.engines.node)![1]);

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  'runs-on': string;
  container?: string;
  needs?: string | string[];
  permissions?: Record<string, string>;
  env?: Record<string, string>;
  steps: Step[];
}
const workflow = document.toJS() as { on: unknown; permissions: Record<string, string>; jobs: Record<string, Job> };
const steps = (job: string) => workflow.jobs[job]!.steps;
/** The index of the first step of `job` whose run script matches `pattern`; -1 when none does. */
const at = (job: string, pattern: RegExp) => steps(job).findIndex((step) => step.run !== undefined && pattern.test(step.run));

describe('the release workflow', () => {
  it('parses as YAML, without errors or warnings', () => {
    expect(document.errors).toEqual([]);
    expect(document.warnings).toEqual([]);
    expect(Object.keys(workflow.jobs)).toEqual(['test', 'build', 'publish']);
  });

  it('runs on a version tag only, reading by default and writing only in the job that publishes, after the tests and the build', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v*'] } });
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(workflow.jobs.test!.permissions).toBeUndefined();
    expect(workflow.jobs.build!.permissions).toBeUndefined();
    expect(workflow.jobs.publish!.permissions).toEqual({ contents: 'write', 'id-token': 'write' });
    expect(workflow.jobs.publish!.needs).toEqual(['test', 'build']);
  });

  it('tests on the Node the package requires: the tag is checked first, then lint, types, tests and release checks', () => {
    expect(workflow.jobs.test!.container).toBe(`node:${engineMajor}-bookworm`);
    const order = [
      /server-json\.mjs check "\$GITHUB_REF_NAME"/,
      /^npm ci\b/m,
      /^npm run lint$/m,
      /^npm run typecheck$/m,
      /^npm test$/m,
      /^npm run test:release$/m,
    ].map((pattern) => at('test', pattern));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('builds the package tarball and the bundle, named as server.json names it, in a job that may not write, and hands both over as one artifact', () => {
    expect(workflow.jobs.build!.container).toBe(`node:${engineMajor}-bookworm`);
    const order = [
      /server-json\.mjs check "\$GITHUB_REF_NAME"/,
      /^echo "BUNDLE=release\/\$\(node scripts\/server-json\.mjs bundle-file\)" >> "\$GITHUB_ENV"$/m,
      /^npm ci\b/m,
      /^npm run bundle -- "\$BUNDLE"$/m,
      // dist/ is the one the bundle's build just made: pack must not build again.
      /^npm pack --ignore-scripts --pack-destination release$/m,
    ].map((pattern) => at('build', pattern));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const upload = steps('build').find((step) => step.uses?.startsWith('actions/upload-artifact@'))!;
    expect(upload.with).toMatchObject({ name: 'release', path: 'release/', 'if-no-files-found': 'error' });
    expect(steps('build').indexOf(upload)).toBeGreaterThan(order.at(-1)!);
    const download = steps('publish').find((step) => step.uses?.startsWith('actions/download-artifact@'))!;
    expect(download.with).toEqual({ name: 'release', path: 'release' });
  });

  it('publishes from Node of the same major with the npm registry and no restored cache, in an order where every check comes before anything is published', () => {
    const setup = steps('publish').find((step) => step.uses?.startsWith('actions/setup-node@'))!;
    // A cache restored here would be written by another workflow: nothing from one may reach this job.
    expect(setup.with).toEqual({ 'node-version': engineMajor, 'registry-url': 'https://registry.npmjs.org', 'package-manager-cache': false });
    const order = [
      /server-json\.mjs check "\$GITHUB_REF_NAME"/,
      /server-json\.mjs fill "\$GITHUB_REF_NAME" "\$BUNDLE"/,
      /^\.\/mcp-publisher validate server\.json$/m,
      /^\s*npm publish "\$TARBALL" --provenance --access public --ignore-scripts$/m,
      /^gh release upload "\$GITHUB_REF_NAME" "\$BUNDLE"/m,
      /^\.\/mcp-publisher login github-oidc$/m,
      /^\.\/mcp-publisher publish server\.json$/m,
    ].map((pattern) => at('publish', pattern));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const download = steps('publish').findIndex((step) => step.uses?.startsWith('actions/download-artifact@'));
    expect(download).toBeGreaterThanOrEqual(0);
    expect(download).toBeLessThan(order[1]!);
    // The bundle's name comes from server.json, so the file attached is the one its URL names.
    for (const job of ['build', 'publish']) {
      expect(steps(job).some((step) => step.run?.includes('echo "BUNDLE=release/$(node scripts/server-json.mjs bundle-file)" >> "$GITHUB_ENV"'))).toBe(true);
    }
    const publish = steps('publish').find((step) => step.run?.includes('npm publish'))!;
    expect(publish.env).toEqual({ NODE_AUTH_TOKEN: '${{ secrets.NPM_TOKEN }}' });
    // The tarball the build job packed: npm names an unscoped package's NAME-VERSION.tgz. Without the
    // ./ npm would read release/NAME-VERSION.tgz as a GitHub repository (owner/name) and fetch that.
    expect(publish.run).toContain('TARBALL="./release/$name-$version.tgz"');
  });

  it('runs no dependency script and builds nothing in a job that may write or holds an OIDC token', () => {
    const privileged = Object.entries(workflow.jobs).filter(([, job]) => Object.values(job.permissions ?? {}).includes('write'));
    expect(privileged.map(([name]) => name)).toEqual(['publish']);
    for (const [name, job] of privileged) {
      for (const script of job.steps.flatMap((step) => (step.run === undefined ? [] : [step.run]))) {
        // An install runs the dependencies' install scripts, and the package's own prepare.
        for (const install of script.match(/\bnpm (ci|install|i|add|rebuild)\b[^\n]*/g) ?? [])
          expect(install, `${name}: ${install}`).toContain('--ignore-scripts');
        // npm run and npx run the package's or a downloaded package's code; npm pack runs prepare.
        expect(script, name).not.toMatch(/\bnpm (run|run-script|test|pack|exec)\b|\bnpx\b|\byarn\b|\bpnpm\b/);
        for (const publish of script.match(/\bnpm publish\b[^\n]*/g) ?? []) expect(publish, `${name}: ${publish}`).toContain('--ignore-scripts');
      }
      // Only what sets the job up and brings the artifact: no action from the build's side runs here.
      for (const step of job.steps.filter((step) => step.uses !== undefined)) {
        expect(step.uses!.split('@')[0], name).toMatch(/^actions\/(checkout|setup-node|download-artifact)$/);
      }
    }
  });

  it('installs a pinned mcp-publisher from the registry’s GitHub releases, failing on an HTTP error', () => {
    const version = workflow.jobs.publish!.env?.MCP_PUBLISHER_VERSION;
    expect(version).toMatch(/^v\d+\.\d+\.\d+$/);
    const install = steps('publish').find((step) => step.run?.includes('mcp-publisher_linux_amd64.tar.gz'))!;
    expect(install.run).toContain(
      'curl -fsSL "https://github.com/modelcontextprotocol/registry/releases/download/${MCP_PUBLISHER_VERSION}/mcp-publisher_linux_amd64.tar.gz"',
    );
    expect(source).not.toMatch(/releases\/latest|download\/latest/);
  });

  it('checks mcp-publisher against a pinned SHA-256 before it unpacks or runs it', () => {
    expect(workflow.jobs.publish!.env?.MCP_PUBLISHER_SHA256).toMatch(/^[0-9a-f]{64}$/);
    const index = steps('publish').findIndex((step) => step.run?.includes('mcp-publisher_linux_amd64.tar.gz'));
    const run = steps('publish')[index]!.run!;
    // Saved to a file, never piped from curl into tar: nothing reads it before the check.
    expect(run).toMatch(/curl -fsSL "[^"\n]+\/mcp-publisher_linux_amd64\.tar\.gz" -o mcp-publisher\.tar\.gz$/m);
    expect(run).not.toMatch(/curl[^\n]*\|/);
    const check = run.indexOf('echo "${MCP_PUBLISHER_SHA256}  mcp-publisher.tar.gz" | sha256sum --check --strict');
    const unpack = run.indexOf('tar -xzf mcp-publisher.tar.gz mcp-publisher');
    const firstRun = run.indexOf('./mcp-publisher');
    expect(check).toBeGreaterThan(run.indexOf('curl '));
    expect(unpack).toBeGreaterThan(check);
    expect(firstRun).toBeGreaterThan(unpack);
    // No step before this one runs it.
    expect(
      steps('publish')
        .slice(0, index)
        .some((step) => step.run?.includes('mcp-publisher')),
    ).toBe(false);
  });

  it('calls scripts/server-json.mjs only with the commands it has', () => {
    const commands = [...source.matchAll(/node scripts\/server-json\.mjs ([a-z-]+)/g)].map((match) => match[1]);
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) expect(['check', 'bundle-file', 'fill']).toContain(command);
  });

  it('pins every action to a full commit SHA, the release it is named in a comment', () => {
    const uses = Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => (step.uses === undefined ? [] : [step.uses])));
    expect(uses.length).toBeGreaterThan(0);
    // A tag can be moved to other code; a commit cannot.
    for (const action of uses) expect(action).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
    const lines = source.split('\n').filter((line) => /^\s*(- )?uses:/.test(line));
    expect(lines).toHaveLength(uses.length);
    for (const line of lines) expect(line).toMatch(/^\s*(- )?uses: [\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    // One action, one commit: a release named twice is the same code in every job.
    const pins = new Map<string, Set<string>>();
    for (const line of lines) {
      const [, action, pin] = /uses: ([^@]+)@(.+)$/.exec(line)!;
      pins.set(action!, (pins.get(action!) ?? new Set()).add(pin!));
    }
    for (const [action, pinned] of pins) expect(pinned.size, action).toBe(1);
  });

  it('leaves no GitHub token in any checkout’s .git', () => {
    const checkouts = Object.values(workflow.jobs).flatMap((job) => job.steps.filter((step) => step.uses?.startsWith('actions/checkout@')));
    expect(checkouts).toHaveLength(Object.keys(workflow.jobs).length);
    for (const checkout of checkouts) expect(checkout.with?.['persist-credentials']).toBe(false);
  });

  it('has shell scripts that parse, and that take no ${{ }} expression (values reach them through env)', () => {
    const scripts = Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => (step.run === undefined ? [] : [step.run])));
    expect(scripts.length).toBeGreaterThan(10);
    for (const script of scripts) {
      expect(script, script).not.toContain('${{');
      // GitHub runs a step with bash -e; -n reads without running.
      expect(() => execFileSync('bash', ['-n'], { input: script, stdio: ['pipe', 'ignore', 'pipe'] }), script).not.toThrow();
    }
  });
});
