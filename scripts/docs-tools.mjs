// `npm run docs:tools`: rewrites the per-tool lists made from the catalog (manifest.json's tools, the
// README's table and Privacy list, docs/tool-answers.md's table, docs/privacy.md's list). It runs the
// test that compares them, test/project/tool-docs.test.ts, with UPDATE_TOOL_DOCS=1, which writes instead
// of failing: vitest reads the catalog's TypeScript as it is, so nothing needs building first. Set
// through Node rather than as `VAR=1 vitest`, which the Windows shell does not understand.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const test = 'test/project/tool-docs.test.ts';
const { status, error } = spawnSync(process.execPath, [vitest, 'run', '--project', 'unit', test], {
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  env: { ...process.env, UPDATE_TOOL_DOCS: '1' },
  stdio: 'inherit',
});
if (error) throw error;
process.exitCode = status ?? 1;
