// The law's response deadline, worked out in the test on its own: a hard-coded list of Peru's
// national holidays and a day-by-day count, so that a figure the server gives is checked against a
// calendar that shares no code with src/calendar or src/domain. Deliberately slow and plain.
//
// Holidays: article 6 of Decreto Legislativo 713 as amended (Ley 31381 Batalla de Ayacucho, Ley 31530
// Batalla de Junín, Ley 31788 Batalla de Arica y Día de la Bandera, Ley 31822 Día de la Fuerza
// Aérea), for the years the tests' books span. Días no laborables decreed by the executive are not
// holidays. A date outside these years throws: extend the list rather than guess.

const EVERY_YEAR = [
  '01-01', // Año Nuevo
  '05-01', // Día del Trabajo
  '06-07', // Batalla de Arica y Día de la Bandera
  '06-29', // San Pedro y San Pablo
  '07-23', // Día de la Fuerza Aérea del Perú
  '07-28', // Fiestas Patrias
  '07-29', // Fiestas Patrias
  '08-06', // Batalla de Junín
  '08-30', // Santa Rosa de Lima
  '10-08', // Combate de Angamos
  '11-01', // Todos los Santos
  '12-08', // Inmaculada Concepción
  '12-09', // Batalla de Ayacucho
  '12-25', // Navidad
];

/** Jueves Santo and Viernes Santo, from each year's Easter Sunday (2025-04-20, 2026-04-05, 2027-03-28). */
const HOLY_WEEK: Record<number, readonly string[]> = {
  2025: ['04-17', '04-18'],
  2026: ['04-02', '04-03'],
  2027: ['03-25', '03-26'],
};

const HOLIDAYS: ReadonlyMap<number, ReadonlySet<string>> = new Map(
  Object.entries(HOLY_WEEK).map(([year, holyWeek]) => [Number(year), new Set([...EVERY_YEAR, ...holyWeek].map((day) => `${year}-${day}`))]),
);

const DAY_MS = 86_400_000;
/** Lima is UTC-5 all year (no daylight saving since 1994). */
const LIMA_OFFSET_MS = -5 * 3_600_000;
export const LEGAL_BUSINESS_DAYS = 15;
export const DUE_SOON_DAYS = 3;

/** The Lima calendar day (YYYY-MM-DD) of an instant. */
export function limaDay(ms: number): string {
  return new Date(ms + LIMA_OFFSET_MS).toISOString().slice(0, 10);
}

/** `date` moved by `days` calendar days. */
export function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function isBusinessDay(date: string): boolean {
  const year = Number(date.slice(0, 4));
  const holidays = HOLIDAYS.get(year);
  if (!holidays) throw new RangeError(`law-deadline.ts lists no holidays for ${year}: add that year's`);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(date);
}

/** The n-th business day after `date` (n >= 1): the count starts the day after. */
export function businessDayAfter(date: string, n: number): string {
  let day = date;
  for (let left = n; left > 0; ) {
    day = plusDays(day, 1);
    if (isBusinessDay(day)) left -= 1;
  }
  return day;
}

/** The law's deadline of a record filed at `createdAtMs`: the 15th business day after its Lima filing day. */
export function lawDeadline(createdAtMs: number): string {
  const filed = limaDay(createdAtMs);
  let due = DEADLINES.get(filed);
  if (due === undefined) {
    due = businessDayAfter(filed, LEGAL_BUSINESS_DAYS);
    DEADLINES.set(filed, due);
  }
  return due;
}

/** By filing day: a book of 30,000 records has a few hundred. */
const DEADLINES = new Map<string, string>();

/**
 * Business days left from `today` to `due`: the business days in (today, due] while the deadline has
 * not passed (0 on its day); once past, minus the business days in [due, today), so that a deadline
 * that ended on Friday is 1 day overdue on Saturday, Sunday and Monday alike.
 */
export function businessDaysLeft(today: string, due: string): number {
  const key = `${today}/${due}`;
  let left = DAYS_LEFT.get(key);
  if (left === undefined) {
    left = countDaysLeft(today, due);
    DAYS_LEFT.set(key, left);
  }
  return left;
}

const DAYS_LEFT = new Map<string, number>();

function countDaysLeft(today: string, due: string): number {
  let count = 0;
  if (due >= today) {
    for (let day = plusDays(today, 1); day <= due; day = plusDays(day, 1)) if (isBusinessDay(day)) count += 1;
    return count;
  }
  for (let day = due; day < today; day = plusDays(day, 1)) if (isBusinessDay(day)) count += 1;
  return -count;
}
