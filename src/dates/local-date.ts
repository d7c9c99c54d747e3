// Calendar dates ("YYYY-MM-DD") and wall-clock times in a given IANA time zone.
// Arithmetic on calendar dates is done on UTC midnights, so that no DST jump can shift a day.

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
// times. The offset is what it needs and changes a few times a year, so it is kept per 15-minute slot of
// UTC, checked at both ends of the slot; a slot with a change in it (NaN) is formatted exactly.
const SLOT_MS = 15 * 60_000;
const MAX_SLOTS = 4096;
const slotOffsets = new Map<string, Map<number, number>>();

function slotOffset(ms: number, timeZone: string): number {
  let slots = slotOffsets.get(timeZone);
  if (!slots) slotOffsets.set(timeZone, (slots = new Map()));
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

/** The wall clock of `instant` in `timeZone`: { date: "2026-11-22", time: "10:14" }. */
export function wallClock(instant: Date, timeZone: string): { date: string; time: string } {
  const ms = instant.getTime();
  const offset = slotOffset(ms, timeZone);
  if (!Number.isNaN(offset)) {
    const local = new Date(ms + offset);
    const year = local.getUTCFullYear();
    if (year >= 1000 && year <= 9999) {
      return {
        date: `${year}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCDate())}`,
        time: `${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}`,
      };
    }
  }
  const parts = partsOf(instant, timeZone);
  // Years before 1000 come without leading zeros.
  return { date: `${parts.year?.padStart(4, '0')}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The calendar date of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  return wallClock(instant, timeZone).date;
}

function toUtc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** `date` plus `days` calendar days (negative goes back). */
export function addDays(date: string, days: number): string {
  const shifted = toUtc(date);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return shifted.toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

/** ISO weekday: 1 = Monday ... 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = toUtc(date).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The last day of the month that `date` falls in. */
export function endOfMonth(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date in the form YYYY-MM-DD (rejects 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  // Arithmetic, not a Date: this runs for every date of every record.
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const length = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= length;
}
