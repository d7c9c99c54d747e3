import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { civilOfDayNumber, dateOfDayNumber, dayNumberOf, isCalendarDate } from '../../src/calendar/calendar-date.js';
import { calendarDateOf, readIso, wallDayOf, wallTimeOf } from '../../src/calendar/date-time.js';
import { localDate, wallClock } from '../../src/calendar/time-zone.js';
import { isReadDate } from '../../src/format/fields.js';

describe('wallTimeOf', () => {
  it('converts an instant with an offset to the zone', () => {
    expect(wallTimeOf('2026-11-03T15:14:00Z', 'America/Lima')).toEqual({ date: '2026-11-03', time: '10:14' });
    expect(wallTimeOf('2026-11-03T10:14:00.123-05:00', 'America/Lima')).toEqual({ date: '2026-11-03', time: '10:14' });
    expect(wallTimeOf('2026-11-03T20:14:00+0500', 'UTC')).toEqual({ date: '2026-11-03', time: '15:14' });
    expect(wallTimeOf('2026-11-03T02:00:00+05', 'America/Lima')).toEqual({ date: '2026-11-02', time: '16:00' });
  });

  it('reads a date, or a date-time without an offset, as written, whatever the zone', () => {
    expect(wallTimeOf('2026-11-22', 'Asia/Tokyo')).toEqual({ date: '2026-11-22', time: null });
    expect(wallTimeOf('2026-11-22T10:00:00', 'Asia/Tokyo')).toEqual({ date: '2026-11-22', time: '10:00' });
    expect(wallTimeOf(' 2026-11-22 10:00 ', 'UTC')).toEqual({ date: '2026-11-22', time: '10:00' });
  });

  it('takes nothing but ISO 8601 with a four-digit year from 1000 as a date', () => {
    for (const value of ['soon 5', '22/11/2026', '2026-02-30', '2026-11-22T25:00:00Z', '0999-06-15T12:00:00Z', '+275760-09-13T00:00:00Z', '2026', '']) {
      expect(wallTimeOf(value, 'America/Lima'), value).toBeNull();
    }
    // Tokyo turns the last minute of 9999 into the year 10000.
    expect(wallTimeOf('9999-12-31T23:59:59Z', 'Asia/Tokyo')).toBeNull();
    // Etc/GMT+5 is UTC-5 in any year (Lima kept its local mean time, -5:08, until 1908).
    expect(wallTimeOf('1000-01-01T00:00:00Z', 'Etc/GMT+5')).toEqual({ date: '0999-12-31', time: '19:00' });
  });
});

describe('calendarDateOf', () => {
  it('reads midnight UTC as the date it spells, and any other instant in the zone', () => {
    expect(calendarDateOf('2026-12-15T00:00:00.000Z', 'America/Lima')).toBe('2026-12-15');
    expect(calendarDateOf('2026-12-15T00:00:00+00:00', 'America/Lima')).toBe('2026-12-15');
    expect(calendarDateOf('2026-12-15T00:00:00.001Z', 'America/Lima')).toBe('2026-12-14');
    expect(calendarDateOf('2026-12-15T04:59:59Z', 'America/Lima')).toBe('2026-12-14');
    expect(calendarDateOf('2026-12-15', 'Pacific/Kiritimati')).toBe('2026-12-15');
    expect(calendarDateOf(null, 'America/Lima')).toBeNull();
    expect(calendarDateOf('yesterday', 'America/Lima')).toBeNull();
  });
});

describe('wallClock', () => {
  /** One formatter per zone: making one is most of the cost of a reading. */
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const formatterFor = (timeZone: string) =>
    formatters.get(timeZone) ??
    formatters
      .set(
        timeZone,
        new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }),
      )
      .get(timeZone)!;

  /** The plain reading, straight from Intl, that wallClock's per-slot offset cache must agree with. */
  function reference(instant: Date, timeZone: string) {
    const parts = Object.fromEntries(
      formatterFor(timeZone)
        .formatToParts(instant)
        .map((part) => [part.type, part.value]),
    );
    return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
  }

  it('agrees with Intl minute by minute around daylight-saving changes, in zones with odd offsets', () => {
    const zones = ['America/Lima', 'America/St_Johns', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/Santiago'];
    // 2026's changes: St John's and Santiago in March/April, London on 03-29 and 10-25, Lord Howe on 04-05 and 10-04.
    const days = ['2026-03-08', '2026-03-29', '2026-04-05', '2026-09-06', '2026-10-04', '2026-10-25', '2026-11-01'];
    // 17,304 instants: the disagreements are collected and asserted once, each named by zone and instant.
    const mismatches: Array<{ at: string; wallClock: unknown; intl: unknown }> = [];
    for (const zone of zones) {
      for (const day of days) {
        const start = Date.parse(`${day}T00:00:00Z`) - 12 * 3_600_000;
        for (let minute = 0; minute < 48 * 60; minute += 7) {
          const instant = new Date(start + minute * 60_000 + 13_000);
          const [got, expected] = [wallClock(instant, zone), reference(instant, zone)];
          if (localDate(instant, zone) !== expected.date)
            mismatches.push({ at: `${zone} ${instant.toISOString()} (localDate)`, wallClock: localDate(instant, zone), intl: expected });
          if (!isDeepStrictEqual(got, expected)) mismatches.push({ at: `${zone} ${instant.toISOString()}`, wallClock: got, intl: expected });
        }
      }
    }
    // On failure, how many and the first ten are enough to read.
    expect({ mismatches: mismatches.length, first: mismatches.slice(0, 10) }).toEqual({ mismatches: 0, first: [] });
  });
});

