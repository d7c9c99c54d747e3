// A loopback HTTP proxy in front of replicas of `serve --http`, as a load balancer that may send any
// request to any replica: here the test says which one answers each request. The Host header stays
// as the client sent it (the replicas answer to the public name, the proxy's), bodies stream both
// ways (MCP answers are server-sent events), and status and headers pass through as they are
// (Set-Cookie, Location). A client that goes away cuts its request to the replica too, as it would
// have without the proxy.
import { Agent, createServer, type IncomingMessage, type OutgoingHttpHeaders, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Headers of one hop only (RFC 9110, 7.6.1): never passed on. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer'];

export class ReplicaProxy {
  /** The replicas' origins (http://127.0.0.1:PORT), by index: set once they listen, after the proxy (they are told its origin). */
  targets: string[] = [];
  /** The replica each request went to, in order of arrival. */
  readonly routed: number[] = [];
  private current = 0;
  private queue: number[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });

  private constructor(
    private readonly server: Server,
    /** http://127.0.0.1:PORT: the public origin the replicas are reached at. */
    readonly origin: string,
  ) {
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.once('close', () => this.sockets.delete(socket));
    });
    server.on('request', (req, res) => this.pass(req, res));
  }

  /** Listens on 127.0.0.1 on a free port; requests go to replica 0 until told otherwise. */
  static async start(): Promise<ReplicaProxy> {
    const server = createServer({ keepAliveTimeout: 10_000 });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    return new ReplicaProxy(server, `http://127.0.0.1:${port}`);
  }

  /** The following requests go to replica `index`. */
  to(index: number): void {
    this.queue = [];
    this.current = index;
  }

  /** The next requests go to these replicas, one each, in order of arrival; the last one keeps the requests after them. */
  toEach(indexes: number[]): void {
    this.queue = [...indexes];
  }

  /** Stops listening and cuts open connections, so that a request still streaming never keeps a test alive. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.agent.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private pass(req: IncomingMessage, res: ServerResponse): void {
    const index = this.queue.shift() ?? this.current;
    this.current = index;
    this.routed.push(index);
    const target = this.targets[index];
    if (target === undefined) return badGateway(res, `no replica ${index}`);
    const to = new URL(target);
    const headers: OutgoingHttpHeaders = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    const forwarded = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers, agent: this.agent }, (answer) => {
      const answerHeaders: OutgoingHttpHeaders = { ...answer.headers };
      for (const name of HOP_BY_HOP) delete answerHeaders[name];
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders);
      // Written as it comes: a server-sent event reaches the client when the replica sends it.
      res.flushHeaders();
      answer.pipe(res);
      // The replica cut its answer short: so is the client's, rather than end it as if complete.
      answer.once('close', () => {
        if (!answer.complete) res.destroy();
      });
    });
    forwarded.on('error', () => {
      if (!res.headersSent) badGateway(res, `replica ${index} did not answer`);
      else res.destroy();
    });
    // The client went away before the answer ended: the replica sees its request end too.
    res.once('close', () => {
      if (!res.writableFinished) forwarded.destroy();
    });
    req.pipe(forwarded);
  }
}

function badGateway(res: ServerResponse, why: string): void {
  const body = JSON.stringify({ error: 'bad_gateway', error_description: `replica proxy: ${why}` });
  res.writeHead(502, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
