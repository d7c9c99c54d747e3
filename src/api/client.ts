// HTTP client of the complaints API's two read operations. Knows nothing of MCP.
//
// Every call has one deadline (COMPLAINTS_TIMEOUT_MS) that covers all attempts: undici's own
// timeouts only fire to about the second, a timer of our own (call-signal.ts) is precise. GETs are idempotent, so
// 429/502/503/504 and connection failures are retried, at most 3 attempts in all.
import { finished } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { type Dispatcher, request } from 'undici';
import { type CallSignal, callSignal } from '../call-signal.js';
import { type ListQuery, PAGE_SIZE_MAX } from '../contract/list-query.js';
import type { ComplaintsReader, ListPage } from '../contract/operations.js';
import type { ComplaintDetail, Pagination } from '../contract/records.js';
import { errorCode } from '../error-code.js';
import { log } from '../log.js';
import { ApiError, abortReason, errorForStatus, type KeySource, type StatusContext } from './errors.js';
import { answeredInPlainHttp, networkError, plainHttpError, SOCKET_CODE } from './network-errors.js';
import { readDetailEnvelope, readListEnvelope } from './read-records.js';
import { refusedParameter } from './refused-parameter.js';

export const MAX_ATTEMPTS = 3;
/** Bodies larger than this are refused: a page of 100 records is about 100 KB. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);
const RETRYABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const BACKOFF_BASE_MS = 200;
/** Numbers the requests of the process in the debug log, so that attempts of one call read together. */
let requestCount = 0;

export interface ApiClientOptions {
  /** Base URL without /api/v1. */
  baseUrl: string;
  apiKey: string;
  /** Where the key came from, for the text of a 401: COMPLAINTS_API_KEY (the default) or the member's Authorization header. */
  keyFrom?: KeySource;
  timeoutMs: number;
  /** One keep-alive dispatcher for the process. */
  dispatcher: Dispatcher;
  /** Injected for tests of the backoff; defaults to Math.random. */
  random?: () => number;
  /** Injected, with `sleep`, for tests of the waits and the deadline on a virtual clock; defaults to Date.now. */
  now?: () => number;
  /** The wait before a retry: resolves after `ms`, rejects once `signal` aborts. Defaults to a real timer. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /**
   * Told the status of each answer of the service, e.g. so that serve --http knows which keys it
   * accepted: an error status as it arrives, a 2xx only once its body reads as the operation's answer
   * (a web page answering 200 on every path accepts no key).
   */
  onStatus?: (status: number) => void;
  /**
   * Attempts per request, MAX_ATTEMPTS unless said: 1 for a check whose failure only lets a request
   * through (serve --http's key check), so that a stranger's request is never sent three times.
   */
  maxAttempts?: number;
}

export class ComplaintsApi implements ComplaintsReader {
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;

  constructor(private readonly options: ApiClientOptions) {
    this.random = options.random ?? Math.random;
    this.now = options.now ?? (() => Date.now());
    this.sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
  }

  /** GET /api/v1/complaints */
  async listComplaints(query: ListQuery, signal?: AbortSignal): Promise<ListPage> {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) params.set(name, String(value));
    }
    const { body, status } = await this.getJson('/api/v1/complaints', 'list', params, signal);
    const parsed = readListEnvelope(body, query.pageSize ?? PAGE_SIZE_MAX);
    if (parsed === null) throw unexpectedBody('a list without data and pagination');
    this.options.onStatus?.(status);
    const { data, pagination, sentMore } = parsed;
    const normalised = normalisePagination(pagination, query, data.length);
    return { items: data, sentMore, pagination: normalised, ...(usable(pagination.total, 0) === undefined ? { totalUnreported: true } : {}) };
  }

  /** GET /api/v1/complaints/{id} */
  async getComplaint(id: string, signal?: AbortSignal): Promise<ComplaintDetail> {
    const { body, status } = await this.getJson(`/api/v1/complaints/${encodeURIComponent(id)}`, 'detail', undefined, signal);
    const parsed = readDetailEnvelope(body);
    if (parsed === null) throw unexpectedBody('a record without data');
    this.options.onStatus?.(status);
    return parsed.data;
  }

  private async getJson(
    path: string,
    operation: StatusContext['operation'],
    params: URLSearchParams | undefined,
    outer?: AbortSignal,
  ): Promise<{ body: unknown; status: number }> {
    const { baseUrl, keyFrom = 'environment' } = this.options;
    const url = `${baseUrl}${path}${params && params.size > 0 ? `?${params}` : ''}`;
    const call = callSignal(this.options.timeoutMs, outer);
    try {
      return await this.attempts(url, path, params, call, { operation, baseUrl, keyFrom });
    } finally {
      call.done();
    }
  }

  /** The attempts of one GET, within the call's deadline: retried on 429/502/503/504 and connection failures. */
  private async attempts(
    url: string,
    path: string,
    params: URLSearchParams | undefined,
    call: CallSignal,
    context: StatusContext,
  ): Promise<{ body: unknown; status: number }> {
    const { baseUrl, apiKey, timeoutMs, dispatcher, maxAttempts = MAX_ATTEMPTS } = this.options;
    const { signal } = call;
    const deadlineAt = this.now() + timeoutMs;
    const timeoutError = () =>
      new ApiError('timeout', `The complaints service did not answer within ${timeoutMs} ms (COMPLAINTS_TIMEOUT_MS). Try again, or raise the timeout.`);

    // Logged at debug: the path and the names of the query's parameters, never their values (a search
    // holds a consumer's name) nor the key.
    const where = { request: ++requestCount, path, query: params && params.size > 0 ? [...params.keys()].join(',') : undefined };
    for (let attempt = 1; ; attempt++) {
      let retryAfterMs: number | undefined;
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      try {
        const response = await untilAborted(
          request(url, {
            method: 'GET',
            dispatcher,
            signal,
            headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json', 'user-agent': 'complaints-book-mcp' },
          }),
          signal,
        );
        const { statusCode } = response;
        log.debug('GET', { ...where, attempt, status: statusCode, ms: elapsed() });
        if (statusCode >= 200 && statusCode < 300) {
          return { body: parseJson(await readBody(response.body, MAX_BODY_BYTES), statusCode), status: statusCode };
        }
        this.options.onStatus?.(statusCode);
        if (!RETRYABLE_STATUSES.has(statusCode) || attempt >= maxAttempts) {
          const text = await readBody(response.body, 64 * 1024).catch(() => '');
          throw errorForStatus(statusCode, refusedParameter(text, params ? [...params.keys()] : []), attempt, context);
        }
        await response.body.dump();
        retryAfterMs = parseRetryAfter(response.headers['retry-after'], this.now());
        const wait = retryAfterMs ?? this.backoff(attempt);
        // A wait that cannot end before the deadline is not worth starting.
        if (this.now() + wait >= deadlineAt) throw errorForStatus(statusCode, undefined, attempt, context);
        log.warn(`the complaints service answered ${statusCode}; retrying in ${wait} ms (attempt ${attempt + 1} of ${maxAttempts})`, where);
        await this.sleep(wait, signal);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if (call.timedOut()) throw timeoutError();
        if (signal.aborted) throw abortReason(signal);
        const code = errorCode(error, SOCKET_CODE);
        log.debug('GET', { ...where, attempt, error: code ?? 'unknown', ms: elapsed() });
        if (answeredInPlainHttp(error)) throw plainHttpError(baseUrl, code);
        if (!RETRYABLE_CODES.has(code ?? '') || attempt >= maxAttempts) throw networkError(baseUrl, code, attempt);
        const wait = this.backoff(attempt);
        if (this.now() + wait >= deadlineAt) throw networkError(baseUrl, code, attempt);
        log.warn(`could not reach the complaints service (${code}); retrying in ${wait} ms (attempt ${attempt + 1} of ${maxAttempts})`, where);
        try {
          await this.sleep(wait, signal);
        } catch {
          throw call.timedOut() ? timeoutError() : abortReason(signal);
        }
      }
    }
  }

  /** Exponential backoff with jitter: attempt 1 waits 100-200 ms, attempt 2 200-400 ms. */
  private backoff(attempt: number): number {
    const ceiling = BACKOFF_BASE_MS * 2 ** (attempt - 1);
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }
}

