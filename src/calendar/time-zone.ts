// Wall-clock times in an IANA time zone: what an instant reads as in Lima, or in the member's zone.
import { civilOfDayNumber } from './calendar-date.js';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function partsOf(instant: Date, timeZone: string): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return parts;
}

/** The zone's offset from UTC at `ms`, in ms, exact to the second (old local mean times have odd seconds). */
function offsetAt(ms: number, timeZone: string): number {
  const p = partsOf(new Date(ms), timeZone);
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - Math.floor(ms / 1000) * 1000;
}

// formatToParts costs microseconds and allocates a dozen objects; a page of records asks it dozens of
// times, an overview of 5,000 records some 15,000 times. The offset is what it needs and changes a few
// times a year, months apart, so it is kept per 6-hour slot of UTC, checked at both ends of the slot; a
// slot with a change in it (NaN) is formatted exactly. 4,096 slots hold almost three years: smaller
// slots made an overview of a few months clear the cache over and over (about 200 ms in 5,000 records).
const SLOT_MS = 6 * 60 * 60_000;
const MAX_SLOTS = 4096;
const slotOffsets = new Map<string, Map<number, number>>();

function slotOffset(ms: number, timeZone: string): number {
  let slots = slotOffsets.get(timeZone);
  if (!slots) {
    slots = new Map();
    slotOffsets.set(timeZone, slots);
  }
  const slot = Math.floor(ms / SLOT_MS);
  let offset = slots.get(slot);
  if (offset === undefined) {
    const start = slot * SLOT_MS;
    const first = offsetAt(start, timeZone);
    offset = first === offsetAt(start + SLOT_MS - 1000, timeZone) ? first : Number.NaN;
    if (slots.size >= MAX_SLOTS) slots.clear();
    slots.set(slot, offset);
  }
  return offset;
}

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The wall clock of `instant` in `timeZone`: { date: "2026-11-22", time: "10:14" }. */
export function wallClock(instant: Date, timeZone: string): { date: string; time: string } {
  return wallClockAt(instant.getTime(), timeZone);
}

/** wallClock of the instant `ms` milliseconds after the epoch, without a Date: every date of every record passes here. */
export function wallClockAt(ms: number, timeZone: string): { date: string; time: string } {
  const offset = slotOffset(ms, timeZone);
  if (!Number.isNaN(offset)) {
    const local = ms + offset;
    const dayNumber = Math.floor(local / DAY_MS);
    const [year, month, day] = civilOfDayNumber(dayNumber);
    if (year >= 1000 && year <= 9999) {
      const minuteOfDay = Math.floor((local - dayNumber * DAY_MS) / MINUTE_MS);
      return { date: `${year}-${pad2(month)}-${pad2(day)}`, time: `${pad2(Math.floor(minuteOfDay / 60))}:${pad2(minuteOfDay % 60)}` };
    }
  }
  const parts = partsOf(new Date(ms), timeZone);
  // Years before 1000 come without leading zeros.
  return { date: `${parts.year?.padStart(4, '0')}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The date alone of wallClockAt, its time not written: most readings want only the day. */
export function wallDateAt(ms: number, timeZone: string): string {
  const offset = slotOffset(ms, timeZone);
  if (!Number.isNaN(offset)) {
    const [year, month, day] = civilOfDayNumber(Math.floor((ms + offset) / DAY_MS));
    if (year >= 1000 && year <= 9999) return `${year}-${pad2(month)}-${pad2(day)}`;
  }
  return wallClockAt(ms, timeZone).date;
}

/** The calendar date of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  return wallDateAt(instant.getTime(), timeZone);
}
