// The business's own guide for drafting an answer (COMPLAINTS_ANSWER_GUIDE): a text or Markdown file of
// its remedies, policies, tone and signature, read each time a prompt is built so that an edit applies
// without a restart. Its problems never stop a tool call: the caller says them (check, the prompt).
//
// The file is trusted as the member's own words, but read with care: only a regular file (a FIFO
// would hold the read open forever, a device would never end), no more than MAX_GUIDE_BYTES + 1
// bytes of it whatever its size says, and never cut: a guide cut short could drop a policy or the
// signature without anyone noticing, so a guide over the cap is refused whole.
import { constants, type Stats } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { errorCode } from '../error-code.js';
import { holdsKeyShape, looksLikeToken } from '../key-shape.js';
import { log } from '../log.js';
import { cleanLine, quoted, stripUnsafe } from '../sanitize.js';
import { thousands } from '../thousands.js';

/** The most a guide may hold, in bytes (about 4,000 tokens of a prompt). */
export const MAX_GUIDE_BYTES = 16 * 1024;

export type AnswerGuide = { text: string } | { problem: string };

const SETTING = 'COMPLAINTS_ANSWER_GUIDE';
/** How much of a path a message repeats: enough to find the file. */
const SHOWN_PATH_CHARS = 200;
// Opening a FIFO for reading waits for a writer: O_NONBLOCK returns at once instead, should the path
// become one between the stat and the open. Windows has no such flag (nor FIFOs at a path).
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * The guide's path as a message shows it: as it is when it is one plain line, quoted when it holds
 * anything else (a line break in it could forge a line of `check`), and not at all when it looks like
 * it holds a key or a token (pasted into the wrong setting).
 */
export function shownGuidePath(path: string): string {
  if (holdsKeyShape(path)) return '(a path not shown: it holds a value that looks like an API key)';
  if (looksLikeToken(path)) return '(a path not shown: it holds a value that looks like a key or a token)';
  return cleanLine(path, SHOWN_PATH_CHARS) === path ? path : quoted(path, SHOWN_PATH_CHARS);
}

const bytes = (count: number) => `${thousands(count)} bytes`;

/** The guide at `path` read now: its text, cleaned, or why it cannot be used. Never throws. */
export async function readAnswerGuide(path: string): Promise<AnswerGuide> {
  if (!isAbsolute(path)) {
    return {
      problem: `${SETTING} is ${shownGuidePath(path)}, not an absolute path: give the whole path, or one that starts with ~/ (a relative one would be read from whatever folder the app starts the server in).`,
    };
  }
  const names = `${SETTING} names ${shownGuidePath(path)}, which`;
  const tooLarge = (size: string) =>
    `${names} holds ${size}, more than the ${bytes(MAX_GUIDE_BYTES)} (${MAX_GUIDE_BYTES / 1024} KB) a guide may hold: shorten it (it is not cut, so that no policy or signature is lost).`;
  const notFile = (found: Stats) =>
    found.isDirectory()
      ? `${names} is a folder: give the path of the guide file itself.`
      : `${names} is not a regular file (a device, pipe or socket): give the path of a text or Markdown file.`;

  let found: Stats;
  try {
    // Follows a symbolic link: a link to the guide is fine, and what it points to is what is checked.
    found = await stat(path);
  } catch (error) {
    return { problem: unreadable(names, error) };
  }
  if (!found.isFile()) return { problem: notFile(found) };
  if (found.size > MAX_GUIDE_BYTES) return { problem: tooLarge(bytes(found.size)) };

  let content: Buffer;
  try {
    const handle = await open(path, OPEN_FLAGS);
    try {
      // The file opened may not be the one stated (replaced in between): checked again, as opened.
      const opened = await handle.stat();
      if (!opened.isFile()) return { problem: notFile(opened) };
      content = await readAtMost(handle, MAX_GUIDE_BYTES + 1);
    } finally {
      await handle.close();
    }
  } catch (error) {
    return { problem: unreadable(names, error) };
  }
  // Grown since the stat (or a file whose size the system does not know): one byte over is enough to refuse.
  if (content.length > MAX_GUIDE_BYTES) return { problem: tooLarge(`more than ${bytes(MAX_GUIDE_BYTES)}`) };

  const notText = `${names} is not text (`;
  const saveAsText = 'save the guide as plain text or Markdown in UTF-8 (a word processor document is not).';
  if (content.includes(0)) return { problem: `${notText}it holds a NUL byte, as a file saved as UTF-16, Notepad's "Unicode", does): ${saveAsText}` };
  let decoded: string;
  try {
    // A UTF-8 byte order mark is taken off by the decoder (ignoreBOM is false by default).
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return { problem: `${notText}not valid UTF-8, as a file saved as "ANSI" or Windows-1252 is not): ${saveAsText}` };
  }
  const text = cleanGuide(decoded);
  if (text.trim() === '') return { problem: `${names} holds no text: write the business's remedies, policies, tone and signature in it, or unset ${SETTING}.` };
  // The guide goes into the conversation: a key pasted into it must not go with it.
  const keyLine = lineWithKey(text);
  if (keyLine !== undefined) return { problem: `${names} holds something that looks like an API key (or_...) on line ${keyLine}: take it out of the guide.` };
  log.debug('answer guide read', { bytes: content.length });
  return { text };
}

/** The number of the first line of `text` that holds a key starting a word ("señor_gerente" holds none), or undefined. */
function lineWithKey(text: string): number | undefined {
  const index = text.split('\n').findIndex((line) => holdsKeyShape(line, true));
  return index === -1 ? undefined : index + 1;
}

/**
 * At start, a guide that cannot be used is said in the log, as an ignored setting is; each draft says
 * it again, where the member reads it. A relative path is warned of with the settings already.
 */
export function warnOfUnusableGuide(path: string | undefined): void {
  if (path === undefined || !isAbsolute(path)) return;
  void readAnswerGuide(path).then((guide) => {
    if ('problem' in guide) log.warn(guide.problem);
  });
}

/** Up to `limit` bytes from the start of `handle`, reading until the file ends or the limit is reached. */
async function readAtMost(handle: FileHandle, limit: number): Promise<Buffer> {
  const buffer = Buffer.alloc(limit);
  let filled = 0;
  while (filled < limit) {
    const { bytesRead } = await handle.read(buffer, filled, limit - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/**
 * The guide's text as a prompt may quote it: escapes, control and invisible characters out (tabs
 * kept, for Markdown's indented lists and code), every line break "\n", spaces at the ends of lines
 * and blank lines at both ends of the text trimmed.
 */
function cleanGuide(decoded: string): string {
  return decoded
    .split('\t')
    .map(stripUnsafe)
    .join('\t')
    .replace(/[^\S\n]+$/gm, '')
    .replace(/^\n+/, '')
    .trimEnd();
}

/** Why the file could not be stated or opened, from the system's error code. */
function unreadable(names: string, error: unknown): string {
  const code = errorCode(error);
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return `${names} does not exist: create the guide there, or correct or unset ${SETTING}.`;
    case 'EACCES':
    case 'EPERM':
      return `${names} cannot be read (permission denied): let the user that runs the server read it.`;
    case 'EISDIR':
      return `${names} is a folder: give the path of the guide file itself.`;
    default:
      log.debug('answer guide not read', { code });
      return `${names} cannot be read (${code ?? 'an unknown error'}): check the file and the folders above it.`;
  }
}
