// Call overhead: list_complaints through the stdio server beside the same HTTP request made directly
// with undici to the same sandbox. The two kinds of call alternate, so that drift on a shared
// machine touches both alike.
import { Agent, request } from 'undici';
import { type BenchContext, type Figure, figure, serverEnv } from '../figure.js';
import { quantile, timed } from '../stats.js';
import { StdioPeer } from '../stdio-peer.js';

const CALLS = 500;
/** The target: what the server adds to the request it makes, at the median. */
const MAX_P50_DIFFERENCE_MS = 1.0;
const WARM_UP = 50;

export async function measureOverhead(context: BenchContext): Promise<Figure[]> {
  const peer = StdioPeer.launch(context.serverPath, serverEnv(context));
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  // What list_complaints sends for {}: the defaults, page 1 of 20.
  const url = `${context.sandboxUrl}/api/v1/complaints?page=1&pageSize=20`;
  const direct = async () => {
    const response = await request(url, { dispatcher, headers: { authorization: `Bearer ${context.apiKey}`, accept: 'application/json' } });
    await response.body.json();
  };
  const viaServer = () => peer.callTool('list_complaints', {});
  try {
    await peer.initialize();
    for (let i = 0; i < WARM_UP; i++) {
      await viaServer();
      await direct();
    }
    const server: number[] = [];
    const http: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      server.push(await timed(viaServer));
      http.push(await timed(direct));
    }
    const p50 = quantile(server, 0.5);
    const p50Direct = quantile(http, 0.5);
    const p95 = quantile(server, 0.95);
    const p95Direct = quantile(http, 0.95);
    return [
      figure({
        name: `Call: list_complaints p50 (${CALLS} calls)`,
        unit: 'ms',
        value: p50,
        reference: { label: 'direct undici GET', value: p50Direct },
        target: `p50 difference <= ${MAX_P50_DIFFERENCE_MS.toFixed(1)} ms`,
        met: p50 - p50Direct <= MAX_P50_DIFFERENCE_MS,
        extra: { differenceMs: p50 - p50Direct },
      }),
      figure({
        name: `Call: list_complaints p95 (${CALLS} calls)`,
        unit: 'ms',
        value: p95,
        reference: { label: 'direct undici GET', value: p95Direct },
        target: '',
        met: null,
        extra: { differenceMs: p95 - p95Direct },
      }),
    ];
  } finally {
    await peer.stop();
    await dispatcher.close();
  }
}
