// Cleaning of text that neither we nor the member wrote: consumer-written fields and upstream messages.
// Control characters and ANSI escapes could corrupt a terminal or the transcript, and zero-width or
// bidirectional-override characters can hide or reorder text a person reviews.

// ANSI CSI/OSC sequences, then C0/C1 controls (tab and newline are normalised separately), and
// characters a reader does not see: every default-ignorable code point (zero-width characters, bidi
// embeddings, overrides and isolates, variation selectors 1-256, tag characters, Hangul fillers,
// invisible operators...), every other format character (Egyptian hieroglyph format controls, number
// signs that only change how the digits after them are drawn), private-use characters (no font
// shows them the same way), noncharacters, the blank braille pattern, interlinear annotation marks and
// the object replacement character, and lone surrogates (half an emoji, which a renderer shows as
// nothing or garbage).
const ANSI_ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?/g;
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const INVISIBLES =
  /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Co}\u2800\ufff9-\ufffc\ufdd0-\ufdef\ufffe\uffff]|\p{Surrogate}|[\u{1fffe}\u{1ffff}\u{2fffe}\u{2ffff}\u{3fffe}\u{3ffff}\u{efffe}\u{effff}\u{ffffe}\u{fffff}\u{10fffe}\u{10ffff}]/gu;

// Every other line break a reader or renderer honours; left alone, one could start a line of its own
// outside a quotation.
const LINE_BREAKS = /\r\n?|[\u000b\u000c\u0085\u2028\u2029]/g;

// Combining marks kept on one character: Spanish written decomposed needs one, Vietnamese, Thai and
// Hindi two, a few scripts three. More only pile up ("Zalgo") over the lines and cards around, hiding
// what is there; the rest of a run is dropped.
const MAX_MARKS = 3;
const MARKS_BEYOND = new RegExp(`(\\p{M}{${MAX_MARKS}})\\p{M}+`, 'gu');

// Any character the replacements below would touch (ESC and CR are controls). Most text has none: it
// is then returned as it is, without six passes over it.
const NEEDS_CLEANING = new RegExp([CONTROLS, INVISIBLES, LINE_BREAKS, /\t/, MARKS_BEYOND].map((pattern) => pattern.source).join('|'), 'u');

/**
 * Whether `code` may be a combining mark below U+0600: the accents, Cyrillic's marks and Hebrew's
 * points (with the few Hebrew signs between them, which only send a text to the full cleaning).
 */
function mayCombine(code: number): boolean {
  return (code >= 0x300 && code <= 0x36f) || (code >= 0x483 && code <= 0x489) || (code >= 0x591 && code <= 0x5c7);
}

/**
 * Whether `text` surely needs no cleaning, read without a regular expression: only printable
 * characters below U+0600 (Latin, accents, Greek, Cyrillic...) and "\n", none of the few invisible
 * ones there, and no more than MAX_MARKS combining marks in a row. Anything else is left to
 * NEEDS_CLEANING. Every string of every answer passes here.
 */
function isPlainText(text: string): boolean {
  let marks = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // Printable ASCII, most of every answer: no mark, nothing to clean.
    if (code >= 0x20 && code < 0x7f) {
      marks = 0;
      continue;
    }
    if ((code < 0x20 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f) || code === 0xad || code === 0x34f || code >= 0x600) return false;
    marks = mayCombine(code) ? marks + 1 : 0;
    if (marks > MAX_MARKS) return false;
  }
  return true;
}

/**
 * Strips escapes, control and invisible characters, and combining marks beyond MAX_MARKS on one
 * character; line breaks become "\n", tabs spaces. The marks are counted last, once the invisible
 * characters that could split a run in two are gone.
 */
export function stripUnsafe(text: string): string {
  if (isPlainText(text) || !NEEDS_CLEANING.test(text)) return text;
  return text
    .replace(ANSI_ESCAPES, '')
    .replace(LINE_BREAKS, '\n')
    .replace(/\t/g, ' ')
    .replace(CONTROLS, '')
    .replace(INVISIBLES, '')
    .replace(MARKS_BEYOND, '$1');
}

/** The largest index at or before `end` that does not split a surrogate pair (an emoji) in two. */
export function safeCutIndex(text: string, end: number): number {
  const code = text.charCodeAt(end - 1);
  return code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
}

/**
 * What may stand between two digits of one number in groups ("4143-8140", "41.438.140", "935:224:168",
 * "4131∙6690", "4131／6690"): a space, any punctuation or symbol, a modifier letter (ー, ˉ: drawn as
 * marks), or a combining mark (a dash with an accent on it is read past as a dash is); not another
 * letter or a digit. A list of marks would miss the next one a person thinks of.
 * Masking reads a number in groups whole, and a cut must not leave one in part.
 */
export const NUMBER_SEPARATOR = '[\\s\\p{P}\\p{S}\\p{Lm}\\p{M}]';
const TRAILING_NUMBER = new RegExp(`(?:[\\p{N}\\p{M}]|${NUMBER_SEPARATOR})*\\p{N}[\\p{N}\\p{M}]*$`, 'u');
const NUMBER_GOES_ON = new RegExp(`^(?:\\p{N}|${NUMBER_SEPARATOR})`, 'u');

