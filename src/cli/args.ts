// argv -> the mode to run. Pure, so that every form of the command line is unit-tested. An argument
// that looks like an API key is never repeated in a message (a key pasted in the wrong place).
import { shownValue } from '../key-shape.js';

export type Command =
  | { mode: 'stdio' }
  | { mode: 'demo' }
  | { mode: 'sandbox'; port: number; book: SandboxBook; latencyMs: number }
  | { mode: 'serve'; host: string; port: number }
  | { mode: 'check' }
  | { mode: 'help' }
  | { mode: 'version' }
  | { mode: 'invalid'; message: string };

/** The sandbox's books, named here because cli/ does not import the sandbox (test/cli/args.test.ts keeps the two lists equal). */
export const SANDBOX_BOOKS = ['demo', 'big'] as const;
export type SandboxBook = (typeof SANDBOX_BOOKS)[number];

/** The largest --latency-ms, the sandbox's own bound. */
export const SANDBOX_LATENCY_MS_MAX = 60_000;

export const USAGE = `complaints-book-mcp: an MCP server (stdio, or HTTP for a team) for an organization's complaints book (Libro de Reclamaciones).

Usage:
  complaints-book-mcp                 run the MCP server over stdio, configured from the environment
  complaints-book-mcp --demo          run it against an embedded sandbox with demo data (no key needed)
  complaints-book-mcp check           check the configuration: URL reachable, key accepted, permission,
                                      records visible (exit 0 when all hold; 3-7 say what failed)
  complaints-book-mcp serve --http [--host H] [--port N]
                                      serve a team over Streamable HTTP at /mcp (default
                                      127.0.0.1:8080); each request brings its member's key as
                                      "Authorization: Bearer or_...", or signs in with OAuth
                                      (claude.ai, ChatGPT) when COMPLAINTS_HTTP_TOKEN_SECRET is
                                      set; GET /healthz for probes
  complaints-book-mcp sandbox [--port N] [--book demo|big] [--latency-ms N]
                                      run the sandbox API alone and print its URL and demo keys;
                                      --book big serves a year of 30,000 records (with overdue
                                      ones, undelivered answers and wrong deadlines) instead of
                                      the demo's few hundred; --latency-ms delays every answer by
                                      N ms, like a remote service (default 0)
  complaints-book-mcp --help | --version

Environment:
  COMPLAINTS_API_KEY       your personal API key (starts with "or_"); required except with --demo
  COMPLAINTS_API_URL       base URL of the complaints service, without /api/v1; required except with --demo
  COMPLAINTS_TIMEOUT_MS    bound of a whole tool call, every request and retry included (100 to
                           120000, default 15000); an overview or a deadline list out of time
                           answers with what it read, and says so
  COMPLAINTS_TIMEZONE      IANA time zone for periods and times shown (default America/Lima)
  COMPLAINTS_REDACT_PII    true to mask consumers' document numbers, tax ids, e-mails, phones and
                           addresses in every result (default false)
  COMPLAINTS_LOG_LEVEL     error, warn, info or debug (default warn); debug logs each request
  COMPLAINTS_LOG_FORMAT    text or json (default text)
  COMPLAINTS_LANGUAGE      es or en: the language of the prompts' reports (default es)
  COMPLAINTS_ANSWER_GUIDE  a text file of your remedies, policies, tone and signature for draft_response
                           (an absolute path, or ~/...; at most 16 KB)
  COMPLAINTS_EXPORT_DIR    the folder export_complaints writes registers to (an absolute path, or
                           ~/...; default: your Downloads folder where there is one, else your home)
  COMPLAINTS_MAX_SHEETS    records a register with each sheet's content (details) holds at most
                           (1 to 50000, default 3000; without details, 50000)

For serve --http (COMPLAINTS_API_KEY must then be unset; the log level defaults to info):
  COMPLAINTS_HTTP_ALLOWED_HOSTS     Host names clients use (default: the loopback names when bound
                                    to loopback, any otherwise)
  COMPLAINTS_HTTP_ALLOWED_ORIGINS   browser origins allowed (default: loopback ones when bound to
                                    loopback, none otherwise)
  COMPLAINTS_HTTP_MAX_IN_FLIGHT     requests answered at once in all (default 64; 429 beyond)
  COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY
                                    requests answered at once per key (default 8; 429 beyond)
  COMPLAINTS_HTTP_SHUTDOWN_GRACE_MS how long SIGTERM waits for requests in flight (default 10000)
  COMPLAINTS_HTTP_STATE_URL         the Redis server replicas share sign-ins, rate limits, per-key
                                    caps and export links through, redis://host:6379 or rediss://
                                    (default: this process's memory)
  COMPLAINTS_HTTP_PUBLIC_URL        the https origin clients reach the server at, such as
                                    https://mcp.example.com: the origin of export links and, with
                                    sign-in, its issuer (default: the Host a request came to; for
                                    sign-in, the address it listens at, loopback only)
  COMPLAINTS_HTTP_EXPORT_LINK_MINUTES
                                    how long an export link opens, 1 to 1440 (default 15)
  COMPLAINTS_HTTP_TRUSTED_PROXIES   your reverse proxies' addresses or CIDR ranges, such as
                                    10.0.0.5: from them only, X-Forwarded-For names the client
                                    whose limits a request counts against (default: none)

Sign-in (OAuth 2.1) for serve --http, on when COMPLAINTS_HTTP_TOKEN_SECRET is set:
  COMPLAINTS_HTTP_TOKEN_SECRET      secrets that seal the tokens, comma-separated, each at least 32
                                    characters (openssl rand -base64 32); the first seals, all open
  COMPLAINTS_HTTP_PUBLIC_URL        required when the server listens beyond loopback (above)
  COMPLAINTS_HTTP_ALLOW_PRIVATE_CLIENT_METADATA
                                    true to fetch clients' metadata documents from private and
                                    loopback addresses (default false)

Logs go to stderr; stdout carries only the MCP protocol.`;

