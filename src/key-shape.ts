// Whether a text holds something shaped like an API key. A key pasted into the wrong setting (say
// COMPLAINTS_API_URL=or_live_...) must not be echoed back by a problem, a log line or a tool result:
// those reach the model's transcript and the operator's log.
import { stripUnsafe } from './sanitize.js';

/** "or_" not preceded by a letter or digit, then several of the characters a bearer token may hold. */
const KEY_SHAPED = /(?<![A-Za-z0-9])or_[A-Za-z0-9._~+/=-]{6,}/i;

/**
 * True when `text` holds a key-shaped part: as given, with invisible characters taken out (a key
 * pasted with a zero-width space is still the key), and percent-decoded once or twice.
 */
export function holdsKeyShape(text: string): boolean {
  let reading = stripUnsafe(text);
  for (let decodings = 0; decodings <= 2; decodings++) {
    if (KEY_SHAPED.test(reading)) return true;
    try {
      const decoded = decodeURIComponent(reading);
      if (decoded === reading) return false;
      reading = stripUnsafe(decoded);
    } catch {
      return false; // not valid percent-encoding: the readings so far were the only ones
    }
  }
  return false;
}

/** How a problem quotes the value of a setting: as given, unless it may hold a key. */
export function gotValue(value: string): string {
  return holdsKeyShape(value) ? 'got a value that looks like an API key; it is not shown' : `got "${value}"`;
}

/** A value the user typed, for a message: quoted, or not shown at all when it may hold a key. */
export function shownValue(value: string): string {
  return holdsKeyShape(value) ? '(a value that looks like an API key, not shown)' : `"${value}"`;
}
