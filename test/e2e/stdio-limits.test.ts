// End to end: a client that sends one stdio message larger than the transport's buffer (10 MiB). The
// SDK's transport then stops reading; the server must say why and exit non-zero, not sit deaf (or
// vanish with exit 0, which a client shows as a clean stop). And a JSON-RPC batch, which the SDK's
// transport drops in silence: answered with an error, the server still serving.
import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { expectJsonRpcOnly, RawServer } from '../helpers/raw-server.js';

describe('one stdio message over 10 MiB', () => {
  it.each([
    ['configured', { COMPLAINTS_API_URL: 'http://127.0.0.1:9', COMPLAINTS_API_KEY: DEMO_KEYS.full.key }, []],
    ['--demo', {}, ['--demo']],
  ])(
    '%s: logs one line saying so and exits non-zero',
    async (_label, env, args) => {
      const server = new RawServer(env, args);
      try {
        // 'close': the process has exited and its log line is read, whichever pipe was last.
        const exited = new Promise<number | null>((resolve) => server.child.once('close', resolve));
        await server.initialize();
        // The server stops reading mid-message: the rest of this write may never be taken.
        server.child.stdin.on('error', () => undefined);
        server.child.stdin.write(Buffer.alloc(11 * 1024 * 1024, 'a'));
        const code = await exited;
        expect(code).not.toBe(0);
        expect(code).not.toBeNull();
        expect(server.stderr.match(/error: the client sent a message over 10 MiB on stdin; the connection is closed\n/g)).toHaveLength(1);
        expectJsonRpcOnly(server.stdoutLines);
      } finally {
        await server.stop();
      }
      // Writing 11 MiB through a pipe, and --demo generating its book first, take seconds on a busy machine.
    },
    60_000,
  );
});

describe('a byte order mark on stdin', () => {
  it('is dropped: the initialize it starts is answered', async () => {
    const server = new RawServer({ COMPLAINTS_API_URL: 'http://127.0.0.1:9', COMPLAINTS_API_KEY: DEMO_KEYS.full.key });
    try {
      server.child.stdin.write('\uFEFF');
      const answer = await server.initialize();
      expect(answer.result.serverInfo.name).toBe('complaints-book-mcp');
      expectJsonRpcOnly(server.stdoutLines);
    } finally {
      await server.stop();
    }
  });
});

describe('a JSON-RPC batch on stdin', () => {
  it('gets one Invalid Request error each, id null, none of its calls run, and the next request is served', async () => {
    const server = new RawServer({ COMPLAINTS_API_URL: 'http://127.0.0.1:9', COMPLAINTS_API_KEY: DEMO_KEYS.full.key });
    try {
      await server.initialize();
      const calls = [1, 2].map((n) => ({ jsonrpc: '2.0', id: `batched-${n}`, method: 'tools/list' }));
      server.child.stdin.write(`${JSON.stringify(calls)}\n`);
      server.child.stdin.write(`  ${JSON.stringify([...calls, { jsonrpc: '2.0', method: 'notifications/initialized' }])}\r\n`);
      // Answers come in the order of the lines: once this one is here, so are the batches'.
      const after = await server.request('tools/list');
      expect(after.result.tools.length).toBeGreaterThan(0);
      const answers = server.stdoutLines.map((line) => JSON.parse(line));
      expect(answers.filter((answer) => answer.id === null)).toEqual([
        {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32600, message: expect.stringMatching(/^Invalid Request: JSON-RPC batches are not supported in this protocol version/) },
        },
        expect.objectContaining({ id: null }),
      ]);
      // None of the batched calls was run.
      expect(answers.filter((answer) => String(answer.id).startsWith('batched-'))).toEqual([]);
      expectJsonRpcOnly(server.stdoutLines);
      await server.untilStderr(/the client sent a JSON-RPC batch on stdin; it was answered with an error/);
      expect(await server.endInput()).toBe(0);
    } finally {
      await server.stop();
    }
  });
});
