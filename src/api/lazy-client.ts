// The API client with its own keep-alive dispatcher, made on first use: importing undici takes about
// 80 ms, a third of the server's start-up, and the answer to `initialize` need not wait for it.
// Used by the stdio server and by the check command alike. Its requests take turns at one gate: the
// process is one member, whose calls never have more than a few requests in flight to the service.
import type { Dispatcher } from 'undici';
import type { ComplaintsReader } from '../contract/operations.js';
import { gatedReader, RequestGate } from './request-gate.js';

export function lazyApiClient(baseUrl: string, apiKey: string, timeoutMs: number) {
  let loading: Promise<{ api: ComplaintsReader; dispatcher: Dispatcher }> | undefined;
  const load = () =>
    (loading ??= (async () => {
      const [{ Agent }, { ComplaintsApi }] = await Promise.all([import('undici'), import('./client.js')]);
      const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 8 });
      return { api: gatedReader(new ComplaintsApi({ baseUrl, apiKey, timeoutMs, dispatcher }), new RequestGate()), dispatcher };
    })().catch((error: unknown) => {
      loading = undefined; // a load that failed (a part gone from disk) is tried again at the next call
      throw error;
    }));
  return {
    api: async () => (await load()).api,
    /** Closes the dispatcher's sockets, if the client was ever made. */
    close: async () => {
      if (loading) await (await loading.catch(() => undefined))?.dispatcher.destroy();
    },
  };
}
