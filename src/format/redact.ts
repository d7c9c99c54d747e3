// COMPLAINTS_REDACT_PII=true: the consumer's identifiers and contact data are masked. Each record is
// cleaned and masked as it arrives, before a view is made of it (so that no cut to length leaves part
// of a number in clear), and the answer's keys and strings are read once more (so that whatever a view
// derives is covered); the text is written from that answer, so text and structured output agree.
// Names stay: a complaints manager needs them to talk about a record, and they identify far less on
// their own than a DNI, an e-mail or a phone. The store's own data is not a consumer's: its name is
// never masked, and the phone the official response gives (a fixed line with its area code) stays.
// Masking is per field: a consumer's field is masked whatever it holds, the store's own number too.
// What is shown joined (a name in two fields, the guardian's values side by side) is masked as shown.
//
// This file is the per-field rules: which field of a record or an answer is masked how. The patterns
// read inside any text are in mask-text.ts, the masks of one whole value in mask-value.ts.
import type { DetailAnswer } from '../contract/detail-answer.js';
import type { ComplaintDetail, ComplaintListItem } from '../contract/records.js';
import { isUuid } from '../domain/reference.js';
import { cutIndex, stripUnsafe } from '../sanitize.js';
import { maskInText, maskOwnWords } from './mask-text.js';
import { BULLET, maskAddress, maskEmail, maskIdentifier, withoutAccents } from './mask-value.js';

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
    // Written beside the number ("DNI 4•••••78"), as the detail's is: a digit in it could complete the number.
    documentType: maskWith(item.documentType, maskLabel),
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
  // A key is a label written beside its value ("doc 4131: 6•90"): one holding a digit is hidden whole, as maskLabel hides one.
  return Object.fromEntries(Object.entries(guardian).map(([key, value]) => [maskLabel(maskInText(key)), guardianValueMasked(key, value)]));
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
