// COMPLAINTS_REDACT_PII=true: the consumer's identifiers and contact data are masked in the answer a
// tool returns, after every value has been cleaned (an invisible character inside a number must not
// hide it from the patterns), and before the text is written from that answer, so that text and
// structured output agree. Names stay: a complaints manager needs them to talk about a record, and
// they identify far less on their own than a DNI, an e-mail or a phone.
import type { DetailAnswer } from '../contract/detail-answer.js';

const BULLET = '•';

/** "41234578" -> "4•••••78": the first and the last two characters stay, so a person can still tell records apart. */
export function maskIdentifier(value: string): string {
  // By code point, so that no emoji is cut in half.
  const characters = Array.from(value.trim());
  if (characters.length <= 3) return BULLET.repeat(Math.max(characters.length, 1));
  return `${characters[0]}${BULLET.repeat(characters.length - 3)}${characters.slice(-2).join('')}`;
}

/** "maria.quispe@correo.pe" -> "m•••@correo.pe": the domain says which provider, not who. */
export function maskEmail(value: string): string {
  const text = value.trim();
  const at = text.lastIndexOf('@');
  if (at <= 0) return maskIdentifier(text);
  return `${Array.from(text)[0]}${BULLET.repeat(3)}${text.slice(at)}`;
}

// Peru's regions and their capitals, and the largest other cities: the one part of an address that
// says where, not who. Compared without accents or case.
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
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
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

// Inside any other text: e-mail addresses, runs of 8 or more digits (DNI, RUC, carné de extranjería,
// phones; with a DNI's check digit "-7"; after letters too, as in "DNI66778899" or "DNI_55667788.pdf"),
// and mobile numbers written in groups (+51 987 654 321, 987.654.321, 987-654-321). Digits of any
// script count (fullwidth ones too). Amounts, dates and receipt numbers (B001-00451234: digits after a
// dash that follows digits) stay, and so do correlatives (000001105-2026).
// The look-behinds keep a match from starting inside a run it belongs to, so a long word is read once,
// not again from each of its characters.
const EMAIL_IN_TEXT = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;
const MOBILE_IN_GROUPS = String.raw`(?:\+?51[\s.-]?)?9\p{Nd}{2}[\s.-]\p{Nd}{3}[\s.-]\p{Nd}{3}`;
const LONG_NUMBER = String.raw`\+?\p{Nd}{8,}(?:-[\p{Nd}A-Za-z](?![\p{L}\p{N}]))?`;
const NUMBER_IN_TEXT = new RegExp(String.raw`(?<!\p{N}|\p{Nd}[-./])(?:${MOBILE_IN_GROUPS}|${LONG_NUMBER})(?!\p{Nd})`, 'gu');
/** A correlative: nine zero-padded digits, a dash, the year. */
const CORRELATIVE_TAIL = /^-\d{4}(?!\d)/;

export function maskInText(text: string): string {
  return text.replace(EMAIL_IN_TEXT, maskEmail).replace(NUMBER_IN_TEXT, (number: string, offset: number, whole: string) => {
    if (/^00\d{7}$/.test(number) && CORRELATIVE_TAIL.test(whole.slice(offset + number.length))) return number;
    return maskIdentifier(number.replace(/[\s.-]/gu, ''));
  });
}

// The service's own identifiers, codes and amounts: never a consumer's, and needed as they are (the id
// is what get_complaint takes). Every other string of an answer is read for identifiers.
const SERVICE_VALUES = new Set(['id', 'storeId', 'correlative', 'trackingCode', 'timeZone', 'amount', 'currency']);

/** Every string of a list or overview answer with the identifiers inside it masked. */
export function redactAnswer<T extends object>(answer: T): T {
  return maskTextsIn(answer) as T;
}

export function redactDetailAnswer(answer: DetailAnswer): DetailAnswer {
  const { consumer } = answer;
  const masked: DetailAnswer = {
    ...answer,
    consumer: consumer && {
      ...consumer,
      documentNumber: maskWith(consumer.documentNumber, maskIdentifier),
      legalTaxId: maskWith(consumer.legalTaxId, maskIdentifier),
      email: maskWith(consumer.email, maskEmail),
      phone: maskWith(consumer.phone, maskIdentifier),
      address: maskWith(consumer.address, maskAddress),
      // The guardian's shape is not in the contract: every value is masked whatever its key, and a key
      // is read like any text (it could be a number or an e-mail itself).
      guardian:
        consumer.guardian &&
        Object.fromEntries(Object.entries(consumer.guardian).map(([key, value]) => [maskInText(key), maskIdentifier(value)])),
    },
  };
  return maskTextsIn(masked) as DetailAnswer;
}

const maskWith = (value: string | undefined, how: (text: string) => string) => (value === undefined ? undefined : how(value));

/** A copy with maskInText applied to every string but the service's own values. Keys are kept (fromEntries keeps "__proto__" a key). */
function maskTextsIn(value: unknown, key?: string): unknown {
  if (typeof value === 'string') return key !== undefined && SERVICE_VALUES.has(key) ? value : maskInText(value);
  if (Array.isArray(value)) return value.map((item) => maskTextsIn(item));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, maskTextsIn(inner, name)]));
  }
  return value;
}
