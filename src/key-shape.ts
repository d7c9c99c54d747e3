// Whether a text holds something shaped like an API key. A key pasted into the wrong setting (say
// COMPLAINTS_API_URL=or_live_...) must not be echoed back by a problem, a log line or a tool result:
// those reach the model's transcript and the operator's log.

/** "or_" not preceded by a letter or digit, then several key characters. */
const KEY_SHAPED = /(?<![A-Za-z0-9])or_[A-Za-z0-9_-]{6,}/;

/** True when `text`, as given or percent-decoded (a key in a URL's query may be encoded), holds a key-shaped part. */
export function holdsKeyShape(text: string): boolean {
  if (KEY_SHAPED.test(text)) return true;
  try {
    return KEY_SHAPED.test(decodeURIComponent(text));
  } catch {
    return false; // not valid percent-encoding: the text as given was the only reading
  }
}

/** How a problem quotes the value of a setting: as given, unless it may hold a key. */
export function gotValue(value: string): string {
  return holdsKeyShape(value) ? 'got a value that looks like an API key; it is not shown' : `got "${value}"`;
}
