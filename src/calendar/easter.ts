// Easter Sunday in the Gregorian calendar, by the computus (the anonymous Gregorian algorithm of
// Meeus, Jones and Butcher). Pure arithmetic on integers: valid for every year a YYYY date can name.

/** Month (3 or 4) and day of Easter Sunday in `year`. */
export function easterSunday(year: number): { month: number; day: number } {
  if (!Number.isSafeInteger(year) || year < 0 || year > 9999) throw new RangeError(`not a year from 0 to 9999: ${year}`);
  const golden = year % 19; // the year's place in the 19-year lunar cycle
  const century = Math.floor(year / 100);
  const yearOfCentury = year % 100;
  const lunarCorrection = Math.floor((century - Math.floor((century + 8) / 25) + 1) / 3);
  const epact = (19 * golden + century - Math.floor(century / 4) - lunarCorrection + 15) % 30;
  const toSunday = (32 + 2 * (century % 4) + 2 * Math.floor(yearOfCentury / 4) - epact - (yearOfCentury % 4)) % 7;
  const lateFullMoon = Math.floor((golden + 11 * epact + 22 * toSunday) / 451);
  const fromMarch22 = epact + toSunday - 7 * lateFullMoon;
  return { month: Math.floor((fromMarch22 + 114) / 31), day: ((fromMarch22 + 114) % 31) + 1 };
}