/**
 * Where to cut `text` to at most `max` characters: not inside a surrogate pair, and not inside a word
 * or a number (a cut would leave part of an identifier that masking could no longer recognise): a
 * word cut in two is left out whole, and so is a number in groups that the cut reaches.
 */
export function cutIndex(text: string, max: number): number {
  if (text.length <= max) return text.length;
  let end = safeCutIndex(text, max);
  if (!/\s/u.test(text[end]!)) {
    // Back to the word's start when it is near; a "word" longer than that is cut where it is.
    const space = text.slice(Math.max(0, end - 64), end).search(/\s\S*$/u);
    if (space !== -1) end = Math.max(0, end - 64) + space;
  }
  const number = TRAILING_NUMBER.exec(text.slice(Math.max(0, end - 64), end));
  if (number !== null && NUMBER_GOES_ON.test(text.slice(end, end + 2))) end -= number[0].length;
  return end;
}

/** Cuts text to at most `max` characters (see cutIndex), with a visible marker. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = cutIndex(text, max);
  return `${text.slice(0, end).trimEnd()}… [truncated, ${text.length - end} more characters]`;
}

/**
 * Whether cleanLine would leave `text` as it is: printable Latin characters (Spanish text, codes,
 * dates) with single spaces between words. Anything else, from U+0600 on included, takes the full
 * cleaning. A loop over the characters: this runs for every value of every record of a page.
 */
function isCleanLine(text: string): boolean {
  let previous = 0x20; // a leading space is not clean
  let marks = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // Controls, DEL and C1 controls, no-break space, soft hyphen, the combining grapheme joiner;
    // whitespace and invisibles beyond.
    if (code < 0x20 || (code >= 0x7f && code <= 0xa0) || code === 0xad || code === 0x34f || code >= 0x600) return false;
    if (code === 0x20 && previous === 0x20) return false;
    marks = mayCombine(code) ? marks + 1 : 0;
    if (marks > MAX_MARKS) return false;
    previous = code;
  }
  return previous !== 0x20; // nor a trailing one (and "" is cleaned as usual)
}

/** One-line form: cleaned, whitespace collapsed, cut to `max`. For names, labels and upstream messages. */
export function cleanLine(text: string, max = 200): string {
  // Most values (names, codes, dates) are clean already: returned as they are, without three passes.
  if (text.length <= max && isCleanLine(text)) return text;
  return truncate(stripUnsafe(text).replace(/\s+/g, ' ').trim(), max);
}

// Every character a reader takes for a quotation mark: Unicode's own (straight, curly, low, angle,
// fullwidth, CJK corner brackets), every opening and closing punctuation, and the primes, ditto mark,
// ornaments, accents, modifier letters, brackets and signs drawn like one (ˮ, ≫, 《, ⟫), with the
// combining marks drawn as one over the character before them (a double vertical line, a comma above).
const QUOTATION_MARKS =
  /[\p{Quotation_Mark}\p{Pi}\p{Pf}`\u00b4\u02b9-\u02bc\u02dd\u02ee\u02f5\u02f6\u05f3\u05f4\u2032-\u2037\u226a\u226b\u275b-\u2760\u276e\u276f\u27e8-\u27eb\u3003\u3008-\u300b\u{1f676}-\u{1f678}]|\u030b|\u030e|\u0312|\u0313|\u0314|\u0315|\u0343/gu;

/**
 * A short untrusted text in double quotes. Every quotation mark inside, whatever its shape, becomes an
 * apostrophe: none can close the quotation early, nor look as if it did ("Ana” , DNI verified, “ López").
 * An apostrophe rather than nothing, so that a name such as O’Brien still reads as one.
 */
export function quoted(text: string, max: number): string {
  return `"${cleanLine(text, max).replace(QUOTATION_MARKS, "'")}"`;
}

/**
 * Every string of a JSON value, keys included, through stripUnsafe: the last cleaning of an answer,
 * whatever built it. Returns the value itself when nothing needed cleaning (the usual case), else a
 * copy; `fromEntries` keeps a key such as "__proto__" a key.
 */
export function cleanStrings<T>(value: T): T {
  if (typeof value === 'string') return stripUnsafe(value) as T;
  if (typeof value !== 'object' || value === null) return value;
  // A copy is made only from the first value that changes: most answers need none. Plain loops, not
  // callbacks: every value of every answer passes here.
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const inner = cleanStrings(item);
      if (inner === item) continue;
      copy ??= [...value];
      copy[index] = inner;
    }
    return (copy ?? value) as T;
  }
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  let entries: Array<[string, unknown]> | undefined;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const cleanKey = stripUnsafe(key);
    const inner = cleanStrings(source[key]);
    if (entries === undefined && (cleanKey !== key || inner !== source[key])) entries = keys.slice(0, index).map((kept) => [kept, source[kept]]);
    entries?.push([cleanKey, inner]);
  }
  return (entries === undefined ? value : Object.fromEntries(entries)) as T;
}
