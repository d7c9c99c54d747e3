// error-code.ts, the one reader of a network error's code: the API client's rule (socket codes only)
// and the sign-in's (any code, TLS ones included) read the same causes.
import { describe, expect, it } from 'vitest';
import { isSocketCode } from '../src/api/network-errors.js';
import { errorCode } from '../src/error-code.js';

/** An error wrapped `depth` times (undici's TypeError: fetch failed, and so on) around `code`. */
function wrapped(code: string, depth: number): Error {
  let error: Error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code });
  for (let level = 0; level < depth; level++) error = new Error('fetch failed', { cause: error });
  return error;
}

describe('errorCode', () => {
  it('reads the code on the error or up to four causes deep, never past that, never the message', () => {
    expect(errorCode(wrapped('ECONNREFUSED', 0))).toBe('ECONNREFUSED');
    expect(errorCode(wrapped('ECONNREFUSED', 4))).toBe('ECONNREFUSED');
    expect(errorCode(wrapped('ECONNREFUSED', 5))).toBeUndefined();
    expect(errorCode(new Error('ENOTFOUND in the message only'))).toBeUndefined();
    expect(errorCode('ECONNREFUSED')).toBeUndefined();
    expect(errorCode(null)).toBeUndefined();
  });

  it('takes only what is shaped like a code: upper case, digits and underscores, at most 41 characters', () => {
    expect(errorCode(wrapped('CERT_HAS_EXPIRED', 1))).toBe('CERT_HAS_EXPIRED');
    expect(errorCode(wrapped('econnrefused', 0))).toBeUndefined();
    expect(errorCode(wrapped('E'.repeat(42), 0))).toBeUndefined();
    expect(errorCode(Object.assign(new Error('x'), { code: 23 }))).toBeUndefined();
  });

  it("passes over a code the caller does not take for its cause's", () => {
    const error = Object.assign(new Error('fetch failed', { cause: wrapped('ECONNRESET', 0) }), { code: 'UND_ERR' });
    expect(errorCode(error)).toBe('UND_ERR');
    expect(errorCode(error, isSocketCode)).toBe('ECONNRESET');
  });

  it("keeps the API client's rule: system and undici codes, not bare UND_ERR, node's argument checks or TLS names", () => {
    expect(['ECONNREFUSED', 'ENOTFOUND', 'UND_ERR_SOCKET', 'ERR_SSL_WRONG_VERSION_NUMBER'].filter(isSocketCode)).toHaveLength(4);
    expect(['UND_ERR', 'ERR_INVALID_ARG_TYPE', 'CERT_HAS_EXPIRED', 'ABORT_ERR'].filter(isSocketCode)).toEqual([]);
  });
});