/**
 * What follows a usage error, instead of USAGE: the help is longer than a terminal screen, and printed
 * after the error it scrolls the one line that says what was wrong out of sight.
 */
export const HELP_POINTER = 'Run "complaints-book-mcp --help" for the commands and settings.';

export function parseArgs(argv: readonly string[]): Command {
  const [first, ...rest] = argv;
  if (first === undefined) return { mode: 'stdio' };
  if (first === '--help' || first === '-h' || first === 'help') return argv.length === 1 ? { mode: 'help' } : extra(rest);
  // `serve --http --help` and the like: asking for help anywhere gets it.
  if (argv.includes('--help') || argv.includes('-h')) return { mode: 'help' };
  if (first === '--version' || first === '-v') return argv.length === 1 ? { mode: 'version' } : extra(rest);
  if (first === '--demo') return argv.length === 1 ? { mode: 'demo' } : extra(rest);
  if (first === 'sandbox') return parseSandboxArgs(rest);
  if (first === 'serve') return parseServeArgs(rest);
  if (first === 'check') return argv.length === 1 ? { mode: 'check' } : extra(rest);
  return { mode: 'invalid', message: `unknown ${first.startsWith('-') ? 'option' : 'command'} ${shownValue(first)}` };
}

function parseSandboxArgs(args: readonly string[]): Command {
  const parsed = parseOptions('sandbox', args, ['--port', '--book', '--latency-ms']);
  if (!parsed.ok) return { mode: 'invalid', message: parsed.message };
  const options = parsed.options;
  const port = parsePort(options['--port'] ?? '0');
  if (port === undefined) return invalidPort();
  const bookValue = options['--book'] ?? 'demo';
  const book = SANDBOX_BOOKS.find((known) => known === bookValue);
  if (book === undefined) return { mode: 'invalid', message: `--book takes ${SANDBOX_BOOKS.join(' or ')} (got ${shownValue(bookValue)})` };
  const latencyValue = options['--latency-ms'] ?? '0';
  const latencyMs = /^\d{1,6}$/.test(latencyValue) ? Number(latencyValue) : Number.NaN;
  if (!(latencyMs <= SANDBOX_LATENCY_MS_MAX)) {
    return {
      mode: 'invalid',
      message: `--latency-ms takes a whole number of milliseconds from 0 to ${SANDBOX_LATENCY_MS_MAX} (got ${shownValue(latencyValue)})`,
    };
  }
  return { mode: 'sandbox', port, book, latencyMs };
}

function parseServeArgs(args: readonly string[]): Command {
  const parsed = parseOptions('serve', args, ['--http', '--host', '--port']);
  if (!parsed.ok) return { mode: 'invalid', message: parsed.message };
  const options = parsed.options;
  // --http names the transport: the only one served today, required so that a later one can be added.
  if (options['--http'] === undefined) return { mode: 'invalid', message: 'serve needs --http (MCP over Streamable HTTP)' };
  const host = options['--host'] ?? '127.0.0.1';
  if (!/^(\[?[0-9a-fA-F:.]+\]?|[A-Za-z0-9.-]+)$/.test(host))
    return { mode: 'invalid', message: `--host takes a host name or IP address (got ${shownValue(host)})` };
  const port = parsePort(options['--port'] ?? '8080');
  return port === undefined ? invalidPort() : { mode: 'serve', host: host.replace(/^\[(.*)\]$/, '$1'), port };
}

/** `--name value` and `--name=value` options; a flag (`--http`) takes no value and reads as "". */
function parseOptions(
  command: string,
  args: readonly string[],
  known: readonly string[],
): { ok: true; options: Record<string, string | undefined> } | { ok: false; message: string } {
  const options: Record<string, string | undefined> = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (!known.includes(name)) return { ok: false, message: `unknown ${arg.startsWith('-') ? 'option' : 'argument'} ${shownValue(arg)} for ${command}` };
    if (name === '--http') {
      if (inline !== undefined) return { ok: false, message: '--http takes no value' };
      options[name] = '';
      continue;
    }
    const value = inline ?? args[++index];
    if (value === undefined || value === '') return { ok: false, message: `${name} needs a value` };
    options[name] = value;
  }
  return { ok: true, options };
}

function parsePort(value: string): number | undefined {
  return /^\d+$/.test(value) && Number(value) <= 65_535 ? Number(value) : undefined;
}

function invalidPort(): Command {
  return { mode: 'invalid', message: '--port takes a port number from 0 to 65535 (0 picks a free one)' };
}

function extra(args: readonly string[]): Command {
  return { mode: 'invalid', message: `unexpected argument ${shownValue(args[0]!)}` };
}
