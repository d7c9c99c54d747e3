// Logs go to stderr only: stdout belongs to the JSON-RPC transport, one stray byte breaks it.
import { format } from 'node:util';

export const log = {
  warn(message: string): void {
    process.stderr.write(`complaints-book-mcp: ${message}\n`);
  },
  error(message: string): void {
    process.stderr.write(`complaints-book-mcp: error: ${message}\n`);
  },
};

/**
 * For the stdio modes: console.log/info/debug (ours by mistake, or a dependency's) go to stderr,
 * so that nothing but the transport can ever write to stdout.
 */
export function keepConsoleOffStdout(): void {
  for (const method of ['log', 'info', 'debug'] as const) {
    console[method] = (...args: unknown[]) => process.stderr.write(`${format(...args)}\n`);
  }
}

/**
 * An exception that escapes every handler is logged, and the server lives on: it keeps no state
 * that one failed call could corrupt, and a dead server is what the member's client shows worst.
 */
export function surviveStrayErrors(): void {
  const report = (what: string) => (error: unknown) =>
    log.error(`${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.on('uncaughtException', report('uncaught exception'));
  process.on('unhandledRejection', report('unhandled rejection'));
}
