// COMPLAINTS_REDACT_PII=true: the consumer's identifiers and contact data are masked before anything
// is formatted, so text and structured output agree. Names stay: a complaints manager needs them to
// talk about a record, and they identify far less on their own than a DNI, an e-mail or a phone.
import type { ComplaintDetail, ComplaintListItem } from '../api/schemas.js';

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

/** "Av. Javier Prado 123, San Isidro, Lima" -> "•••, Lima": the city only. */
export function maskAddress(value: string): string {
  const parts = value.split(',').map((part) => part.trim()).filter(Boolean);
  return parts.length > 1 ? `${BULLET.repeat(3)}, ${parts[parts.length - 1]}` : BULLET.repeat(3);
}

// Inside text the consumer wrote: e-mail addresses, runs of 8 or more digits (DNI, RUC, phones) and
// mobile numbers written in groups (+51 987 654 321). Amounts, dates and receipt numbers stay.
// The look-behind keeps a match from starting inside a run of letters, so a long word is read once,
// not again from each of its letters.
const EMAIL_IN_TEXT = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}.-]{1,253}\.\p{L}{2,}/gu;
// A number joined by a dash to more digits (the correlative 000001105-2026) is not a person's.
const LONG_NUMBER_IN_TEXT = /(?<![\p{L}\p{N}]|\d-)(?:\+?\d{8,}|(?:\+51[ -]?)?9\d{2}[ -]\d{3}[ -]\d{3})(?![\p{L}\p{N}]|-\d)/gu;

export function maskInText(text: string): string {
  return text.replace(EMAIL_IN_TEXT, maskEmail).replace(LONG_NUMBER_IN_TEXT, (number) => maskIdentifier(number.replace(/[ -]/g, '')));
}

const mask = <T extends string | null>(value: T, how: (text: string) => string): T =>
  (value === null || value.trim() === '' ? value : how(value)) as T;

export function redactDetail(record: ComplaintDetail): ComplaintDetail {
  const { consumer, claim, response } = record;
  return {
    ...record,
    reason: mask(record.reason, maskInText),
    consumer: {
      ...consumer,
      documentNumber: mask(consumer.documentNumber, maskIdentifier),
      legalTaxId: mask(consumer.legalTaxId, maskIdentifier),
      email: mask(consumer.email, maskEmail),
      phone: mask(consumer.phone, maskIdentifier),
      address: mask(consumer.address, maskAddress),
      // The guardian's shape is not in the contract: every text in it is masked, whatever its key.
      guardian: consumer.guardian === null ? null : maskStrings(consumer.guardian),
    },
    claim: { ...claim, description: mask(claim.description, maskInText), request: mask(claim.request, maskInText) },
    response: { ...response, officialResponse: mask(response.officialResponse, maskInText) },
    history: record.history.map((event) => ({ ...event, publicNote: mask(event.publicNote, maskInText) })),
  };
}

export function redactListItem(item: ComplaintListItem): ComplaintListItem {
  return {
    ...item,
    documentNumber: mask(item.documentNumber, maskIdentifier),
    legalTaxId: mask(item.legalTaxId, maskIdentifier),
    email: mask(item.email, maskEmail),
  };
}

function maskStrings(value: Record<string, unknown>): Record<string, unknown> {
  const walk = (inner: unknown): unknown => {
    if (typeof inner === 'string') return inner.trim() === '' ? inner : maskIdentifier(inner);
    if (typeof inner === 'number') return maskIdentifier(String(inner));
    if (Array.isArray(inner)) return inner.map(walk);
    if (typeof inner === 'object' && inner !== null) return Object.fromEntries(Object.entries(inner).map(([key, v]) => [key, walk(v)]));
    return inner;
  };
  return walk(value) as Record<string, unknown>;
}
