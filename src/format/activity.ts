// Records filed and answered per day, the series a chart of the overview draws, over the days the
// question covers: from the first day asked (or the first filing) to the last day asked, or today.
// An answer is counted on its own day, when that day is in the range. Over a long range the step
// grows to a week, then a month, so that the series stays short for a model to read too.
import { addDays, dayNumber, isCalendarDate, isoWeekday } from '../calendar/calendar-date.js';
import { wallDayOf } from '../calendar/date-time.js';
import type { Activity } from '../contract/overview-answer.js';
import type { ComplaintListItem } from '../contract/records.js';
import { isAnswered } from '../domain/answered.js';
import { finish, mapInSlices, type Slices } from '../slices.js';

/** Steps at most: days up to this many, else weeks, else months (the latest ones: about five years). */
export const MAX_STEPS = 62;

interface Range {
  /** The first filing day asked for, when a period or from set one. */
  from?: string;
  /** The last filing day asked for. */
  to?: string;
}

/** The calendar day of a value in the zone, when it is one this can place on a chart. */
function dayOf(value: string | null, timeZone: string): string | undefined {
  if (value === null) return undefined;
  const date = wallDayOf(value, timeZone) ?? undefined;
  return date !== undefined && isCalendarDate(date) ? date : undefined;
}

/** A filter bound's day: YYYY-MM-DD, or the day of an ISO date-time as the API reads it. */
function boundDay(value: string | undefined): string | undefined {
  const day = value?.slice(0, 10);
  return day !== undefined && isCalendarDate(day) ? day : undefined;
}

const earliest = (days: string[]) => days.reduce<string | undefined>((min, day) => (min === undefined || day < min ? day : min), undefined);
const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
const monthStart = (index: number) => `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;

export function activityOf(items: readonly ComplaintListItem[], range: Range, today: string, timeZone: string): Activity | undefined {
  return finish(activitySteps(items, range, today, timeZone));
}

/** activityOf, pausing between records (slices.ts). */
export function* activitySteps(items: readonly ComplaintListItem[], range: Range, today: string, timeZone: string): Slices<Activity | undefined> {
  const filed = (yield* mapInSlices(items, (item) => dayOf(item.createdAt, timeZone))).filter((day) => day !== undefined);
  const answered = (yield* mapInSlices(
    items.filter((item) => isAnswered(item)),
    (item) => dayOf(item.respondedAt, timeZone),
  )).filter((day) => day !== undefined);
  const start = boundDay(range.from) ?? earliest(filed);
  const to = boundDay(range.to);
  const end = to === undefined || to > today ? today : to;
  if (start === undefined || start > end) return undefined;

  const days = dayNumber(end) - dayNumber(start) + 1;
  const monday = addDays(start, 1 - isoWeekday(start));
  const step: Activity['step'] = days <= MAX_STEPS ? 'day' : Math.ceil((dayNumber(end) - dayNumber(monday) + 1) / 7) <= MAX_STEPS ? 'week' : 'month';
  // Over more than MAX_STEPS months, the latest ones: a service's year 0001 must not make a long series.
  const firstMonth = Math.max(monthIndex(start), monthIndex(end) - MAX_STEPS + 1);
  const first = step === 'day' ? start : step === 'week' ? monday : monthStart(firstMonth);
  const stepOf = (day: string): number =>
    step === 'day' ? dayNumber(day) - dayNumber(first) : step === 'week' ? Math.floor((dayNumber(day) - dayNumber(first)) / 7) : monthIndex(day) - firstMonth;
  const steps = stepOf(end) + 1;

  const count = (list: string[]) => {
    const counts = new Array<number>(steps).fill(0);
    for (const day of list) {
      const index = stepOf(day);
      if (day >= start && day <= end && index >= 0) counts[index]! += 1;
    }
    return counts;
  };
  return { from: first, step, filed: count(filed), answered: count(answered) };
}
