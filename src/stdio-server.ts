// The stdio server's McpServer, made from the settings: the log as they set it (their warnings and
// problems said once), the API client made on first use with the member's key, the wall clock in the
// member's zone, the gates of one member's process, and warnings forwarded to the client that asks.
// index.ts adds the transport, the start check and the shutdown; the tests that run the server in
// process (test/helpers/in-process.ts) add the SDK's in-memory transport, so that a test's
// COMPLAINTS_* settings mean what they mean to the command.
import { lazyApiClient } from './api/lazy-client.js';
import { RecentReadings } from './api/recent-readings.js';
import { MAX_BOOK_READS, MEMBER_BOOK_READS, RequestGate } from './api/request-gate.js';
import type { Config } from './config.js';
import type { RegisterDelivery } from './export/delivery.js';
import { holdsKnownKey } from './key-shape.js';
import { configureLog, log } from './log.js';
import { warnOfUnusableGuide } from './prompts/answer-guide.js';
import { createServer, forwardLogToClient } from './server.js';

export interface StdioServer {
  server: ReturnType<typeof createServer>;
  /** The lazy API client, when the settings name a key and a URL: to load it early, and to close its sockets. */
  client: ReturnType<typeof lazyApiClient> | undefined;
}

export function createStdioServer(config: Config, version: string): StdioServer {
  configureLog({ level: config.logLevel, format: config.logFormat });
  for (const warning of config.warnings) log.warn(warning);
  for (const problem of config.problems) log.warn(problem);
  warnOfUnusableGuide(config.answerGuide);
  const client = config.apiKey && config.apiUrl ? lazyApiClient(config.apiUrl, config.apiKey, config.timeoutMs) : undefined;
  const server = createServer({
    api: client?.api,
    problems: config.problems,
    clock: { now: () => new Date(), timeZone: config.timeZone },
    redactPii: config.redactPii,
    language: config.language,
    answerGuide: config.answerGuide,
    holdsMemberKey: (text) => holdsKnownKey(text, config.apiKey),
    timeoutMs: config.timeoutMs,
    register: registerAsFile(config),
    bookReads: [new RequestGate(MEMBER_BOOK_READS), new RequestGate(MAX_BOOK_READS)],
    // The process is one member's.
    listReadings: new RecentReadings().of('member'),
    version,
  });
  configureLog({ forward: forwardLogToClient(server) });
  return { server, client };
}

/** export_complaints' register as a file on this computer: the writing loads at the first export, start-up needs none of it. */
function registerAsFile({ exportDir, exportMaxSheets }: Config): RegisterDelivery {
  return {
    deliver: async (request, context) =>
      (await import('./export/file-delivery.js')).fileDelivery({ exportDir, maxSheets: exportMaxSheets }).deliver(request, context),
  };
}
