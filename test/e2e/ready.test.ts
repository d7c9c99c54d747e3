// Ready means ready: the built `serve --http` with the sign-in on, started several times and its
// /healthz asked every few milliseconds from the spawn on, as a balancer's readiness probe does. The
// moment it first says 200, the routes a client asks next all answer at once: the sign-in's discovery
// documents, /token, and the 401 of a keyless /mcp naming the resource metadata. A 404 there is kept
// by a client as "no sign-in here". Only a process shows its start. No time is asserted: the watch
// looks at order (the first 200, then the routes), whatever the machine's load.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { SERVER_PATH } from '../helpers/mcp.js';
import { watchStart } from '../helpers/start-watch.js';
import { openTranscript } from '../helpers/transcript.js';

const STARTS = 5;
const EVERY_MS = 3;

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox();
});

afterAll(async () => {
  await sandbox?.close();
});

it(`/healthz says 200 only once the sign-in answers, in each of ${STARTS} starts`, { timeout: 60_000 }, async () => {
  for (let start = 1; start <= STARTS; start++) {
    // No public URL: the sign-in's issuer is the address the server listens at, known only once it listens.
    const env = {
      COMPLAINTS_API_URL: sandbox.url,
      COMPLAINTS_LOG_LEVEL: 'debug',
      COMPLAINTS_HTTP_TOKEN_SECRET: randomBytes(32).toString('base64'),
    };
    const transcript = openTranscript('ready', env);
    const watched = await watchStart(SERVER_PATH, env, { everyMs: EVERY_MS, record: transcript.record });
    expect.soft(watched.healthBody, `start ${start}`).toMatchObject({ status: 'ok', state: 'memory' });
    expect(watched.routes, `start ${start}`).toEqual({
      'GET /.well-known/oauth-protected-resource/mcp': 200,
      'GET /.well-known/oauth-authorization-server': 200,
      // Refused for what it is (no such code, no client), not for a route that is not there yet.
      'POST /token': 400,
      'POST /mcp': 401,
    });
    expect(watched.challenge, `start ${start}`).toMatch(/resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"/);
    // Whatever /healthz said before its 200 was no 200 and no 404: nothing listening yet, or 503 while starting.
    expect(
      [...watched.healthBefore.keys()].every((status) => status === 'no connection' || status === '503'),
      `start ${start}`,
    ).toBe(true);
  }
});
