// The activity chart's geometry, pure: the days each step stands for, the y scale and its ticks,
// where the columns go and which x labels fit. No DOM here, so that it is tested without a browser.

export type Step = 'day' | 'week' | 'month';

/** Steps drawn at most: a longer series is cut to its latest steps rather than freezing the page. */
export const MAX_STEPS = 400;

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a real calendar day written YYYY-MM-DD; undefined for anything else. */
export function dayNumber(day: string): number | undefined {
  const match = ISO_DAY.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, date);
  const back = new Date(ms);
  // Date.UTC rolls 2023-02-29 over to March: a day that does not exist is refused, not moved.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== date) return undefined;
  return ms / DAY_MS;
}

/** YYYY-MM-DD of a day number. */
export function dayString(days: number): string {
  const date = new Date(days * DAY_MS);
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  return `${year}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

/**
 * The first day of step `index` of a series that starts at `from`: a day, 7 days (a week starts on
 * the Monday `from` is), or the 1st of a month (months from the month of `from`). Undefined when
 * `from` is not a calendar day.
 */
export function stepStart(from: string, step: Step, index: number): string | undefined {
  const first = dayNumber(from);
  if (first === undefined) return undefined;
  if (step === 'day') return dayString(first + index);
  if (step === 'week') return dayString(first + 7 * index);
  const start = new Date(first * DAY_MS);
  return dayString(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + index, 1) / DAY_MS);
}

/** The last day of the step that starts on `start`: itself, 6 days on, or the month's last day. */
export function stepEnd(start: string, step: Step): string | undefined {
  const first = dayNumber(start);
  if (first === undefined) return undefined;
  if (step === 'day') return start;
  if (step === 'week') return dayString(first + 6);
  const date = new Date(first * DAY_MS);
  return dayString(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0) / DAY_MS);
}

export interface Scale {
  /** The value at the top of the plot: the largest tick. */
  top: number;
  /** From 0 to top, evenly spaced by 1, 2 or 5 times a power of ten (whole numbers: these are counts). */
  ticks: number[];
}

/** A y scale for counts up to `max`, with at most `maxTicks` intervals; an empty series still gets 0..1. */
export function countScale(max: number, maxTicks = 4): Scale {
  const highest = Number.isFinite(max) && max > 0 ? max : 0;
  const intervals = Math.max(1, Math.floor(maxTicks));
  if (highest === 0) return { top: 1, ticks: [0, 1] };
  const raw = highest / intervals;
  const power = 10 ** Math.floor(Math.log10(raw));
  // 2.5 only where it stays a whole number (250, not 2.5): 422 then reads on 0..500, not 0..600.
  const spacing = Math.max(
    1,
    [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw && Number.isInteger(candidate)) ?? 10 * power,
  );
  const count = Math.min(intervals, Math.max(1, Math.ceil(highest / spacing)));
  const ticks = Array.from({ length: count + 1 }, (_, index) => index * spacing);
  return { top: count * spacing, ticks };
}

/** Pixels from the bottom of a plot `height` tall for `value` on a scale up to `top`, within 0..height. */
export function barHeight(value: number, top: number, height: number): number {
  if (!(top > 0) || !(value > 0) || !(height > 0)) return 0;
  return Math.min(height, (value / top) * height);
}

export interface Columns {
  /** The width each step has, gap included. */
  band: number;
  /** The width of a step's column. */
  width: number;
  /** From the start of a band to its column. */
  inset: number;
}

/** `count` columns across `plotWidth`: a quarter of each band left as gap, none once bands are thinner than 3 px. */
export function columns(count: number, plotWidth: number): Columns {
  if (count <= 0 || !(plotWidth > 0)) return { band: 0, width: 0, inset: 0 };
  const band = plotWidth / count;
  const width = band < 3 ? band : Math.min(band * 0.75, 48);
  return { band, width, inset: (band - width) / 2 };
}

/**
 * Which of `count` steps get an x label when each label needs `labelWidth` px and the steps share
 * `plotWidth`: every k-th from the first, k the smallest that keeps labels apart.
 */
export function labelledSteps(count: number, plotWidth: number, labelWidth: number): number[] {
  if (count <= 0 || !(plotWidth > 0)) return [];
  const band = plotWidth / count;
  const every = Math.max(1, Math.ceil(labelWidth / band));
  const indices: number[] = [];
  for (let index = 0; index < count; index += every) indices.push(index);
  return indices;
}

export interface PlacedLabel {
  index: number;
  /** The centre of the label, kept inside the plot. */
  x: number;
}

/**
 * Where the x labels go: under the steps labelledSteps picks, each centred on its column but moved
 * inside [left, left + plotWidth], and dropped when that move would make it touch the one before.
 */
export function placeLabels(count: number, left: number, plotWidth: number, labelWidth: number, gap = 4): PlacedLabel[] {
  const band = plotWidth / count;
  const half = labelWidth / 2;
  const placed: PlacedLabel[] = [];
  for (const index of labelledSteps(count, plotWidth, labelWidth + gap)) {
    const centre = left + index * band + band / 2;
    const x = Math.max(left + half, Math.min(left + plotWidth - half, centre));
    const previous = placed.at(-1);
    if (previous !== undefined && x - previous.x < labelWidth + gap) continue;
    placed.push({ index, x });
  }
  return placed;
}
