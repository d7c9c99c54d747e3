// `serve --http`: MCP over Streamable HTTP at /mcp, stateless, for a team. Each POST carries its
// member's key; a fresh MCP server and transport answer it with an API client made for that key,
// and are dropped when the response ends. Nothing of one request is reachable from another, so any
// replica can answer any request, and no key outlives its request. What replicas must share (the
// sign-in's memory, rate counters, the per-key cap, accepted keys) is the shared state's (state/).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Agent } from 'undici';
import { ComplaintsApi } from '../api/client.js';
import { gatedReader, MAX_BOOK_READS, RequestGate } from '../api/request-gate.js';
import { holdsKeyShape } from '../key-shape.js';
import { log } from '../log.js';
import type { Language } from '../prompts/language.js';
import { createServer as createMcpServer } from '../server.js';
import { clientAddress } from './client-address.js';
import { InFlightLimiter, type Refusal } from './in-flight.js';
import { KeyCheck } from './key-check.js';
import { keyId } from './key-id.js';
import { MemberGates } from './member-gates.js';
import { readJsonBody, requestIds } from './request-body.js';
import { bearerCredential, checkHostAndOrigin } from './request-guards.js';
import { type HttpSettings, MAX_REQUEST_BODY_BYTES } from './settings.js';
import type { SignIn } from './sign-in/sign-in.js';
import { openSharedState } from './state/open-state.js';
import { StoreUnavailable } from './state/shared-state.js';

export interface HttpServeOptions {
  host: string;
  port: number;
  apiUrl: string;
  timeoutMs: number;
  timeZone: string;
  redactPii: boolean;
  language: Language;
  version: string;
  settings: HttpSettings;
}

export interface HttpServeHandle {
  /** The MCP endpoint, e.g. http://127.0.0.1:8080/mcp */
  url: string;
  /** With sign-in: the MCP endpoint as members enter it in their apps (the public URL's /mcp). */
  signInResource: string | undefined;
  /** Stops accepting, lets requests in flight finish within the grace, cuts the rest. Returns how many were cut. */
  shutdown: () => Promise<number>;
}

const REALM = 'Bearer realm="complaints-book-mcp"';

