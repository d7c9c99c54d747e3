// Whether a text holds something shaped like an API key. A key pasted into the wrong setting (say
// COMPLAINTS_API_URL=or_live_...) must not be echoed back by a problem, a log line or a tool result:
// those reach the model's transcript and the operator's log.
import { stripUnsafe } from './sanitize.js';

/** "or_" then several of the characters a bearer token may hold. */
const KEY_SHAPED = /or_[A-Za-z0-9._~+/=-]{6,}/i;
/** The same, to replace every one (a global pattern keeps state between tests, so it serves replace only). */
const EVERY_KEY_SHAPED = new RegExp(KEY_SHAPED.source, 'gi');
/** The same, not right after a letter or digit: a URL such as https://api.vendor_service.com is no key. */
const KEY_SHAPED_WORD = /(?<![A-Za-z0-9])or_[A-Za-z0-9._~+/=-]{6,}/i;

/**
 * True when `text` holds a key-shaped part: as given, with invisible characters taken out (a key
 * pasted with a zero-width space is still the key), and percent-decoded as often as it decodes. `strict`
 * (for refusing a setting) wants the key to start a word; otherwise (for not echoing a value) any
 * "or_..." counts, since a key pasted after other text ("tokenor_live_...") must not be shown either.
 */
export function holdsKeyShape(text: string, strict = false): boolean {
  const pattern = strict ? KEY_SHAPED_WORD : KEY_SHAPED;
  let reading = stripUnsafe(text);
  // Decoded until it no longer changes (at most five times: a URL is not encoded deeper in earnest).
  for (let decodings = 0; decodings <= 5; decodings++) {
    if (pattern.test(reading)) return true;
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

/** `text` with every key-shaped part replaced by "[key]": for a message the service wrote. */
export function hideKeys(text: string): string {
  return text.replace(EVERY_KEY_SHAPED, '[key]');
}

/** How a problem quotes the value of a setting: as given, unless it may hold a key. */
export function gotValue(value: string): string {
  return holdsKeyShape(value) ? 'got a value that looks like an API key; it is not shown' : `got "${value}"`;
}

/** A value the user typed, for a message: quoted, or not shown at all when it may hold a key. */
export function shownValue(value: string): string {
  return holdsKeyShape(value) ? '(a value that looks like an API key, not shown)' : `"${value}"`;
}
