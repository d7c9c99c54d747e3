// A guide the server may not read (permission denied). chmod 000 shows nothing where the tests run as
// root, who reads any file: the system's refusal is made here instead, by the open that readAnswerGuide
// uses, for that one file; every other file is opened as usual.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { readAnswerGuide } from '../../src/prompts/answer-guide.js';

const LOCKED = 'locked-guide.md';

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const open: typeof actual.open = async (path, ...rest) => {
    if (String(path).endsWith(LOCKED)) throw Object.assign(new Error(`EACCES: permission denied, open '${String(path)}'`), { code: 'EACCES', errno: -13 });
    return actual.open(path, ...rest);
  };
  return { ...actual, open, default: { ...actual, open } };
});

const folder = mkdtempSync(join(tmpdir(), 'complaints-guide-unreadable-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('a file it may not read: said as such, and what to do', async () => {
  const locked = join(folder, LOCKED);
  writeFileSync(locked, 'Firma: Atención al Cliente\n');
  const guide = await readAnswerGuide(locked);
  expect(guide).toEqual({
    problem: `COMPLAINTS_ANSWER_GUIDE names ${locked}, which cannot be read (permission denied): let the user that runs the server read it.`,
  });
  // The same folder's other files are read: only the refusal was made up.
  const readable = join(folder, 'readable.md');
  writeFileSync(readable, 'Firma: Atención al Cliente\n');
  expect(await readAnswerGuide(readable)).toEqual({ text: 'Firma: Atención al Cliente' });
});
