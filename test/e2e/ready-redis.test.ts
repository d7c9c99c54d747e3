// Ready means ready, with the shared state in Redis: /healthz does not say 200 before the store has
// answered. The built `serve --http` reaches Redis through a loopback TCP gate that holds every byte
// until the test opens it: once the server has connected and /healthz has been asked a few more
// times, the gate opens. Whatever /healthz answered while it was shut, it was not 200; the first 200
// says the store is reachable, and the sign-in's routes (their rate counters in Redis) answer at once.
import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { SERVER_PATH } from '../helpers/mcp.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';
import { watchStart } from '../helpers/start-watch.js';
import { openTranscript } from '../helpers/transcript.js';

/** Answers of /healthz after the server connected to the gate, before the gate opens. */
const ASKED_WHILE_SHUT = 10;

/** A TCP gate in front of Redis: connections are taken at once, their bytes held both ways until open(). */
class RedisGate {
  connections = 0;
  isOpen = false;
  private readonly waiting: Array<() => void> = [];
  private readonly sockets = new Set<Socket>();
  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(redisPort: number): Promise<RedisGate> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const gate = new RedisGate(server, typeof address === 'object' && address !== null ? address.port : 0);
    server.on('connection', (client) => gate.hold(client, redisPort));
    return gate;
  }

  open(): void {
    this.isOpen = true;
    for (const pass of this.waiting.splice(0)) pass();
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private hold(client: Socket, redisPort: number): void {
    this.connections++;
    this.sockets.add(client);
    client.pause();
    const pass = () => {
      const redis = connect({ port: redisPort, host: '127.0.0.1' });
      this.sockets.add(redis);
      client.pipe(redis).pipe(client);
      client.resume();
      for (const [socket, other] of [
        [client, redis],
        [redis, client],
      ] as const) {
        socket.on('error', () => other.destroy());
        socket.on('close', () => other.destroy());
      }
    };
    client.on('error', () => client.destroy());
    if (this.isOpen) pass();
    else this.waiting.push(pass);
  }
}

let sandbox: SandboxHandle;
let redis: RedisServer;
let gate: RedisGate;

beforeAll(async () => {
  sandbox = await startSandbox();
  redis = await startRedis();
  gate = await RedisGate.start(redis.port);
});

afterAll(async () => {
  await gate?.close();
  await redis?.stop();
  await sandbox?.close();
});

it('/healthz does not say 200 before Redis answers, and its first 200 finds the store and the sign-in there', { timeout: 60_000 }, async () => {
  const env = {
    COMPLAINTS_API_URL: sandbox.url,
    COMPLAINTS_LOG_LEVEL: 'debug',
    COMPLAINTS_HTTP_TOKEN_SECRET: randomBytes(32).toString('base64'),
    COMPLAINTS_HTTP_STATE_URL: `redis://127.0.0.1:${gate.port}`,
  };
  const transcript = openTranscript('ready-redis', env);
  const whileShut: string[] = [];
  const watched = await watchStart(SERVER_PATH, env, {
    everyMs: 5,
    record: transcript.record,
    onHealth: (status) => {
      if (gate.isOpen || gate.connections === 0) return;
      whileShut.push(status);
      if (whileShut.length === ASKED_WHILE_SHUT) gate.open();
    },
  });
  expect(whileShut.filter((status) => status === '200')).toEqual([]);
  // The server connected, was asked while the gate was shut, and said 200 only after it opened.
  expect(whileShut).toHaveLength(ASKED_WHILE_SHUT);
  expect(gate.isOpen).toBe(true);
  expect(watched.healthBody).toEqual({ status: 'ok', state: 'redis', store: 'reachable' });
  expect(watched.routes).toEqual({
    'GET /.well-known/oauth-protected-resource/mcp': 200,
    'GET /.well-known/oauth-authorization-server': 200,
    'POST /token': 400,
    'POST /mcp': 401,
  });
  expect(watched.challenge).toContain('resource_metadata="http://127.0.0.1:');
});
