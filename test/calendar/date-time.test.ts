import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDateOf, wallTimeOf } from '../../src/calendar/date-time.js';
import { wallClock } from '../../src/calendar/time-zone.js';

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
