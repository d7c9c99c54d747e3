// serve --http in this process, on a free loopback port, in front of `apiUrl`: the settings read from
// `env` as the server reads its environment (a shutdown grace of 1 ms unless `env` says otherwise),
// the rest a member's usual defaults. The tests of serve --http that need no process start it here.
import { type HttpServeHandle, type HttpServeOptions, serveHttp } from '../../src/http/serve.js';
import { loadHttpSettings } from '../../src/http/settings.js';

export function serveInProcess(
  apiUrl: string,
  env: Record<string, string> = {},
  options: Partial<Omit<HttpServeOptions, 'settings' | 'apiUrl'>> = {},
): Promise<HttpServeHandle> {
  return serveHttp({
    host: '127.0.0.1',
    port: 0,
    apiUrl,
    timeoutMs: 30_000,
    timeZone: 'America/Lima',
    redactPii: false,
    language: 'en',
    answerGuide: undefined,
    exportMaxSheets: 3000,
    version: '0.0.0-test',
    ...options,
    settings: loadHttpSettings({ COMPLAINTS_HTTP_SHUTDOWN_GRACE_MS: '1', ...env }, '127.0.0.1'),
  });
}
