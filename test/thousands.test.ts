import { describe, expect, it } from 'vitest';
import { thousands } from '../src/thousands.js';

describe('thousands', () => {
  it('groups the digits as en-US does', () => {
    expect(thousands(0)).toBe('0');
    expect(thousands(999)).toBe('999');
    expect(thousands(1000)).toBe('1,000');
    expect(thousands(50_000)).toBe('50,000');
    expect(thousands(1_234_567)).toBe('1,234,567');
    expect(thousands(-1234)).toBe('-1,234');
  });

  it('agrees with Intl on whole numbers of every size, the reference it replaces', () => {
    // A fixed walk through sizes and digits (no randomness: a failure names its number).
    for (let digits = 1; digits <= 15; digits++) {
      for (const lead of [1, 4, 9]) {
        const count = Number(`${lead}${'7'.repeat(digits - 1)}`);
        expect(thousands(count)).toBe(count.toLocaleString('en-US'));
        expect(thousands(-count)).toBe((-count).toLocaleString('en-US'));
      }
    }
  });
});
