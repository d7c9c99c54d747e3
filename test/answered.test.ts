// One meaning of "answered" for a listed record and a record read in full.
import { describe, expect, it } from 'vitest';
import { isAnswered } from '../src/domain/answered.js';

describe('isAnswered', () => {
  it("takes the list's flag when the service sends one, whatever else the record says", () => {
    expect(isAnswered({ hasResponse: true, respondedAt: null })).toBe(true);
    expect(isAnswered({ hasResponse: false, respondedAt: '2026-11-20T10:00:00Z' })).toBe(false);
  });

  it('without a flag, counts a response date or an official response that is not blank', () => {
    expect(isAnswered({ respondedAt: '2026-11-20T10:00:00Z' })).toBe(true);
    expect(isAnswered({ hasResponse: null, respondedAt: 'undated' })).toBe(true);
    expect(isAnswered({ respondedAt: null, officialResponse: 'Le devolvemos el importe.' })).toBe(true);
  });

  it('reads a blank or invisible response as none: the deadline still runs', () => {
    for (const blank of [null, '', '   ', '\u200b\u2060', '\n\t']) {
      expect(isAnswered({ respondedAt: blank, officialResponse: blank }), JSON.stringify(blank)).toBe(false);
    }
  });
});
