// The last bound on what one result costs the model's context: about 25k characters (a few thousand
// tokens). Fields are already cut one by one; this catches what adds up (100 long lines, a long history).
import { safeCutIndex } from '../sanitize.js';

export const MAX_TEXT_CHARS = 25_000;

/** Cuts `text` at the last line that fits and says what was cut and how to see the rest (`hint`). */
export function capText(text: string, hint: string, max = MAX_TEXT_CHARS): string {
  if (text.length <= max) return text;
  const room = max - 300; // the note itself must fit
  const lastBreak = text.lastIndexOf('\n', room);
  const end = lastBreak > room / 2 ? lastBreak : safeCutIndex(text, room);
  const hidden = text.length - end;
  const lines = text.slice(end).split('\n').filter((line) => line.trim() !== '').length;
  return `${text.slice(0, end)}\n[Cut: the last ${lines === 1 ? 'line' : `${lines} lines`} (${hidden} characters) of this result are not shown. ${hint}]`;
}
