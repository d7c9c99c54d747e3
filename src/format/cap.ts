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
  const lines = text
    .slice(end)
    .split('\n')
    .filter((line) => line.trim() !== '').length;
  return `${text.slice(0, end)}\n[Cut: the last ${lines === 1 ? 'line' : `${lines} lines`} (${hidden} characters) of this result are not shown. ${hint}]`;
}

/**
 * The budget of a structured answer, in characters of its JSON (about a fourth of that in tokens).
 * Each view bounds its lists and fields, so an answer stays far below it (a page of 100 records is
 * about 30k); this is the last bound, for what a hostile service could still make add up.
 */
export const MAX_STRUCTURED_CHARS = 100_000;

/**
 * `answer` within `max` characters of JSON: while it is over, items are dropped from the end of its
 * largest list, and the answer's `truncated` says how many. Every answer schema has `truncated`.
 * Changes `answer` in place, and returns it.
 */
export function capStructured<T extends { truncated?: string }>(answer: T, max = MAX_STRUCTURED_CHARS): T {
  // Nearly every answer is far below the budget: a bound on its JSON, without writing it, says so.
  if (jsonLengthBound(answer, max) <= max) return answer;
  let size = JSON.stringify(answer).length;
  if (size <= max) return answer;
  /** Per list cut: how many items it had, and has. */
  const cuts = new Map<unknown[], { key: string; had: number; has: number }>();
  // Room for the note that says what was cut, so that the answer with it stays within `max`.
  const room = max - 400;
  while (size > room) {
    const largest = largestList(answer);
    if (largest === undefined) break; // no list left to cut: the fields are bounded one by one
    const { owner, key, list, chars } = largest;
    // Drop about as many items as the excess is worth, at least one, then measure again.
    const drop = Math.min(list.length, Math.max(1, Math.ceil(((size - max) / chars) * list.length)));
    const kept = list.slice(0, list.length - drop);
    const cut = cuts.get(list) ?? { key, had: list.length, has: 0 };
    cuts.delete(list);
    cuts.set(kept, { ...cut, has: kept.length });
    owner[key] = kept;
    size = JSON.stringify(answer).length;
  }
  if (cuts.size === 0) return answer;
  const shown = [...cuts.values()].map(({ key, had, has }) => `${key}: ${has} of ${had} shown`);
  const note = `Cut to fit the size of one answer (${shown.join('; ')}).`;
  answer.truncated = answer.truncated ? `${answer.truncated} ${note}` : note;
  return answer;
}

/**
 * A bound on the length of `value`'s JSON that never falls short of it: every character of a string
 * or key counted as the six of its longest escape (\u001b), every number as the 25 characters of the
 * longest one. Counting stops once the bound is past `max`; a value JSON.stringify could write in
 * other ways (a toJSON method, a class) counts as Infinity, for the exact count to decide.
 */
export function jsonLengthBound(value: unknown, max: number): number {
  let bound = 0;
  const visit = (node: unknown): void => {
    if (bound > max) return;
    if (typeof node === 'string') bound += 6 * node.length + 2;
    // The longest a number is written: -0.0000011844601755151041 (a sign, "0.", five zeros, 17 digits).
    else if (typeof node === 'number') bound += 25;
    else if (typeof node === 'boolean' || node === null || node === undefined) bound += 5;
    else if (Array.isArray(node)) {
      bound += 2 + node.length;
      for (const item of node) visit(item);
    } else if (typeof node === 'object' && Object.getPrototypeOf(node) === Object.prototype && !('toJSON' in node)) {
      const record = node as Record<string, unknown>;
      for (const key in record) {
        bound += 6 * key.length + 4; // its quotes, the colon, the comma
        visit(record[key]);
      }
      bound += 2;
    } else bound = Number.POSITIVE_INFINITY;
  };
  visit(value);
  return bound;
}

/** The list of `value` (at any depth) whose JSON is longest, with what holds it. */
function largestList(value: unknown): { owner: Record<string, unknown>; key: string; list: unknown[]; chars: number } | undefined {
  let best: ReturnType<typeof largestList>;
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, inner] of Object.entries(node)) {
      if (Array.isArray(inner) && inner.length > 0) {
        const chars = JSON.stringify(inner).length;
        if (best === undefined || chars > best.chars) best = { owner: node as Record<string, unknown>, key, list: inner, chars };
      }
      visit(inner);
    }
  };
  visit(value);
  return best;
}
