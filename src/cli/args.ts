// argv -> the mode to run. Pure, so that every form of the command line is unit-tested.

export type Command =
  | { mode: 'stdio' }
  | { mode: 'demo' }
  | { mode: 'sandbox'; port: number }
  | { mode: 'check' }
  | { mode: 'help' }
  | { mode: 'version' }
  | { mode: 'invalid'; message: string };

export const USAGE = `complaints-book-mcp: an MCP server (stdio) for an organization's complaints book (Libro de Reclamaciones).

Usage:
  complaints-book-mcp                 run the MCP server over stdio, configured from the environment
  complaints-book-mcp --demo          run it against an embedded sandbox with demo data (no key needed)
  complaints-book-mcp check           check the configuration: URL reachable, key accepted, permission,
                                      records visible (exit 0 when all hold; 3-7 say what failed)
  complaints-book-mcp sandbox [--port N]
                                      run the sandbox API alone and print its URL and demo keys
  complaints-book-mcp --help | --version

Environment:
  COMPLAINTS_API_KEY     your personal API key (starts with "or_"); required except with --demo
  COMPLAINTS_API_URL     base URL of the complaints service, without /api/v1; required except with --demo
  COMPLAINTS_TIMEOUT_MS  bound of each tool call, retries included (default 15000)
  COMPLAINTS_TIMEZONE    IANA time zone for periods and times shown (default America/Lima)
  COMPLAINTS_REDACT_PII  true to mask consumers' document numbers, tax ids, e-mails, phones and
                         addresses in every result (default false)
  COMPLAINTS_LOG_LEVEL   error, warn, info or debug (default warn); debug logs each request
  COMPLAINTS_LOG_FORMAT  text or json (default text)

Logs go to stderr; stdout carries only the MCP protocol.`;

export function parseArgs(argv: readonly string[]): Command {
  const [first, ...rest] = argv;
  if (first === undefined) return { mode: 'stdio' };
  if (first === '--help' || first === '-h' || first === 'help') return argv.length === 1 ? { mode: 'help' } : extra(rest);
  if (first === '--version' || first === '-v') return argv.length === 1 ? { mode: 'version' } : extra(rest);
  if (first === '--demo') return argv.length === 1 ? { mode: 'demo' } : extra(rest);
  if (first === 'sandbox') return parseSandboxArgs(rest);
  if (first === 'check') return argv.length === 1 ? { mode: 'check' } : extra(rest);
  return { mode: 'invalid', message: `unknown ${first.startsWith('-') ? 'option' : 'command'} "${first}"` };
}

function parseSandboxArgs(args: readonly string[]): Command {
  let port = 0;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const inline = arg.startsWith('--port=') ? arg.slice('--port='.length) : undefined;
    if (arg !== '--port' && inline === undefined) return { mode: 'invalid', message: `unknown option "${arg}" for sandbox` };
    const value = inline ?? args[++index];
    if (value === undefined || !/^\d+$/.test(value) || Number(value) > 65_535) {
      return { mode: 'invalid', message: '--port takes a port number from 0 to 65535 (0 picks a free one)' };
    }
    port = Number(value);
  }
  return { mode: 'sandbox', port };
}

function extra(args: readonly string[]): Command {
  return { mode: 'invalid', message: `unexpected argument "${args[0]}"` };
}
