// The list's from/to filters are read by one reader on both sides: the tools' argument rule and the
// sandbox's query parsing.
import { describe, expect, it } from 'vitest';
import { isDateOrDateTime } from '../../src/calendar/date-time.js';
import { limaDayOf } from '../../src/sandbox/list-query.js';

describe('isDateOrDateTime', () => {
  it('takes a calendar date, or a date-time with a T and an offset within ±14:00', () => {
    for (const value of [
      '2026-11-16',
      '2026-11-16T10:00',
      '2026-11-16T10:00:59.123456789Z',
      '2026-11-16T10:00-05:00',
      '2026-11-16T10:00+1400',
      '2026-11-16T10:00+05',
      '2026-11-16T23:59:59-14:00',
    ]) {
      expect(isDateOrDateTime(value), value).toBe(true);
    }
  });

  it('refuses what the service would refuse after the call is spent', () => {
    const refused = [
      '2026-02-30',
      '2026-11-16 10:00',
      '2026-11-16T24:00',
      '2026-11-16T23:60',
      '2026-11-16T23:59:60',
      '2026-11-16T10:00+14:30',
      '2026-11-16T10:00-15:00',
      '2026-11-16T10:00+0960',
      '16/11/2026',
      '2026-11-16T',
    ];
    expect(refused.filter((value) => isDateOrDateTime(value))).toEqual([]);
  });
});

describe("the sandbox's from/to day", () => {
  it('is the date as written, or the Lima day of an instant', () => {
    expect(limaDayOf('2026-11-16')).toBe('2026-11-16');
    expect(limaDayOf('2026-11-16T23:30')).toBe('2026-11-16');
    expect(limaDayOf('2026-11-17T03:00:00Z')).toBe('2026-11-16');
    expect(limaDayOf('2026-11-16T23:30:00-08:00')).toBe('2026-11-17');
    expect(limaDayOf('2026-02-30')).toBeUndefined();
    expect(limaDayOf('2026-11-16T25:00')).toBeUndefined();
  });
});
