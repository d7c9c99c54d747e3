// The stdio server's check of its key at initialize, without a process: a fake probe stands for the
// one list request, and the messages the SDK would get, and the answers the client would, are recorded.
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorForStatus } from '../src/api/errors.js';
import { networkError } from '../src/api/network-errors.js';
import { StdioKeyCheck } from '../src/stdio-key-check.js';
import { formsShown, keyForms } from './helpers/key-forms.js';
import { captureStderr } from './helpers/stderr-lines.js';

/** An odd key: regular-expression characters and all. */
const KEY = 'or_a.b*c+d?e(f)g[h]i{j}k|l^m$n\\o_4f9a1c2b3d';
const BASE_URL = 'https://libro.example.pe';
const refusedWith = (status: number) => errorForStatus(status, `key ${KEY} unknown`, 1, { operation: 'list', baseUrl: BASE_URL, keyFrom: 'environment' });

const initialize = (id: string | number = 1): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
});
const INITIALIZED: JSONRPCMessage = { jsonrpc: '2.0', method: 'notifications/initialized' };
const TOOLS_LIST: JSONRPCMessage = { jsonrpc: '2.0', id: 2, method: 'tools/list' };

/** A probe answered when the test says, counting how often it was asked. */
function fakeProbe() {
  let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  const probe = {
    calls: 0,
    run: () => {
      probe.calls += 1;
      return new Promise<void>((resolve, reject) => {
        settle = { resolve, reject };
      });
    },
    accept: () => settle!.resolve(),
    refuse: (error: unknown) => settle!.reject(error),
  };
  return probe;
}

