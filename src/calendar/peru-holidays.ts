// Peru's national holidays (feriados nacionales), as calendar dates in Lima.
//
// Source: article 6 of Decreto Legislativo 713 (descansos remunerados) as amended by
// Ley 31381 (9 December, Batalla de Ayacucho), Ley 31530 (6 August, Batalla de Junín),
// Ley 31788 (7 June, Batalla de Arica y Día de la Bandera) and Ley 31822 (23 July, Día de la
// Fuerza Aérea del Perú). Holy Thursday and Good Friday move with Easter.
// Días no laborables decreed by the executive are not holidays and are not listed.
// To extend: add the next year's dates (Easter from any ecclesiastical calendar).

/** Date (YYYY-MM-DD) -> name. */
export const PERU_HOLIDAYS: Readonly<Record<string, string>> = {
  // 2025 (Easter: 20 April)
  '2025-01-01': 'Año Nuevo',
  '2025-04-17': 'Jueves Santo',
  '2025-04-18': 'Viernes Santo',
  '2025-05-01': 'Día del Trabajo',
  '2025-06-07': 'Batalla de Arica y Día de la Bandera',
  '2025-06-29': 'San Pedro y San Pablo',
  '2025-07-23': 'Día de la Fuerza Aérea del Perú',
  '2025-07-28': 'Fiestas Patrias',
  '2025-07-29': 'Fiestas Patrias',
  '2025-08-06': 'Batalla de Junín',
  '2025-08-30': 'Santa Rosa de Lima',
  '2025-10-08': 'Combate de Angamos',
  '2025-11-01': 'Todos los Santos',
  '2025-12-08': 'Inmaculada Concepción',
  '2025-12-09': 'Batalla de Ayacucho',
  '2025-12-25': 'Navidad del Señor',

  // 2026 (Easter: 5 April)
  '2026-01-01': 'Año Nuevo',
  '2026-04-02': 'Jueves Santo',
  '2026-04-03': 'Viernes Santo',
  '2026-05-01': 'Día del Trabajo',
  '2026-06-07': 'Batalla de Arica y Día de la Bandera',
  '2026-06-29': 'San Pedro y San Pablo',
  '2026-07-23': 'Día de la Fuerza Aérea del Perú',
  '2026-07-28': 'Fiestas Patrias',
  '2026-07-29': 'Fiestas Patrias',
  '2026-08-06': 'Batalla de Junín',
  '2026-08-30': 'Santa Rosa de Lima',
  '2026-10-08': 'Combate de Angamos',
  '2026-11-01': 'Todos los Santos',
  '2026-12-08': 'Inmaculada Concepción',
  '2026-12-09': 'Batalla de Ayacucho',
  '2026-12-25': 'Navidad del Señor',

  // 2027 (Easter: 28 March)
  '2027-01-01': 'Año Nuevo',
  '2027-03-25': 'Jueves Santo',
  '2027-03-26': 'Viernes Santo',
  '2027-05-01': 'Día del Trabajo',
  '2027-06-07': 'Batalla de Arica y Día de la Bandera',
  '2027-06-29': 'San Pedro y San Pablo',
  '2027-07-23': 'Día de la Fuerza Aérea del Perú',
  '2027-07-28': 'Fiestas Patrias',
  '2027-07-29': 'Fiestas Patrias',
  '2027-08-06': 'Batalla de Junín',
  '2027-08-30': 'Santa Rosa de Lima',
  '2027-10-08': 'Combate de Angamos',
  '2027-11-01': 'Todos los Santos',
  '2027-12-08': 'Inmaculada Concepción',
  '2027-12-09': 'Batalla de Ayacucho',
  '2027-12-25': 'Navidad del Señor',
};

/** Years the table covers; outside them only weekends count as non-business days. */
export const PERU_HOLIDAY_YEARS: readonly number[] = [2025, 2026, 2027];

export function isPeruHoliday(date: string): boolean {
  return Object.hasOwn(PERU_HOLIDAYS, date);
}
