// Peru's national holidays (feriados nacionales), by rule, for any year, as calendar dates in Lima.
//
// Source: article 6 of Decreto Legislativo 713 (descansos remunerados), as amended. Its list is fixed
// dates plus Holy Thursday and Good Friday, which move with Easter. Holidays added by later laws
// apply from the year in ADDED_BY_LAW; a future change by law is one more row there.
// Días no laborables decreed by the executive are not holidays and are not listed.
import { dateOfDayNumber, dayNumberOf } from './calendar-date.js';
import { easterSunday } from './easter.js';

interface FixedHoliday {
  month: number;
  day: number;
  name: string;
}

/** Article 6's fixed dates, as they have stood since before any record this server reads. */
const FIXED_HOLIDAYS: readonly FixedHoliday[] = [
  { month: 1, day: 1, name: 'Año Nuevo' },
  { month: 5, day: 1, name: 'Día del Trabajo' },
  { month: 6, day: 29, name: 'San Pedro y San Pablo' },
  { month: 7, day: 28, name: 'Fiestas Patrias' },
  { month: 7, day: 29, name: 'Fiestas Patrias' },
  { month: 8, day: 30, name: 'Santa Rosa de Lima' },
  { month: 10, day: 8, name: 'Combate de Angamos' },
  { month: 11, day: 1, name: 'Todos los Santos' },
  { month: 12, day: 8, name: 'Inmaculada Concepción' },
  { month: 12, day: 25, name: 'Navidad del Señor' },
];

interface AddedHoliday extends FixedHoliday {
  /** The first year the holiday applies. */
  from: number;
  /** The law that added it to article 6. */
  source: string;
}

/** Holidays added to article 6 by law, from the first year they applied. */
const ADDED_BY_LAW: readonly AddedHoliday[] = [
  { month: 12, day: 9, name: 'Batalla de Ayacucho', from: 2022, source: 'Ley 31381' },
  { month: 8, day: 6, name: 'Batalla de Junín', from: 2022, source: 'Ley 31530' },
  // Published on 15 June 2023, after that year's 7 June.
  { month: 6, day: 7, name: 'Batalla de Arica y Día de la Bandera', from: 2024, source: 'Ley 31788' },
  // 23 July 2023 was a Sunday: no business day depends on whether it counted that year.
  { month: 7, day: 23, name: 'Día de la Fuerza Aérea del Perú', from: 2023, source: 'Ley 31822' },
];

interface Holiday {
  /** Days since 1970-01-01. */
  dayNumber: number;
  name: string;
}

/** The holidays of `year` as day numbers, in date order: integer arithmetic only, as business-day counts run it for each year they span. */
export function peruHolidayDays(year: number): Holiday[] {
  const easter = easterSunday(year);
  const easterDay = dayNumberOf(year, easter.month, easter.day);
  const dated = (holiday: FixedHoliday): Holiday => ({ dayNumber: dayNumberOf(year, holiday.month, holiday.day), name: holiday.name });
  return [
    ...FIXED_HOLIDAYS.map(dated),
    ...ADDED_BY_LAW.filter((holiday) => year >= holiday.from).map(dated),
    { dayNumber: easterDay - 3, name: 'Jueves Santo' },
    { dayNumber: easterDay - 2, name: 'Viernes Santo' },
  ].sort((a, b) => a.dayNumber - b.dayNumber);
}

/** The national holidays of `year`: date (YYYY-MM-DD) -> name, in date order. */
export function peruHolidays(year: number): ReadonlyMap<string, string> {
  return new Map(peruHolidayDays(year).map((holiday) => [dateOfDayNumber(holiday.dayNumber), holiday.name]));
}
