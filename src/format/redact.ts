// COMPLAINTS_REDACT_PII=true: the consumer's identifiers and contact data are masked. Each record is
// cleaned and masked as it arrives, before a view is made of it (so that no cut to length leaves part
// of a number in clear), and the answer's keys and strings are read once more (so that whatever a view
// derives is covered); the text is written from that answer, so text and structured output agree.
// Names stay: a complaints manager needs them to talk about a record, and they identify far less on
// their own than a DNI, an e-mail or a phone. The store's own data is not a consumer's: its name is
// never masked, and the phone the official response gives (a fixed line with its area code) stays.
// Masking is per field: a consumer's field is masked whatever it holds, the store's own number too.
// What is shown joined (a name in two fields, the guardian's values side by side) is masked as shown.
import type { DetailAnswer } from '../contract/detail-answer.js';
import type { ComplaintDetail, ComplaintListItem } from '../contract/records.js';
import { isUuid } from '../domain/reference.js';
import { cutIndex, NUMBER_SEPARATOR, stripUnsafe } from '../sanitize.js';

const BULLET = '•';

/** "41234578" -> "4•••••78": the first and the last two characters stay, so a person can still tell records apart. */
export function maskIdentifier(value: string): string {
  // By code point, so that no emoji is cut in half.
  const characters = Array.from(value.trim());
  if (characters.length <= 3) return BULLET.repeat(Math.max(characters.length, 1));
  return `${characters[0]}${BULLET.repeat(characters.length - 3)}${characters.slice(-2).join('')}`;
}

/**
 * "maria.quispe@correo.pe" -> "m•••@correo.pe": the domain says which provider, not who. A domain
 * is kept only when it reads as one, ending in a top-level domain's letters: whatever else follows
 * the "@" (digits, words) could be half of a number the next value written beside it completes.
 */
export function maskEmail(value: string): string {
  const text = value.trim();
  const at = text.lastIndexOf('@');
  if (at <= 0) return maskIdentifier(text);
  const domain = text.slice(at + 1);
  return maskedAddress(text.slice(0, at), HOST_NAME.test(domain) ? domain : BULLET.repeat(3));
}

/** "correo.pe", "mail.uni2.edu.pe": labels of letters, digits and dashes, the last of letters only. */
const HOST_NAME = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}$/u;

/** The first character of the local part, three bullets, the domain. */
function maskedAddress(local: string, domain: string): string {
  return `${Array.from(local)[0]}${BULLET.repeat(3)}@${domain}`;
}

// Peru's regions and their capitals, and the largest other cities: the one part of an address that
// says where, not who. Compared without accents or case.
// biome-ignore format: a packed list reads better one line per row than one entry per line
const PLACES = new Set(
  [
    'Amazonas', 'Ancash', 'Apurimac', 'Arequipa', 'Ayacucho', 'Cajamarca', 'Callao', 'Cusco', 'Cuzco', 'Huancavelica',
    'Huanuco', 'Ica', 'Junin', 'La Libertad', 'Lambayeque', 'Lima', 'Loreto', 'Madre de Dios', 'Moquegua', 'Pasco',
    'Piura', 'Puno', 'San Martin', 'Tacna', 'Tumbes', 'Ucayali', 'Chachapoyas', 'Huaraz', 'Abancay', 'Huancayo',
    'Trujillo', 'Chiclayo', 'Iquitos', 'Puerto Maldonado', 'Cerro de Pasco', 'Moyobamba', 'Pucallpa', 'Chimbote',
    'Juliaca', 'Sullana', 'Tarapoto', 'Peru',
  ].map(placeKey),
);

