// `serve --http`: MCP over Streamable HTTP at /mcp, stateless, for a team. Each POST carries its
// member's key; a fresh MCP server and transport answer it with an API client made for that key,
// and are dropped when the response ends. No key outlives its request, and any replica can answer
// any request: what a replica keeps between requests is only a shortcut (a deadline list's reading,
// for a minute, under the key's hash: api/recent-readings.ts). What replicas must share (the
// sign-in's memory, rate counters, the per-key cap, accepted keys) is the shared state's (state/).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ComplaintsApi } from '../api/client.js';
import { type MemberReadings, RecentReadings } from '../api/recent-readings.js';
import { gatedReader, readInSlots } from '../api/request-gate.js';
import type { ComplaintsReader } from '../contract/operations.js';
import { holdsKeyShape, holdsKnownKey } from '../key-shape.js';
import { log, logs } from '../log.js';
import type { Language } from '../prompts/language.js';
import { createServer as createMcpServer } from '../server.js';
import { type Admitted, RequestAdmission, tooManyRequestsText } from './admission.js';
import { apiDispatcher } from './api-dispatcher.js';
import { bearerChallenge, type Challenge } from './bearer-challenge.js';
import { ClientAddresses } from './client-address.js';
import { DOWNLOAD_TEXT, plainText, sendRegister } from './export-download.js';
import { EXPORTS_PATH, linkDelivery, openExportLink, tokenOfPath } from './export-links.js';
import { KeyCheck } from './key-check.js';
import { keyId } from './key-id.js';
import { answerWhenReady } from './readiness.js';
import { readJsonBody, requestIds } from './request-body.js';
import { bearerCredential, checkHostAndOrigin, HOST_NAME } from './request-guards.js';
import { pathOf } from './request-path.js';
import { callsReachingService } from './service-calls.js';
import { type HttpSettings, MAX_REQUEST_BODY_BYTES } from './settings.js';
import { looksForSignIn, NO_SIGN_IN } from './sign-in/paths.js';
import type { SignIn, SignInOptions } from './sign-in/sign-in.js';
import { openSharedState } from './state/open-state.js';
import { StoreUnavailable } from './state/shared-state.js';
import { UnverifiedBudget } from './unverified-budget.js';
import { PendingWrites, sendAfter } from './written-first.js';

export interface HttpServeOptions {
  host: string;
  port: number;
  apiUrl: string;
  timeoutMs: number;
  timeZone: string;
  redactPii: boolean;
  language: Language;
  /** COMPLAINTS_ANSWER_GUIDE: one guide for every member of this server. */
  answerGuide: string | undefined;
  /** COMPLAINTS_MAX_SHEETS: records a register with the sheets' content holds at most. */
  exportMaxSheets: number;
  version: string;
  settings: HttpSettings;
  /**
   * Builds the sign-in once the server listens (its issuer may be the address it listens at): by
   * default sign-in.js's createSignIn, loaded before listening. A test gives one that takes its time,
   * to look at the server while it starts.
   */
  buildSignIn?: (options: SignInOptions) => SignIn | Promise<SignIn>;
}

export interface HttpServeHandle {
  /** The MCP endpoint, e.g. http://127.0.0.1:8080/mcp */
  url: string;
  /** With sign-in: the MCP endpoint as members enter it in their apps (the public URL's /mcp). */
  signInResource: string | undefined;
  /** Stops accepting, lets requests in flight finish within the grace, cuts the rest. Returns how many were cut. */
  shutdown: () => Promise<number>;
}

/** Who calls: the member's key, and the sign-in's grant it came from (none for a key sent as is). */
interface Caller {
  key: string;
  grant: string | undefined;
}

