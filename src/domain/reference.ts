// Records by the numbers people know: a correlative ("000000481-2026") or a tracking code
// ("RCL-7KQ2-M9XD"). The API reads records by id only, so a reference is looked up with the list
// operation's search (partial) and kept only where it matches exactly, ignoring case.
import type { ComplaintsReader } from '../contract/operations.js';
import type { ComplaintListItem } from '../contract/records.js';
import { quoted } from '../sanitize.js';

/** Correlatives and tracking codes: letters, digits and dashes (a uuid passes too, and is read as an id). */
export const REFERENCE_PATTERN = /^[\w-]{1,60}$/;
export const REFERENCE_RULE = 'expected a correlative such as 000000481-2026 or a tracking code such as RCL-7KQ2-M9XD';

/** A uuid of any version, as zod's guid reads one (the API's ids and store ids); one regex, cheap over a whole book. */
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const isUuid = (value: string) => UUID.test(value);

/** The records whose correlative or tracking code is `reference`, ignoring case and surrounding spaces. */
export function exactMatches(items: readonly ComplaintListItem[], reference: string): ComplaintListItem[] {
  const wanted = reference.trim().toLowerCase();
  return items.filter((item) => [item.correlative, item.trackingCode].some((value) => value?.trim().toLowerCase() === wanted));
}

/** Digits of a correlative's number, zero-padded: "000000481" of "000000481-2026". */
const NUMBER_DIGITS = 9;

/**
 * How a reference is looked up: a correlative's number alone ("481", "000000481": of any year), a
 * correlative whose number may be short ("481-2026"), anything else (a tracking code) as given; or
 * refused before any request, saying why, when it is digits and dashes but no correlative. A uuid
 * is read as an id before this.
 */
export type ReferenceReading =
  | { kind: 'number'; number: string }
  | { kind: 'correlative'; correlative: string }
  | { kind: 'text'; text: string }
  | { kind: 'refused'; why: string };

export function readReference(reference: string): ReferenceReading {
  const text = reference.trim();
  if (!/^[\d-]+$/.test(text)) return { kind: 'text', text };
  const [, digits, year] = /^(\d+)(?:-(\d+))?$/.exec(text) ?? [];
  const shown = quoted(text, 40);
  if (digits === undefined) return { kind: 'refused', why: `${shown} is not a correlative: give 481, 000000481 or 000000481-2026.` };
  if (digits.length > NUMBER_DIGITS)
    return { kind: 'refused', why: `${shown} is not a correlative: its number has at most ${NUMBER_DIGITS} digits (000000481-2026).` };
  if (/^0+$/.test(digits)) return { kind: 'refused', why: `${shown} is not a correlative: correlatives are numbered from 1.` };
  const number = digits.padStart(NUMBER_DIGITS, '0');
  if (year === undefined) return { kind: 'number', number };
  if (year.length !== 4) {
    // Not guessed: suggested, for the member to confirm.
    const suggestion = year.length === 2 ? `: ${number}-20${year}?` : ', as in 000000481-2026.';
    return { kind: 'refused', why: `${shown} is not a correlative: give its year in four digits${suggestion}` };
  }
  return { kind: 'correlative', correlative: `${number}-${year}` };
}

/** A record found by its number, and the year of its correlative. */
export type NumberedRecord = ComplaintListItem & { id: string; year: string };

/**
 * The records whose correlative is `number` (nine digits) of some year, newest year first: one search
 * for "000000481-", which finds every year's, kept where the correlative is exactly that number and a year.
 */
export async function recordsNumbered(reader: ComplaintsReader, number: string, signal?: AbortSignal): Promise<NumberedRecord[]> {
  const { items } = await reader.listComplaints({ search: `${number}-`, pageSize: 100 }, signal);
  const exact = new RegExp(`^${number}-(\\d{4})$`);
  return items
    .flatMap((item) => {
      const year = exact.exec(item.correlative?.trim() ?? '')?.[1];
      return item.id === null || year === undefined ? [] : [{ ...item, id: item.id, year }];
    })
    .sort((a, b) => b.year.localeCompare(a.year));
}

/** The records with an id that `reference` names exactly: none, one, or several for the caller to choose from. */
export async function recordsNamed(reader: ComplaintsReader, reference: string, signal?: AbortSignal): Promise<Array<ComplaintListItem & { id: string }>> {
  const { items } = await reader.listComplaints({ search: reference.trim(), pageSize: 100 }, signal);
  return exactMatches(items, reference).filter((item): item is ComplaintListItem & { id: string } => item.id !== null);
}
