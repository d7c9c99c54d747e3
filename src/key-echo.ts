// Whether a text echoes this very API key in a form a reader could turn back into it. A key pasted
// into the wrong setting, or repeated by a message of the service, may have lost its "or_", or come
// upper-cased, percent-encoded, in base64 or reversed: the shape "or_..." misses all of these, so a
// value is also compared with the key itself before it is quoted.
import { stripUnsafe } from './sanitize.js';

/**
 * How many characters of the key, found together, count as the key. Twelve characters of a key's
 * random part (48 bits and more) never turn up in an ordinary value by chance, while a quotation cut
 * short or a key pasted in part still holds that many; fewer would start to match the readable
 * words a key may begin with (such as "live_"), more would let a longer piece of the key through.
 */
export const KEY_RUN = 12;
/** A key body shorter than this is no key to look for: a few characters turn up in any value. */
const MIN_BODY = 6;

/**
 * True when `text` holds KEY_RUN characters in a row (the whole body, for a shorter key) of `key`
 * without its "or_", compared in any case, in any of its readings: as given, percent-decoded, without
 * whitespace, reversed, or in base64 (standard or url-safe, the key starting at any byte of a group).
 */
export function holdsKey(text: string, key: string): boolean {
  const runs = runsOf(key);
  if (runs.size === 0) return false;
  const length = runs.values().next().value!.length;
  for (const reading of readingsOf(text)) {
    for (const candidate of [reading, reading.replace(/\s+/g, '')]) {
      const lower = candidate.toLowerCase();
      for (let at = 0; at + length <= lower.length; at++) if (runs.has(lower.slice(at, at + length))) return true;
    }
  }
  return false;
}

/** Every run of the key's forms a text may not hold, lower-cased, all of one length. */
function runsOf(key: string): Set<string> {
  const body = key.trim().replace(/^or_/i, '');
  if (body.length < MIN_BODY) return new Set();
  const length = Math.min(KEY_RUN, body.length);
  const runs = new Set<string>();
  for (const form of [body, [...body].reverse().join(''), ...base64Forms(key.trim())]) {
    for (let at = 0; at + length <= form.length; at++) runs.add(form.slice(at, at + length).toLowerCase());
  }
  return runs;
}

/**
 * The key in base64, as any text that encodes it would hold it: three bytes make four characters, so
 * the key is encoded from each of its first three bytes (one of these lines up with the groups of
 * whatever encoded it), whole groups only (the last one depends on what followed the key). Its upper-
 * and lower-cased spellings too: each gives other bytes, hence other characters.
 */
function base64Forms(key: string): string[] {
  const forms: string[] = [];
  for (const spelling of new Set([key, key.toUpperCase(), key.toLowerCase()])) {
    const bytes = Buffer.from(spelling, 'utf8');
    for (let skip = 0; skip < 3; skip++) {
      const aligned = bytes.subarray(skip, skip + Math.floor((bytes.length - skip) / 3) * 3);
      forms.push(aligned.toString('base64'), aligned.toString('base64url'));
    }
  }
  return forms;
}

/** `text` without invisible characters, then percent-decoded until it no longer changes (at most five times: a URL is not encoded deeper in earnest). */
export function* readingsOf(text: string): Generator<string> {
  let reading = stripUnsafe(text);
  for (let decodings = 0; decodings <= 5; decodings++) {
    yield reading;
    try {
      const decoded = stripUnsafe(decodeURIComponent(reading));
      if (decoded === reading) return;
      reading = decoded;
    } catch {
      return; // not valid percent-encoding: the readings so far were the only ones
    }
  }
}
