// A loopback HTTP proxy in front of the sandbox (or any loopback service) that makes it slow on cue and
// watches the load it is given: every request waits `delayMs` before it is passed on (changeable while
// running), and the proxy counts the requests, the requests in flight at once overall and per
// Authorization header, and the peaks of both. A member is told apart by a short SHA-256 of the header:
// the key itself is never kept, logged or returned.
//
// A request is in flight from the moment its headers reach the proxy until its answer has been handed
// to the socket, or its client has gone away. That is never longer than the client sees it in flight
// (the client reads the last byte after the proxy wrote it), so the peaks measured here are a lower
// bound of the client's own count, never an overcount. A client that gives up while its request waits
// (a call's deadline) is not passed on: the service sees only what a slow service would have received.
//
// Used by the end-to-end tests of the per-member request cap and the call's deadline, and by the
// benchmarks (bench/figures/whole-book.ts, bench/http-load.ts) as the 40 ms of a remote service.
// No vitest import here: the benchmarks compile it too.
import { createHash } from 'node:crypto';
import { Agent, createServer, type IncomingMessage, type OutgoingHttpHeaders, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Watched } from './watched.js';

/** The id of a member as the proxy knows it: a short SHA-256 of the Authorization header as sent. */
export function memberIdOf(authorization: string | undefined): string {
  return authorization === undefined ? 'none' : createHash('sha256').update(authorization).digest('hex').slice(0, 12);
}

/** The id of the member whose key is `key`, sent as `Authorization: Bearer <key>` (the contract's scheme). */
export const memberIdOfKey = (key: string): string => memberIdOf(`Bearer ${key}`);

interface MemberLoad {
  requests: number;
  inFlight: number;
  peak: number;
  /** Milliseconds from arrival to the end of each answer, the delay included; the latest TIMES_KEPT. */
  times: number[];
}

/** Durations kept per member: enough for a benchmark's percentiles, bounded for a proxy left running. */
const TIMES_KEPT = 10_000;

export interface LatencyProxyOptions {
  /** Milliseconds each request waits before it is passed on. Default 0. */
  delayMs?: number;
  /**
   * The Authorization header to pass on instead of the one received (undefined: the one received).
   * Lets many made-up members stand for one key of the sandbox (the benchmarks' members); the counts
   * stay by the header received.
   */
  forwardAs?: (authorization: string | undefined) => string | undefined;
  /**
   * Names the kind of a request from its path (without the query), e.g. "list" or "detail": the
   * requests and the peak in flight are then also counted per kind (peakOfRoute, requestsOfRoute).
   */
  routeOf?: (path: string) => string;
}

interface RouteLoad {
  requests: number;
  inFlight: number;
  peak: number;
}

