// .github/workflows/release.yml cannot run here; what can be checked is: it parses, it runs on a
// version tag with the least permissions, it tests before it publishes, every step that can fail
// without a trace (checks, bundle, validation) comes before the first that publishes, the Node and
// mcp-publisher versions are pinned, and its shell scripts parse and take no ${{ }} expressions.
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
    expect(Object.keys(workflow.jobs)).toEqual(['test', 'publish']);
  });

  it('runs on a version tag only, reading by default and writing only in the job that publishes', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v*'] } });
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(workflow.jobs.test!.permissions).toBeUndefined();
    expect(workflow.jobs.publish!.permissions).toEqual({ contents: 'write', 'id-token': 'write' });
    expect(workflow.jobs.publish!.needs).toBe('test');
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

  it('publishes from Node of the same major with the npm registry, in an order where every check comes before anything is published', () => {
    const setup = steps('publish').find((step) => step.uses?.startsWith('actions/setup-node@'))!;
    expect(setup.with).toEqual({ 'node-version': engineMajor, 'registry-url': 'https://registry.npmjs.org' });
    const order = [
      /^npm ci\b/m,
      /server-json\.mjs check "\$GITHUB_REF_NAME"/,
      /^npm run bundle -- "\$BUNDLE"$/m,
      /server-json\.mjs fill "\$GITHUB_REF_NAME" "\$BUNDLE"/,
      /^\.\/mcp-publisher validate server\.json$/m,
      /^\s*npm publish --provenance --access public$/m,
      /^gh release upload "\$GITHUB_REF_NAME" "\$BUNDLE"/m,
      /^\.\/mcp-publisher login github-oidc$/m,
      /^\.\/mcp-publisher publish server\.json$/m,
    ].map((pattern) => at('publish', pattern));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The bundle's name comes from server.json, so the file attached is the one its URL names.
    expect(steps('publish').some((step) => step.run?.includes('echo "BUNDLE=$(node scripts/server-json.mjs bundle-file)" >> "$GITHUB_ENV"'))).toBe(true);
    const publish = steps('publish').find((step) => step.run?.includes('npm publish'))!;
    expect(publish.env).toEqual({ NODE_AUTH_TOKEN: '${{ secrets.NPM_TOKEN }}' });
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

  it('calls scripts/server-json.mjs only with the commands it has', () => {
    const commands = [...source.matchAll(/node scripts\/server-json\.mjs ([a-z-]+)/g)].map((match) => match[1]);
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) expect(['check', 'bundle-file', 'fill']).toContain(command);
  });

  it('pins every action to a version', () => {
    const uses = Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => (step.uses === undefined ? [] : [step.uses])));
    expect(uses.length).toBeGreaterThan(0);
    for (const action of uses) expect(action).toMatch(/^[\w.-]+\/[\w.-]+@(v\d+(\.\d+){0,2}|[0-9a-f]{40})$/);
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
