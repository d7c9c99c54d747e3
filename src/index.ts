#!/usr/bin/env -S node --max-semi-space-size=2 --heap-growing-percent=20
// CLI entry: parse argv and the environment, pick the mode, start the transport. Nothing else.
// The launch line caps V8's young generation and slows its old generation's growth: a desktop server
// otherwise settles at 120-170 MB of RSS after a few thousand calls, for a live heap under 20 MB
// (docs/performance.md). manifest.json starts the bundle with the same flags.
import { createRequire } from 'node:module';
import { setTimeout as delay } from 'node:timers/promises';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { type Command, HELP_POINTER, parseArgs, USAGE } from './cli/args.js';
import { listenErrorMessage } from './cli/listen-error.js';
import { terminalHint } from './cli/terminal-hint.js';
import { type Config, loadConfig, readSetting } from './config.js';
import { configureLog, keepConsoleOffStdout, log, surviveStrayErrors } from './log.js';
import { warnOfUnusableGuide } from './prompts/answer-guide.js';
import { BATCH_REFUSAL, withoutBatches } from './stdio-batches.js';
import { STDIO_KEY_CHECK_MS, StdioKeyCheck } from './stdio-key-check.js';
import { createStdioServer } from './stdio-server.js';
import { thousands } from './thousands.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

/** How long a shutdown waits for the check at start to be answered (within the 800 ms an exit may take). */
const START_CHECK_GRACE_MS = 500;

/** The largest stdio message read (the SDK's default, stated so that the log line can name it). */
const MAX_STDIO_MESSAGE_BYTES = 10 * 1024 * 1024;

async function main(): Promise<void> {
  const command = parseArgs(process.argv.slice(2));
  switch (command.mode) {
    case 'help':
      process.stdout.write(`${USAGE}\n`);
      return;
    case 'version':
      process.stdout.write(`${version}\n`);
      return;
    case 'invalid':
      process.stderr.write(`complaints-book-mcp: ${command.message}\n${HELP_POINTER}\n`);
      process.exitCode = 2;
      return;
    case 'sandbox':
      return runSandbox(command);
    case 'check': {
      const { runCheck } = await import('./cli/check.js');
      // check says in one line what failed; the client's retry warnings would only come before it.
      // A log level set on purpose (debug, to see each request) still applies.
      if (readSetting(process.env, 'COMPLAINTS_LOG_LEVEL') === undefined) configureLog({ level: 'error' });
      process.exitCode = await runCheck(process.env, (line) => process.stdout.write(`${line}\n`));
      return;
    }
    case 'demo':
      return runDemo();
    case 'serve':
      return runHttp(command.host, command.port);
    case 'stdio':
      sayWhenAtTerminal('stdio');
      return runStdio(loadConfig(process.env), []);
  }
}

/**
 * The stdio server. `cleanups` run on shutdown after the server closes (e.g. the demo's sandbox);
 * `holdInitialize`: whether the first initialize waits for the check of the key (stdio-key-check.ts).
 */