describe('the canonical instant', () => {
  it('reads "2026-11-03T15:14:00.000Z" on its fast path exactly as the general reading does', () => {
    // A leading space takes the general path; the two must agree on every instant and zone.
    const instant = fc.date({ min: new Date('0900-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true });
    fc.assert(
      fc.property(instant, fc.constantFrom('America/Lima', 'Asia/Tokyo', 'UTC', 'Pacific/Kiritimati'), (date, zone) => {
        const value = date.toISOString();
        expect(wallTimeOf(value, zone)).toEqual(wallTimeOf(` ${value}`, zone));
        expect(calendarDateOf(value, zone)).toBe(calendarDateOf(` ${value}`, zone));
      }),
      { numRuns: 500, examples: [[new Date('2026-12-15T00:00:00.000Z'), 'America/Lima']] },
    );
  });
});

describe('the canonical form read by its characters', () => {
  /** Digits, often out of range, and now and then a character that is not one (full-width, a sign, a space, a letter). */
  const digits = (count: number) =>
    fc
      .array(
        fc.oneof({ weight: 20, arbitrary: fc.constantFrom(...'0123456789') }, { weight: 1, arbitrary: fc.constantFrom('０', '+', '-', ' ', 'a', '/', '٣') }),
        {
          minLength: count,
          maxLength: count,
        },
      )
      .map((characters) => characters.join(''));
  const separator = (usual: string) =>
    fc.oneof({ weight: 30, arbitrary: fc.constant(usual) }, { weight: 1, arbitrary: fc.constantFrom('-', ':', '.', 'T', 't', 'z', 'Z', ' ', '_') });
  /** Strings of the canonical form's shape (2026-11-03T15:14:00.000Z), real instants and odd ones: 2026-02-30, 24:00, 0999, 1a. */
  const canonicalShaped = fc
    .tuple(
      fc.oneof(digits(4), fc.constantFrom('0999', '1000', '1969', '1970', '2026', '2028', '9999')),
      separator('-'),
      fc.oneof(digits(2), fc.constantFrom('00', '01', '02', '12', '13')),
      separator('-'),
      fc.oneof(digits(2), fc.constantFrom('00', '01', '28', '29', '30', '31', '32')),
      separator('T'),
      fc.oneof(digits(2), fc.constantFrom('00', '05', '23', '24')),
      separator(':'),
      fc.oneof(digits(2), fc.constantFrom('00', '59', '60')),
      separator(':'),
      fc.oneof(digits(2), fc.constantFrom('00', '59', '60')),
      separator('.'),
      digits(3),
      separator('Z'),
    )
    .map((parts) => parts.join(''));
  const zones = fc.constantFrom('America/Lima', 'Asia/Tokyo', 'UTC', 'Pacific/Kiritimati', 'Etc/GMT+5');

  it('agrees with the general reading on every string of its shape, odd ones included', () => {
    // A leading space takes the general path (it trims); a string of the form itself takes the fast one.
    fc.assert(
      fc.property(canonicalShaped, zones, (value, zone) => {
        expect(readIso(value)).toEqual(readIso(` ${value}`));
        expect(wallTimeOf(value, zone)).toEqual(wallTimeOf(` ${value}`, zone));
        expect(calendarDateOf(value, zone)).toBe(calendarDateOf(` ${value}`, zone));
        expect(wallDayOf(value, zone)).toBe(wallTimeOf(` ${value}`, zone)?.date ?? null);
      }),
      {
        numRuns: 3000,
        examples: [
          ['2026-02-29T10:00:00.000Z', 'America/Lima'],
          ['2028-02-29T10:00:00.000Z', 'America/Lima'],
          ['2026-11-03T24:00:00.000Z', 'UTC'],
          ['0999-12-31T23:59:59.999Z', 'UTC'],
          ['1000-01-01T00:00:00.000Z', 'Etc/GMT+5'],
          ['9999-12-31T23:59:59.999Z', 'Asia/Tokyo'],
          ['2026-11-03t15:14:00.000z', 'UTC'],
          ['2026-11-0３T15:14:00.000Z', 'UTC'],
        ],
      },
    );
  });
});

describe('wallDayOf', () => {
  it("is wallTimeOf's day, in every form and zone, beyond the four-digit years included", () => {
    const instant = fc.date({ min: new Date('0900-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true });
    const form = fc.constantFrom(
      (date: Date) => date.toISOString(),
      (date: Date) => date.toISOString().replace('.000Z', '+05:30'),
      (date: Date) => date.toISOString().slice(0, 19),
      (date: Date) => date.toISOString().slice(0, 10),
      (date: Date) => date.toISOString().replace('T', ' ').replace('Z', '-0800'),
    );
    fc.assert(
      fc.property(instant, form, fc.constantFrom('America/Lima', 'Asia/Tokyo', 'Pacific/Kiritimati', 'Etc/GMT+5', 'America/St_Johns'), (date, write, zone) => {
        const value = write(date);
        expect(wallDayOf(value, zone)).toBe(wallTimeOf(value, zone)?.date ?? null);
      }),
      { numRuns: 2000, examples: [[new Date('9999-12-31T23:59:59Z'), (date: Date) => date.toISOString(), 'Asia/Tokyo']] },
    );
  });
});

describe('dateOfDayNumber and civilOfDayNumber', () => {
  it('write every day as Date does, and are the inverse of dayNumberOf', () => {
    // From the year -300 to 10,300: past both ends of the four-digit years, where Date's form is kept.
    fc.assert(
      fc.property(fc.integer({ min: -829_000, max: 3_043_000 }), (day) => {
        expect(dateOfDayNumber(day)).toBe(new Date(day * 86_400_000).toISOString().slice(0, 10));
        const [year, month, dayOfMonth] = civilOfDayNumber(day);
        expect(dayNumberOf(year, month, dayOfMonth)).toBe(day);
      }),
      { numRuns: 5000, examples: [[-719_468], [-1], [0], [59], [2_932_896], [2_932_897]] },
    );
  });
});

describe('a day and a short date-time read by their characters', () => {
  // The patterns the readers replaced: they are the reference.
  const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
  const SHORT_DATE = /^(\d{4}-\d{2}-\d{2})(?: ([01]\d|2[0-3]):[0-5]\d)?$/;
  function realDay(text: string): boolean {
    const match = DAY.exec(text);
    if (!match) return false;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    // Day 0 of the next month is the last of this one; setUTCFullYear, unlike Date.UTC, keeps years below 100.
    const last = new Date(0);
    last.setUTCFullYear(year, month, 0);
    return day >= 1 && month >= 1 && month <= 12 && day <= last.getUTCDate();
  }
  const character = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...'0123456789') },
    { weight: 2, arbitrary: fc.constantFrom('-', ' ', ':') },
    { weight: 1, arbitrary: fc.constantFrom('T', 'Z', '\n', '０', '/', '.', 'a', '+', ';', '`') },
  );
  /** "2026-11-03", "2026-11-03 10:14", their shape with odd characters, and strings a character longer or shorter. */
  const shaped = fc.oneof(
    fc.array(character, { minLength: 8, maxLength: 18 }).map((characters) => characters.join('')),
    fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: 0, max: 61 }),
      )
      .chain(([year, month, day, hours, minutes]) => {
        const pad = (value: number, width = 2) => String(value).padStart(width, '0');
        const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
        return fc.constantFrom(
          date,
          `${date} ${pad(hours)}:${pad(minutes)}`,
          `${date}\n`,
          `${date} ${pad(hours)}:${pad(minutes)}:00`,
          `${date}T${pad(hours)}:${pad(minutes)}`,
        );
      }),
  );
  /** A real day or short date-time with one character replaced by any of the odd ones (a ":" just past "9", a full-width digit...). */
  const altered = fc
    .tuple(fc.constantFrom('2026-11-03', '2028-02-29', '2026-11-03 10:14', '1999-12-31 23:59'), fc.nat(), character)
    .map(([text, at, replacement]) => {
      const index = at % text.length;
      return text.slice(0, index) + replacement + text.slice(index + 1);
    });

  it('agree with the patterns on every string of their shape, odd ones included', () => {
    fc.assert(
      fc.property(fc.oneof(shaped, altered), (text) => {
        expect(isCalendarDate(text)).toBe(realDay(text));
        const short = SHORT_DATE.exec(text);
        expect(isReadDate(text)).toBe(short !== null && realDay(short[1]!));
      }),
      { numRuns: 5000, examples: [['2026-02-29'], ['2028-02-29'], ['1900-02-29'], ['2000-02-29'], ['0000-02-29'], ['2026-11-03 23:59'], ['2026-11-03 24:00']] },
    );
  });
});
