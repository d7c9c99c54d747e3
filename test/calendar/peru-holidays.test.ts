import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayNumber, dayNumberOf } from '../../src/calendar/calendar-date.js';
import { easterSunday } from '../../src/calendar/easter.js';
import { peruHolidays } from '../../src/calendar/peru-holidays.js';

/**
 * Western Easter Sundays 2000-2099 (MM-DD). Printed by `ncal -e` (FreeBSD's easter(3)) and by
 * python-dateutil's easter(), which agree on every year, and matching dateutil's published list for
 * 1990-2050 and the U.S. Naval Observatory's for 1980-2024.
 */
// biome-ignore format: a table reads best in rows of ten years
const EASTER_2000_2099 = [
  /* 2000s */ '04-23', '04-15', '03-31', '04-20', '04-11', '03-27', '04-16', '04-08', '03-23', '04-12',
  /* 2010s */ '04-04', '04-24', '04-08', '03-31', '04-20', '04-05', '03-27', '04-16', '04-01', '04-21',
  /* 2020s */ '04-12', '04-04', '04-17', '04-09', '03-31', '04-20', '04-05', '03-28', '04-16', '04-01',
  /* 2030s */ '04-21', '04-13', '03-28', '04-17', '04-09', '03-25', '04-13', '04-05', '04-25', '04-10',
  /* 2040s */ '04-01', '04-21', '04-06', '03-29', '04-17', '04-09', '03-25', '04-14', '04-05', '04-18',
  /* 2050s */ '04-10', '04-02', '04-21', '04-06', '03-29', '04-18', '04-02', '04-22', '04-14', '03-30',
  /* 2060s */ '04-18', '04-10', '03-26', '04-15', '04-06', '03-29', '04-11', '04-03', '04-22', '04-14',
  /* 2070s */ '03-30', '04-19', '04-10', '03-26', '04-15', '04-07', '04-19', '04-11', '04-03', '04-23',
  /* 2080s */ '04-07', '03-30', '04-19', '04-04', '03-26', '04-15', '03-31', '04-20', '04-11', '04-03',
  /* 2090s */ '04-16', '04-08', '03-30', '04-12', '04-04', '04-24', '04-15', '03-31', '04-20', '04-12',
];

const monthDay = ({ month, day }: { month: number; day: number }) => `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

describe('easterSunday', () => {
  it('gives the published date for each year from 2000 to 2099', () => {
    const computed = EASTER_2000_2099.map((_, i) => monthDay(easterSunday(2000 + i)));
    expect(computed).toEqual(EASTER_2000_2099);
  });

  it("gives Meeus' examples in other centuries, the earliest and latest dates Easter can take among them", () => {
    expect(monthDay(easterSunday(1818))).toBe('03-22');
    expect(monthDay(easterSunday(2285))).toBe('03-22');
    expect(monthDay(easterSunday(1886))).toBe('04-25');
    expect(monthDay(easterSunday(1943))).toBe('04-25');
    expect(monthDay(easterSunday(1954))).toBe('04-18');
  });

  it('always falls on a Sunday from 22 March to 25 April, in every year a date can name', () => {
    const wrong: number[] = [];
    for (let year = 0; year <= 9999; year += 1) {
      const { month, day } = easterSunday(year);
      const inRange = (month === 3 && day >= 22) || (month === 4 && day <= 25);
      const sunday = (((dayNumberOf(year, month, day) + 3) % 7) + 7) % 7 === 6;
      if (!inRange || !sunday) wrong.push(year);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('refuses what is not a year', () => {
    for (const year of [-1, 10_000, 2026.5, Number.NaN]) expect(() => easterSunday(year)).toThrow(RangeError);
  });
});

describe('peruHolidays', () => {
  /** The table this rule replaced, written by hand from each year's official calendar. */
  const TABLE_2025_2027: Record<number, string[]> = {
    2025: ['01-01', '04-17', '04-18', '05-01', '06-07', '06-29', '07-23', '07-28', '07-29', '08-06', '08-30', '10-08', '11-01', '12-08', '12-09', '12-25'],
    2026: ['01-01', '04-02', '04-03', '05-01', '06-07', '06-29', '07-23', '07-28', '07-29', '08-06', '08-30', '10-08', '11-01', '12-08', '12-09', '12-25'],
    2027: ['01-01', '03-25', '03-26', '05-01', '06-07', '06-29', '07-23', '07-28', '07-29', '08-06', '08-30', '10-08', '11-01', '12-08', '12-09', '12-25'],
  };

  it.each([2025, 2026, 2027])('reproduces the %i table exactly, in date order', (year) => {
    expect([...peruHolidays(year).keys()]).toEqual(TABLE_2025_2027[year]?.map((day) => `${year}-${day}`));
  });

  it('names the holidays as the law does', () => {
    const holidays = peruHolidays(2028);
    expect(holidays.get('2028-04-13')).toBe('Jueves Santo');
    expect(holidays.get('2028-04-14')).toBe('Viernes Santo');
    expect(holidays.get('2028-07-28')).toBe('Fiestas Patrias');
    expect(holidays.get('2028-12-09')).toBe('Batalla de Ayacucho');
  });

  it('adds each holiday from the year its law applied', () => {
    const has = (date: string) => peruHolidays(Number(date.slice(0, 4))).has(date);
    expect([has('2021-12-09'), has('2022-12-09')]).toEqual([false, true]); // Ley 31381
    expect([has('2021-08-06'), has('2022-08-06')]).toEqual([false, true]); // Ley 31530
    expect([has('2023-06-07'), has('2024-06-07')]).toEqual([false, true]); // Ley 31788, published after 7 June 2023
    expect([has('2022-07-23'), has('2023-07-23')]).toEqual([false, true]); // Ley 31822
  });

  it('has 16 holidays in every year from 2024 on, with Holy Thursday and Good Friday on their weekdays', () => {
    const wrong: number[] = [];
    for (let year = 2024; year <= 2200; year += 1) {
      const holidays = [...peruHolidays(year)];
      const thursday = holidays.find(([, name]) => name === 'Jueves Santo')?.[0];
      const friday = holidays.find(([, name]) => name === 'Viernes Santo')?.[0];
      const weekday = (date: string | undefined) => (date === undefined ? 0 : ((((dayNumber(date) + 3) % 7) + 7) % 7) + 1);
      if (holidays.length !== 16 || weekday(thursday) !== 4 || weekday(friday) !== 5) wrong.push(year);
    }
    expect(wrong).toEqual([]);
  });
});

describe('dayNumberOf', () => {
  it('agrees with Date.UTC for any date from year 0 to 9999', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }), (date) => {
        const iso = date.toISOString().slice(0, 10);
        expect(dayNumberOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())).toBe(Math.floor(date.getTime() / 86_400_000));
        expect(dayNumber(iso)).toBe(Math.floor(date.getTime() / 86_400_000));
      }),
    );
  });
});
