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

/**
 * How dates are written for the model: in the member's time zone, with the year of "today" left out
 * ("11-03"), which saves a few tokens on every date; the text's header says which year that is.
 */
export interface DateStyle {
  timeZone: string;
  /** "2026" */
  currentYear: string;
}

export function dateStyle(today: string, timeZone: string): DateStyle {
  return { timeZone, currentYear: today.slice(0, 4) };
}

/** "2026-11-03" -> "11-03" in the current year; other years stay whole. */
export function shortDate(date: string, style: DateStyle): string {
  return date.startsWith(`${style.currentYear}-`) ? date.slice(5) : date;
}

/** "Dates in America/Lima; MM-DD is 2026." */
export function datesNote(style: DateStyle, what = 'Dates'): string {
  return `${what} in ${style.timeZone}; MM-DD is ${style.currentYear}.`;
}

/** "11-03 10:14" (or "11-03" for a date alone) in the zone; null when absent or not a date we can read. */
export function readableDateTime(value: string | null, style: DateStyle): string | null {
  const wallTime = value === null ? null : wallTimeOf(value, style.timeZone);
  if (wallTime === null) return null;
  const date = shortDate(wallTime.date, style);
  return wallTime.time === null ? date : `${date} ${wallTime.time}`;
}

/** `readableDateTime`, or the raw (cleaned) value when it is not a date-time; null when absent. */
export function dateTime(value: string | null, style: DateStyle): string | null {
  if (value === null || value.trim() === '') return null;
  return readableDateTime(value, style) ?? cleanLine(value, 40);
}

/** The calendar day of `dateTime`: "11-03"; the raw (cleaned) value when it is not a date; null when absent. */
export function dateOnly(value: string | null, style: DateStyle): string | null {
  if (value === null || value.trim() === '') return null;
  const wallTime = wallTimeOf(value, style.timeZone);
  return wallTime === null ? cleanLine(value, 40) : shortDate(wallTime.date, style);
}

/** An e-mail delivery state that is neither sent nor queued (failed, bounced, or one the contract does not list). */
export function needsAttention(deliveryState: string | null): deliveryState is string {
  return deliveryState !== null && deliveryState !== 'sent' && deliveryState !== 'queued';
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