function placeKey(name: string): string {
  return withoutAccents(name).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Compared without accents: "Junín" is "Junin", "Dirección" is "Direccion". */
function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/**
 * "Av. Javier Prado 123, San Isidro, Lima" -> "•••, Lima": the region or city only, wherever the
 * address names it ("Lima, Surquillo, Calle Mercaderes 853" -> "•••, Lima"); nothing when it names none.
 */
export function maskAddress(value: string): string {
  const place = value
    .split(',')
    .map((part) => part.trim())
    .findLast((part) => PLACES.has(placeKey(part)));
  return place === undefined ? BULLET.repeat(3) : `${BULLET.repeat(3)}, ${place}`;
}

// Inside any other text: e-mail addresses, and numbers of 8 digits or more however they are grouped
// (a DNI, with its check digit "-7" or after letters as in "DNI66778899"; a RUC; a phone, with or
// without +51, in groups split by spaces and any punctuation or symbol: "935:224:168", "987 -- 654"),
// in any form of digit (fullwidth, superscript, circled...) and with marks on them (4́, 4⃣).
// Left as they are, because they are not a person's: dates and times, amounts with cents,
// correlatives (000001105-2026), receipt numbers (B001-00451234) and uuids.
// Each pattern reads a run once, left to right; what a protected pattern takes is not read again.

// An e-mail: a local part (quoted, or a run up to a space or a delimiter), an "@" however written, and
// a domain; with spaces around the "@", or "at"/"arroba" as a word, only when one side looks like an
// address (below). A dot may be written as a word or in brackets too ("gmail punto com", "(dot)").
const RUN = '[^\\s@\\uff20\\ufe6b\\u24d0<>()[\\]{},;:"]+';
// An "@" written twice, in brackets ("(a)", "<at>", "« @ »"), between dashes, as an HTML entity or
// percent-encoded (once or twice).
const AT = '(?:[@\\uff20\\ufe6b\\u24d0]{1,3}|[[({<«]\\s*(?:at|arroba|a|@)\\s*[\\])}>»]|-{1,3}\\s*(?:at|arroba)\\s*-{1,3}|&#64;|&#x40;|&commat;|%(?:25)?40)';
const WORD_DOT = '(?:\\s*[[({]\\s*(?:dot|punto)\\s*[\\])}]\\s*|\\s+(?:dot|punto)\\s+)';
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

/** A date or date-time: like a record's ids (uuids), its digits are no one's number. */
const A_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Every number the record holds outside the organization's own words, as the digits of each value
 * (full-width and other compatibility digits read as ASCII): the consumer's fields, the guardian's
 * at any depth, and whatever the consumer or the staff wrote elsewhere. A fixed line of the official
 * response found among them is someone's number, not the store's, and is masked.
 */
function personalNumbers(record: ComplaintDetail): string[] {
  const numbers: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (typeof value === 'string' || typeof value === 'number') {
      const text = stripUnsafe(String(value)).normalize('NFKC').trim();
      if (isUuid(text) || A_DATE.test(text)) return;
      const digits = text.replace(/\D/g, '');
      if (digits.length >= 6) numbers.push(digits);
    } else if (typeof value === 'object' && value !== null && depth < 32) {
      for (const inner of Object.values(value)) visit(inner, depth + 1);
    }
  };
  const { store: _store, response, ...rest } = record;
  visit(rest, 0);
  if (response) {
    const { officialResponse: _own, ...others } = response;
    visit(others, 0);
  }
  return numbers;
}

/**
 * A record as the service sent it, masked before a view is made of it: every string cleaned, then
 * read for identifiers (so that a view's cut to length can never leave part of a number in clear),
 * and the consumer's identifier fields masked whole. Ids, correlatives and dates pass the patterns
 * unchanged; the store's name, and the fixed lines of the official response, are the store's own.
 */
export function redactDetail(record: ComplaintDetail): ComplaintDetail {
  const masked = maskTextsIn(record, { personal: personalNumbers(record), keepsTimestamps: true }) as ComplaintDetail;
  const { consumer } = record;
  return {
    ...masked,
    consumer: {
      ...masked.consumer,
      documentType: maskWith(masked.consumer.documentType, maskLabel),
      documentNumber: maskWith(consumer.documentNumber, maskIdentifier),
      legalTaxId: maskWith(consumer.legalTaxId, maskIdentifier),
      email: maskWith(consumer.email, maskEmail),
      dialCode: maskWith(masked.consumer.dialCode, maskDialCode),
      phone: maskWith(consumer.phone, maskIdentifier),
      address: maskWith(consumer.address, maskAddress),
      guardian: consumer.guardian && guardianMasked(consumer.guardian),
    },
    claim: {
      ...masked.claim,
      itemType: maskWith(masked.claim.itemType, maskLabel),
      currency: maskWith(masked.claim.currency, maskLabel),
      proofOfPaymentType: maskWith(masked.claim.proofOfPaymentType, maskLabel),
    },
  };
}

