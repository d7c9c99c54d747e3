// A real redis-server for the tests of the Redis shared state, on a free loopback port, with nothing
// saved to disk. REDIS_SERVER_PATH names the binary and then it is required: a path that is not an
// executable file fails the run, so that CI (which sets it) cannot pass with the Redis tests quietly
// skipped. Without it, redis-server on PATH is used; with none, the Redis test files are left out of
// the run, and the run says so in one line at its end (as the browser tests are: browser.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { findProgram, type ProgramFound, type RequiredProgram } from './required-program.js';

/** The test files that start a redis-server. */
export const REDIS_TEST_FILES = [
  'test/http/state/redis-state.test.ts',
  'test/http/sign-in/replica-clocks.test.ts',
  'test/e2e/replicas.test.ts',
  'test/e2e/replica-stop.test.ts',
  'test/e2e/store-abort.test.ts',
  'test/e2e/http-export-replicas.test.ts',
  'test/e2e/ready-redis.test.ts',
] as const;

/** Where vitest.config.ts leaves the line saying the Redis tests were skipped, for test/global-setup.ts to print at the end. */
export const REDIS_SKIP_NOTE = 'COMPLAINTS_TESTS_REDIS_SKIPPED';

export const HOW_TO_RUN_REDIS_TESTS = 'install Redis (Debian/Ubuntu: apt-get install redis-server) or set REDIS_SERVER_PATH to a redis-server binary';

export type RedisServerFound = ProgramFound;

const REDIS_SERVER: RequiredProgram = {
  variable: 'REDIS_SERVER_PATH',
  names: ['redis-server'],
  called: 'redis-server',
  tests: 'Redis',
  files: REDIS_TEST_FILES,
  howToRun: HOW_TO_RUN_REDIS_TESTS,
};

/** Where redis-server is, from REDIS_SERVER_PATH or PATH. Throws when REDIS_SERVER_PATH is set but unusable: the run must not pass without it. */
export function findRedisServer(env: Record<string, string | undefined>, isExecutable?: (path: string) => boolean): RedisServerFound {
  return findProgram(REDIS_SERVER, env, isExecutable);
}

export interface RedisServer {
  url: string;
  port: number;
  /** Freezes the server (SIGSTOP): connections stay open, nothing answers, as a hung store. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

export interface RedisServerOptions {
  maxmemoryPolicy?: string;
  /** Makes the server ask for this password (the url then carries it). */
  password?: string;
}

/** Whether something on the port answers PING as Redis does (+PONG, or -NOAUTH with a password). */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk: Buffer) => done(/^(\+PONG|-NOAUTH)/.test(chunk.toString('latin1'))));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Started, or undefined when it exited first (the port was taken, most likely). */
async function startOn(
  path: string,
  port: number,
  dir: string,
  options: RedisServerOptions,
): Promise<{ child: ChildProcess; output: () => string } | undefined> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'];
  args.push('--maxmemory-policy', options.maxmemoryPolicy ?? 'noeviction', '--dir', dir);
  if (options.password !== undefined) args.push('--requirepass', options.password);
  const child = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  let gone = false;
  child.once('exit', () => (gone = true));
  // A start bound, not a test's assertion: a loaded machine gets a generous 20 s.
  const giveUpAt = Date.now() + 20_000;
  while (!gone && Date.now() < giveUpAt) {
    // Its own ready line first: a PING alone could be answered by another server that holds the port.
    if (output.includes('Ready to accept connections') && (await answersPing(port))) return { child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!gone) {
    child.kill('SIGKILL');
    throw new Error(`redis-server did not answer on port ${port}:\n${output}`);
  }
  return undefined;
}

export async function startRedis(options: RedisServerOptions = {}): Promise<RedisServer> {
  const found = findRedisServer(process.env);
  if (!found.found) throw new Error(found.message);
  const dir = mkdtempSync(join(tmpdir(), 'complaints-mcp-redis-'));
  try {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const port = await freePort();
      const started = await startOn(found.path, port, dir, options);
      if (started === undefined) continue;
      const { child } = started;
      const auth = options.password === undefined ? '' : `:${encodeURIComponent(options.password)}@`;
      return {
        url: `redis://${auth}127.0.0.1:${port}`,
        port,
        pause: () => child.kill('SIGSTOP'),
        resume: () => child.kill('SIGCONT'),
        stop: async () => {
          child.kill('SIGCONT');
          child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
          await exited(child);
          clearTimeout(killer);
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    throw new Error('redis-server could not bind a free port in 5 attempts');
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
