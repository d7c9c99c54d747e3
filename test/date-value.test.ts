import { describe, expect, it } from 'vitest';
import { calendarDateOf, wallTimeOf } from '../src/dates/date-value.js';

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
