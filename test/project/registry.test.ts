// server.json, what the MCP Registry lists: valid against the registry's own schema (vendored, so the
// check is offline), and saying what the code, package.json and the .mcpb's manifest.json say: the
// name npm's mcpName proves, one version, the settings the server reads (no more, no fewer), which of
// them are required and secret, and their defaults. Then the release script's checks and its fill.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import formats from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a release script in plain JavaScript, without declarations.
import { bundleFile, bundleUrl, githubRepository, PLACEHOLDER_SHA256, releaseProblems, withBundleHash } from '../../scripts/server-json.mjs';
import { KEY_PREFIX, loadConfig } from '../../src/config.js';
import { LOG_LEVELS } from '../../src/log.js';
import { LANGUAGES } from '../../src/prompts/language.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const text = (path: string) => readFileSync(join(root, path), 'utf8');
const json = (path: string) => JSON.parse(text(path));
const SCHEMA_PATH = 'test/fixtures/registry/server.schema.json';

const serverJson = json('server.json');
const packageJson = json('package.json');
const files = () => ({
  packageJson: json('package.json'),
  packageLock: json('package-lock.json'),
  manifest: json('manifest.json'),
  serverJson: json('server.json'),
});

interface EnvironmentVariable {
  name: string;
  description?: string;
  isRequired?: boolean;
  isSecret?: boolean;
  format?: string;
  default?: string;
  placeholder?: string;
  choices?: string[];
}
interface Package {
  registryType: string;
  identifier: string;
  version?: string;
  fileSha256?: string;
  transport: { type: string };
  environmentVariables?: EnvironmentVariable[];
}
const packages: Package[] = serverJson.packages;
const npm = packages.find((entry) => entry.registryType === 'npm')!;
const variables = npm.environmentVariables ?? [];

function validator() {
  const schema = json(SCHEMA_PATH);
  // Not strict: the registry's schema carries OpenAPI's `example` keyword, which JSON Schema does not know.
  const ajv = new Ajv({ allErrors: true, strict: false });
  formats.default(ajv);
  return ajv.compile(schema);
}
const validate = validator();
const errorsOf = (document: unknown) => (validate(document) ? [] : validate.errors!.map((error) => `${error.instancePath} ${error.message}`));
const changed = (change: (copy: any) => void) => {
  const copy = structuredClone(serverJson);
  change(copy);
  return copy;
};

