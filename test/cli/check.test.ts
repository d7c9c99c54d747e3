// `check`, run in process (the built command's own runs are in test/e2e/process.test.ts): the answer
// guide's line and its problems, said as warnings that leave the exit code as it was, and the settings
// lines aligned whatever their names' length.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../src/cli/check.js';
import { MAX_GUIDE_BYTES, shownGuidePath } from '../../src/prompts/answer-guide.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { openTranscript } from '../helpers/transcript.js';

const KEY = DEMO_KEYS.full.key;
const folder = mkdtempSync(join(tmpdir(), 'complaints-check-guide-'));
let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox({ recordRequests: false });
});

afterAll(async () => {
  await sandbox?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** runCheck's exit code and the lines it printed, recorded for the key scan. */
async function check(env: Record<string, string>): Promise<{ code: number; lines: string[] }> {
  const transcript = openTranscript('check-in-process', env);
  const lines: string[] = [];
  const code = await runCheck(env, (line) => lines.push(line));
  transcript.record(lines.join('\n'));
  return { code, lines };
}

const working = () => ({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: KEY });
const guideLine = (lines: string[]) => lines.find((line) => line.startsWith('  COMPLAINTS_ANSWER_GUIDE'));
const warnings = (lines: string[]) => lines.filter((line) => line.startsWith('! '));

describe('check and COMPLAINTS_ANSWER_GUIDE', () => {
  it('prints every setting with its value in one column, the guide "(not set)" when unset', async () => {
    const { code, lines } = await check(working());
    expect(code).toBe(0);
    const settings = lines.filter((line) => line.startsWith('  '));
    expect(settings.map((line) => line.trim().split(' ')[0])).toEqual([
      'COMPLAINTS_API_URL',
      'COMPLAINTS_API_KEY',
      'COMPLAINTS_TIMEOUT_MS',
      'COMPLAINTS_TIMEZONE',
      'COMPLAINTS_REDACT_PII',
      'COMPLAINTS_LANGUAGE',
      'COMPLAINTS_ANSWER_GUIDE',
      'COMPLAINTS_EXPORT_DIR',
      'COMPLAINTS_MAX_SHEETS',
    ]);
    expect(guideLine(lines)).toBe('  COMPLAINTS_ANSWER_GUIDE  (not set)');
    // Each value starts where the longest name, and two spaces after it, end.
    for (const line of settings) expect(line.search(/(?<=^ {2}\S+ +)\S/), line).toBe('  COMPLAINTS_ANSWER_GUIDE  '.length);
    expect(warnings(lines)).toEqual([]);
  });

  it('shows a usable guide by its path and size, and says nothing more of it', async () => {
    const path = join(folder, 'guía.md');
    writeFileSync(path, 'Atentamente,\nTienda Ejemplo');
    const { code, lines } = await check({ ...working(), COMPLAINTS_ANSWER_GUIDE: path });
    expect(code).toBe(0);
    expect(guideLine(lines)).toBe(`  COMPLAINTS_ANSWER_GUIDE  ${path} (27 bytes)`);
    expect(warnings(lines)).toEqual([]);
  });

  it.each([
    ['missing', () => join(folder, 'missing.md'), /which does not exist/],
    ['over the cap', () => writeGuide('big.md', 'a'.repeat(MAX_GUIDE_BYTES + 1)), /which holds 16,385 bytes, .*shorten it/],
    ['a folder', () => folder, /which is a folder/],
    ['not UTF-8', () => writeGuide('latin1.md', Buffer.from('Compañía', 'latin1')), /which is not text \(not valid UTF-8, as a file saved as "ANSI"/],
  ])('says a guide that is %s as a warning, the exit code unchanged (0), and the service still checked', async (_label, path, problem) => {
    const guide = path();
    const { code, lines } = await check({ ...working(), COMPLAINTS_ANSWER_GUIDE: guide });
    expect(code).toBe(0);
    expect(guideLine(lines)).toBe(`  COMPLAINTS_ANSWER_GUIDE  ${guide} (not usable: see below)`);
    expect(warnings(lines)).toEqual([expect.stringMatching(new RegExp(`^! COMPLAINTS_ANSWER_GUIDE names ${escaped(guide)}, ${problem.source}`))]);
    expect(lines.at(-1)).toMatch(/✓ \d+ records visible to this key\./);
  });

  it('says a relative path as config warns it, and leaves a failing check failing as before (exit 3)', async () => {
    const { code, lines } = await check({ ...working(), COMPLAINTS_ANSWER_GUIDE: 'guía.md' });
    expect(code).toBe(0);
    expect(guideLine(lines)).toBe('  COMPLAINTS_ANSWER_GUIDE  (not valid: see below)');
    expect(warnings(lines)).toEqual([
      '! COMPLAINTS_ANSWER_GUIDE must be an absolute path, or start with ~/ for your home folder (got "guía.md"); no answer guide is used.',
    ]);
    const without = await check({ COMPLAINTS_API_URL: sandbox.url });
    const withGuide = await check({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_ANSWER_GUIDE: join(folder, 'missing.md') });
    expect([without.code, withGuide.code]).toEqual([3, 3]);
    expect(warnings(withGuide.lines)).toEqual([expect.stringMatching(/^! COMPLAINTS_ANSWER_GUIDE names .*, which does not exist/)]);
  });

  it('never prints a path that holds the key, in a form only the key itself tells, nor one shaped like a key or a token', async () => {
    // The key's random part, upper-cased and in groups of three: no key or token shape, still the key.
    const spelled = KEY.slice('or_demo_full_'.length, 'or_demo_full_'.length + 18)
      .toUpperCase()
      .replace(/(.{3})(?!$)/g, '$1-');
    const withKey = join(folder, spelled, 'guía.md');
    // readAnswerGuide, which knows no key, would show it: check is what hides it.
    expect(shownGuidePath(withKey)).toBe(withKey);
    for (const path of [withKey, join(folder, `${KEY}.md`), join(folder, 'x7Q2mK9vL4pR8sT3wZ6y.md')]) {
      const { code, lines } = await check({ ...working(), COMPLAINTS_ANSWER_GUIDE: path });
      expect(code, path).toBe(0);
      expect(guideLine(lines), path).toMatch(/^ {2}COMPLAINTS_ANSWER_GUIDE {2}\(not shown: it holds a value that looks like (an API key|a key or a token)\)$/);
      expect(warnings(lines), path).toEqual([expect.stringMatching(/^! COMPLAINTS_ANSWER_GUIDE names \(a path not shown: .*\), which does not exist/)]);
      const output = lines.join('\n');
      for (const part of [spelled, KEY.slice(3), 'x7Q2mK9vL4pR8sT3wZ6y']) expect(output, path).not.toContain(part);
    }
  });
});

function writeGuide(name: string, content: string | Uint8Array): string {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('check and the register settings', () => {
  const exportLine = (lines: string[]) => lines.find((line) => line.startsWith('  COMPLAINTS_EXPORT_DIR'));

  it('shows the folder registers go to: the one set, or the default it falls back on', async () => {
    expect(exportLine((await check({ ...working(), COMPLAINTS_EXPORT_DIR: folder })).lines)).toBe(`  COMPLAINTS_EXPORT_DIR    ${folder}`);
    expect(exportLine((await check(working())).lines)).toMatch(/^ {2}COMPLAINTS_EXPORT_DIR {4}\(not set: \/.+\)$/);
    const sheets = (await check({ ...working(), COMPLAINTS_MAX_SHEETS: '500' })).lines.find((line) => line.startsWith('  COMPLAINTS_MAX_SHEETS'));
    expect(sheets).toBe('  COMPLAINTS_MAX_SHEETS    500');
  });

  it('says when the folder is not there, or is relative, and keeps the exit code', async () => {
    const missing = join(folder, 'no-such-folder');
    const absent = await check({ ...working(), COMPLAINTS_EXPORT_DIR: missing });
    expect(absent.code).toBe(0);
    expect(exportLine(absent.lines)).toBe(`  COMPLAINTS_EXPORT_DIR    ${missing} (not usable: see below)`);
    expect(warnings(absent.lines)).toEqual([
      `! COMPLAINTS_EXPORT_DIR names ${missing}, but there is no such folder: export_complaints writes no register until it names a folder you can write to.`,
    ]);
    const file = join(folder, 'a-file.txt');
    writeFileSync(file, 'not a folder');
    const notFolder = await check({ ...working(), COMPLAINTS_EXPORT_DIR: file });
    expect(notFolder.code).toBe(0);
    expect(warnings(notFolder.lines)).toEqual([expect.stringContaining('but it is a file, not a folder')]);
    const relative = await check({ ...working(), COMPLAINTS_EXPORT_DIR: 'registros' });
    expect(relative.code).toBe(0);
    expect(exportLine(relative.lines)).toBe('  COMPLAINTS_EXPORT_DIR    (not valid: see below)');
    expect(warnings(relative.lines)).toEqual([expect.stringMatching(/^! COMPLAINTS_EXPORT_DIR must be an absolute path/)]);
  });

  it('never shows a folder that holds the key', async () => {
    const { lines } = await check({ ...working(), COMPLAINTS_EXPORT_DIR: `/home/ana/${KEY}` });
    expect(exportLine(lines)).toBe('  COMPLAINTS_EXPORT_DIR    (not shown: it holds a value that looks like an API key)');
    expect(lines.join('\n')).not.toContain(KEY);
  });
});
