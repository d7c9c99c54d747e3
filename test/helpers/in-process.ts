// The stdio server's McpServer in this test's process, over the SDK's in-memory transport: the same
// settings (src/config.ts reads `env` as the command reads its environment) and the same making
// (src/stdio-server.ts), without a build or a child process. Not here, because only a process has
// them: the stdio framing, the check of the key at initialize (index.ts, stdio-key-check.ts), signals, exit codes.
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { configureLog } from '../../src/log.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { createStdioServer } from '../../src/stdio-server.js';
import { type Connection, callerOf } from './connection.js';
import { openTranscript } from './transcript.js';

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

/**
 * What src/log.ts writes to stderr while a connection is open goes to that connection's `stderr()`
 * and transcript instead of the test's output, as a spawned server's stderr does. The log is the
 * process's: while two connections are open, each hears the other's lines too, and the log level and
 * format are those of the last one made.
 */
const listeners = new Set<(text: string) => void>();
let passThrough: typeof process.stderr.write | undefined;

function hearStderr(listener: (text: string) => void): () => void {
  if (listeners.size === 0) {
    passThrough = process.stderr.write;
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      for (const heard of listeners) heard(text);
      const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      if (done) queueMicrotask(done);
      return true;
    }) as typeof process.stderr.write;
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    process.stderr.write = passThrough!;
    // The log's defaults again (src/log.ts), with no client to forward to.
    configureLog({ level: 'warn', format: 'text', forward: undefined });
  };
}

/**
 * Each message as the other side would read it off a pipe: the in-memory transport hands objects
 * across as they are, so a field set to undefined would show where JSON leaves it out.
 */
function overJson(transport: InMemoryTransport): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(JSON.parse(JSON.stringify(message)) as typeof message, options);
}

/** `env` holds only the COMPLAINTS_* settings, as `connect` (helpers/mcp.ts) is given them. */
export async function connectInProcess(env: Record<string, string>): Promise<Connection> {
  const transcript = openTranscript('in-process', env);
  let stderr = '';
  const stopHearing = hearStderr((text) => {
    stderr += text;
    transcript.record(text);
  });
  try {
    const { server, client: api } = createStdioServer(loadConfig(env), version);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    overJson(clientSide);
    overJson(serverSide);
    await server.connect(serverSide);
    const client = new Client({ name: 'in-process-test', version: '1.0.0' });
    await client.connect(clientSide);
    let closed = false;
    return {
      client,
      stderr: () => stderr,
      call: callerOf(client, transcript),
      async close() {
        if (closed) return;
        closed = true;
        try {
          await client.close();
          await server.close();
          await api?.close();
        } finally {
          stopHearing();
        }
      },
    };
  } catch (error) {
    stopHearing();
    throw error;
  }
}

/** The demo book's sandbox and the full member's server in process, as a test file shares them. */
export interface DemoInProcess {
  sandbox: SandboxHandle;
  mcp: Connection;
}

/**
 * Starts the demo book's sandbox on loopback and the full member's stdio server in process against
 * it before the file's tests, stops both after them, and clears the requests the sandbox recorded
 * before each test. Read `sandbox` and `mcp` inside tests (they are set once the file starts).
 */
export function demoInProcessForFile(): DemoInProcess {
  const demo = {} as DemoInProcess;
  beforeAll(async () => {
    demo.sandbox = await startSandbox();
    demo.mcp = await connectInProcess({ COMPLAINTS_API_URL: demo.sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key });
  });
  afterAll(async () => {
    await demo.mcp?.close();
    await demo.sandbox?.close();
  });
  beforeEach(() => {
    demo.sandbox.requests.length = 0;
  });
  return demo;
}
