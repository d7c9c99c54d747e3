// A host page for an MCP Apps view, served on loopback: test/helpers/view-host-page.ts bundled for the
// browser by rolldown (it imports ext-apps' AppBridge, the SDK and zod) when the test starts, and a
// page that loads it. Nothing else is served: any other path is a 404 the test's watchers would see.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const PAGE_SCRIPT = fileURLToPath(new URL('./view-host-page.ts', import.meta.url));

/** The page: no favicon request (an empty data: icon), one script, and the iframe it adds. */
const HOST_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Test host</title>
<link rel="icon" href="data:,">
<style>
body { margin: 0; padding: 8px; background: #f0f0f0; }
iframe { display: block; width: 100%; height: 200px; border: 1px solid #999; border-radius: 8px; background: transparent; }
</style>
</head>
<body>
<script src="/host.js"></script>
</body>
</html>
`;

export interface ViewHostServer {
  /** The host page: http://127.0.0.1:PORT/ */
  url: string;
  /** Its script. */
  scriptUrl: string;
  close(): Promise<void>;
}

/** The host script as one IIFE for the browser. */
export async function bundleHostScript(): Promise<string> {
  const bundle = await build({
    input: PAGE_SCRIPT,
    platform: 'browser',
    write: false,
    output: { format: 'iife' },
    logLevel: 'warn',
  });
  const chunk = bundle.output[0];
  if (chunk.type !== 'chunk') throw new Error('rolldown gave no script for the test host');
  return chunk.code;
}

export async function startViewHost(): Promise<ViewHostServer> {
  const script = await bundleHostScript();
  const server = createServer((req, res) => {
    const headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
    if (req.method === 'GET' && req.url === '/') {
      res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' });
      res.end(HOST_PAGE);
    } else if (req.method === 'GET' && req.url === '/host.js') {
      res.writeHead(200, { ...headers, 'content-type': 'text/javascript; charset=utf-8' });
      res.end(script);
    } else {
      res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
      res.end('not found');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url,
    scriptUrl: `${url}host.js`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
