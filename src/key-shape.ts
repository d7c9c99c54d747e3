// Whether a text holds something shaped like an API key. A key pasted into the wrong setting (say
// COMPLAINTS_API_URL=or_live_...) must not be echoed back by a problem, a log line or a tool result:
// those reach the model's transcript and the operator's log.
import { decodedReadingsOf, holdsKey, readingsOf } from './key-echo.js';
import { quoted } from './sanitize.js';

/** "or_" then several of the characters a bearer token may hold; after a space too ("or_ live_..." is still a key, pasted carelessly). */
const KEY_SHAPED = /or_\s*[A-Za-z0-9._~+/=-]{6,}/i;
/** The same, not right after a letter or digit of any script: a URL such as https://api.vendor_service.com, or "señor_gerente", is no key. */
const KEY_SHAPED_WORD = /(?<![\p{L}\p{N}])or_[A-Za-z0-9._~+/=-]{6,}/iu;

/**
 * True when `text` holds a key-shaped part: as given, with invisible characters taken out (a key
 * pasted with a zero-width space is still the key), percent-decoded as often as it decodes, and in
 * full width or Markdown-escaped. `strict` (for refusing a setting) wants the key to start a word;
 * otherwise (for not echoing a value) any "or_..." counts, since a key pasted after other text
 * ("tokenor_live_...") must not be shown either.
 */
export function holdsKeyShape(text: string, strict = false): boolean {
  const pattern = strict ? KEY_SHAPED_WORD : KEY_SHAPED;
  for (const reading of readingsOf(text)) if (pattern.test(reading) || pattern.test(loosely(reading))) return true;
  return false;
}

/** Full-width letters as ASCII ("ｏｒ＿" is "or_"), and no Markdown escapes ("or\_live\_", as a rendered page is copied). */
const loosely = (reading: string) => reading.normalize('NFKC').replace(/\\(?=[_*~`.-])/g, '');

/**
 * Whether a value given as a reference or sent as a search could be a key: shaped like one, or like
 * its random part without the "or_". No correlative, tracking code or uuid is either, so such a value
 * is refused before it is sent anywhere or repeated.
 */
export function couldBeKey(value: string): boolean {
  return holdsKeyShape(value) || looksLikeToken(value);
}

/** A run of letters and digits as long as a token's random part, mixing both as none of our settings' words do. */
const RANDOM_RUN = /[A-Za-z0-9]{16,}/g;
const MIXED = (run: string) => (run.match(/\d/g)?.length ?? 0) >= 3 && (run.match(/[A-Za-z]/g)?.length ?? 0) >= 3;

/**
 * True when `text` holds a run that reads as a token's random part (16 letters and digits or more,
 * at least three of each): a key pasted without its "or_" into a setting, when no key is known to
 * compare it with (serve --http has none, nor a server whose key went into the wrong setting). No
 * time zone, language, level, number or ordinary URL holds one; a value that does is not quoted.
 */
export function looksLikeToken(text: string): boolean {
  // Read as the known key is looked for (key-echo.ts): escapes, hexadecimal and base64 decoded,
  // full-width letters as ASCII, and characters spelled apart ("l-i-v-e-4-f-9...") together.
  for (const reading of decodedReadingsOf(text)) {
    const ascii = reading.normalize('NFKC');
    for (const form of [ascii, ascii.replace(SPELLED_APART, (run) => run.replace(/[^A-Za-z0-9]/g, ''))]) {
      if ((form.match(RANDOM_RUN) ?? []).some(MIXED)) return true;
    }
  }
  return false;
}

/** Single letters and digits, each apart from the next by one to three other characters. */
const SPELLED_APART = /(?:[A-Za-z0-9][^A-Za-z0-9]{1,3}){7,}[A-Za-z0-9](?![A-Za-z0-9])/g;

/**
 * Quotation marks a key is pasted with: straight, typographic (an editor or a chat turns " into “ ”),
 * low, angle and full-width ones, and the backtick. A backslash counts beside them: \"...\" is a JSON
 * string's quotes carried into the value.
 */
const QUOTES_AROUND =
  /^[\s"'`\\\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u00ab\u00bb\u2039\u203a\uff02\uff07]+|[\s"'`\\\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u00ab\u00bb\u2039\u203a\uff02\uff07]+$/g;

/**
 * Whether `value` is a key ("or_...") with quotation marks around it, or on one side of it: pasted
 * with the quotes of a shell line, a JSON file or a chat. It is refused with that said (never quoted
 * back), rather than sent as is or unwrapped behind the member's back.
 */
export function wrappedInQuotes(value: string): boolean {
  const unwrapped = value.replace(QUOTES_AROUND, '');
  return unwrapped !== value.trim() && unwrapped.startsWith('or_');
}

/** How much of a wrong value a message repeats: enough to recognize it. */
const SHOWN_CHARS = 80;

/** What a setting's value must not be quoted with: the member's key (COMPLAINTS_API_KEY, when set) and the sign-in's secrets. */
export interface Unquotable {
  key?: string | undefined;
  secrets?: readonly string[];
}

/**
 * How a problem quotes the value of a setting: on one line, cleaned of escapes and invisible
 * characters, cut short, and not at all when it may hold a key or a secret.
 */
export function gotValue(value: string, { key, secrets = [] }: Unquotable = {}): string {
  if (holdsKeyShape(value)) return 'got a value that looks like an API key; it is not shown';
  if (key !== undefined && holdsKey(value, key)) return 'got a value that holds what looks like your API key; it is not shown';
  if (holdsSecretPart(value, secrets)) return 'got a value that holds part of COMPLAINTS_HTTP_TOKEN_SECRET; it is not shown';
  if (looksLikeToken(value)) return 'got a value that looks like a key or a token; it is not shown';
  return `got ${quoted(value, SHOWN_CHARS)}`;
}

/** Whether `value` holds something shaped like a key, or `key` itself (when there is one) in any form holdsKey knows. */
export function holdsKnownKey(value: string, key: string | undefined): boolean {
  return holdsKeyShape(value) || (key !== undefined && holdsKey(value, key));
}

/** How many characters of a secret, found together, count as part of it. */
const SECRET_PART = 12;

/**
 * Whether `value` holds a run of SECRET_PART characters of one of `secrets` (the sign-in's, pasted
 * into another setting), or is itself such a run: a quotation cut short could still show the start
 * of the secret.
 */
export function holdsSecretPart(value: string, secrets: readonly string[]): boolean {
  // In any case: some settings are read lower-cased before they are quoted.
  const text = value.toLowerCase();
  return secrets.some((original) => {
    const secret = original.toLowerCase();
    if (text.length >= SECRET_PART && secret.includes(text)) return true;
    for (let at = 0; at + SECRET_PART <= secret.length; at++) if (text.includes(secret.slice(at, at + SECRET_PART))) return true;
    return false;
  });
}

/** A value the user typed, for a message: quoted as gotValue quotes, or not shown at all when it may hold a key. */
export function shownValue(value: string): string {
  return holdsKeyShape(value) ? '(a value that looks like an API key, not shown)' : quoted(value, SHOWN_CHARS);
}
