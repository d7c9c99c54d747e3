// End to end: a client that sends one stdio message larger than the transport's buffer (10 MiB). The
// SDK's transport then stops reading; the server must say why and exit non-zero, not sit deaf (or
// vanish with exit 0, which a client shows as a clean stop).
import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../src/sandbox/demo-keys.js';
import { expectJsonRpcOnly, RawServer } from './helpers/raw-server.js';

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
