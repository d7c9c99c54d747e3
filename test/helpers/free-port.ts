// A loopback port for a server a test or benchmark starts as a child process. No vitest import: the
// benchmarks use it too.
import { createServer } from 'node:net';

/** A port free on 127.0.0.1 a moment ago: another process may take it first, so a caller that cannot lose it retries. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
