// A URL that a client chose (a client metadata document's), as the sign-in's error page and the log
// show it: on one line, without control or invisible characters, cut short, and without anything
// shaped like an API key (a key pasted into the wrong field must not reach a page or a log).
import { holdsKeyShape } from '../../key-shape.js';
import { cleanLine, safeCutIndex, stripUnsafe } from '../../sanitize.js';

/** Far longer than a real document URL (claude.ai's is 50 characters), short enough for one log line. */
export const MAX_SHOWN_URL = 200;
/** What stands for a part that looks like a key: one token, so that a log field stays one token too. */
const HIDDEN = '[not-shown:looks-like-an-API-key]';
export const HIDDEN_URL = HIDDEN;

/**
 * `%XX` sequences read one by one, as bytes: never throws, unlike decodeURIComponent, which gives up
 * on the whole text at one bad sequence (so "%ZZ" anywhere would keep a "%6Fr_..." key encoded).
 */
function lenientlyDecoded(text: string): string {
  return text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Whether `text` holds something key-shaped, as written, percent-decoded, or decoded sequence by sequence. */
export function looksLikeKey(text: string): boolean {
  let reading = text;
  for (let round = 0; round < 4; round++) {
    if (holdsKeyShape(reading)) return true;
    const decoded = lenientlyDecoded(reading);
    if (decoded === reading) return false;
    reading = decoded;
  }
  return holdsKeyShape(reading);
}

/** A short text for a log line (an error code, what was wrong with an answer): one line, cut, and not at all when it looks like a key. */
export function shownDetail(text: string, max = 120): string {
  const line = cleanLine(text, max);
  return looksLikeKey(text) || looksLikeKey(line) ? HIDDEN : line;
}

/**
 * `url` cleaned, whitespace encoded (one token, for a log field), cut to `max` with "…", and when
 * anything in it looks like a key: its origin alone when that is clean, else HIDDEN_URL.
 */
export function shownUrl(url: string, max = MAX_SHOWN_URL): string {
  // The cut comes before the cleaning's regular expressions see a long value, with margin for what they remove.
  let line = stripUnsafe(url.slice(0, max * 8)).replace(/\s+/g, '%20');
  if (looksLikeKey(url) || looksLikeKey(line)) {
    const origin = URL.canParse(line) ? new URL(line).origin : 'null';
    if (origin === 'null' || looksLikeKey(origin)) return HIDDEN_URL;
    line = `${origin}/${HIDDEN}`;
  }
  if (line.length > max) line = `${line.slice(0, safeCutIndex(line, max - 1))}…`;
  // A cut can end a percent-sequence that hid nothing before: checked once more.
  return looksLikeKey(line) ? HIDDEN_URL : line;
}
