// What in a free text looks like a person's identifier or contact, and is masked there: e-mail
// addresses however the "@" and the dots are written, and numbers of eight digits or more however
// they are grouped, while dates, times, amounts and the service's own codes stay. Apart from the
// per-field rules (redact.ts): these patterns read any text, whichever field it came from.
import { NUMBER_SEPARATOR, stripUnsafe } from '../sanitize.js';
import { maskedAddress, maskIdentifier } from './mask-value.js';

// Inside any other text: e-mail addresses, and numbers of 8 digits or more however they are grouped
// (a DNI, with its check digit "-7" or after letters as in "DNI66778899"; a RUC; a phone, with or
// without +51, in groups split by spaces and any punctuation or symbol: "935:224:168", "987 -- 654"),
// in any form of digit (fullwidth, superscript, circled...) and with marks on them (4́, 4⃣).
// Left as they are, because they are not a person's: dates and times, amounts with cents,
// correlatives (000001105-2026), receipt numbers (B001-00451234) and uuids.
// Each pattern reads a run once, left to right; what a protected pattern takes is not read again.

// An e-mail: a local part (quoted, or a run up to a space or a delimiter), an "@" however written, and
// a domain; with spaces around the "@", or "at"/"arroba" as a word, only when one side looks like an
// address (below). A dot may be written as a word or in brackets too ("gmail punto com", "(dot)"), or
// with spaces around it ("correo . pe").
const RUN = '[^\\s@\\uff20\\ufe6b\\u24d0<>()[\\]{},;:"]+';
// An "@" written twice, in brackets ("(a)", "<at>", "« @ »", "‹at›", "⟨at⟩", full-width ones), between
// dashes, as an HTML entity or percent-encoded (once or twice).
const AT =
  '(?:[@\\uff20\\ufe6b\\u24d0]{1,3}|[[({<«‹⟨〈《〔【（［｛＜]\\s*(?:at|arroba|a|@)\\s*[\\])}>»›⟩〉》〕】）］｝＞]|-{1,3}\\s*(?:at|arroba)\\s*-{1,3}|&#64;|&#x40;|&commat;|%(?:25)?40)';
const WORD_DOT = '(?:\\s*[[({]\\s*(?:dot|punto)\\s*[\\])}]\\s*|\\s+(?:dot|punto|[.。．])\\s+)';
// A few dots in words at most: a longer chain is no address, and reading one from every word of a
// text ("punto y punto y punto...") would take a time that grows with the square of its length.
const DOMAIN = `(?:\\[[^\\]\\s]{1,64}\\]|${RUN}(?:${WORD_DOT}${RUN}){0,4})`;
const LOCAL = `(?:"[^"\\n]{1,64}"|${RUN}(?:${WORD_DOT}${RUN}){0,3})`;
const EMAIL_IN_TEXT = new RegExp(
  `(?<![^\\s@\\uff20\\ufe6b\\u24d0<>()[\\]{},;:"])(${LOCAL})(?:${AT}(${DOMAIN})|\\s*${AT}\\s*(${DOMAIN})|\\s+(?:at|arroba)\\s+(${DOMAIN}))`,
  'giu',
);
// With spaces around the "@", a word and a word ("Tienda @ Lima.", "meet at Lima") are not an
// address; a handle ("juan.perez"), a domain ("gmail.com", "miempresa punto pe") or a mail provider
// ("gmail") is.
const HANDLE = /[._\d-]/u;
const MAIL_DOMAIN = new RegExp(`[.。]\\p{L}|${WORD_DOT}|^(?:gmail|hotmail|outlook|yahoo|live|icloud|msn|aol|proton(?:mail)?)\\b`, 'iu');
/** A text with this many "@" is not one a person wrote: it is masked whole rather than address by address. */
const MOST_ADDRESSES = 16;