async function runStdio(config: Config, cleanups: Array<() => Promise<void>>, holdInitialize = true): Promise<void> {
  keepConsoleOffStdout();
  surviveStrayErrors();
  const { server, client } = createStdioServer(config, version);

  let closing = false;
  /** The check of the settings at the first initialize (stdio-key-check.ts), when the settings allow one. */
  let keyCheck: StdioKeyCheck<JSONRPCMessage> | undefined;
  const shutdown = (exitCode = 0) => {
    if (closing) return;
    closing = true;
    // In-flight calls are aborted by closing the transport; a hung socket must not keep us alive.
    setTimeout(() => process.exit(exitCode), 800).unref();
    void (async () => {
      // A client that connects, lists the tools and leaves (an Inspector CLI run, a client's health
      // probe) gets the check's line all the same: its answer is given a moment to arrive.
      const startCheck = keyCheck?.done;
      if (startCheck) await Promise.race([startCheck, delay(START_CHECK_GRACE_MS)]);
      await server.close().catch(() => undefined);
      await client?.close().catch(() => undefined);
      for (const cleanup of cleanups) await cleanup().catch(() => undefined);
      process.exit(exitCode);
    })();
  };
  process.stdin.on('end', () => shutdown());
  process.stdin.on('close', () => shutdown());
  process.on('SIGINT', () => shutdown());
  process.on('SIGTERM', () => shutdown());

  // The SDK's stdio transport gives up for good when one message outgrows its buffer: it reports the
  // error, then closes itself and reads no more. A server that cannot hear its client must neither
  // stay up deaf (--demo's sandbox would keep it alive) nor exit 0 as if asked to: say why, exit 1.
  let lastTransportError: Error | undefined;
  server.server.onerror = (error) => {
    lastTransportError = error; // not logged: a parse error's message may quote the client's input
  };
  server.server.onclose = () => {
    if (closing) return; // our own shutdown
    const overflow = lastTransportError?.message.includes('maximum size') === true;
    log.error(
      overflow
        ? `the client sent a message over ${MAX_STDIO_MESSAGE_BYTES / 1024 / 1024} MiB on stdin; the connection is closed`
        : 'the stdio connection to the client closed unexpectedly; stopping',
    );
    shutdown(1);
  };

  // Once the client has finished the handshake, load the HTTP client while it reads the tool list.
  server.server.oninitialized = () => {
    if (client !== undefined) void client.api().catch(() => undefined);
  };
  const input = process.stdin.pipe(
    withoutBatches(() => {
      log.warn('the client sent a JSON-RPC batch on stdin; it was answered with an error, one message per line is expected');
      // The SDK's type wants an id; JSON-RPC answers with a null one when no single call is answered.
      void transport.send(BATCH_REFUSAL as unknown as JSONRPCMessage).catch(() => undefined);
    }),
  );
  const transport = new StdioServerTransport(input, process.stdout, { maxBufferSize: MAX_STDIO_MESSAGE_BYTES });
  // A pipe passes no error on: stdin's go where the transport would have sent them, had it read stdin itself.
  process.stdin.on('error', (error) => transport.onerror?.(error));
  await server.connect(transport);
  // Not with settings that already have problems: those are logged above, and nothing is sent until they are fixed.
  if (client === undefined || config.problems.length > 0) return;
  const { apiUrl, apiKey, timeoutMs } = config;
  const pass = transport.onmessage!; // the SDK's handler, set by connect
  keyCheck = new StdioKeyCheck({
    // Loaded at the first initialize, not at start: the check's HTTP client (node:http, node:https, TLS) would only delay start-up.
    probe: async () => (await import('./api/settings-probe.js')).probeSettings(apiUrl!, apiKey!, timeoutMs),
    // --demo's embedded sandbox takes its own demo key: the check runs, but holds nothing.
    holdMs: holdInitialize ? Math.min(STDIO_KEY_CHECK_MS, timeoutMs) : 0,
    pass,
    send: (message) => transport.send(message),
  });
  // Between the transport and the SDK, set right after connect: stdin's first bytes come from an I/O
  // callback, which cannot run before this line does.
  transport.onmessage = (message) => keyCheck?.receive(message);
}

