// The suite-wide key scan (test/global-setup.ts) must be able to fail: its matcher, tested here.
import { describe, expect, it } from 'vitest';
import { findLeaks } from './helpers/transcript-scan.js';

describe('findLeaks', () => {
  const key = 'or_live_4f9a1c2b3d4e5f60718293a4b5c6d7e8';

  it('names the transcript that holds a key, masking the key', () => {
    const leaks = findLeaks(
      [
        { name: 'clean.txt', text: 'Authorization refused (401). Check COMPLAINTS_API_KEY.' },
        { name: 'leaky.txt', text: `{"error":"bad key ${key}"}` },
      ],
      [key],
    );
    expect(leaks).toEqual(['leaky.txt: or_…d7e8']);
    expect(leaks.join('')).not.toContain(key);
  });

  it('finds nothing in clean transcripts', () => {
    expect(findLeaks([{ name: 'a.txt', text: 'or_ keys start with or_' }], [key])).toEqual([]);
  });
});
