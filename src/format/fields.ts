// Small renderers of single values, shared by the list and the detail.
import { wallTimeOf } from '../dates/date-value.js';
import { cleanLine } from '../sanitize.js';

/** A consumer's display name: the legal name of a company, else first and last name. */
export function consumerName(person: {
  personType: string | null;
  firstName: string | null;
  lastName: string | null;
  legalName: string | null;
}): string | null {
  const fullName = [person.firstName, person.lastName].filter((part) => part && part.trim()).join(' ');
  const name = person.legalName?.trim() ? person.legalName : fullName;
  return name ? cleanLine(name, 80) : null;
}

/** "2026-11-03 10:14" in the zone; the raw (cleaned) value when it is not a date-time; null when absent. */
export function dateTime(value: string | null, timeZone: string): string | null {
  if (value === null || value.trim() === '') return null;
  const wallTime = wallTimeOf(value, timeZone);
  if (wallTime === null) return cleanLine(value, 40);
  return wallTime.time === null ? wallTime.date : `${wallTime.date} ${wallTime.time}`;
}

/** The calendar day of `dateTime`: "2026-11-03"; the raw (cleaned) value when it is not a date; null when absent. */
export function dateOnly(value: string | null, timeZone: string): string | null {
  if (value === null || value.trim() === '') return null;
  return wallTimeOf(value, timeZone)?.date ?? cleanLine(value, 40);
}

const CURRENCY_SYMBOLS: Record<string, string> = { PEN: 'S/', USD: 'US$' };

/** "S/ 189.90"; an amount that is not a number is shown as given. */
export function money(currency: string | null, amount: string | null): string | null {
  if (amount === null || amount.trim() === '') return null;
  const symbol = currency ? (CURRENCY_SYMBOLS[currency] ?? cleanLine(currency, 8)) : '';
  const number = Number(amount);
  const shown = amount.trim() !== '' && Number.isFinite(number) ? number.toFixed(2) : cleanLine(amount, 30);
  return `${symbol} ${shown}`.trim();
}

/** A value for a `|`-separated list line: cleaned, short, with no separator inside. */
export function cell(value: string | null, max = 60): string {
  return value === null ? '-' : cleanLine(value, max).replace(/\|/g, '/') || '-';
}
