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
 * True when `text` holds KEY_RUN letters and digits in a row (the whole body, for a shorter key) of
 * `key` without its "or_", compared in any case and in any width, whatever stands between them
 * (spaces, dashes, dots), in any of its readings: as given, percent-decoded, with HTML entities and
 * escapes read, from hexadecimal or base64, reversed, or in base64 (standard or url-safe, the key
 * starting at any byte of a group, once or twice).
 */
export function holdsKey(text: string, key: string): boolean {
  const runs = runsOf(key);
  if (runs.size === 0) return false;
  const length = runs.values().next().value!.length;
  for (const reading of decodedReadingsOf(text)) {
    const comparable = comparableOf(reading);
    for (let at = 0; at + length <= comparable.length; at++) if (runs.has(comparable.slice(at, at + length))) return true;
  }
  return false;
}

/**
 * Letters and digits only, lower-cased, full-width ones as ASCII: a key written "l-i-v-e", "L I V E" or
 * "ｌｉｖｅ" is read as "live". Twelve letters and digits of a key's random part are still far too many
 * to turn up by chance.
 */
const comparableOf = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Every run of the key's forms a text may not hold, comparable (above), all of one length. */
function runsOf(key: string): Set<string> {
  const body = key.trim().replace(/^or_/i, '');
  const comparableBody = comparableOf(body);
  if (comparableBody.length < MIN_BODY) return new Set();
  const length = Math.min(KEY_RUN, comparableBody.length);
  const runs = new Set<string>();
  for (const form of [body, [...body].reverse().join(''), ...base64Forms(key.trim())]) {
    const comparable = comparableOf(form);
    for (let at = 0; at + length <= comparable.length; at++) runs.add(comparable.slice(at, at + length));
  }
  return runs;
}

/**
 * The readings of `text` (readingsOf), each also with its escapes read and decoded from hexadecimal
 * and base64, twice over (the key in base64 of base64 is then the key in base64, which runsOf knows).
 * Only for settings and service messages: short texts, so that reading each so often costs nothing.
 */
export function* decodedReadingsOf(text: string): Generator<string> {
  for (const reading of readingsOf(text)) {
    yield reading;
    for (const once of decodedOnce(reading)) {
      yield once;
      yield* decodedOnce(once);
    }
  }
}

/** `text` with its escapes read, and its runs of hexadecimal or base64 decoded (as Latin-1, so that no byte is lost). */
function decodedOnce(text: string): string[] {
  const unescaped = text
    .replace(/&#x([0-9a-f]{1,6});?|\\u\{([0-9a-f]{1,6})\}|\\u([0-9a-f]{4})|\\x([0-9a-f]{2})/gi, (_all, ...hex: Array<string | undefined>) =>
      codePoint(Number.parseInt(hex.slice(0, 4).find((digits) => digits !== undefined)!, 16)),
    )
    .replace(/&#([0-9]{1,7});?/g, (_all, decimal: string) => codePoint(Number.parseInt(decimal, 10)));
  const hexadecimal = [...text.matchAll(/[0-9a-f]{16,}/gi)].flatMap(([run]) => [0, 1].map((skip) => Buffer.from(run.slice(skip), 'hex').toString('latin1')));
  // Node's base64 decoder reads both alphabets; a run is read from each of the four places a group may start.
  const base64 = [...text.matchAll(/[A-Za-z0-9+/_-]{16,}/g)].flatMap(([run]) =>
    [0, 1, 2, 3].map((skip) => Buffer.from(run.slice(skip), 'base64').toString('latin1')),
  );
  return [unescaped, hexadecimal.join(' '), base64.join(' ')];
}

/** The character of a code point, or nothing when it is none. */
const codePoint = (value: number) => (value <= 0x10ffff ? String.fromCodePoint(value) : '');

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