/**
 * A label the text writes beside a value ("DNI 4•••••78", "PEN 649.90", "BOLETA B001-451234") is a
 * word: a digit in one could complete the number beside it ("DNI 4131669" and "0•bc"), so such a
 * label is hidden whole.
 */
const maskLabel = (value: string) => (/\p{N}/u.test(value) ? BULLET.repeat(3) : value);
/** A dial code is "+51": a few digits; anything longer could be the start of the phone beside it. */
const maskDialCode = (value: string) => (/^\+?\d{1,4}$/.test(value.trim()) ? value : BULLET.repeat(3));

export function redactListItem(item: ComplaintListItem): ComplaintListItem {
  return {
    ...(maskTextsIn(item, { personal: [], keepsTimestamps: true }) as ComplaintListItem),
    documentNumber: maskWith(item.documentNumber, maskIdentifier),
    legalTaxId: maskWith(item.legalTaxId, maskIdentifier),
    email: maskWith(item.email, maskEmail),
  };
}

/**
 * Every key and string of an answer read for identifiers once more, after the view was made from
 * masked records: whatever a view derives (a count's key, a history line) is covered too. The store's
 * name and the fixed lines of the official response stay, as in the records (whose consumer's own
 * numbers were masked there).
 */
export function redactAnswer<T extends object>(answer: T): T {
  return maskTextsIn(answer, ANSWER) as T;
}

/**
 * A detail answer read once more (redactAnswer), then as it is shown: the text and the view write the
 * consumer's first and last name as one, which can hold together what each held in part ("Rosa 4131"
 * and "6690 Quispe", "mariagarcia" and "@gmail.com"). When the joined name masks otherwise, it is
 * given whole, masked, as the first name: what the list shows of the same record.
 */
export function redactDetailAnswer(answer: DetailAnswer): DetailAnswer {
  const masked = withLabelApart(redactAnswer(answer));
  const consumer = masked.consumer;
  if (consumer?.firstName === undefined || consumer.lastName === undefined) return masked;
  const joined = `${consumer.firstName} ${consumer.lastName}`;
  const shown = maskInText(joined);
  if (shown === joined) return masked;
  const { lastName: _inTheFirst, ...others } = consumer;
  return { ...masked, consumer: { ...others, firstName: shown } };
}

/**
 * The text writes the document type right after the consumer's name ("Maria garcia", "@gmail.com"
 * 4•••••78): a type that would complete the name into an e-mail or a number, read together with it,
 * is hidden whole, as a label holding a digit is (maskLabel).
 */
function withLabelApart(answer: DetailAnswer): DetailAnswer {
  const consumer = answer.consumer;
  const label = consumer?.documentType;
  if (consumer === undefined || label === undefined) return answer;
  const name = consumer.legalName ?? [consumer.firstName, consumer.lastName].filter(Boolean).join(' ');
  // Hidden only for what the two make together: a name that masks on its own is no reason.
  const joinsNothing = (between: string) => maskInText(`${name}${between}${label}`) === `${maskInText(name)}${between}${maskInText(label)}`;
  if (name === '' || (joinsNothing('') && joinsNothing(' '))) return answer;
  return { ...answer, consumer: { ...consumer, documentType: BULLET.repeat(3) } };
}

/** A guardian's key that holds an address, in English or Spanish (compared without accents), or a value that reads as one. */
const ADDRESS_KEY = /addr|direcc|domicil|residen|street|calle|ubicac|location/i;
const ADDRESS_VALUE = /(?:^|[\s,])(?:av|avda|avenida|jr|jiron|calle|psje|pasaje|mz|manzana|lote|urb|urbanizacion|street|st|carretera|prolongacion)\b\.?\s/i;
/**
 * The guardian's shape is not in the contract: keys are read like any text (a key could be a number or
 * an e-mail itself), and each value is masked as a whole, by what it is. The text writes the values
 * side by side, so a value with any digit is masked whole: however short, it could be the rest of
 * another's number ("Luis 4131" and "6690"). A name stays; a nested value is read like any text.
 */
function guardianMasked(guardian: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(guardian).map(([key, value]) => [maskInText(key), guardianValueMasked(key, value)]));
}

