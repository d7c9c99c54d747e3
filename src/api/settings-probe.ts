// One request of one record, made to learn whether the settings work: the stdio server's check at
// start. It uses node:http, not the API client: undici's first request instantiates its WebAssembly
// HTTP parser, some 25 MB of resident memory that a desktop server would then hold from the moment it
// starts, whether or not its member ever asks a question (measured: 77 MB after start without it,
// about 100 MB with it). The answer is read as the client reads it: the same errors, the same words.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { errorCode } from '../error-code.js';
import { log } from '../log.js';
import { ApiError, errorForStatus } from './errors.js';
import { answeredInPlainHttp, networkError, plainHttpError, SOCKET_CODE } from './network-errors.js';
import { readListEnvelope } from './read-records.js';

/** A list of one record is a few KB; more than this is not the service's answer to it. */
const MAX_PROBE_BODY_BYTES = 256 * 1024;

/** Resolves when the service lists one record with the key; rejects with the ApiError a tool call would get. */
export function probeSettings(baseUrl: string, apiKey: string, timeoutMs: number): Promise<void> {
  const url = new URL(`${baseUrl}/api/v1/complaints?page=1&pageSize=1`);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  // At debug, as the client logs its requests: the path and the names of the query's parameters.
  const where = { request: 'start check', path: url.pathname, query: 'page,pageSize', attempt: 1 };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new ApiError('timeout', `The complaints service did not answer within ${timeoutMs} ms (COMPLAINTS_TIMEOUT_MS).`)),
      timeoutMs,
    );
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done();
    };
    const fail = (error: ApiError) =>
      settle(() => {
        outgoing.destroy();
        reject(error);
      });
    const outgoing = request(
      url,
      { method: 'GET', headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json', 'user-agent': 'complaints-book-mcp' } },
      (response) => {
        const status = response.statusCode ?? 0;
        log.debug('GET', { ...where, status, ms: elapsed() });
        if (status < 200 || status > 299) {
          response.resume();
          return fail(errorForStatus(status, undefined, 1, { operation: 'list', baseUrl, keyFrom: 'environment' }));
        }
        readBody(response).then(
          (text) => (isList(text) ? settle(resolve) : fail(notAList())),
          () => fail(notAList()),
        );
      },
    );
    outgoing.on('error', (error) => {
      if (settled) return;
      log.debug('GET', { ...where, error: errorCode(error, SOCKET_CODE) ?? 'unknown', ms: elapsed() });
      fail(answeredInPlainHttp(error) ? plainHttpError(baseUrl, errorCode(error, SOCKET_CODE)) : networkError(baseUrl, errorCode(error, SOCKET_CODE), 1));
    });
    outgoing.end();
  });
}

function readBody(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_PROBE_BODY_BYTES) return response.destroy(new Error('too large'));
      chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    response.on('error', reject);
  });
}

function isList(text: string): boolean {
  try {
    return readListEnvelope(JSON.parse(text), 1) !== null;
  } catch {
    return false;
  }
}

const notAList = () =>
  new ApiError(
    'unexpected_body',
    "The complaints service answered with an unexpected body (not a list of complaints). Check that COMPLAINTS_API_URL is the service's base URL; if it is, try again later.",
  );
