import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callSignal } from '../src/call-signal.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('callSignal', () => {
  it('aborts at the deadline, and says the deadline did it', () => {
    const call = callSignal(1000);
    vi.advanceTimersByTime(999);
    expect(call.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(call.signal.aborted).toBe(true);
    expect(call.timedOut()).toBe(true);
    expect((call.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it("aborts with the caller's signal, which is not a timeout", () => {
    const outer = new AbortController();
    const call = callSignal(1000, outer.signal);
    outer.abort(new Error('cancelled by the client'));
    expect(call.signal.aborted).toBe(true);
    expect(call.timedOut()).toBe(false);
    expect((call.signal.reason as Error).message).toBe('cancelled by the client');
  });

  it('starts aborted when the caller already gave up', () => {
    const outer = new AbortController();
    outer.abort();
    expect(callSignal(1000, outer.signal).signal.aborted).toBe(true);
  });

  it('leaves no timer and no listener behind once done', () => {
    const outer = new AbortController();
    const call = callSignal(1000, outer.signal);
    expect(vi.getTimerCount()).toBe(1);
    call.done();
    expect(vi.getTimerCount()).toBe(0);
    outer.abort();
    vi.advanceTimersByTime(5000);
    // Neither the caller nor the deadline reaches a call that has ended.
    expect(call.signal.aborted).toBe(false);
  });

  it('without a deadline, sets no timer: only the caller, or the end, aborts it', () => {
    const outer = new AbortController();
    const call = callSignal(undefined, outer.signal);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(call.signal.aborted).toBe(false);
    outer.abort(new Error('cancelled by the client'));
    expect((call.signal.reason as Error).message).toBe('cancelled by the client');
    expect(call.timedOut()).toBe(false);
  });

  it('ends with the reason given: the error that ended the call reaches whatever still reads', () => {
    const outer = new AbortController();
    const call = callSignal(undefined, outer.signal);
    const failure = new Error('a page failed');
    call.end(failure);
    expect(call.signal.reason).toBe(failure);
    // Ended: the caller's later abort no longer reaches it.
    outer.abort(new Error('too late'));
    expect(call.signal.reason).toBe(failure);
  });

  it('ends, with no reason given, as a call that has answered', () => {
    const call = callSignal(1000);
    call.end();
    expect((call.signal.reason as DOMException).name).toBe('AbortError');
    expect(vi.getTimerCount()).toBe(0);
  });
});
