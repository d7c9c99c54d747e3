// One meaning of "answered" for a listed record and a record read in full; and of an e-mail that needs attention.
import { describe, expect, it } from 'vitest';
import { hasEmailProblem, isAnswered, needsAttention } from '../../src/domain/answered.js';

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

describe('an e-mail that needs attention', () => {
  it('is any state but sent or queued, read whatever its case, spaces or invisible characters', () => {
    for (const state of ['sent', 'queued', 'SENT', ' Queued ', 'se\u200bnt', null, '', '   ']) expect(needsAttention(state), String(state)).toBe(false);
    for (const state of ['failed', 'Bounced', 'unsent', 'queued-ish', 'sending']) expect(needsAttention(state), state).toBe(true);
  });

  it('selects a record by its receipt or its response', () => {
    expect(hasEmailProblem({ receiptDeliveryStatus: 'failed', responseDeliveryStatus: null })).toBe(true);
    expect(hasEmailProblem({ receiptDeliveryStatus: 'sent', responseDeliveryStatus: 'bounced' })).toBe(true);
    expect(hasEmailProblem({ receiptDeliveryStatus: 'sent', responseDeliveryStatus: 'queued' })).toBe(false);
  });
});
