// A tiny loopback HTTP server that misbehaves on cue, for the end-to-end fault tests. Each request
// takes the next scripted behaviour, or the fallback once the script is used up; every request is
// recorded (method, path and query, Host, arrival time) so tests can count attempts and measure the
// gaps between them. close() destroys open sockets, so a stalled response never keeps a test alive.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  host: string | undefined;
  /** performance.now() when the request's headers arrived. */
  at: number;
}

export type Behaviour = (request: IncomingMessage, response: ServerResponse) => void;

export const EMPTY_LIST = { data: [], pagination: { page: 1, pageSize: 20, total: 0, totalPages: 0 } };

export class FaultServer {
  readonly requests: RecordedRequest[] = [];
  private script: Behaviour[] = [];
  private fallback: Behaviour = healthy;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      // A client that gives up mid-response makes our writes fail; that is the point, not an error.
      socket.on('error', () => undefined);
      socket.once('close', () => this.sockets.delete(socket));
    });
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      this.requests.push({ method: request.method ?? '', url: request.url ?? '', host: request.headers.host, at: performance.now() });
      (this.script.shift() ?? this.fallback)(request, response);
    });
  }

  /** Listens on 127.0.0.1, on `port` (to bring a refused port back) or a free one. */
  static async start(port = 0): Promise<FaultServer> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    return new FaultServer(server, (server.address() as AddressInfo).port);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The next requests get these behaviours, one each, in order; later ones the fallback. */
  next(...behaviours: Behaviour[]): this {
    this.script.push(...behaviours);
    return this;
  }

  /** Every request beyond the script gets `behaviour` (a persistent fault, or health again). */
  always(behaviour: Behaviour): this {
    this.fallback = behaviour;
    return this;
  }

  /** Forgets the script and the recorded requests, and answers healthily again. */
  reset(): this {
    this.script = [];
    this.fallback = healthy;
    this.requests.length = 0;
    return this;
  }

  /** Milliseconds between the arrivals of consecutive recorded requests. */
  gaps(): number[] {
    return this.requests.slice(1).map((request, index) => request.at - this.requests[index]!.at);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** A port on which nothing listens: opened, then closed again. */
export async function closedPort(): Promise<number> {
  const server = await FaultServer.start();
  await server.close();
  return server.port;
}

// Behaviours.

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Behaviour {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
}

/** A status with a body that is not JSON, e.g. a proxy's HTML error page. */
export function text(status: number, body: string, contentType = 'text/html'): Behaviour {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': contentType });
    response.end(body);
  };
}

export const healthy: Behaviour = json(200, EMPTY_LIST);

/** Promises `declared` bytes, sends `sent`, then closes the connection cleanly (FIN). */
export function truncated(sent: string, declared: number): Behaviour {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(declared) });
    response.write(sent, () => response.socket?.end());
  };
}

/** Sends the headers and part of the body, then resets the connection (RST). */
export function resetMidBody(partial = '{"data":[{"id":'): Behaviour {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
    response.write(partial, () => response.socket?.resetAndDestroy());
  };
}

/** Accepts the request and never answers. */
export const stallBeforeHeaders: Behaviour = () => undefined;

/** Sends the headers and part of the body, then nothing more, keeping the connection open. */
export function stallMidBody(partial = '{"data":[{"id":'): Behaviour {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
    response.write(partial);
  };
}

/** A 200 whose JSON body is `bytes` long (chunked, no Content-Length: the reader must count). */
export function oversized(bytes: number): Behaviour {
  const head = '{"data":[],"pagination":{},"padding":"';
  const tail = '"}';
  const body = Buffer.alloc(bytes, 'x');
  body.write(head, 0);
  body.write(tail, bytes - tail.length);
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(body);
  };
}
