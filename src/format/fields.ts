// Small readers and writers of single values. The readers make a view's values (cleaned, cut, dates
// short); the writers turn a view's values into the text's words. Shared by the list, the detail and
// the overview.

import { digitsAt, isCalendarDate, isCalendarDateAt } from '../calendar/calendar-date.js';
import { calendarDateOf, wallDayOf, wallTimeOf } from '../calendar/date-time.js';
import type { DeadlineFields } from '../contract/deadline-fields.js';
import type { AllPages } from '../contract/operations.js';
import { NO_SERVICE_DEADLINE, UNDATED, urgencyOf } from '../domain/deadline.js';
import { cleanLine, quoted } from '../sanitize.js';

// ---- Reading values into a view ----

/** One cleaned line cut to `max`; undefined when absent or blank, so that the answer leaves it out. */
export function line(value: string | null | undefined, max: number): string | undefined {
  if (value === null || value === undefined) return undefined;
  return cleanLine(value, max) || undefined;
}

/** A consumer's display name: the legal name of a company, else first and last name. */
export function consumerName(person: { firstName: string | null; lastName: string | null; legalName: string | null }): string | undefined {
  if (person.legalName?.trim()) return line(person.legalName, 80);
  return line([person.firstName, person.lastName].filter((part) => part?.trim()).join(' '), 80);
}

/** "2026-11-03 10:14" in the zone ("2026-11-03" for a date alone); the cleaned value when it is not ISO 8601. */
export function timeIn(value: string | null, timeZone: string): string | undefined {
  if (value === null || value.trim() === '') return undefined;
  const wallTime = wallTimeOf(value, timeZone);
  if (wallTime === null) return line(value, 40);
  return wallTime.time === null ? wallTime.date : `${wallTime.date} ${wallTime.time}`;
}

/** The day of a date-time in the zone, "2026-11-03"; the cleaned value when it is not ISO 8601. */
export function dayIn(value: string | null, timeZone: string): string | undefined {
  if (value === null || value.trim() === '') return undefined;
  return wallDayOf(value, timeZone) ?? line(value, 40);
}

/** A date-valued field (an incident day): midnight UTC read as the date it spells (see calendarDateOf). */
export function calendarDay(value: string | null, timeZone: string): string | undefined {
  if (value === null || value.trim() === '') return undefined;
  return calendarDateOf(value, timeZone) ?? line(value, 30);
}

// ---- Writing a view's values as text ----

/**
 * How dates are written for the model: the year of "today" left out ("11-03"), which saves a few
 * tokens on every date; the text's header says which year that is.
 */
export interface DateStyle {
  timeZone: string;
  /** "2026" */
  currentYear: string;
}

export function dateStyle(today: string, timeZone: string): DateStyle {
  return { timeZone, currentYear: today.slice(0, 4) };
}

/**
 * Whether a view's value is a date we read ("2026-11-03" or "2026-11-03 10:14"), not text as sent:
 * a value sent as "2026-02-30" is kept as text, and must not be written as a date. Read by its
 * characters: every date of every row written passes here.
 */
export function isReadDate(value: string): boolean {
  if (value.length === 10) return isCalendarDate(value);
  if (value.length !== 16 || value.charCodeAt(10) !== 32 || value.charCodeAt(13) !== 58 || !isCalendarDateAt(value, 0)) return false; // " ", ":"
  const hours = digitsAt(value, 11, 2);
  const minutes = digitsAt(value, 14, 2);
  return hours >= 0 && hours <= 23 && minutes >= 0 && minutes <= 59;
}

/** "2026-11-03 10:14" -> "11-03 10:14" in the current year; other years, and text that is not a date, stay whole. */
export function shortDate(value: string, style: DateStyle): string {
  return isReadDate(value) && value.startsWith(`${style.currentYear}-`) ? value.slice(5) : value;
}

/** A line that starts with a date ("2026-11-03 10:14 created → open"), with that date written short. */
export function withShortLeadingDate(text: string, style: DateStyle): string {
  const leading = /^\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2})?(?=\s|$)/.exec(text)?.[0];
  return leading === undefined ? text : shortDate(leading, style) + text.slice(leading.length);
}

/** "Dates in America/Lima; MM-DD is 2026." */
export function datesNote(style: DateStyle, what = 'Dates'): string {
  return `${what} in ${style.timeZone}; MM-DD is ${style.currentYear}.`;
}

const CURRENCY_SYMBOLS: Record<string, string> = { PEN: 'S/', USD: 'US$' };

/**
 * "S/ 189.90"; a currency it has no symbol for, and an amount that is not a number, quoted as given
 * ("EUR" 10.00). The amount always comes after a word: the value written before it (a description)
 * may end in digits, which the amount's would otherwise continue across nothing but a quotation mark
 * and a comma. So without a currency, or with one of no letter, it is "amount 189.90".
 */