/** A check with a fake probe, holding initialize up to `holdMs`: what it passed to the SDK and what it answered. */
function checked(holdMs = 3000) {
  const probe = fakeProbe();
  const passed: JSONRPCMessage[] = [];
  const sent: JSONRPCMessage[] = [];
  const check = new StdioKeyCheck<JSONRPCMessage>({
    probe: probe.run,
    holdMs,
    pass: (message) => passed.push(message),
    send: async (message) => {
      sent.push(message);
    },
  });
  return { check, probe, passed, sent };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('StdioKeyCheck', () => {
  it.each([
    [
      '401',
      refusedWith(401),
      'The complaints service refused the key in COMPLAINTS_API_KEY (401): it may be mistyped, expired or revoked. Set COMPLAINTS_API_KEY to your personal API key (it starts with or_), then restart the server.',
    ],
    [
      '403',
      refusedWith(403),
      'The complaints service accepts the key in COMPLAINTS_API_KEY, but its member lacks the permission complaints.view (403). Ask an administrator of your organization to grant it, or set COMPLAINTS_API_KEY to a key that has it, then restart the server.',
    ],
  ])('a key refused with %s: the initialize is answered with an error of its id, not passed on, and said once on stderr', async (_status, error, message) => {
    const stderr = captureStderr();
    const { check, probe, passed, sent } = checked();
    check.receive(initialize('init-7'));
    expect(probe.calls).toBe(1);
    expect(passed).toEqual([]);
    probe.refuse(error);
    await check.done;
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 'init-7', error: { code: -32000, message } }]);
    expect(passed).toEqual([]);
    expect(stderr).toEqual([`complaints-book-mcp: error: start check: ${message}\n`]);
  });

  it('never shows the key, in any spelling, even when the service names it', async () => {
    const stderr = captureStderr();
    const { check, probe, sent } = checked();
    check.receive(initialize());
    probe.refuse(refusedWith(401));
    await check.done;
    const output = JSON.stringify(sent) + stderr.join('');
    expect(output).not.toContain(KEY);
    expect(formsShown(output, keyForms(KEY))).toEqual([]);
  });

  it.each([
    ['a failing service (5xx)', refusedWith(503)],
    ['a rate limit (429)', refusedWith(429)],
    ['an unreachable service', networkError(BASE_URL, 'ECONNREFUSED', 1)],
    ['a timeout', new ApiError('timeout', 'The complaints service did not answer within 2000 ms (COMPLAINTS_TIMEOUT_MS).')],
    ['an error of no known kind', new TypeError('boom')],
  ])('%s lets the initialize through, and what came behind it, in order', async (_label, error) => {
    captureStderr();
    const { check, probe, passed, sent } = checked();
    check.receive(initialize());
    check.receive(TOOLS_LIST);
    probe.refuse(error);
    await check.done;
    expect(passed).toEqual([initialize(), TOOLS_LIST]);
    expect(sent).toEqual([]);
  });

  it('an accepted key lets the initialize through', async () => {
    const { check, probe, passed, sent } = checked();
    check.receive(initialize());
    probe.accept();
    await check.done;
    expect(passed).toEqual([initialize()]);
    expect(sent).toEqual([]);
  });

  it('a service slower than the bound: the initialize goes through at the bound, and the same check, refused later, is logged as before', async () => {
    vi.useFakeTimers();
    const stderr = captureStderr();
    const { check, probe, passed, sent } = checked(3000);
    check.receive(initialize());
    await vi.advanceTimersByTimeAsync(2999);
    expect(passed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(passed).toEqual([initialize()]);
    probe.refuse(refusedWith(401));
    await check.done;
    expect(probe.calls).toBe(1);
    expect(sent).toEqual([]);
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatch(
      /^complaints-book-mcp: start check: the complaints service refused the key in COMPLAINTS_API_KEY \(401\).*"complaints-book-mcp check"/,
    );
  });

  it('holding nothing (--demo): the initialize goes straight through and the check runs behind it', async () => {
    const { check, probe, passed } = checked(0);
    check.receive(initialize());
    expect(passed).toEqual([initialize()]);
    expect(probe.calls).toBe(1);
    probe.accept();
    await check.done;
  });

  it('messages before any initialize pass untouched, and start no check', () => {
    const { check, probe, passed } = checked();
    check.receive(TOOLS_LIST);
    check.receive(INITIALIZED);
    expect(passed).toEqual([TOOLS_LIST, INITIALIZED]);
    expect(probe.calls).toBe(0);
    expect(check.done).toBeUndefined();
  });

  it('an initialize sent twice, while held and after the refusal: each answered with its own id, from one request', async () => {
    captureStderr();
    const { check, probe, passed, sent } = checked();
    check.receive(initialize(1));
    check.receive(initialize(2));
    probe.refuse(refusedWith(401));
    await check.done;
    check.receive(initialize(3));
    await flush();
    expect(probe.calls).toBe(1);
    expect(passed).toEqual([]);
    expect(sent.map((message) => ('id' in message ? message.id : undefined))).toEqual([1, 2, 3]);
  });

  it('an initialize sent again once the key was accepted goes to the SDK, with no second request', async () => {
    const { check, probe, passed } = checked();
    check.receive(initialize(1));
    probe.accept();
    await check.done;
    check.receive(initialize(2));
    expect(passed).toEqual([initialize(1), initialize(2)]);
    expect(probe.calls).toBe(1);
  });

  it('a probe that throws before its request still lets the initialize through', async () => {
    const passed: JSONRPCMessage[] = [];
    const check = new StdioKeyCheck<JSONRPCMessage>({
      probe: () => {
        throw new Error('not loaded');
      },
      holdMs: 3000,
      pass: (message) => passed.push(message),
      send: async () => undefined,
    });
    check.receive(initialize());
    await check.done;
    expect(passed).toEqual([initialize()]);
  });

  it('an answer the client can no longer read does not fail the check', async () => {
    captureStderr();
    const check = new StdioKeyCheck<JSONRPCMessage>({
      probe: () => Promise.reject(refusedWith(401)),
      holdMs: 3000,
      pass: () => undefined,
      send: () => Promise.reject(new Error('EPIPE')),
    });
    check.receive(initialize());
    await expect(check.done).resolves.toBeUndefined();
  });
});
