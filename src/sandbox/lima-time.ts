// Lima calendar days and ISO formatting. Peru is UTC-5 all year (no daylight saving since 1994),
// so a fixed offset is exact and avoids depending on the host's time-zone database.

const LIMA_OFFSET_MS = -5 * 3_600_000;
const DAY_MS = 86_400_000;
// Years 0000..9999, where the fast formatting below is valid.
const MIN_MS = -62_167_219_200_000;
const MAX_MS = 253_402_300_799_999;

// Generating 100k records formats about a million timestamps; Date#toISOString dominated that.
const dayStrings = new Map<number, string>();
function dayString(dayNumber: number): string {
  let text = dayStrings.get(dayNumber);
  if (text === undefined) {
    text = new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
    if (dayStrings.size < 50_000) dayStrings.set(dayNumber, text);
  }
  return text;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : String(n));

/** ISO 8601 UTC with milliseconds, like Date#toISOString. */
export function isoUtc(ms: number): string {
  if (!Number.isInteger(ms) || ms < MIN_MS || ms > MAX_MS) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  // join() yields one flat string; a template literal would leave a chain of cons strings, about
  // 250 bytes per timestamp instead of 40, which dominated the heap of a 100k data set.
  return [dayString(day), 'T', pad2(hours), ':', pad2(minutes), ':', pad2(seconds), '.', pad3(rest - seconds * 1000), 'Z'].join('');
}

/** The Lima calendar date (YYYY-MM-DD) of an instant. */
export function limaDate(ms: number): string {
  return dayString(Math.floor((ms + LIMA_OFFSET_MS) / DAY_MS));
}

/** First millisecond of a Lima calendar date, as epoch ms. */
export function limaDayStart(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`) - LIMA_OFFSET_MS;
}

/** Last millisecond of a Lima calendar date (23:59:59.999), as epoch ms. */
export function limaDayEnd(date: string): number {
  return limaDayStart(date) + DAY_MS - 1;
}
