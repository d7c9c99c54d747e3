// A loopback proxy that adds a member's key to every request: it stands in for an MCP client set up
// with an Authorization header, for clients that cannot be given one (the conformance suite).
// Everything else, Host and Origin included, passes through unchanged, so the server's guards still
// see what the client sent.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface KeyProxy {
  /** The proxied MCP endpoint. */
  url: string;
  close: () => Promise<void>;
}

export async function startKeyProxy(target: string, key: string): Promise<KeyProxy> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, authorization: `Bearer ${key}` } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
