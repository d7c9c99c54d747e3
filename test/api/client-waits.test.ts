// The waits between attempts and the one deadline of a call, on a virtual clock: the client's `now`
// and `sleep` are the test's, the call's deadline timer runs on vitest's fake timers, and the service
// is undici's MockAgent in this process. Every time below is exact, however busy the machine is.
import { setImmediate as tick } from 'node:timers/promises';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ComplaintsApi } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { configureLog } from '../../src/log.js';

const BASE_URL = 'http://complaints.test';
const KEY = 'or_test_key_0123456789';
const ID = '0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a11';
/** A whole second: an HTTP date names it exactly. */
const START = Date.parse('2026-11-22T15:00:00Z');
const RECORD = { data: { id: ID, correlative: '000000402-2026' } };

type Answer =
  | { status: number; headers?: Record<string, string>; body?: unknown }
  /** A connection that fails with this code before any answer. */
  | { error: string }
  /** A request that is accepted and never answered. */
  | 'stall';

const status = (code: number, headers: Record<string, string> = {}, body: unknown = {}): Answer => ({ status: code, headers, body });

/** Time as the client sees it: `now`, its waits and its deadline timer move together, only when told to. */
class VirtualClock {
  private t = START;
  /** Every wait the client asked for, in order. */
  readonly waits: number[] = [];
  /** Called as each wait starts, e.g. to cancel the call meanwhile. */
  onSleep: () => void = () => undefined;

  readonly now = () => this.t;

  /** Virtual milliseconds since the call began. */
  get elapsed(): number {
    return this.t - START;
  }

  /** Moves time on, firing the deadline timer if it falls due. */
  advance(ms: number): void {
    this.t += ms;
    vi.advanceTimersByTime(ms);
  }

  /** The client's wait: over at once, the clock moved on by `ms`; it rejects as the real one does once the signal aborts. */
  readonly sleep = async (ms: number, signal: AbortSignal): Promise<void> => {
    this.waits.push(ms);
    this.onSleep();
    signal.throwIfAborted();
    this.advance(ms);
    signal.throwIfAborted();
  };
}

let agent: MockAgent;
let clock: VirtualClock;
/** When each answered request arrived, in virtual milliseconds since the call began. */
let arrivals: number[];
let stalled: Promise<void>;
let onStall: () => void;

beforeEach(() => {
  // Only the timers: the call's deadline is a setTimeout; Date stays real, the client reads clock.now.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  configureLog({ level: 'error' }); // the retry warnings are not what is tested here
  clock = new VirtualClock();
  agent = new MockAgent();
  agent.disableNetConnect();
  arrivals = [];
  stalled = new Promise((resolve) => (onStall = resolve));
});

afterEach(async () => {
  await agent.close();
  vi.useRealTimers();
});

/** The service answers the next requests with these, one each, in order; a request beyond them fails the call. */
function serve(...answers: Answer[]): void {
  const pool = agent.get(BASE_URL);
  for (const answer of answers) {
    const interceptor = pool.intercept({ path: () => true, method: 'GET' });
    if (answer === 'stall') {
      interceptor.reply(200, () => {
        arrivals.push(clock.elapsed);
        onStall();
        return new Promise<string>(() => undefined);
      });
    } else if ('error' in answer) {
      interceptor.replyWithError(Object.assign(new Error(`connect ${answer.error}`), { code: answer.error }));
    } else {
      interceptor.reply(() => {
        arrivals.push(clock.elapsed);
        return {
          statusCode: answer.status,
          data: JSON.stringify(answer.body ?? {}),
          responseOptions: { headers: { 'content-type': 'application/json', ...answer.headers } },
        };
      });
    }
  }
}

function client(timeoutMs: number, random = () => 0): ComplaintsApi {
  return new ComplaintsApi({ baseUrl: BASE_URL, apiKey: KEY, timeoutMs, dispatcher: agent, random, now: clock.now, sleep: clock.sleep });
}

