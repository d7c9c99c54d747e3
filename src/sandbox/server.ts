// The sandbox: a node:http server on loopback implementing the two read operations of the
// complaints API over a generated data set, with every rule of the contract enforced.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { namesLoopback } from '../loopback-host.js';
import { findComplaint, listComplaints } from './complaints.js';
import { type Book, type Dataset, generateDataset } from './dataset.js';
import { parseListQuery } from './list-query.js';
import { findMemberByKey, KEY_PREFIX, type Member, VIEW_PERMISSION } from './members.js';

export interface SandboxOptions {
  /** Default 0: an ephemeral port. */
  port?: number;
  /** Default 127.0.0.1. A loopback address: requests whose Host names anything but loopback are refused. */
  host?: string;
  /** Clock the data set is dated against. Default: the current time. */
  now?: Date;
  seed?: number;
  recordsPerOrganization?: { a?: number; b?: number };
  days?: number;
  /** `demo` (default) or `big`: organization A's year of 30,000 records (see generateDataset). */
  book?: Book;
  /** A prebuilt data set (benchmarks reuse one); `now`, `seed`, counts, days and book are then ignored. */
  dataset?: Dataset;
  /**
   * Milliseconds every answer waits before it is sent, errors included: a remote service's latency,
   * for benchmarks. A timer, so requests wait concurrently. Default 0.
   */
  latencyMs?: number;
  /**
   * Keep the latest requests in `requests` (at most RECORDED_REQUESTS_LIMIT). Default true, for tests;
   * the CLI and benchmarks turn it off.
   */
  recordRequests?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
}

/** How many requests `requests` keeps: the latest ones, oldest dropped first, so a sandbox left running stays bounded. */
export const RECORDED_REQUESTS_LIMIT = 1000;

export interface SandboxHandle {
  /** Base URL without /api/v1, e.g. http://127.0.0.1:43123. */
  url: string;
  /** The latest requests, oldest first, at most RECORDED_REQUESTS_LIMIT; empty when recordRequests is false. Tests may clear it. */
  requests: RecordedRequest[];
  dataset: Dataset;
  close(): Promise<void>;
}

export type ErrorCode = 'invalid_parameter' | 'unauthorized' | 'forbidden' | 'not_found' | 'method_not_allowed' | 'internal_error';

const LIST_PATH = '/api/v1/complaints';
const DETAIL_PREFIX = `${LIST_PATH}/`;
// One body for every detail miss, whatever the reason (see findComplaint).
const DETAIL_NOT_FOUND = { error: { code: 'not_found', message: 'Complaint not found' } } as const;

