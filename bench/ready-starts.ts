// A phase of `npm run bench:http`: whether /healthz says 200 only once the server answers every
// route. The built server is started READY_STARTS times with the sign-in on (and no public URL, so
// that its issuer is the address it listens at), /healthz asked every READY_POLL_MS from the spawn on
// (test/helpers/start-watch.ts); right after the first 200 the sign-in's discovery documents, /token
// and a keyless POST /mcp are asked at once. A start counts when one of them was not there yet: a
// discovery route or /token answering 404, or the 401 of /mcp naming no resource_metadata. The
// target is 0 of READY_STARTS. A figure, not an assertion (test/e2e/ready.test.ts asserts).
import { randomBytes } from 'node:crypto';
import { ROUTES_AFTER_READY, watchStart } from '../test/helpers/start-watch.js';

export const READY_STARTS = 20;
export const READY_POLL_MS = 5;

export interface ReadyStartsResult {
  starts: number;
  pollMs: number;
  /** Starts in which /healthz said 200 while a discovery route or /token still answered 404. */
  okBeforeSignInRoutes: number;
  /** Starts in which /healthz said 200 while a keyless /mcp's 401 named no resource_metadata. */
  okBeforeChallenge: number;
  /** Starts in which /healthz was seen answering 503 "starting" before its 200. */
  startingSeen: number;
  /** Every answer of /healthz before its first 200, summed over the starts, by status. */
  healthBefore: Record<string, number>;
}

export async function measureReadyStarts(serverPath: string, apiUrl: string): Promise<ReadyStartsResult> {
  const env = {
    COMPLAINTS_API_URL: apiUrl,
    COMPLAINTS_LOG_LEVEL: 'warn',
    COMPLAINTS_HTTP_TOKEN_SECRET: randomBytes(32).toString('base64'),
  };
  const result: ReadyStartsResult = {
    starts: READY_STARTS,
    pollMs: READY_POLL_MS,
    okBeforeSignInRoutes: 0,
    okBeforeChallenge: 0,
    startingSeen: 0,
    healthBefore: {},
  };
  for (let start = 0; start < READY_STARTS; start++) {
    const watched = await watchStart(serverPath, env, { everyMs: READY_POLL_MS });
    const missing = ROUTES_AFTER_READY.filter((route) => route !== 'POST /mcp' && watched.routes[route] === 404);
    if (missing.length > 0) result.okBeforeSignInRoutes++;
    if (!watched.challenge.includes('resource_metadata=')) result.okBeforeChallenge++;
    if (watched.healthBefore.has('503')) result.startingSeen++;
    for (const [status, count] of watched.healthBefore) result.healthBefore[status] = (result.healthBefore[status] ?? 0) + count;
  }
  return result;
}

export function readyStartsTable(result: ReadyStartsResult): string[] {
  const of = (count: number) => `${count} of ${result.starts}`;
  const before = Object.entries(result.healthBefore)
    .map(([status, count]) => `${status} ${count}`)
    .join(', ');
  return [
    `### serve --http starting with the sign-in on: ${result.starts} starts, /healthz asked every ${result.pollMs} ms`,
    '',
    '| starts in which /healthz said 200 while | count |',
    '| --- | --- |',
    `| a discovery route or /token still answered 404 (target: 0) | ${of(result.okBeforeSignInRoutes)} |`,
    `| a keyless POST /mcp's 401 named no resource_metadata | ${of(result.okBeforeChallenge)} |`,
    '',
    `/healthz before its first 200, over every start: ${before || 'nothing'}; starts that showed a 503 "starting": ${of(result.startingSeen)}.`,
  ];
}
