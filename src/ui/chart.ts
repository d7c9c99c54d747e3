// The activity chart's geometry, pure: the days each step stands for, the y scale and its ticks,
// where the columns go and which x labels fit. No DOM here, so that it is tested without a browser.

import { addDays, dateOfDayNumber, dayNumberOf, isCalendarDate } from '../calendar/calendar-date.js';

export type Step = 'day' | 'week' | 'month';

/** Steps drawn at most: a longer series is cut to its latest steps rather than freezing the page. */
export const MAX_STEPS = 400;

/**
 * The first day of step `index` of a series that starts at `from`: a day, 7 days (a week starts on
 * the Monday `from` is), or the 1st of a month (months from the month of `from`). Undefined when
 * `from` is not a calendar day.
 */
export function stepStart(from: string, step: Step, index: number): string | undefined {
  if (!isCalendarDate(from)) return undefined;
  if (step === 'day') return addDays(from, index);
  if (step === 'week') return addDays(from, 7 * index);
  const month = Number(from.slice(5, 7)) - 1 + index;
  return dateOfDayNumber(dayNumberOf(Number(from.slice(0, 4)) + Math.floor(month / 12), (month % 12) + 1, 1));
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
  // Of the round spacings wide enough, the one whose top is nearest the maximum (422 reads on
  // 0..500 by 250, not 0..600 by 200); 2.5 only where it stays whole (250, not 2.5).
  let best: { spacing: number; count: number } | undefined;
  for (const factor of [1, 2, 2.5, 5, 10]) {
    const spacing = Math.max(1, factor * power);
    if (spacing < raw || !Number.isInteger(spacing)) continue;
    const count = Math.max(1, Math.ceil(highest / spacing));
    if (best === undefined || count * spacing < best.count * best.spacing) best = { spacing, count };
  }
  // 10 times the power is always wide enough and whole: best is set.
  const { spacing, count } = best!;
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