// Real dates only (a month is 01-12, a day 01-31, a year 19xx or 20xx), so that no number passes for
// one; a time may carry seconds, their milliseconds and an offset (2026-11-16T10:14:05.123-05:00). A
// longer fraction is no one's way of writing a time in a sentence, and could hold a phone.
const DAY = '(?:0?[1-9]|[12][0-9]|3[01])';
const MONTH = '(?:0?[1-9]|1[0-2])';
const YEAR = '(?:19|20)[0-9]{2}';
const CLOCK = '[0-2]?[0-9]:[0-5][0-9](?::[0-5][0-9](?:[.,][0-9]{1,3})?)?';
const QUARTER_HOUR = '(?:[01]?[0-9]|2[0-3]):(?:00|15|30|45)';
const TIME = `(?:[ T]${CLOCK}(?:Z|[+-][0-2][0-9]:?[0-5][0-9])?)?`;
/** Between two digits of one number: any marks (dots, dashes, colons...) and spaces, however many. */
const SEPARATORS = `${NUMBER_SEPARATOR}*`;
const PROTECTED = [
  `${YEAR}[-/.]${MONTH}[-/.]${DAY}${TIME}`, // 2026-11-16 10:14
  `${DAY}[-/.]${MONTH}[-/.](?:${YEAR}|[0-9]{2})${TIME}`, // 16/11/2026
  `${MONTH}[-/.]${DAY}[-/.]${YEAR}${TIME}`, // 11/16/2026
  // Opening hours, "09:00-18:00": real hours, on the quarter, so that few numbers could pass for a
  // range (a DNI would have to read 0900-1800), and not glued to more digits ("09:00-18:00-45").
  `${QUARTER_HOUR}\\s?[-\u2010-\u2015/]\\s?${QUARTER_HOUR}(?!\\p{M}*[\\p{P}\\p{S}]?\\p{M}*\\p{N})`,
  // A time alone, when no more digits follow it: "10:14:05.123", but not "10:14 4131" nor "13:16-16:59".
  `${CLOCK}(?!${SEPARATORS}\\p{N})`,
  // 1,234.50 and 189.90, below ten million: a consumer's purchase is not of 10,000,000 soles or more,
  // and an 8-digit "amount" (41316690.00) is a DNI or a phone that cents would otherwise hide.
  // Not when more cents follow: pairs of digits each read as an amount ("41.31.66.90") are a number.
  '(?:[0-9](?:,[0-9]{3}){2}|[0-9]{1,3}(?:,[0-9]{3})?|[0-9]{1,7})\\.[0-9]{2}(?!\\p{M}*[.,]\\p{M}*\\p{N})',
  // A correlative as the service writes it; unpadded (1105-2026) it has a DNI's 8 digits, and is masked.
  '[0-9]{9}-[0-9]{4}',
  '(?<![0-9a-f])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}', // a uuid
  '(?<![\\p{L}\\p{N}])\\p{L}{1,2}[0-9]{2,3}-[0-9]{1,8}', // a receipt: series, dash, number
]
  // None glued to more digits, even by marks between (a mark is drawn on the character before it).
  .map((pattern) => `(?:${pattern})(?!\\p{M}*\\p{N})`)
  .join('|');
/** A number of at least six digits (with their marks), perhaps after an area code in parentheses: (01) 412-3456. */
const NUMBER = `\\+?(?:\\(\\+?(?:\\p{N}\\p{M}*){1,4}\\)${SEPARATORS})?(?:\\p{N}\\p{M}*${SEPARATORS}){5,}\\p{N}\\p{M}*`;
const NUMBER_IN_TEXT = new RegExp(`(${PROTECTED})|${NUMBER}`, 'giu');
const DIGITS_NEEDED = 8;

export function maskInText(text: string): string {
  // Cleaned here too (the answers are cleaned already): an invisible character must never split a number.
  const clean = stripUnsafe(text);
  if ((clean.match(/[@\uff20\ufe6b\u24d0]/gu)?.length ?? 0) > MOST_ADDRESSES) return maskIdentifier(clean);
  return clean
    .replace(EMAIL_IN_TEXT, (match: string, local: string, domain?: string, spaced?: string, worded?: string) => {
      const after = domain ?? spaced ?? worded!;
      if (domain === undefined && !HANDLE.test(local) && !MAIL_DOMAIN.test(after)) return match;
      return maskedAddress(local, after);
    })
    .replace(NUMBER_IN_TEXT, (match: string, kept: string | undefined) => {
      if (kept !== undefined) return match;
      const digits = match.replace(/[^\p{N}+]/gu, '');
      return Array.from(digits.replace('+', '')).length >= DIGITS_NEEDED ? maskIdentifier(digits) : match;
    });
}

// A fixed line written with its area code in parentheses, as a business gives its phone: Lima's (01)
// and seven digits, a region's (0xx) and six: (01) 615-0000, (054) 25-1234. Not glued to more digits.
// Glued by any marks and spaces, as the text reads a number in groups (SEPARATORS).
const SEPARATOR = `${NUMBER_SEPARATOR}+`;
const FIXED_LINE = new RegExp(
  `(?<![\\p{L}\\p{N}\\p{M}])(?<!\\p{N}${SEPARATOR})\\((01|0[4-8][1-9])\\) ?(\\d{3}[ -]?\\d{4}|\\d{3}[ -]?\\d{3}|\\d{2}[ -]?\\d{4})(?![\\p{N}\\p{M}])(?!${SEPARATOR}\\p{N})`,
  'gu',
);

/**
 * The organization's own words to the consumer (the official response): read like any text, but for
 * the fixed lines it gives, written as a business writes its number, which are the store's. A fixed
 * line found among the record's other numbers (`personal`, as digits) is masked all the same.
 */
export function maskOwnWords(text: string, personal: readonly string[]): string {
  const clean = stripUnsafe(text);
  if ((clean.match(/[@\uff20\ufe6b\u24d0]/gu)?.length ?? 0) > MOST_ADDRESSES) return maskInText(clean);
  let shown = '';
  let read = 0;
  for (const match of clean.matchAll(FIXED_LINE)) {
    const local = match[2]!.replace(/\D/g, '');
    if (personal.some((number) => number.includes(local))) continue;
    shown += maskInText(clean.slice(read, match.index)) + match[0];
    read = match.index + match[0].length;
  }
  return shown + maskInText(clean.slice(read));
}