export async function serveHttp(options: HttpServeOptions): Promise<HttpServeHandle> {
  const { settings } = options;
  // Opened before listening: a store that cannot be used stops the start with its reason.
  const state = await openSharedState(settings.stateUrl);
  // One keep-alive pool to the API for every member: sockets are shared, keys are per request. More
  // sockets than requests in flight would never be used.
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: Math.min(settings.caps.total, 64) });
  const limiter = new InFlightLimiter(settings.caps);
  // Requests to the service, per member: a gate shared by every call of theirs on this replica.
  const gates = new MemberGates();
  // Whole-book reads, for the whole process: what they hold in memory stays bounded (request-gate.ts).
  const bookReads = new RequestGate(MAX_BOOK_READS);
  const keyCheck = new KeyCheck(state);
  /** Transports answering now, with the ids of the calls they answer, so that the end of the grace can cut them. */
  const active = new Map<StreamableHTTPServerTransport, Array<string | number>>();
  let draining = false;
  /** Built once the server listens: without a public URL, its issuer is the address it listens at. */
  let signIn: SignIn | undefined;
  /** RFC 6750's challenge; with sign-in, it names the resource's metadata, where a client finds how to sign in (RFC 9728). */
  const challenge = (error?: string) =>
    [REALM, ...(error === undefined ? [] : [error]), ...(signIn === undefined ? [] : [`resource_metadata="${signIn.resourceMetadataUrl}"`])].join(', ');

  const answerMcp = async (req: IncomingMessage, res: ServerResponse) => {
    // The client going away, heard from the start: what is taken after an await (the store's answers
    // take time) is given back even when it went meanwhile. Also aborts the key check.
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    const headers = checkHostAndOrigin(settings.allowLists, req.headers.host, req.headers.origin);
    if (!headers.ok) return rpcError(res, 403, headers.message);
    const credential = bearerCredential(req.headers.authorization, signIn !== undefined);
    if (!credential.ok) {
      return rpcError(res, 401, credential.message, { 'WWW-Authenticate': challenge(credential.reason === 'malformed' ? 'error="invalid_token"' : undefined) });
    }
    let key: string;
    let grant: string | undefined;
    if ('token' in credential) {
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
          'WWW-Authenticate': challenge(`error="invalid_token", error_description="${access.reason}"`),
        });
      }
      key = access.key;
      grant = access.grant;
    } else key = credential.key;
    if (req.method !== 'POST') {
      // Stateless: no stream to open with GET and no session to end with DELETE.
      return rpcError(res, 405, `Method Not Allowed: ${req.method} /mcp; this server is stateless and takes POST only.`, { Allow: 'POST' });
    }
    if (draining)
      return rpcError(res, 503, 'Service Unavailable: the server is shutting down; retry on another replica.', { Connection: 'close', 'Retry-After': '1' });
    const body = await readJsonBody(req, MAX_REQUEST_BODY_BYTES);
    if (!body.ok) {
      // A body left unread cannot be skipped on this connection: close it after the answer.
      return rpcError(res, body.status, body.message, body.status === 413 ? { Connection: 'close' } : {}, body.status === 400 ? -32700 : -32000);
    }
    const member = keyId(key);
    const address = clientAddress(req);
    const callIds = requestIds(body.json);
    const admission = limiter.admit(member, address, callIds.length, await state.isAccepted(member));
    if (!admission.ok) return tooManyRequests(res, admission, callIds.length);

    const memberGates = gates.take(member);
    let releaseSlots = async () => {};
    const releaseAll = () => {
      admission.release();
      void releaseSlots();
      memberGates.release();
    };
    if (gone.signal.aborted) return releaseAll();
    gone.signal.addEventListener('abort', releaseAll, { once: true });
    // This replica's caps held; the key's cap counts its calls on every replica too.
    const held = await state.holdSlots(member, Math.max(1, callIds.length), settings.caps.perKey);
    if (held.ok) releaseSlots = held.release;
    // Gone while the slots were taken: releaseAll ran before they were known.
    if (gone.signal.aborted) return void releaseSlots();
    if (!held.ok) return tooManyRequests(res, { ok: false, cap: 'perKey', reason: 'busy', limit: settings.caps.perKey }, callIds.length);

    // What the service answers for the key decides whether its next requests count as a member's.
    // A 401 for a signed-in key ends its sign-in: the client's next request is sent to sign in again.
    // Its write to the shared state is awaited before any answer goes out (answered below): a
    // client's next request, on another replica, may ask for it at once.
    const heard = new Set<Promise<void>>();
    const onStatus = (status: number) => {
      const write = state
        .heard(member, status)
        .catch(() => undefined)
        .finally(() => heard.delete(write));
      heard.add(write);
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
        memberGates.gate.requests,
      );
    const api = reader();
    // The check is one attempt: a failing service lets the initialize through anyway, and a retry
    // would triple what any stranger's initialize costs the service.
    const checked = await keyCheck.beforeAnswering({ body: body.json, member, api: () => reader(1), keyFrom, signal: gone.signal });
    if (checked.outcome === 'refuse') {
      await whenWritten(heard);
      return rpcError(res, checked.status, checked.message, checked.challenge === undefined ? {} : { 'WWW-Authenticate': challenge(checked.challenge) });
    }
    // Nothing to answer for a client gone while its key was checked; its slots are already released.
    if (checked.outcome === 'gone' || gone.signal.aborted) return;

    const server = createMcpServer({
      api: async () => api,
      timeoutMs: options.timeoutMs,
      bookReads: [memberGates.gate.bookReads, bookReads],
      problems: [],
      clock: { now: () => new Date(), timeZone: options.timeZone },
      redactPii: options.redactPii,
      language: options.language,
      version: options.version,
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    sendAfter(transport, () => whenWritten(heard));
    active.set(transport, callIds);
    res.on('close', () => {
      // Closing the transport aborts tool calls still running for a client that went away.
      active.delete(transport);
      void transport.close().catch(() => undefined);
      void server.close().catch(() => undefined);
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body.json);
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

  // A client that trickles its headers or body holds a socket (not a slot): it gets this long to send them.
  const http = createServer({ headersTimeout: 10_000, requestTimeout: 30_000 }, (req, res) => {
    const started = performance.now();
    const path = pathOf(req.url);
    // A path is the client's text: one holding a key (a key pasted into the URL) is not written to the log.
    const logged = holdsKeyShape(path) ? '(a path that looks like it holds an API key)' : path;
    res.on('close', () => log.debug('http', { method: req.method, path: logged, status: res.statusCode, ms: Math.round(performance.now() - started) }));
    let answering: Promise<void> | void;
    if (path === '/mcp') answering = answerMcp(req, res);
    else if (signIn?.answers(path)) answering = answerSignIn(req, res, signIn);
    else if (path === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) answering = answerHealth(res);
    else answering = json(res, 404, { error: 'Not Found: the MCP endpoint is POST /mcp; health is GET /healthz.' });
    void Promise.resolve(answering).catch((error: unknown) => {
      log.error(`answering ${req.method} ${path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) rpcError(res, 500, 'Internal Server Error: see the server log.');
      else res.destroy();
    });
  });

  await listen(http, options.host, options.port).catch(async (error: unknown) => {
    await state.close().catch(() => undefined);
    throw error;
  });
  const { port } = http.address() as AddressInfo;
  const hostInUrl = options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host;
  if (settings.signIn !== undefined) {
    const { createSignIn } = await import('./sign-in/sign-in.js');
    signIn = createSignIn({
      settings: settings.signIn,
      listeningOrigin: `http://${hostInUrl}:${port}`,
      apiUrl: options.apiUrl,
      timeoutMs: options.timeoutMs,
      dispatcher,
      // A key the sign-in's own check saw accepted needs no second check at initialize.
      onKeyStatus: (signedInKey, status) => void state.heard(keyId(signedInKey), status),
      state,
    });
  }

  return {
    url: `http://${hostInUrl}:${port}/mcp`,
    signInResource: signIn?.resource,
    async shutdown() {
      draining = true;
      http.close(); // no new connections; idle keep-alive ones are closed now
      const deadline = Date.now() + settings.shutdownGraceMs;
      while (limiter.count > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      const cut = limiter.count;
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
      await state.close().catch(() => undefined);
      await dispatcher.destroy().catch(() => undefined);
      return cut;
    },
  };
}

/** Once every write in `writes` has settled, those added meanwhile included. */
async function whenWritten(writes: ReadonlySet<Promise<void>>): Promise<void> {
  while (writes.size > 0) await Promise.allSettled([...writes]);
}

/** Each message the transport sends waits for `ready`, in the order they were sent. */
function sendAfter(transport: StreamableHTTPServerTransport, ready: () => Promise<void>): void {
  const send = transport.send.bind(transport);
  let previous: Promise<unknown> = Promise.resolve();
  transport.send = (message, options) => {
    const sent = previous.then(ready).then(() => send(message, options));
    previous = sent.catch(() => undefined);
    return sent;
  };
}

function pathOf(url: string | undefined): string {
  const path = (url ?? '/').split('?')[0]!;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
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

/** 429, saying which cap refused the request; Retry-After only when a retry can pass. */
function tooManyRequests(res: ServerResponse, refusal: Refusal, calls: number): void {
  const { cap, limit } = refusal;
  if (refusal.reason === 'batch') {
    const allowed =
      cap === 'perKey'
        ? 'a key may have in flight at once (COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY); send at most that many calls per batch'
        : cap === 'total'
          ? 'this server answers at once (COMPLAINTS_HTTP_MAX_IN_FLIGHT); send at most that many calls per batch'
          : 'a key may have in flight until the complaints service has accepted it on this server; send a single tool call first';
    return rpcError(res, 429, `Too Many Requests: this batch holds ${calls} calls, more than the ${limit} ${allowed}.`);
  }
  const whose = cap === 'perKey' ? 'for your key' : cap === 'total' ? 'on this server' : 'from keys the complaints service has not yet accepted on this server';
  rpcError(res, 429, `Too Many Requests: too many requests in flight ${whose}; retry when one has finished.`, { 'Retry-After': '1' });
}

/** Errors on /mcp as JSON-RPC, as the transport's own are: an MCP client shows the message. */
function rpcError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}, code = -32000): void {
  json(res, status, { jsonrpc: '2.0', error: { code, message }, id: null }, headers);
}
