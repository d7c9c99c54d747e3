// Logs go to stderr only: stdout belongs to the JSON-RPC transport, one stray byte breaks it.
// One line per event, as text or JSON (COMPLAINTS_LOG_FORMAT), filtered by COMPLAINTS_LOG_LEVEL.
// Never the key, never consumer data: callers pass paths without query values, statuses, durations.
import { format } from 'node:util';

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFormat = 'text' | 'json';
export type LogFields = Record<string, string | number | boolean | undefined>;

interface LogSettings {
  level: LogLevel;
  format: LogFormat;
  /** Also hands warnings and errors to the MCP client (notifications/message), when it asked for them. */
  forward?: (level: 'warn' | 'error', message: string) => void;
}

let settings: LogSettings = { level: 'warn', format: 'text' };

export function configureLog(update: Partial<LogSettings>): void {
  settings = { ...settings, ...update };
}

/**
 * A field's value in a text line: as is when it is one plain word, else quoted as JSON, so that a
 * value holding spaces, quotes or "=" (a client's document can) cannot forge fields of its own.
 */
function textValue(value: string | number | boolean): string {
  const text = String(value);
  return /^[^\s"'=\\]*$/u.test(text) ? text : JSON.stringify(text);
}

/**
 * Whether stderr's reader went away (a log shipper stopped, `| head` ended). Its error is heard here:
 * unheard, it would be an uncaught exception, whose report writes to stderr again, and so on, a loop
 * that holds the process busy and deaf to SIGTERM. Nothing more is written then.
 */
let stderrGone = false;
process.stderr.on('error', () => {
  stderrGone = true;
});

function toStderr(text: string): void {
  if (!stderrGone) process.stderr.write(text);
}

/** Whether a line of `level` is written now: for a field that costs something to compute. */
export function logs(level: LogLevel): boolean {
  return LOG_LEVELS.indexOf(level) <= LOG_LEVELS.indexOf(settings.level);
}

function write(level: LogLevel, message: string, fields: LogFields = {}): void {
  if (!logs(level)) return;
  const defined = Object.entries(fields).filter(([, value]) => value !== undefined);
  const line =
    settings.format === 'json'
      ? JSON.stringify({ time: new Date().toISOString(), level, message, ...Object.fromEntries(defined) })
      : `complaints-book-mcp: ${level === 'warn' ? '' : `${level}: `}${message}${defined.map(([key, value]) => ` ${key}=${textValue(value!)}`).join('')}`;
  toStderr(`${line}\n`);
  if (level === 'warn' || level === 'error') settings.forward?.(level, message);
}

export const log = {
  error: (message: string, fields?: LogFields) => write('error', message, fields),
  warn: (message: string, fields?: LogFields) => write('warn', message, fields),
  info: (message: string, fields?: LogFields) => write('info', message, fields),
  debug: (message: string, fields?: LogFields) => write('debug', message, fields),
};

/**
 * For the stdio modes: console.log/info/debug (ours by mistake, or a dependency's) go to stderr,
 * so that nothing but the transport can ever write to stdout.
 */
export function keepConsoleOffStdout(): void {
  for (const method of ['log', 'info', 'debug'] as const) {
    console[method] = (...args: unknown[]) => toStderr(`${format(...args)}\n`);
  }
}

/**
 * An exception that escapes every handler is logged, and the server lives on: it keeps no state
 * that one failed call could corrupt, and a dead server is what the member's client shows worst.
 */
export function surviveStrayErrors(): void {
  const report = (what: string) => (error: unknown) => log.error(`${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.on('uncaughtException', report('uncaught exception'));
  process.on('unhandledRejection', report('unhandled rejection'));
}