/** The member's API client: readers with one attempt or the usual retries, and what the service answered for the key, written. */
interface MemberApi {
  reader: (maxAttempts?: number) => ComplaintsReader;
  keyFrom: 'request' | 'sign-in';
  /** Settles once what the service answered so far is written to the shared state. */
  written: () => Promise<void>;
  /** Whether a text holds the member's key, in any form the key check knows: the key itself never leaves here. */
  holdsKey: (text: string) => boolean;
  /** Settles once the service has accepted the key (asked with one record, unless it did already); rejects as the service refuses. */
  keyAccepted: (signal: AbortSignal) => Promise<void>;
  /** The member's deadline-list readings, kept by this process for their next pages. */
  readings: MemberReadings;
}

export async function serveHttp(options: HttpServeOptions): Promise<HttpServeHandle> {
  const { settings } = options;
  // Opened before listening: a store that cannot be used stops the start with its reason.
  const state = await openSharedState(settings.stateUrl);
  // Loaded before listening too (most of a start's time): only the sign-in's issuer waits for the address.
  const buildSignIn = settings.signIn === undefined ? undefined : (options.buildSignIn ?? (await import('./sign-in/sign-in.js')).createSignIn);
  // One keep-alive pool to the API for every member, never the limit on their requests (api-dispatcher.ts).
  const dispatcher = apiDispatcher(settings.caps);
  // Whether a request may go on, and which limit refused it (admission.ts).
  // A client address's budget of requests with keys the service has not accepted: /mcp's and the sign-in form's.
  const unverifiedBudget = new UnverifiedBudget(state);
  const admission = new RequestAdmission(settings.caps, state, unverifiedBudget);
  const keyCheck = new KeyCheck(state);
  /** Which client a request is for: its socket's address, or what a trusted proxy forwards (client-address.ts). */
  const clients = new ClientAddresses(settings.trustedProxies);
  /** Deadline lists' readings, by member, for their next pages: outlives the per-request MCP servers. */
  const listReadings = new RecentReadings();
  /** Transports answering now, with the ids of the calls they answer, so that the end of the grace can cut them. */
  const active = new Map<StreamableHTTPServerTransport, Array<string | number>>();
  let draining = false;
  /** Built once the server listens: without a public URL, its issuer is the address it listens at. */
  let signIn: SignIn | undefined;
  /** Where the server listens, once it does: the origin of a link whose request's Host cannot name one. */
  let listeningOrigin = '';
  /** RFC 6750's challenge; with sign-in, it names the resource's metadata, where a client finds how to sign in (RFC 9728). */
  const challenge = (refusal: Omit<Challenge, 'resourceMetadata'>) => bearerChallenge({ ...refusal, resourceMetadata: signIn?.resourceMetadataUrl });

  /** What a step gives when it refused the request: nothing, its answer already written. */
  type Refused = undefined;

  /** Host and Origin (DNS rebinding) before anything else is read. */
  const guardHeaders = (req: IncomingMessage, res: ServerResponse): boolean => {
    const headers = checkHostAndOrigin(settings.allowLists, req.headers.host, req.headers.origin);
    if (!headers.ok) rpcError(res, 403, headers.message);
    return headers.ok;
  };

  /** The member's key, from the request or from the sign-in's access token. */
  const authenticate = async (req: IncomingMessage, res: ServerResponse): Promise<Caller | Refused> => {
    const credential = bearerCredential(req.headers.authorization, signIn !== undefined);
    if (!credential.ok) {
      // The description is the message without its status word: the reason, and what to send.
      const description = credential.message.replace(/^Unauthorized: (.)/, (_, first: string) => first.toUpperCase());
      return rpcError(res, 401, credential.message, {
        'WWW-Authenticate': challenge({ error: credential.reason === 'malformed' ? 'invalid_token' : undefined, description }),
      });
    }
    if (!('token' in credential)) return { key: credential.key, grant: undefined };
    const access = await signIn!.openAccessToken(credential.token).catch((error: unknown) => {
      if (error instanceof StoreUnavailable) return undefined;
      throw error;
    });
    // Whether the token was withdrawn cannot be known: refused, not let through (a member's own key still works).
    if (access === undefined) {
      return rpcError(
        res,
        503,
        'Service Unavailable: the sign-in cannot be checked right now (the server cannot reach its shared state); retry in a few seconds.',
        { 'Retry-After': '5' },
      );
    }
    if (!access.ok) {
      return rpcError(res, 401, `Unauthorized: ${access.reason} Sign in again from your MCP client.`, {
        'WWW-Authenticate': challenge({ error: 'invalid_token', description: access.reason }),
      });
    }
    return { key: access.key, grant: access.grant };
  };

  /** A POST this server takes now, and its JSON-RPC body. */
  const readCall = async (req: IncomingMessage, res: ServerResponse): Promise<{ json: unknown } | Refused> => {
    if (req.method !== 'POST') {
      // Stateless: no stream to open with GET and no session to end with DELETE.
      return rpcError(res, 405, `Method Not Allowed: ${req.method} /mcp; this server is stateless and takes POST only.`, { Allow: 'POST' });
    }
    if (draining)
      return rpcError(res, 503, 'Service Unavailable: the server is shutting down; retry on another replica.', { Connection: 'close', 'Retry-After': '1' });
    const body = await readJsonBody(req, MAX_REQUEST_BODY_BYTES);
    // A body left unread cannot be skipped on this connection: close it after the answer.
    if (!body.ok) return rpcError(res, body.status, body.message, body.status === 413 ? { Connection: 'close' } : {}, body.status === 400 ? -32700 : -32000);
    return body;
  };

  /** The request's slots and gates (admission.ts), given back when `gone` aborts; a 429 naming the limit, or nothing for a client gone. */
  const admit = async (res: ServerResponse, member: string, address: string, body: unknown, gone: AbortSignal): Promise<Admitted | Refused> => {
    const calls = requestIds(body).length;
    const admitted = await admission.admit({ member, address, calls, reachingService: callsReachingService(body), signal: gone });
    if (admitted.ok) return admitted;
    if (admitted.cap === 'gone') return undefined;
    const { message, retryAfter } = tooManyRequestsText(admitted, calls);
    return rpcError(res, 429, message, retryAfter === undefined ? {} : { 'Retry-After': retryAfter });
  };

  /** The member's API client, made for this request: what the service answers for the key is remembered. */
  const memberReader = (caller: Caller, member: string, address: string, admitted: Admitted): MemberApi => {
    const { key, grant } = caller;
    // What the service answers for the key decides whether its next requests count as a member's.
    // A write that changes what another replica would decide (a key now accepted, a key now refused)
    // is awaited before any answer goes out (written()): the client's next request, on another
    // replica, may ask for it at once. Renewing a key already remembered changes nothing there.
    const writes = new PendingWrites();
    /** Whether the service accepted the key: remembered when admitted, or answered with a success since. */
    let accepted = admitted.accepted;
    const onStatus = (status: number) => {
      if (status >= 200 && status <= 299) accepted = true;
      if (status === 401) accepted = false;
      const heard = state.heard(member, status);
      if (status === 401 || (!admitted.accepted && status >= 200 && status <= 299)) writes.add(heard);
      // A 401 for a signed-in key ends its sign-in: the client's next request is sent to sign in again.
      if (status === 401 && grant !== undefined) {
        signIn
          ?.withdraw(grant, key, address)
          .catch(() => log.warn('sign-in: a grant whose key the service refused could not be withdrawn: the shared state did not answer'));
      }
    };
    const keyFrom = grant === undefined ? 'request' : 'sign-in';
    const reader = (maxAttempts?: number) =>
      gatedReader(
        new ComplaintsApi({ baseUrl: options.apiUrl, apiKey: key, keyFrom, timeoutMs: options.timeoutMs, dispatcher, onStatus, maxAttempts }),
        admitted.requests,
      );
    // A whole-book read of a key not accepted asks first, holding no whole-book slot meanwhile: a
    // made-up key is refused there, and a member's new key is accepted there and reads in the slots.
    const keyAccepted = async (signal: AbortSignal) => {
      if (!accepted) await reader().listComplaints({ page: 1, pageSize: 1 }, signal);
    };
    return { reader, keyFrom, written: () => writes.settled(), holdsKey: (text) => holdsKnownKey(text, key), keyAccepted, readings: listReadings.of(member) };
  };

  /** At initialize, whether the service takes the key; false when refused (written) or when the client went away. */
  const checkKey = async (res: ServerResponse, body: unknown, member: string, api: MemberApi, gone: AbortSignal): Promise<boolean> => {
    // The check is one attempt: a failing service lets the initialize through anyway, and a retry
    // would triple what any stranger's initialize costs the service.
    const checked = await keyCheck.beforeAnswering({ body, member, api: () => api.reader(1), keyFrom: api.keyFrom, signal: gone });
    if (checked.outcome === 'refuse') {
      await api.written();
      rpcError(res, checked.status, checked.message, checked.challenge === undefined ? {} : { 'WWW-Authenticate': challenge(checked.challenge) });
      return false;
    }
    // Nothing to answer for a client gone while its key was checked; its slots are already released.
    return checked.outcome === 'answer' && !gone.aborted;
  };

  /** A fresh MCP server and transport answer the request, and are dropped when the response ends. */
  const answer = async (
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    callIds: Array<string | number>,
    caller: Caller,
    api: MemberApi,
    admitted: Admitted,
  ) => {
    const reader = api.reader();
    const clock = { now: () => new Date(), timeZone: options.timeZone };
    const server = createMcpServer({
      api: async () => reader,
      timeoutMs: options.timeoutMs,
      bookReads: admitted.bookReads,
      keyAccepted: api.keyAccepted,
      listReadings: api.readings,
      problems: [],
      clock,
      redactPii: options.redactPii,
      language: options.language,
      answerGuide: options.answerGuide,
      holdsMemberKey: api.holdsKey,
      // A register is a link on this server, made for this member (export-links.ts), opened by a browser later.
      register: linkDelivery({
        key: caller.key,
        keyFrom: api.keyFrom,
        origin: settings.publicUrl ?? hostOrigin(req.headers.host) ?? listeningOrigin,
        minutes: settings.exportLinkMinutes,
        maxSheets: options.exportMaxSheets,
        state,
      }),
      version: options.version,
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    sendAfter(transport, api.written);
    active.set(transport, callIds);
    res.on('close', () => {
      // Closing the transport aborts tool calls still running for a client that went away.
      active.delete(transport);
      void transport.close().catch(() => undefined);
      void server.close().catch(() => undefined);
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const answerMcp = async (req: IncomingMessage, res: ServerResponse) => {
    // The client going away, heard from the start: what is taken after an await (the store's answers
    // take time) is given back even when it went meanwhile. Also aborts the key check.
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    if (!guardHeaders(req, res)) return;
    const caller = await authenticate(req, res);
    if (caller === undefined) return;
    const body = await readCall(req, res);
    if (body === undefined) return;
    const member = keyId(caller.key);
    const address = clients.of(req);
    const callIds = requestIds(body.json);
    const admitted = await admit(res, member, address, body.json, gone.signal);
    if (admitted === undefined) return;
    const api = memberReader(caller, member, address, admitted);
    if (!(await checkKey(res, body.json, member, api, gone.signal))) return;
    await answer(req, res, body.json, callIds, caller, api, admitted);
  };

  /**
   * GET /exports/<token>[/<file name>]: a register's download link, opened by a browser without the
   * key (export-links.ts). Host is guarded as for /mcp (a navigation sends no Origin worth checking);
   * the link is opened (one 404 for a token unknown, changed or expired); the request is admitted as
   * the member's, as a call to /mcp is; the register is read in a whole-book slot and streamed.
   */
  const answerExport = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    if (req.method !== 'GET' && req.method !== 'HEAD') return plainText(res, 405, DOWNLOAD_TEXT.method, { Allow: 'GET, HEAD' });
    const headers = checkHostAndOrigin(settings.allowLists, req.headers.host, undefined);
    if (!headers.ok) return plainText(res, 403, headers.message);
    if (draining) return plainText(res, 503, DOWNLOAD_TEXT.draining, { Connection: 'close', 'Retry-After': '1' });
    const link = await openExportLink(tokenOfPath(path), state, new Date()).catch((error: unknown) => {
      if (error instanceof StoreUnavailable) return 'unavailable' as const;
      throw error;
    });
    if (link === 'unavailable') return plainText(res, 503, DOWNLOAD_TEXT.storeUnavailable, { 'Retry-After': '5' });
    if (link === undefined) return plainText(res, 404, DOWNLOAD_TEXT.notFound);
    const { member, key, keyFrom, selection } = link;
    // Opening it reaches the service with the link's key: a key refused since spends its address's budget.
    const admitted = await admission.admit({ member, address: clients.of(req), calls: 1, reachingService: 1, signal: gone.signal });
    if (!admitted.ok) {
      if (admitted.cap === 'gone') return;
      const { message, retryAfter } = tooManyRequestsText(admitted, 1);
      return plainText(res, 429, `${DOWNLOAD_TEXT.tooMany}\n${message}`, retryAfter === undefined ? {} : { 'Retry-After': retryAfter });
    }
    // What the service answers for the key is remembered, as for /mcp: a 401 here is a 401 there.
    const onStatus = (status: number) => void state.heard(member, status);
    const reader = gatedReader(
      new ComplaintsApi({ baseUrl: options.apiUrl, apiKey: key, keyFrom, timeoutMs: options.timeoutMs, dispatcher, onStatus }),
      admitted.requests,
    );
    // A whole-book slot, as a tool's whole-book read takes (server.ts's readBook), waited for within COMPLAINTS_TIMEOUT_MS.
    const waiting = AbortSignal.any([gone.signal, AbortSignal.timeout(options.timeoutMs)]);
    let started = false;
    const download = () => {
      started = true;
      return sendRegister(res, {
        method: req.method === 'HEAD' ? 'HEAD' : 'GET',
        reader,
        selection,
        clock: { now: () => new Date(), timeZone: options.timeZone },
        redactPii: options.redactPii,
        maxSheets: options.exportMaxSheets,
        signal: gone.signal,
      });
    };
    try {
      await readInSlots(admitted.bookReads, download, waiting, options.timeoutMs);
    } catch (error) {
      if (started || gone.signal.aborted) throw error;
      plainText(res, 503, DOWNLOAD_TEXT.busy, { 'Retry-After': '5' });
    } finally {
      admitted.release();
    }
  };

  const answerSignIn = (req: IncomingMessage, res: ServerResponse, signIn: SignIn) => {
    // The sign-in's endpoints answer only to the names /mcp answers to (DNS rebinding); browsers
    // call its metadata and token endpoints cross-origin by design (CORS), so Origin is not checked.
    const headers = checkHostAndOrigin(settings.allowLists, req.headers.host, undefined);
    if (headers.ok) signIn.handle(req, res);
    else json(res, 403, { error: 'invalid_request', error_description: headers.message });
  };

  // For a readiness probe: 503 while draining, or while the shared state does not answer (signed-in
  // members cannot be served then; a member's own key still is).
  const answerHealth = async (res: ServerResponse) => {
    const store = state.kind === 'memory' ? {} : { store: (await state.reachable()) ? 'reachable' : 'unreachable' };
    const status = draining ? 'draining' : store.store === 'unreachable' ? 'store unreachable' : 'ok';
    json(res, status === 'ok' ? 200 : 503, { status, state: state.kind, ...store });
  };

  // Until everything below is built, every route answers 503, /healthz {"status":"starting"} (readiness.ts).
  const readiness = answerWhenReady((req, res) => {
    const started = performance.now();
    const path = pathOf(req.url);
    const exportLink = path === EXPORTS_PATH.slice(0, -1) || path.startsWith(EXPORTS_PATH);
    // A path is the client's text: one holding a key (a key pasted into the URL) is not written to
    // the log, nor an export link's token, which opens a register until it expires.
    const logged = exportLink ? '/exports/(link)' : holdsKeyShape(path) ? '(a path that looks like it holds an API key)' : path;
    // The client as its limits count it (behind a trusted proxy, the address it forwards).
    const client = logs('debug') ? clients.of(req) : undefined;
    res.on('close', () => log.debug('http', { method: req.method, path: logged, status: res.statusCode, ms: Math.round(performance.now() - started), client }));
    let answering: Promise<void> | void;
    if (path === '/mcp') answering = answerMcp(req, res);
    else if (exportLink) answering = answerExport(req, res, path);
    else if (signIn?.answers(path)) answering = answerSignIn(req, res, signIn);
    else if (path === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) answering = answerHealth(res);
    // A client that looks for a sign-in (after a 401) shows what it found: say how to send a key instead.
    else if (signIn === undefined && looksForSignIn(path)) answering = json(res, 404, { error: NO_SIGN_IN });
    else answering = json(res, 404, { error: 'Not Found: the MCP endpoint is POST /mcp; health is GET /healthz.' });
    void Promise.resolve(answering).catch((error: unknown) => {
      log.error(`answering ${req.method} ${logged} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) rpcError(res, 500, 'Internal Server Error: see the server log.');
      else res.destroy();
    });
  });
  // A client that trickles its headers or body holds a socket (not a slot): it gets this long to send them.
  const http = createServer({ headersTimeout: 10_000, requestTimeout: 30_000 }, readiness.listener);

  /** A start that failed gives back what it opened. */
  const abandonStart = async (error: unknown): Promise<never> => {
    http.close();
    await state.close().catch(() => undefined);
    await dispatcher.destroy().catch(() => undefined);
    throw error;
  };
  await listen(http, options.host, options.port).catch(abandonStart);
  const { port } = http.address() as AddressInfo;
  const hostInUrl = options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host;
  listeningOrigin = `http://${hostInUrl}:${port}`;
  try {
    if (buildSignIn !== undefined && settings.signIn !== undefined) {
      signIn = await buildSignIn({
        settings: settings.signIn,
        listeningOrigin,
        apiUrl: options.apiUrl,
        timeoutMs: options.timeoutMs,
        dispatcher,
        // A key the sign-in's own check saw accepted needs no second check at initialize.
        onKeyStatus: (signedInKey, status) => state.heard(keyId(signedInKey), status),
        state,
        clientOf: (req) => clients.of(req),
        unverifiedBudget,
      });
    }
  } catch (error) {
    return abandonStart(error);
  }
  readiness.ready();

  return {
    url: `http://${hostInUrl}:${port}/mcp`,
    signInResource: signIn?.resource,
    async shutdown() {
      draining = true;
      http.close(); // no new connections; idle keep-alive ones are closed now
      const deadline = Date.now() + settings.shutdownGraceMs;
      while (admission.count > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      const cut = admission.count;
      // A call cut short gets an error it can act on, not a stream that ends without an answer.
      const stopped = { code: -32000, message: 'The server is shutting down and stopped this call before it finished; retry it.' };
      await Promise.all(
        [...active].map(async ([transport, ids]) => {
          for (const id of ids) await transport.send({ jsonrpc: '2.0', id, error: stopped }, { relatedRequestId: id }).catch(() => undefined);
          await transport.close().catch(() => undefined);
        }),
      );
      http.closeAllConnections();
      await signIn?.close().catch(() => undefined);
      // The calls cut still hold their member's slots in the shared state: close gives them back first.
      await state.close().catch(() => undefined);
      await dispatcher.destroy().catch(() => undefined);
      return cut;
    },
  };
}

/** http://<Host> when the Host header names an origin (a name or address, and a port), else undefined. */
function hostOrigin(host: string | undefined): string | undefined {
  if (host === undefined || !HOST_NAME.test(host) || !URL.canParse(`http://${host}`)) return undefined;
  return new URL(`http://${host}`).origin;
}

function listen(http: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Errors on /mcp as JSON-RPC, as the transport's own are: an MCP client shows the message. */
function rpcError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}, code = -32000): undefined {
  json(res, status, { jsonrpc: '2.0', error: { code, message }, id: null }, headers);
  return undefined;
}