/** The error a call ends with, and when, in virtual milliseconds since it began. */
async function failure(call: Promise<unknown>): Promise<{ error: ApiError; at: number }> {
  const error = await call.then(
    () => new Error('the call succeeded'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return { error: error as ApiError, at: clock.elapsed };
}

/**
 * Once the stalled request has arrived, moves the clock on one millisecond at a time until the call
 * ends, and says when it ended; undefined if it had not ended `limitMs` after its start.
 */
async function endOfStall(call: Promise<unknown>, limitMs: number): Promise<{ error: unknown; at: number } | undefined> {
  let ended: { error: unknown; at: number } | undefined;
  call.then(
    () => (ended = { error: undefined, at: clock.elapsed }),
    (error: unknown) => (ended = { error, at: clock.elapsed }),
  );
  await stalled;
  while (ended === undefined && clock.elapsed < limitMs) {
    clock.advance(1);
    // A macrotask turn: the abort runs through undici and the client in microtasks, all done by then.
    await tick();
  }
  return ended;
}

describe('the waits between attempts', () => {
  it.each([
    [0, [100, 200]],
    [0.5, [150, 300]],
    [0.9999, [200, 400]],
  ])('waits 100-200 ms, then 200-400 ms, on the backoff (random %d)', async (random, waits) => {
    serve(status(503), status(503), status(503));
    const { error, at } = await failure(client(5000, () => random).getComplaint(ID));
    expect(error.message).toBe('The complaints service failed (HTTP 503) after 3 attempts. Try again later.');
    expect(clock.waits).toEqual(waits);
    expect(arrivals).toEqual([0, waits[0], waits[0]! + waits[1]!]);
    expect(at).toBe(waits[0]! + waits[1]!);
    agent.assertNoPendingInterceptors();
  });

  it('waits the same backoff after a connection failure, and says how many attempts were made', async () => {
    serve({ error: 'ECONNRESET' }, { error: 'ECONNRESET' }, { error: 'ECONNRESET' });
    const { error } = await failure(client(5000).getComplaint(ID));
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/\(the connection was reset\) after 3 attempts\./);
    expect(clock.waits).toEqual([100, 200]);
    agent.assertNoPendingInterceptors();
  });

  it('does not wait, nor retry, after a host name that does not resolve', async () => {
    serve({ error: 'ENOTFOUND' });
    const { error } = await failure(client(5000).getComplaint(ID));
    expect(error.message).toMatch(/\(the host name does not resolve\)\. Check COMPLAINTS_API_URL/);
    expect(clock.waits).toEqual([]);
    agent.assertNoPendingInterceptors();
  });

  it.each([
    ['whole seconds', '1', 1000],
    ['a fraction of a second', '0.25', 250],
    ['an HTTP date 2 s ahead', new Date(START + 2000).toUTCString(), 2000],
    ['an HTTP date already past', new Date(START - 5000).toUTCString(), 0],
  ])('waits a Retry-After of %s instead of the backoff, then succeeds', async (_label, retryAfter, wait) => {
    serve(status(429, { 'retry-after': retryAfter }), status(200, {}, RECORD));
    await expect(client(5000).getComplaint(ID)).resolves.toMatchObject({ correlative: '000000402-2026' });
    expect(clock.waits).toEqual([wait]);
    expect(arrivals).toEqual([0, wait]);
    agent.assertNoPendingInterceptors();
  });

  it('waits a Retry-After on a 503 too', async () => {
    serve(status(503, { 'retry-after': '2' }), status(200, {}, RECORD));
    await client(5000).getComplaint(ID);
    expect(clock.waits).toEqual([2000]);
  });
});

describe('the deadline of a call (COMPLAINTS_TIMEOUT_MS)', () => {
  it.each([
    ['in seconds', '120'],
    ['as an HTTP date', new Date(START + 120_000).toUTCString()],
  ])('does not wait for a Retry-After %s past the deadline: fails at once as rate limited', async (_label, retryAfter) => {
    serve(status(429, { 'retry-after': retryAfter }));
    const { error, at } = await failure(client(5000).getComplaint(ID));
    expect(error.message).toBe('The complaints service is rate limiting requests (429). Wait a minute before trying again.');
    expect(clock.waits).toEqual([]);
    expect(at).toBe(0);
    agent.assertNoPendingInterceptors();
  });

  it('counts from the start of the call: a second wait that would end past it is not started', async () => {
    // 600 ms fit in 1000; 600 more, from 600 ms in, do not (a deadline per attempt would take them).
    serve(status(429, { 'retry-after': '0.6' }), status(429, { 'retry-after': '0.6' }));
    const { error, at } = await failure(client(1000).getComplaint(ID));
    expect(error.message).toBe('The complaints service is rate limiting requests (429) after 2 attempts. Wait a minute before trying again.');
    expect(clock.waits).toEqual([600]);
    expect(arrivals).toEqual([0, 600]);
    expect(at).toBe(600);
    agent.assertNoPendingInterceptors();
  });

  it('starts a wait that ends 1 ms before the deadline', async () => {
    serve(status(503, { 'retry-after': '0.999' }), status(200, {}, RECORD));
    await expect(client(1000).getComplaint(ID)).resolves.toMatchObject({ id: ID });
    expect(clock.waits).toEqual([999]);
    agent.assertNoPendingInterceptors();
  });

  it('does not start a wait that ends at the deadline', async () => {
    serve(status(503, { 'retry-after': '1' }));
    const { error } = await failure(client(1000).getComplaint(ID));
    expect(error.message).toBe('The complaints service failed (HTTP 503). Try again later.');
    expect(clock.waits).toEqual([]);
    agent.assertNoPendingInterceptors();
  });

  it.each([
    // A backoff of 190 ms does not fit in 150.
    [0.9, [], 'Could not reach the complaints service at http://complaints.test (the connection was reset). Check COMPLAINTS_API_URL and the network.'],
    // 100 ms fit; the next backoff, 200 ms from 100 ms in, does not.
    [
      0,
      [100],
      'Could not reach the complaints service at http://complaints.test (the connection was reset) after 2 attempts. Check COMPLAINTS_API_URL and the network.',
    ],
  ])('gives up on a backoff that cannot end before it after a connection failure (random %d)', async (random, waits, message) => {
    serve(...Array.from({ length: waits.length + 1 }, () => ({ error: 'ECONNRESET' })));
    const { error } = await failure(client(150, () => random).getComplaint(ID));
    expect(error.message).toBe(message);
    expect(clock.waits).toEqual(waits);
    agent.assertNoPendingInterceptors();
  });

  it.each<[string, Answer[], number[]]>([
    ['a stall before the headers', ['stall'], []],
    ['a reset, then a stall', [{ error: 'ECONNRESET' }, 'stall'], [100]],
    ['two 503s, then a stall', [status(503), status(503), 'stall'], [100, 200]],
    ['a 429 with Retry-After: 1, then a stall', [status(429, { 'retry-after': '1' }), 'stall'], [1000]],
  ])('ends %s exactly at the deadline, counted from the start of the call, with the timeout text', async (_label, answers, waits) => {
    serve(...answers);
    const ended = await endOfStall(client(1500).getComplaint(ID), 10_000);
    // A deadline per attempt would end the last one 1500 ms after it began, later than this.
    expect(ended?.at).toBe(1500);
    expect(ended?.error).toBeInstanceOf(ApiError);
    expect((ended!.error as ApiError).message).toBe(
      'The complaints service did not answer within 1500 ms (COMPLAINTS_TIMEOUT_MS). Try again, or raise the timeout.',
    );
    expect(clock.waits).toEqual(waits);
    agent.assertNoPendingInterceptors();
  });
});

describe('cancellation', () => {
  it('ends a call cancelled during a wait as cancelled, without another attempt', async () => {
    const caller = new AbortController();
    clock.onSleep = () => caller.abort();
    serve(status(503), status(200, {}, RECORD));
    const { error } = await failure(client(5000).getComplaint(ID, caller.signal));
    expect(error.kind).toBe('cancelled');
    expect(clock.waits).toEqual([100]);
    expect(arrivals).toEqual([0]);
  });

  it('ends a call cancelled during a wait after a connection failure as cancelled', async () => {
    const caller = new AbortController();
    clock.onSleep = () => caller.abort();
    serve({ error: 'ECONNRESET' }, status(200, {}, RECORD));
    expect((await failure(client(5000).getComplaint(ID, caller.signal))).error.kind).toBe('cancelled');
  });
});
