// error-code.ts, the one reader of a network error's code, and the two rules it reads with: the API
// client's (socket codes, the error and three causes: what it read before the reader was shared) and
// the sign-in's (any code shaped like one, TLS ones included, four causes deep).
import { describe, expect, it } from 'vitest';
import { SOCKET_CODE } from '../src/api/network-errors.js';
import { ANY_CODE, errorCode } from '../src/error-code.js';

/** An error wrapped `depth` times (undici's TypeError: fetch failed, and so on) around `code`. */
function wrapped(code: unknown, depth: number): Error {
  let error: Error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code });
  for (let level = 0; level < depth; level++) error = new Error('fetch failed', { cause: error });
  return error;
}

describe('errorCode', () => {
  it('never reads the message, nor anything but an object', () => {
    for (const rule of [ANY_CODE, SOCKET_CODE]) {
      expect(errorCode(new Error('ENOTFOUND in the message only'), rule)).toBeUndefined();
      expect(errorCode('ECONNREFUSED', rule)).toBeUndefined();
      expect(errorCode(null, rule)).toBeUndefined();
      expect(errorCode(wrapped(23, 0), rule)).toBeUndefined();
    }
  });

  it("passes over a code the rule does not take for its cause's", () => {
    const error = Object.assign(new Error('fetch failed', { cause: wrapped('ECONNRESET', 0) }), { code: 'UND_ERR' });
    expect(errorCode(error)).toBe('UND_ERR');
    expect(errorCode(error, SOCKET_CODE)).toBe('ECONNRESET');
  });
});

describe("the sign-in's rule (ANY_CODE, the default)", () => {
  it('reads the code on the error or up to four causes deep, never past that', () => {
    expect(errorCode(wrapped('ECONNREFUSED', 0))).toBe('ECONNREFUSED');
    expect(errorCode(wrapped('ECONNREFUSED', 4))).toBe('ECONNREFUSED');
    expect(errorCode(wrapped('ECONNREFUSED', 5))).toBeUndefined();
  });

  it('takes only what is shaped like a code: upper case, digits and underscores, at most 41 characters', () => {
    expect(errorCode(wrapped('CERT_HAS_EXPIRED', 1))).toBe('CERT_HAS_EXPIRED');
    expect(errorCode(wrapped('econnrefused', 0))).toBeUndefined();
    expect(errorCode(wrapped('E'.repeat(42), 0))).toBeUndefined();
  });
});

describe("the API client's rule (SOCKET_CODE)", () => {
  it('reads the error and three causes: a code four causes deep is not read', () => {
    expect(errorCode(wrapped('ECONNRESET', 3), SOCKET_CODE)).toBe('ECONNRESET');
    expect(errorCode(wrapped('ECONNRESET', 4), SOCKET_CODE)).toBeUndefined();
    expect(errorCode(wrapped('UND_ERR_SOCKET', 4), SOCKET_CODE)).toBeUndefined();
  });

  it('takes system and undici codes whatever their spelling, not bare UND_ERR, node argument checks or TLS names', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'UND_ERR_SOCKET', 'ERR_SSL_WRONG_VERSION_NUMBER', 'Econnreset', 'E', `E${'X'.repeat(45)}`, 'ECONN-RESET'])
      expect(errorCode(wrapped(code, 0), SOCKET_CODE), code).toBe(code);
    for (const code of ['UND_ERR', 'ERR_INVALID_ARG_TYPE', 'CERT_HAS_EXPIRED', 'ABORT_ERR'])
      expect(errorCode(wrapped(code, 0), SOCKET_CODE), code).toBeUndefined();
  });
});