/** A reported count we can use: a whole number from `min` up to ten million; anything else counts as missing. */
function usable(value: number | null, min: number): number | undefined {
  return value !== null && value >= min && value <= 10_000_000 ? value : undefined;
}

/**
 * Pagination that adds up whatever the service sent: a page holds at least the records it came
 * with, the total counts at least the records up to a page that has some, and the number of pages follows from
 * the total. Only without a total is the service's own page count taken as a sign of more pages.
 */
function normalisePagination(pagination: Pagination, query: ListQuery, count: number): ListPage['pagination'] {
  const page = usable(pagination.page, 1) ?? query.page ?? 1;
  const pageSize = Math.max(usable(pagination.pageSize, 1) ?? query.pageSize ?? 1, count, 1);
  const reportedTotal = usable(pagination.total, 0);
  // An empty page (past the end) says nothing of the records before it.
  const seen = count > 0 ? (page - 1) * pageSize + count : 0;
  const total = Math.max(reportedTotal ?? 0, seen);
  const derivedPages = Math.ceil(total / pageSize);
  const totalPages = reportedTotal === undefined ? Math.max(derivedPages, usable(pagination.totalPages, 0) ?? 0) : derivedPages;
  return { page, pageSize, total, totalPages };
}

/**
 * Reads a body up to `limit` bytes; a larger body is an error, not a truncated parse. Its chunks are
 * taken as they come ('data') and its end or failure as stream.finished reports it (an early close
 * included): an async iterator over the body cost about 0.01 ms more a call, in promises per chunk.
 */
function readBody(body: Dispatcher.ResponseData['body'], limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    body.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      tooLarge = true;
      chunks.length = 0;
      body.destroy();
      reject(unexpectedBody(`a body over ${Math.round(limit / 1024 / 1024) || 1} MB`));
    });
    finished(body, (error) => {
      if (tooLarge) return;
      if (error) reject(error);
      else resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    });
  });
}

function parseJson(text: string, status: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw unexpectedBody(`HTTP ${status}, not JSON`);
  }
}

function unexpectedBody(what: string): ApiError {
  return new ApiError(
    'unexpected_body',
    `The complaints service answered with an unexpected body (${what}). Check that COMPLAINTS_API_URL is the service's base URL; if it is, try again later.`,
  );
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now. */
export function parseRetryAfter(header: string | string[] | undefined, nowMs: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/**
 * The response, or a rejection as soon as `signal` aborts. undici does not abort a TLS handshake that
 * stalls (it waits out its own 10 s connect timeout), and the call's deadline must hold all the same;
 * a response that comes after all is read to its end and let go.
 */
function untilAborted<T extends { body: { dump(): Promise<void> } }>(pending: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abandon = () => {
      reject(signal.reason);
      pending.then((late) => late.body.dump().catch(() => undefined)).catch(() => undefined);
    };
    if (signal.aborted) return abandon();
    signal.addEventListener('abort', abandon, { once: true });
    pending.then(
      (response) => {
        signal.removeEventListener('abort', abandon);
        resolve(response);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abandon);
        reject(error);
      },
    );
  });
}
