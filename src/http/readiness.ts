// serve --http listens before it can answer every route: without COMPLAINTS_HTTP_PUBLIC_URL, the
// sign-in's issuer is the address the server listens at, known only once it does. Until the server
// says it is ready, every request is answered here: /healthz with 503 {"status":"starting"}, so that a
// balancer's readiness probe keeps the replica out of rotation, and any other route with 503 and
// Retry-After: 1. Never the 404 of a route not there yet, which a client keeps as "no sign-in here",
// nor a 401 from /mcp that names no resource metadata.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { pathOf } from './request-path.js';

export interface Readiness {
  /** The server's request listener: the starting answer until ready() is called, then the server's own. */
  listener: RequestListener;
  /** Every route the server will answer exists now. */
  ready(): void;
}

const STARTING = 'Service Unavailable: the server is starting; retry in a second.';

/** Answers with `answer` once ready, and as starting until then. */
export function answerWhenReady(answer: (req: IncomingMessage, res: ServerResponse) => void): Readiness {
  let isReady = false;
  return {
    listener: (req, res) => (isReady ? answer(req, res) : answerStarting(req, res)),
    ready: () => {
      isReady = true;
    },
  };
}

function answerStarting(req: IncomingMessage, res: ServerResponse): void {
  const path = pathOf(req.url);
  // Each route's own error shape: MCP clients show a JSON-RPC error's message, OAuth clients read `error`.
  const body =
    path === '/healthz'
      ? { status: 'starting' }
      : path === '/mcp'
        ? { jsonrpc: '2.0', error: { code: -32000, message: STARTING }, id: null }
        : { error: 'temporarily_unavailable', error_description: STARTING };
  const text = JSON.stringify(body);
  res.writeHead(503, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), 'Retry-After': '1' });
  res.end(text);
}
