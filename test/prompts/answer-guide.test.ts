// readAnswerGuide against real files in a temporary folder: each guard tried with what would get
// around it (one byte over the cap, a FIFO, a link to a folder, bytes that are not text, a file larger
// than its size says), and the cleaning of what is let through.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type AnswerGuide, MAX_GUIDE_BYTES, readAnswerGuide, shownGuidePath } from '../../src/prompts/answer-guide.js';

const folder = mkdtempSync(join(tmpdir(), 'complaints-answer-guide-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let files = 0;
/** A new file in the temporary folder holding `content`; its path. */
function guideFile(content: string | Uint8Array, name = `guide-${++files}.md`): string {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
}

function textOf(guide: AnswerGuide): string {
  if ('problem' in guide) throw new Error(`expected a text, got the problem: ${guide.problem}`);
  return guide.text;
}

function problemOf(guide: AnswerGuide): string {
  if ('text' in guide) throw new Error(`expected a problem, got a text of ${guide.text.length} characters`);
  return guide.problem;
}

const GUIDE = '# Guía de respuestas\n\n- Cambio o devolución dentro de 7 días.\n\nAtentamente,\nTienda Ejemplo S.A.C.';

describe('readAnswerGuide: what it lets through', () => {
  it('reads a guide as written', async () => {
    expect(await readAnswerGuide(guideFile(GUIDE))).toEqual({ text: GUIDE });
  });

  it('takes a file of exactly MAX_GUIDE_BYTES bytes, whole', async () => {
    // A multi-byte character at the very end: the cap counts bytes, and the last ones are kept.
    const content = `${'a'.repeat(MAX_GUIDE_BYTES - 2)}ñ`;
    expect(Buffer.byteLength(content)).toBe(MAX_GUIDE_BYTES);
    expect(textOf(await readAnswerGuide(guideFile(content)))).toBe(content);
  });

  it('follows a symbolic link to a regular file', async () => {
    const link = join(folder, 'link-to-guide.md');
    symlinkSync(guideFile(GUIDE), link);
    expect(await readAnswerGuide(link)).toEqual({ text: GUIDE });
  });

  it('re-reads the file each time: an edit applies at once', async () => {
    const path = guideFile('Firma: Ana');
    expect(textOf(await readAnswerGuide(path))).toBe('Firma: Ana');
    writeFileSync(path, 'Firma: Luis');
    expect(textOf(await readAnswerGuide(path))).toBe('Firma: Luis');
  });
});

describe('readAnswerGuide: the cleaning', () => {
  it('takes off a UTF-8 byte order mark and turns CRLF (and a lone CR) into LF', async () => {
    const path = guideFile(`\ufeffLínea uno\r\nLínea dos\rLínea tres\r\n`);
    expect(readFileSync(path).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(textOf(await readAnswerGuide(path))).toBe('Línea uno\nLínea dos\nLínea tres');
  });

  it('strips ANSI escapes and control characters, keeping newlines and tabs', async () => {
    const path = guideFile('\u001b[31mRojo\u001b[0m y \u001b]0;título\u0007fin\n- lista\n\t- anidada\u0007\u0008\u007f\u009b');
    expect(textOf(await readAnswerGuide(path))).toBe('Rojo y fin\n- lista\n\t- anidada');
  });

  it('strips invisible and bidirectional characters that would hide or reorder text', async () => {
    expect(textOf(await readAnswerGuide(guideFile('De\u200bvolución \u202eal revés\u202c')))).toBe('Devolución al revés');
  });

  it('trims spaces at the ends of lines and blank lines around the text, keeping its indentation', async () => {
    const path = guideFile('\n \n  Sangría  \nLínea\u00a0 \t\n\n\n');
    expect(textOf(await readAnswerGuide(path))).toBe('  Sangría\nLínea');
  });
});

describe('readAnswerGuide: what it refuses, with one sentence naming the setting and the path', () => {
  it('a file one byte over the cap: its size, the cap, "shorten it", and nothing of it is kept', async () => {
    const path = guideFile('a'.repeat(MAX_GUIDE_BYTES + 1));
    const problem = problemOf(await readAnswerGuide(path));
    expect(problem).toBe(
      `COMPLAINTS_ANSWER_GUIDE names ${path}, which holds 16,385 bytes, more than the 16,384 bytes (16 KB) a guide may hold: shorten it (it is not cut, so that no policy or signature is lost).`,
    );
  });

  it('a file larger than the size its stat gives: refused after reading one byte over the cap, not read whole', async (context) => {
    // /proc's files state a size of 0 and hold more: a file grown between the stat and the read looks the same.
    const grown = '/proc/self/smaps';
    context.skip(!existsSync(grown), `${grown} is missing (not Linux): no file that states less than it holds`);
    context.skip(readFileSync(grown).length <= MAX_GUIDE_BYTES, `${grown} holds no more than the cap here`);
    // Every read of a file handle counted: one byte over the cap is all it takes to refuse.
    const probe = await open(guideFile(GUIDE));
    const read = vi.spyOn(Object.getPrototypeOf(probe) as FileHandle, 'read');
    await probe.close();
    try {
      expect(problemOf(await readAnswerGuide(grown))).toMatch(
        /^COMPLAINTS_ANSWER_GUIDE names \/proc\/self\/smaps, which holds more than 16,384 bytes, .*shorten it/,
      );
      const results = await Promise.all(read.mock.results.map((result) => result.value as Promise<{ bytesRead: number }>));
      expect(results.reduce((sum, result) => sum + result.bytesRead, 0)).toBe(MAX_GUIDE_BYTES + 1);
    } finally {
      read.mockRestore();
    }
  });

  it('a missing file', async () => {
    const path = join(folder, 'missing.md');
    expect(problemOf(await readAnswerGuide(path))).toBe(
      `COMPLAINTS_ANSWER_GUIDE names ${path}, which does not exist: create the guide there, or correct or unset COMPLAINTS_ANSWER_GUIDE.`,
    );
    // Under a file, as if it were a folder.
    expect(problemOf(await readAnswerGuide(join(guideFile(GUIDE), 'guide.md')))).toMatch(/which does not exist/);
  });

  it('a folder, and a symbolic link to one', async () => {
    const inner = join(folder, 'a-folder');
    mkdirSync(inner);
    const link = join(folder, 'link-to-folder');
    symlinkSync(inner, link);
    for (const path of [inner, link]) {
      expect(problemOf(await readAnswerGuide(path)), path).toBe(
        `COMPLAINTS_ANSWER_GUIDE names ${path}, which is a folder: give the path of the guide file itself.`,
      );
    }
  });

  it('a FIFO, never opened (a read would wait for a writer forever)', async (context) => {
    const fifo = join(folder, 'guide.fifo');
    try {
      execFileSync('mkfifo', [fifo], { stdio: 'ignore' });
    } catch {
      context.skip('mkfifo is missing: no FIFO to try');
    }
    expect(problemOf(await readAnswerGuide(fifo))).toBe(
      `COMPLAINTS_ANSWER_GUIDE names ${fifo}, which is not a regular file (a device, pipe or socket): give the path of a text or Markdown file.`,
    );
  });

  it('a device', async (context) => {
    context.skip(!existsSync('/dev/zero'), '/dev/zero is missing (not a Unix system)');
    // Endless: read as a file, it would fill the memory (or the cap) with NUL bytes.
    expect(problemOf(await readAnswerGuide('/dev/zero'))).toMatch(/^COMPLAINTS_ANSWER_GUIDE names \/dev\/zero, which is not a regular file/);
  });

  it.each([
    ['empty', ''],
    ['only whitespace', ' \n\t\r\n\u00a0 \n'],
    ['only invisible and control characters', '\u200b\u0007\u001b[0m\ufeff'],
    ['only a byte order mark', '\ufeff'],
  ])('an %s file', async (_label, content) => {
    const path = guideFile(content);
    expect(problemOf(await readAnswerGuide(path))).toBe(
      `COMPLAINTS_ANSWER_GUIDE names ${path}, which holds no text: write the business's remedies, policies, tone and signature in it, or unset COMPLAINTS_ANSWER_GUIDE.`,
    );
  });

  it('a key pasted into the guide, as is, with an invisible character or percent-encoded, is refused and not repeated', async () => {
    const key = 'or_demo_full_4c7fa9cc8b133cdbbf9ecbd4e97';
    for (const content of [
      `${GUIDE}\nClave: ${key}`,
      `Firma\nor\u200b_${key.slice(3)}`,
      `${GUIDE}\nhttps://x.example/?k=${encodeURIComponent(key).replace('_', '%5F')}`,
    ]) {
      const problem = problemOf(await readAnswerGuide(guideFile(content)));
      expect(problem).toMatch(/holds something that looks like an API key \(or_\.\.\.\) on line \d+: take it out of the guide\.$/);
      expect(problem).not.toContain(key.slice(3));
    }
  });

  it('a key pasted into the guide in full width or Markdown-escaped (as a rendered page copies it) is refused and not repeated', async () => {
    const key = 'or_demo_full_4c7fa9cc8b133cdbbf9ecbd4e97';
    const fullWidth = Array.from(key, (character) => String.fromCodePoint(character.codePointAt(0)! + 0xfee0)).join('');
    for (const content of [
      `${GUIDE}\nClave: ${fullWidth}`,
      `${GUIDE}\nClave: ${key.replace('or_', 'or＿')}`,
      `${GUIDE}\nClave: ${key.replaceAll('_', '\\_')}`,
    ]) {
      const problem = problemOf(await readAnswerGuide(guideFile(content)));
      expect(problem).toMatch(/holds something that looks like an API key \(or_\.\.\.\) on line 7: take it out of the guide\.$/);
    }
  });

  it('names the line of the key, and takes no word that merely ends in "or_" for one', async () => {
    const key = 'or_demo_full_4c7fa9cc8b133cdbbf9ecbd4e97';
    expect(problemOf(await readAnswerGuide(guideFile(`${GUIDE}\n\nClave: ${key}`)))).toMatch(/on line 8: take it out/);
    const ordinary = [
      'El _proveedor_ responde siempre por escrito.',
      'Dirígete al _señor_ Gerente o a la señor_gerente de turno.',
      'valor_por_defecto, monitor_de_garantia, PROVEEDOR_ELECTRO_ANDINA_2024',
      'Archivo: /compartido/atencion_al_consumidor_reclamos_2026/',
    ].join('\n');
    expect(textOf(await readAnswerGuide(guideFile(ordinary)))).toBe(ordinary);
  });

  it('a relative path, refused as the settings warn of it', async () => {
    expect(problemOf(await readAnswerGuide('guia.md'))).toBe(
      'COMPLAINTS_ANSWER_GUIDE is guia.md, not an absolute path: give the whole path, or one that starts with ~/ (a relative one would be read from whatever folder the app starts the server in).',
    );
  });

  it('a NUL byte, even one among text', async () => {
    const path = guideFile(`${GUIDE}\u0000${GUIDE}`);
    expect(problemOf(await readAnswerGuide(path))).toBe(
      `COMPLAINTS_ANSWER_GUIDE names ${path}, which is not text (it holds a NUL byte, as a file saved as UTF-16, Notepad's "Unicode", does): save the guide as plain text or Markdown in UTF-8 (a word processor document is not).`,
    );
    // UTF-16, as some editors save: every ASCII letter followed by a NUL.
    expect(problemOf(await readAnswerGuide(guideFile(Buffer.from(`\ufeff${GUIDE}`, 'utf16le'))))).toMatch(/it holds a NUL byte/);
  });

  it.each([
    ['Latin-1 (an "ñ" as one byte)', Buffer.from('Compañía', 'latin1')],
    ['a sequence cut short at the end', Buffer.concat([Buffer.from('Atentamente '), Buffer.from('ñ').subarray(0, 1)])],
    ['an overlong encoding of "/"', Buffer.from([0x61, 0xc0, 0xaf, 0x62])],
    ['an encoded surrogate', Buffer.from([0x61, 0xed, 0xa0, 0x80])],
  ])('bytes that are not UTF-8: %s', async (_label, content) => {
    const path = guideFile(content);
    expect(problemOf(await readAnswerGuide(path))).toBe(
      `COMPLAINTS_ANSWER_GUIDE names ${path}, which is not text (not valid UTF-8, as a file saved as "ANSI" or Windows-1252 is not): save the guide as plain text or Markdown in UTF-8 (a word processor document is not).`,
    );
  });
});

describe('the path a problem names', () => {
  it('is shown as it is when plain, quoted on one line when it holds a line break or an escape', async () => {
    expect(shownGuidePath('/home/ana/Guía de respuestas.md')).toBe('/home/ana/Guía de respuestas.md');
    const forged = join(folder, 'x\n✓ Key accepted\u001b[2K.md');
    const problem = problemOf(await readAnswerGuide(forged));
    expect(problem).not.toMatch(/[\n\u001b]/);
    expect(problem).toContain('"');
  });

  it('is not shown when it looks like it holds a key or a token', async () => {
    for (const path of [join(folder, 'or_live_4f9a1c2b3d4e5f60718293.md'), join(folder, 'live4f9a1c2b3d4e5f60718293x.md')]) {
      const problem = problemOf(await readAnswerGuide(path));
      expect(problem, path).toMatch(/^COMPLAINTS_ANSWER_GUIDE names \(a path not shown: .*\), which does not exist/);
      expect(problem, path).not.toContain('4f9a1c2b3d4e5f60718293');
    }
  });
});