function guardianValueMasked(key: string, value: unknown): unknown {
  if (typeof value !== 'string' && typeof value !== 'number') return maskTextsIn(value, ANSWER);
  const text = stripUnsafe(String(value));
  if (ADDRESS_KEY.test(withoutAccents(key)) || ADDRESS_VALUE.test(withoutAccents(text))) return maskAddress(text);
  return /\p{N}/u.test(text) ? maskIdentifier(text) : maskInText(text);
}

/** The whole value cleaned and masked; null stays null. */
const maskWith = (value: string | null, how: (text: string) => string) => (value === null || value.trim() === '' ? value : how(stripUnsafe(value)));

/**
 * The service's own codes: a record's id and correlative, its tracking code, a store's id. Plain
 * codes (letters, digits, dashes) stay as sent, whatever digits they hold, because get_complaint and
 * the storeId filter take them back; anything else in them (an e-mail, say) is read like any text.
 */
const CODE_FIELDS = new Set(['id', 'correlative', 'trackingCode', 'storeId', 'proofOfPaymentNumber']);
const PLAIN_CODE = /^[\w-]{1,64}$/;
/** An amount as the service sends it: a plain number, whatever its digits. */
const PLAIN_AMOUNT = /^\d{1,15}(?:\.\d{1,4})?$/;
/**
 * Longer texts are cut before they are read (cutIndex leaves no part of a number): no view shows more
 * than 2,000 characters of one, and a service's megabytes of text would otherwise cost seconds.
 */
const MOST_READ = 8192;
const readable = (text: string) => (text.length > MOST_READ ? text.slice(0, cutIndex(text, MOST_READ)) : text);

/**
 * The store's name, wherever an answer or a record holds it: a list item's storeName, a row's store, a
 * detail's store.name. A guardian's keys are the service's words, but its values are masked without
 * their keys (guardianMasked), so a guardian's "store" is masked all the same.
 */
const isStoreName = (key: string | undefined, parent: string | undefined) => key === 'storeName' || key === 'store' || (parent === 'store' && key === 'name');

/**
 * The times a record holds: a service may write them to the nanosecond, and every view reads them
 * (a deadline counts from them), so a whole timestamp there is kept as sent. Anywhere else, and in an
 * answer, whose times are short or left as sent when unreadable, a long fraction is read as a number.
 */
const TIME_FIELDS = new Set(['createdAt', 'updatedAt', 'respondedAt', 'sentAt', 'incidentDate', 'responseDeadline', 'date']);
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * How maskTextsIn reads a value. `personal`: the consumer's numbers, which the official response's
 * fixed lines must not be either; `keepsTimestamps`: a record's times are kept (TIME_FIELDS).
 */
interface Reading {
  personal: readonly string[];
  keepsTimestamps: boolean;
}
const ANSWER: Reading = { personal: [], keepsTimestamps: false };

/**
 * A copy with maskInText applied to every string and key (but plain codes, above, and the store's own
 * words). fromEntries keeps a key such as "__proto__" a key; two keys that mask alike (two statuses
 * holding different DNIs) are merged, their counts added.
 */
function maskTextsIn(value: unknown, reading: Reading, key?: string, parent?: string): unknown {
  if (typeof value === 'string') {
    if (key !== undefined && CODE_FIELDS.has(key) && PLAIN_CODE.test(value.trim())) return value;
    if (key === 'amount' && PLAIN_AMOUNT.test(value.trim())) return value;
    if (reading.keepsTimestamps && key !== undefined && TIME_FIELDS.has(key) && TIMESTAMP.test(value.trim())) return value;
    if (isStoreName(key, parent)) return stripUnsafe(readable(value));
    if (key === 'officialResponse') return maskOwnWords(readable(value), reading.personal);
    return maskInText(readable(value));
  }
  if (Array.isArray(value)) return value.map((item) => maskTextsIn(item, reading));
  if (typeof value === 'object' && value !== null) {
    const entries = new Map<string, unknown>();
    for (const [name, inner] of Object.entries(value)) {
      const shownName = maskInText(readable(name));
      const masked = maskTextsIn(inner, reading, name, key);
      const earlier = entries.get(shownName);
      entries.set(shownName, typeof earlier === 'number' && typeof masked === 'number' ? earlier + masked : (earlier ?? masked));
    }
    return Object.fromEntries(entries);
  }
  return value;
}