export function money(currency: string | undefined, amount: string | undefined): string | undefined {
  if (amount === undefined) return undefined;
  // Only a plain decimal is written again with its cents: Number() would turn "4.131669e7" or a
  // hexadecimal into digits that were never in the record, which masking never read.
  const shown = /^\d+(?:\.\d+)?$/.test(amount) ? Number(amount).toFixed(2) : quoted(amount, 30);
  if (currency && Object.hasOwn(CURRENCY_SYMBOLS, currency)) return `${CURRENCY_SYMBOLS[currency]} ${shown}`;
  const label = currency ? quoted(currency, 40) : '';
  return /\p{L}/u.test(label) ? `${label} ${shown}` : ['amount', label, shown].filter(Boolean).join(' ');
}

// Digits and what groups them, with a leading "+" (a document number, a phone, a dial code), and the
// bullets of a masked one: no word fits in it.
const NUMBER_ONLY = /^\+?[\p{Nd}•][\p{Nd}• .\-/]*$/u;

/**
 * A value the consumer wrote, in a line or row of ours: bare when it can only be data (a number, or
 * one of `known`, the values its field takes in the contract), else quoted, so that words in it read
 * as the consumer's, never as the server's.
 */
export function consumerValue(value: string, max: number, known: readonly string[] = []): string {
  return known.includes(value) || NUMBER_ONLY.test(value) ? value : quoted(value, max);
}

/** A cell of a tab-separated row: the value, or "-" when absent. Values are cleaned to one line already. */
export function cell(value: string | number | undefined): string {
  return value === undefined || value === '' ? '-' : String(value);
}

/** A cell that holds a consumer's words (a name): quoted, as in a line; "-" when absent. */
export function quotedCell(value: string | undefined, max: number): string {
  return value === undefined || value === '' ? '-' : quoted(value, max);
}

/** A nested part of an answer, left out when none of its fields has a value. */
export function section<T extends object>(fields: T): T | undefined {
  return Object.values(fields).some((value) => value !== undefined) ? fields : undefined;
}

/** A list of an answer, left out when empty. */
export function nonEmpty<T>(items: T[]): T[] | undefined {
  return items.length > 0 ? items : undefined;
}

/**
 * "due 2026-12-15, 15 business days left" / "due 2026-11-25, 2 business days left, DUE SOON" /
 * "due 2026-11-18, 3 business days OVERDUE", and once answered
 * "answered 2026-11-20" / "answered 2026-10-15, 2 business days late (due 2026-10-13)".
 * `writeDate` writes the dates (the text leaves out the current year).
 */
export function describeDeadline(fields: DeadlineFields, writeDate: (date: string) => string = (date) => date): string {
  if (fields.answered !== undefined) {
    const on = fields.answered === UNDATED ? '' : ` ${writeDate(fields.answered)}`;
    const due = fields.due === undefined ? '' : ` (due ${writeDate(fields.due)}${serviceNote(fields.serviceDue, writeDate)})`;
    return fields.daysLate ? `answered${on}, ${plural(fields.daysLate, 'business day')} late${due}` : `answered${on}`;
  }
  const left = fields.daysLeft;
  if (fields.due === undefined || left === undefined) return 'deadline unknown';
  const due = `${writeDate(fields.due)}${serviceNote(fields.serviceDue, writeDate)}`;
  if (left < 0) return `due ${due}, ${plural(-left, 'business day')} OVERDUE`;
  // 0 left: the deadline is today, or a day off before the next business day; either way, answer today.
  const text = `due ${due}, ${plural(left, 'business day')} left`;
  return urgencyOf(left) === 'due_soon' ? `${text}, DUE SOON` : text;
}

/**
 * " by law (service says 12-10)" when the service's deadline differs from the law's, " by law (service
 * sent none)" when it sent none; "" otherwise. The law's day is the one counted.
 */
export function serviceNote(serviceDue: string | undefined, writeDate: (date: string) => string = (date) => date): string {
  if (serviceDue === undefined) return '';
  return serviceDue === NO_SERVICE_DEADLINE
    ? ' by law (service sent none)'
    : ` by law (service says ${isReadDate(serviceDue) ? writeDate(serviceDue) : quoted(serviceDue, 40)})`;
}

/** What could not be read of `pages`, in one sentence; undefined when every record was. */
export function readingGap(pages: AllPages, unit: string, readFirst: 'oldest' | 'newest' = 'oldest'): string | undefined {
  const missing = Math.max(pages.unread, pages.total - pages.items.length);
  if (missing === 0 && pages.stoppedBy === undefined) return undefined;
  const gap = `${plural(missing, unit)} of ${pages.total} could not be read`;
  if (pages.stoppedBy !== undefined) return `${gap}: ${pages.stoppedBy.replace(/\.$/, '')}.`;
  if (pages.capped) {
    const narrow = readFirst === 'oldest' ? 'storeId or type' : 'from/to, storeId or type';
    return `${gap} (the ${pages.items.length} ${readFirst} were read, the most one call reads); narrow with ${narrow} to read the rest.`;
  }
  // Every page was read, yet fewer distinct records came than the service counts.
  return `${gap}: the service's pages held ${pages.items.length} distinct records of the ${pages.total} it counts${pages.repeated > 0 ? ` (${plural(pages.repeated, 'record')} came more than once)` : ''}.`;
}

export function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