export class LatencyProxy {
  /** Milliseconds each request waits before it is passed on; a change applies to requests arriving after it. */
  delayMs: number;
  /** Requests received since the start or the last reset. */
  requests = 0;
  /** Requests in flight now. */
  inFlight = 0;
  /** The most requests in flight at once since the start or the last reset. */
  peak = 0;
  /** performance.now() when the last request arrived; undefined before the first (or since a reset). */
  lastArrivalAt: number | undefined;
  /** Requests passed on to the service (those whose client went away while waiting are not). */
  forwarded = 0;
  private readonly members = new Map<string, MemberLoad>();
  private readonly routes = new Map<string, RouteLoad>();
  private readonly sockets = new Set<Socket>();
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 256 });
  private readonly watched = new Watched();

  private constructor(
    private readonly server: Server,
    private readonly target: URL,
    readonly url: string,
    delayMs: number,
    private readonly forwardAs: LatencyProxyOptions['forwardAs'],
    private readonly routeOf: LatencyProxyOptions['routeOf'],
  ) {
    this.delayMs = delayMs;
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.once('close', () => this.sockets.delete(socket));
    });
    server.on('request', (req, res) => this.handle(req, res));
  }

  /** Listens on 127.0.0.1 on a free port and passes every request on to `target` (an origin such as http://127.0.0.1:43123). */
  static async start(target: string, options: LatencyProxyOptions = {}): Promise<LatencyProxy> {
    const server = createServer({ keepAliveTimeout: 10_000 });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    return new LatencyProxy(server, new URL(target), `http://127.0.0.1:${port}`, options.delayMs ?? 0, options.forwardAs, options.routeOf);
  }

  /** The most requests in flight at once for the member with this Authorization header id (memberIdOf); 0 when none came. */
  peakOf(memberId: string): number {
    return this.members.get(memberId)?.peak ?? 0;
  }

  /** Requests received for the member with this id. */
  requestsOf(memberId: string): number {
    return this.members.get(memberId)?.requests ?? 0;
  }

  /**
   * Milliseconds each answered request of the member took here, from its arrival to the end of its
   * answer (the delay, the service's time and the proxy's own): the service's side of a call's wait.
   */
  timesOf(memberId: string): readonly number[] {
    return this.members.get(memberId)?.times ?? [];
  }

  /** The most requests of this kind (routeOf) in flight at once; 0 when none came, or without routeOf. */
  peakOfRoute(route: string): number {
    return this.routes.get(route)?.peak ?? 0;
  }

  /** Requests of this kind (routeOf) received. */
  requestsOfRoute(route: string): number {
    return this.routes.get(route)?.requests ?? 0;
  }

  /** Requests in flight now for the member with this id. */
  inFlightOf(memberId: string): number {
    return this.members.get(memberId)?.inFlight ?? 0;
  }

  /** The ids of the members seen (hashes, never keys). */
  memberIds(): string[] {
    return [...this.members.keys()];
  }

  /** Resolves once `condition()` holds: at once, or after the arrival or end of a request that makes it true. */
  until(condition: () => boolean): Promise<void> {
    return this.watched.until(condition);
  }

  /** Forgets the counts and peaks (requests still in flight stay counted as in flight). */
  reset(): void {
    this.requests = 0;
    this.forwarded = 0;
    this.peak = this.inFlight;
    this.lastArrivalAt = undefined;
    for (const [id, load] of this.members) {
      if (load.inFlight === 0) this.members.delete(id);
      else Object.assign(load, { requests: 0, peak: load.inFlight, times: [] });
    }
    for (const [route, load] of this.routes) {
      if (load.inFlight === 0) this.routes.delete(route);
      else Object.assign(load, { requests: 0, peak: load.inFlight });
    }
  }

  /** Stops listening, cuts open connections (a waiting request never keeps a test alive) and closes the pool to the service. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.agent.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const id = memberIdOf(req.headers.authorization);
    const member = this.members.get(id) ?? { requests: 0, inFlight: 0, peak: 0, times: [] };
    const arrivedAt = performance.now();
    this.members.set(id, member);
    this.requests += 1;
    member.requests += 1;
    this.lastArrivalAt = arrivedAt;
    this.inFlight += 1;
    member.inFlight += 1;
    this.peak = Math.max(this.peak, this.inFlight);
    member.peak = Math.max(member.peak, member.inFlight);
    const routeName = this.routeOf?.((req.url ?? '/').split('?')[0]!);
    const route = routeName === undefined ? undefined : (this.routes.get(routeName) ?? { requests: 0, inFlight: 0, peak: 0 });
    if (routeName !== undefined && route !== undefined) {
      this.routes.set(routeName, route);
      route.requests += 1;
      route.inFlight += 1;
      route.peak = Math.max(route.peak, route.inFlight);
    }
    this.watched.changed();

    let ended = false;
    let timer: NodeJS.Timeout | undefined;
    let forwarded: ReturnType<typeof request> | undefined;
    // 'close' comes once the answer is handed over, or once the client has gone away: either ends the flight.
    res.once('close', () => {
      ended = true;
      clearTimeout(timer);
      forwarded?.destroy();
      this.inFlight -= 1;
      member.inFlight -= 1;
      if (route !== undefined) route.inFlight -= 1;
      if (res.writableFinished) {
        if (member.times.length >= TIMES_KEPT) member.times.shift();
        member.times.push(performance.now() - arrivedAt);
      }
      this.watched.changed();
    });

    const pass = () => {
      if (ended) return;
      this.forwarded += 1;
      const headers: OutgoingHttpHeaders = { ...req.headers, host: this.target.host };
      delete headers.connection;
      const authorization = this.forwardAs?.(req.headers.authorization);
      if (authorization !== undefined) headers.authorization = authorization;
      forwarded = request({ host: this.target.hostname, port: this.target.port, method: req.method, path: req.url, headers, agent: this.agent }, (answer) => {
        if (ended) return answer.resume();
        const { connection: _connection, 'keep-alive': _keepAlive, ...answerHeaders } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(res);
      });
      forwarded.on('error', () => {
        if (!res.headersSent && !ended) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { code: 'bad_gateway', message: 'latency proxy: the service did not answer' } }));
        } else res.destroy();
      });
      // A GET's (empty) body has usually ended while the request waited: then there is nothing to pipe.
      if (req.readableEnded) forwarded.end();
      else req.pipe(forwarded);
    };
    const delay = this.delayMs;
    if (delay > 0) timer = setTimeout(pass, delay);
    else pass();
  }
}