/** The largest latency: a minute is beyond any service worth simulating, and a slip of the keyboard is refused rather than stalling every answer for hours. */
export const LATENCY_MS_MAX = 60_000;

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const latencyMs = options.latencyMs ?? 0;
  if (!Number.isInteger(latencyMs) || latencyMs < 0 || latencyMs > LATENCY_MS_MAX) {
    throw new RangeError(`startSandbox: latencyMs must be a whole number of milliseconds from 0 to ${LATENCY_MS_MAX}`);
  }
  const dataset =
    options.dataset ??
    generateDataset({
      now: options.now ?? new Date(),
      seed: options.seed,
      recordsPerOrganization: options.recordsPerOrganization,
      days: options.days,
      book: options.book,
    });
  const requests: RecordedRequest[] = [];
  const record = options.recordRequests ?? true;

  const answer = (req: IncomingMessage, res: ServerResponse) => {
    try {
      handle(dataset, req, res);
    } catch {
      sendError(res, 500, 'internal_error', 'The sandbox failed to answer this request');
    }
  };
  const server = createServer((req, res) => {
    // Recorded on arrival: a benchmark counts requests as the service would see them, latency or not.
    if (record) recordRequest(requests, req);
    req.resume(); // drain any body; the API's reads have none
    if (latencyMs === 0) return answer(req, res);
    const timer = setTimeout(() => answer(req, res), latencyMs);
    // A client gone (or the sandbox closing its connections) leaves nothing to answer.
    res.once('close', () => clearTimeout(timer));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port ?? 0, host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    requests,
    dataset,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Idle keep-alive sockets would otherwise hold close() open for seconds.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** Keeps the request in `log`, the latest RECORDED_REQUESTS_LIMIT only. */
function recordRequest(log: RecordedRequest[], req: IncomingMessage): void {
  const { path, params } = splitUrl(req.url ?? '/');
  log.push({ method: req.method ?? 'GET', path, query: firstValues(params) });
  if (log.length > RECORDED_REQUESTS_LIMIT) log.splice(0, log.length - RECORDED_REQUESTS_LIMIT);
}

function splitUrl(rawUrl: string): { path: string; params: URLSearchParams } {
  const queryAt = rawUrl.indexOf('?');
  return {
    path: queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt),
    params: new URLSearchParams(queryAt === -1 ? '' : rawUrl.slice(queryAt + 1)),
  };
}

function handle(dataset: Dataset, req: IncomingMessage, res: ServerResponse): void {
  const { path, params } = splitUrl(req.url ?? '/');
  const method = req.method ?? 'GET';

  // A web page that rebinds its own name to 127.0.0.1 would reach the sandbox with its own name as Host.
  if (!namesLoopback(req.headers.host)) {
    return sendError(res, 403, 'forbidden', 'The sandbox answers only requests addressed to localhost, 127.0.0.1 or [::1]');
  }
  if (method !== 'GET') {
    return sendError(res, 405, 'method_not_allowed', `Method ${method} is not allowed; this API is read-only (GET)`, undefined, {
      allow: 'GET',
    });
  }
  const isList = path === LIST_PATH;
  const detailId = path.startsWith(DETAIL_PREFIX) ? path.slice(DETAIL_PREFIX.length) : undefined;
  if (!isList && (detailId === undefined || detailId.includes('/'))) {
    return sendError(res, 404, 'not_found', 'No such endpoint');
  }

  const member = authenticate(req, res);
  if (!member) return;

  if (isList) {
    const parsed = parseListQuery(params);
    if (!parsed.ok) return sendError(res, 400, 'invalid_parameter', parsed.error.message, parsed.error.parameter);
    return sendJson(res, 200, listComplaints(dataset, member, parsed.query));
  }
  const detail = findComplaint(dataset, member, detailId ?? '');
  if (!detail) return sendJson(res, 404, DETAIL_NOT_FOUND);
  sendJson(res, 200, { data: detail });
}

/** The member behind the bearer key, or undefined after answering 401/403. */
function authenticate(req: IncomingMessage, res: ServerResponse): Member | undefined {
  const challenge = { 'www-authenticate': 'Bearer realm="complaints"' };
  const header = req.headers.authorization;
  if (!header) {
    sendError(res, 401, 'unauthorized', 'Missing API key: send the header Authorization: Bearer <API key>', undefined, challenge);
    return undefined;
  }
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  if (!match?.[1]) {
    sendError(res, 401, 'unauthorized', 'The Authorization header must be "Bearer <API key>"', undefined, challenge);
    return undefined;
  }
  const key = match[1];
  const member = findMemberByKey(key);
  if (!member) {
    const message = key.startsWith(KEY_PREFIX) ? 'Invalid API key' : `Invalid API key: keys start with ${KEY_PREFIX}`;
    sendError(res, 401, 'unauthorized', message, undefined, challenge);
    return undefined;
  }
  if (!member.permissions.includes(VIEW_PERMISSION)) {
    sendError(res, 403, 'forbidden', `The member of this API key lacks the permission ${VIEW_PERMISSION}`);
    return undefined;
  }
  return member;
}

function firstValues(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of params) if (!Object.hasOwn(query, name)) query[name] = value;
  return query;
}

function sendError(res: ServerResponse, status: number, code: ErrorCode, message: string, parameter?: string, headers: Record<string, string> = {}): void {
  sendJson(res, status, { error: parameter === undefined ? { code, message } : { code, message, parameter } }, headers);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}