/** `serve --http`: one server for a team; each request brings its member's key. */
async function runHttp(host: string, port: number): Promise<void> {
  surviveStrayErrors();
  const config = loadConfig(process.env, 'request');
  configureLog({ level: config.logLevel, format: config.logFormat });
  for (const warning of config.warnings) log.warn(warning);
  warnOfUnusableGuide(config.answerGuide);
  const [{ serveHttp }, { loadHttpSettings }] = await Promise.all([import('./http/serve.js'), import('./http/settings.js')]);
  const settings = loadHttpSettings(process.env, host);
  const problems = [...config.problems, ...settings.problems];
  if (config.apiUrl === undefined || problems.length > 0) {
    // Unlike a desktop client's stdio server, a shared server that cannot work should not start:
    // its operator reads this, and an orchestrator shows the failed start.
    for (const problem of problems) log.error(problem);
    process.exitCode = 3;
    return;
  }
  const served = await serveHttp({
    host,
    port,
    apiUrl: config.apiUrl,
    timeoutMs: config.timeoutMs,
    timeZone: config.timeZone,
    redactPii: config.redactPii,
    answerGuide: config.answerGuide,
    language: config.language,
    exportMaxSheets: config.exportMaxSheets,
    version,
    settings,
  }).catch(cannotListen(host, port));
  if (!served) return;
  const everywhere = host === '0.0.0.0' || host === '::' ? ', on every interface of this machine' : '';
  log.info(`serving MCP over Streamable HTTP at ${served.url}${everywhere} (health: ${served.url.replace(/\/mcp$/, '/healthz')})`);
  if (!settings.allowLists.hosts) log.info('any Host header is accepted: set COMPLAINTS_HTTP_ALLOWED_HOSTS to the names clients use');
  if (settings.trustedProxies.size > 0)
    log.info(`reading each client's address from X-Forwarded-For when the request comes from ${settings.trustedProxies.shown}`);
  // The host alone: the URL may hold the Redis password.
  if (settings.stateUrl !== undefined)
    log.info(`sharing sign-ins, rate limits, per-key caps and export links with the other replicas through Redis at ${new URL(settings.stateUrl).host}`);
  const resource = served.signInResource;
  if (resource?.startsWith('https:')) log.info(`sign-in (OAuth) is on: members add ${resource} as a connector in claude.ai, Claude Desktop or ChatGPT`);
  else if (resource !== undefined) {
    log.info(
      `sign-in (OAuth) is on at ${resource}, for OAuth clients on this machine; the chat apps need HTTPS in front and COMPLAINTS_HTTP_PUBLIC_URL set to its https origin`,
    );
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      // A second Ctrl+C (or signal) means now: the person at the terminal will not wait for the grace.
      log.warn(`${signal} again: stopping now, cutting the requests in flight`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${signal}: finishing requests in flight (at most ${settings.shutdownGraceMs} ms), then stopping`);
    void served.shutdown().then((cut) => {
      if (cut > 0) log.warn(`stopped with ${cut} request${cut === 1 ? '' : 's'} cut at the end of the grace period`);
      else log.info('stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** --demo: the embedded sandbox on a free loopback port, and the server with its full-access demo key. */
async function runDemo(): Promise<void> {
  const { startSandbox } = await import('./sandbox/server.js');
  const { DEMO_KEYS } = await import('./sandbox/demo-keys.js');
  const sandbox = await startSandbox({ recordRequests: false });
  log.warn(`demo mode: using the embedded sandbox at ${sandbox.url} with demo data; no real records are read.`);
  sayWhenAtTerminal('demo');
  const config = loadConfig({ ...process.env, COMPLAINTS_API_KEY: DEMO_KEYS.full.key, COMPLAINTS_API_URL: sandbox.url });
  await runStdio(config, [() => sandbox.close()], false);
}

/** Started by hand at a terminal, what the server is and how to try it; a client's pipes get nothing. */
function sayWhenAtTerminal(mode: 'demo' | 'stdio'): void {
  for (const line of terminalHint(process.stdin.isTTY, mode)) log.warn(line);
}

/** `sandbox`: the API alone, for trying the server or another client against it (or benchmarking). Not an MCP mode. */
async function runSandbox({ port, book, latencyMs }: Extract<Command, { mode: 'sandbox' }>): Promise<void> {
  const { startSandbox } = await import('./sandbox/server.js');
  const { DEMO_KEYS } = await import('./sandbox/demo-keys.js');
  const host = '127.0.0.1';
  const sandbox = await startSandbox({ host, port, book, latencyMs, recordRequests: false }).catch(cannotListen(host, port));
  if (!sandbox) return;
  const keys = Object.values(DEMO_KEYS).map(({ key, description }) => `  ${key}  ${description}`);
  // Said only when not the default, so that the default output stays as the README quotes it.
  const served = [
    ...(book === 'demo' ? [] : [`the ${book} book, ${thousands(sandbox.dataset.records.length)} records`]),
    ...(latencyMs > 0 ? [`every answer delayed ${latencyMs} ms`] : []),
  ];
  process.stdout.write(
    [
      `Sandbox of the complaints API listening at ${sandbox.url}`,
      ...(served.length > 0 ? [`  serving ${served.join('; ')}`] : []),
      `  try: curl -H "Authorization: Bearer ${DEMO_KEYS.full.key}" "${sandbox.url}/api/v1/complaints?pageSize=2"`,
      'Demo keys:',
      ...keys,
      `Use it with: COMPLAINTS_API_URL=${sandbox.url} COMPLAINTS_API_KEY=<a demo key> complaints-book-mcp`,
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
  const stop = () => void sandbox.close().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** A listen failure a person can fix is said in one line (exit 1); any other error is rethrown. */
function cannotListen(host: string, port: number): (error: unknown) => undefined {
  return (error) => {
    const message = listenErrorMessage(error, host, port);
    if (message === undefined) throw error;
    log.error(message);
    process.exitCode = 1;
    return undefined;
  };
}

main().catch((error: unknown) => {
  log.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