/** The COMPLAINTS_* settings a file reads through readSetting / setting(...) / env.NAME. */
function settingsReadIn(source: string): string[] {
  // config.ts reads a setting through setting(), or choice() for one of a few values.
  const pattern = /(?:readSetting\([^,()]+,\s*|\bsetting\(|\bchoice(?:<\w+>)?\(|\benv\.)'?(COMPLAINTS_[A-Z0-9_]+)/g;
  return [...new Set([...source.matchAll(pattern)].map((match) => match[1]!))].sort();
}
function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}
// serve --http's own settings (its allow-lists, caps and sign-in) are not the stdio package's.
const isHttpOnly = (name: string) => name.startsWith('COMPLAINTS_HTTP_');
const STDIO_SETTINGS = settingsReadIn(text('src/config.ts')).filter((name) => !isHttpOnly(name));

describe('the vendored schema', () => {
  it('is the file its note names, byte for byte, and the one server.json names', () => {
    const note = text('test/fixtures/registry/SOURCE.md');
    const sha256 = createHash('sha256')
      .update(readFileSync(join(root, SCHEMA_PATH)))
      .digest('hex');
    expect(note).toContain(`SHA-256: \`${sha256}\``);
    expect(json(SCHEMA_PATH).$id).toBe(serverJson.$schema);
    expect(serverJson.$schema).toBe('https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json');
  });
});

describe('server.json', () => {
  it('is valid against the registry schema', () => {
    expect(errorsOf(serverJson)).toEqual([]);
  });

  it.each([
    ['a description over 100 characters', (copy: any) => (copy.description = 'x'.repeat(101)), /description must NOT have more than 100/],
    ['a name without its slash', (copy: any) => (copy.name = 'io.github.complaints-book.complaints-book-mcp'), /\/name must match pattern/],
    ['no version', (copy: any) => delete copy.version, /must have required property 'version'/],
    ['a hash that is not hex', (copy: any) => (copy.packages[1].fileSha256 = 'not-a-hash'), /fileSha256 must match pattern/],
    ['a package without transport', (copy: any) => delete copy.packages[0].transport, /must have required property 'transport'/],
    [
      'a repository URL that is no URI',
      (copy: any) => (copy.repository.url = 'complaints-book/complaints-book-mcp'),
      /repository\/url must match format "uri"/,
    ],
  ])('would be refused with %s (the check can fail)', (_what, change, error) => {
    expect(errorsOf(changed(change)).join('\n')).toMatch(error);
  });

  it('is the npm package of package.json, named by its mcpName, over stdio, at its exact version', () => {
    expect(serverJson.name).toBe(packageJson.mcpName);
    expect(serverJson.name).toMatch(/^io\.github\.[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/);
    expect(serverJson.version).toBe(packageJson.version);
    expect(npm).toMatchObject({ identifier: packageJson.name, version: packageJson.version, runtimeHint: 'npx', transport: { type: 'stdio' } });
    // npx runs the package's one bin.
    expect(Object.keys(packageJson.bin)).toEqual([packageJson.name]);
    expect(serverJson.description.length).toBeLessThanOrEqual(100);
  });

  it('lists every setting the stdio server reads, and no other', () => {
    // Read from the code: a setting added to config.ts and not here (or the reverse) fails.
    expect(STDIO_SETTINGS).toEqual(expect.arrayContaining(['COMPLAINTS_API_URL', 'COMPLAINTS_API_KEY', 'COMPLAINTS_TIMEZONE', 'COMPLAINTS_LOG_LEVEL']));
    expect(variables.map((variable) => variable.name).sort()).toEqual(STDIO_SETTINGS);
    // Outside config.ts, only serve --http's own settings are read (http/settings.ts), and settings
    // config.ts reads too (index.ts, check.ts).
    const elsewhere = sourceFiles('src')
      .filter((file) => !file.includes('/sandbox/'))
      .flatMap((file) => settingsReadIn(readFileSync(file, 'utf8')));
    expect([...new Set(elsewhere)].filter((name) => !isHttpOnly(name) && !STDIO_SETTINGS.includes(name))).toEqual([]);
    // serve --http reads COMPLAINTS_API_KEY only so as never to quote a setting that holds it.
    expect(settingsReadIn(text('src/http/settings.ts')).filter((name) => !isHttpOnly(name))).toEqual(['COMPLAINTS_API_KEY']);
  });

  it('says which settings are required as the server does: the two it cannot work without', () => {
    const problems = loadConfig({}).problems.join('\n');
    for (const variable of variables) expect(variable.isRequired === true, variable.name).toBe(problems.includes(`${variable.name} is not set`));
  });

  it('marks the key secret, and only the key', () => {
    expect(variables.filter((variable) => variable.isSecret).map((variable) => variable.name)).toEqual(['COMPLAINTS_API_KEY']);
    expect(variables.find((variable) => variable.name === 'COMPLAINTS_API_KEY')!.placeholder).toMatch(new RegExp(`^${KEY_PREFIX}`));
  });

  it('gives each setting a description, and each optional one the default the server applies', () => {
    const base = { COMPLAINTS_API_URL: 'https://libro.example.pe', COMPLAINTS_API_KEY: `${KEY_PREFIX}test` };
    for (const variable of variables) {
      expect(variable.description?.length, variable.name).toBeGreaterThan(10);
      if (variable.isRequired) continue;
      expect(variable.default, variable.name).toBeDefined();
      // Setting the default changes nothing: it is what the server uses when the setting is unset.
      expect(loadConfig({ ...base, [variable.name]: variable.default }), variable.name).toEqual(loadConfig(base));
    }
  });

  it('offers as choices exactly the values the server accepts', () => {
    const base = { COMPLAINTS_API_URL: 'https://libro.example.pe', COMPLAINTS_API_KEY: `${KEY_PREFIX}test` };
    const choices = (name: string) => variables.find((variable) => variable.name === name)!.choices;
    expect(choices('COMPLAINTS_LOG_LEVEL')).toEqual([...LOG_LEVELS]);
    expect(choices('COMPLAINTS_LANGUAGE')).toEqual([...LANGUAGES]);
    for (const variable of variables.filter((each) => each.choices !== undefined)) {
      expect(variable.choices, variable.name).toContain(variable.default);
      for (const choice of [...variable.choices!, 'unknown']) {
        const config = loadConfig({ ...base, [variable.name]: choice });
        expect([...config.problems, ...config.warnings].length === 0, `${variable.name}=${choice}`).toBe(choice !== 'unknown');
      }
    }
    for (const variable of variables.filter((each) => each.format === 'boolean')) {
      for (const value of ['true', 'false']) expect(loadConfig({ ...base, [variable.name]: value }).problems, variable.name).toEqual([]);
    }
  });

  it("agrees with the .mcpb's manifest.json: version, the settings it maps, which are secret and required, their defaults", () => {
    const manifest = json('manifest.json');
    expect(manifest.version).toBe(serverJson.version);
    const mapped = Object.entries(manifest.server.mcp_config.env as Record<string, string>);
    expect(mapped.length).toBeGreaterThan(0);
    for (const [name, value] of mapped) {
      const key = /^\$\{user_config\.(\w+)\}$/.exec(value)?.[1];
      const setting = manifest.user_config[key!];
      const variable = variables.find((each) => each.name === name);
      expect(variable, name).toBeDefined();
      expect(setting.sensitive === true, name).toBe(variable!.isSecret === true);
      expect(setting.required === true, name).toBe(variable!.isRequired === true);
      // An optional setting left unset and without a default is not replaced: the server would get
      // the placeholder "${user_config....}" itself as the value.
      if (setting.required !== true) expect(setting.default, name).toBeDefined();
      if (setting.default !== undefined) expect(variable!.default, name).toBe(String(setting.default));
    }
  });

  it('lists the .mcpb bundle as a GitHub release asset of this version, its hash left for the release to fill', () => {
    const mcpb = packages.find((entry) => entry.registryType === 'mcpb')!;
    const repository = githubRepository(packageJson);
    expect(repository).toBe('complaints-book/complaints-book-mcp');
    expect(mcpb).toMatchObject({
      identifier: bundleUrl(repository, packageJson.name, packageJson.version),
      version: packageJson.version,
      fileSha256: PLACEHOLDER_SHA256,
      transport: { type: 'stdio' },
    });
    // The registry takes an mcpb URL only if it names "mcp"; the schema wants the hash as 64 hex digits.
    expect(mcpb.identifier).toContain('mcp');
    expect(bundleFile(serverJson)).toBe(`complaints-book-mcp-${packageJson.version}.mcpb`);
    expect(serverJson.repository).toEqual({ url: `https://github.com/${repository}`, source: 'github' });
  });
});

describe('the release checks (scripts/server-json.mjs)', () => {
  const version = packageJson.version;

  it('find nothing to object to in the files as they are, at the tag of their version', () => {
    expect(releaseProblems(files(), { tag: `v${version}`, repository: 'complaints-book/complaints-book-mcp' })).toEqual([]);
  });

  it.each([
    ['a tag of another version', (all: any) => all, { tag: 'v9.9.9' }, /the tag is "v9.9.9"/],
    ['another repository', (all: any) => all, { repository: 'someone/else' }, /the release runs in someone\/else/],
    ['a version bumped in package.json alone', (all: any) => (all.packageJson.version = '9.9.9'), {}, /server.json version is "0.1.0", expected "9.9.9"/],
    ['a stale package-lock.json', (all: any) => (all.packageLock.version = '0.0.9'), {}, /package-lock.json version/],
    ['a stale manifest.json', (all: any) => (all.manifest.version = '0.0.9'), {}, /manifest.json version/],
    ['an mcpName of another owner', (all: any) => (all.packageJson.mcpName = 'io.github.someone/complaints-book-mcp'), {}, /server.json name/],
    ['an npm identifier of another package', (all: any) => (all.serverJson.packages[0].identifier = 'other'), {}, /npm package identifier/],
    [
      'a bundle URL of another version',
      (all: any) => (all.serverJson.packages[1].identifier = all.serverJson.packages[1].identifier.replace(/0\.1\.0/g, '0.0.9')),
      {},
      /mcpb package identifier/,
    ],
    ['a hash in the repository', (all: any) => (all.serverJson.packages[1].fileSha256 = 'a'.repeat(64)), {}, /fileSha256/],
  ])('object to %s', (_what, change, options, problem) => {
    const all = files();
    change(all);
    expect(releaseProblems(all, options).join('\n')).toMatch(problem);
  });

  describe('the command line, in a copy of the files', () => {
    const work = mkdtempSync(join(tmpdir(), 'complaints-server-json-'));
    for (const file of ['package.json', 'package-lock.json', 'manifest.json', 'server.json']) copyFileSync(join(root, file), join(work, file));
    afterAll(() => rmSync(work, { recursive: true, force: true }));
    const script = join(root, 'scripts', 'server-json.mjs');
    const run = (args: string[], env: Record<string, string> = {}) => {
      try {
        const stdout = execFileSync(process.execPath, [script, ...args], {
          cwd: work,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { PATH: process.env.PATH, ...env },
        });
        return { code: 0, output: stdout };
      } catch (error: any) {
        return { code: error.status as number, output: `${error.stdout}${error.stderr}` };
      }
    };

    it('check: passes at the tag of the version, fails at another tag or in another repository', () => {
      expect(run(['check', `v${version}`], { GITHUB_REPOSITORY: 'complaints-book/complaints-book-mcp' }).code).toBe(0);
      expect(run(['check', 'v9.9.9'])).toMatchObject({ code: 1, output: expect.stringContaining('the tag is "v9.9.9"') });
      expect(run(['check', `v${version}`], { GITHUB_REPOSITORY: 'someone/else' }).code).toBe(1);
    });

    it('fill: writes the bundle hash into the mcpb package, and the result is still valid and otherwise unchanged', () => {
      const bundle = run(['bundle-file']).output.trim();
      expect(bundle).toBe(`complaints-book-mcp-${version}.mcpb`);
      writeFileSync(join(work, bundle), 'not really a bundle');
      const sha256 = createHash('sha256').update('not really a bundle').digest('hex');
      expect(run(['fill', `v${version}`, join(work, bundle)])).toMatchObject({ code: 0 });
      const filled = JSON.parse(readFileSync(join(work, 'server.json'), 'utf8'));
      expect(filled).toEqual(withBundleHash(serverJson, sha256));
      expect(filled.packages[1].fileSha256).toBe(sha256);
      expect(errorsOf(filled)).toEqual([]);
      // A bundle of another name is not the one server.json points at.
      writeFileSync(join(work, 'other.mcpb'), 'x');
      expect(run(['fill', `v${version}`, join(work, 'other.mcpb')])).toMatchObject({ code: 1, output: expect.stringContaining('the bundle is other.mcpb') });
    });
  });
});
