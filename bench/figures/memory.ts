// Memory: the server's resident set size after start and after 5,000 calls, and its growth between
// the 2,500th and the 5,000th call. The reference is a bare SDK stdio server after start. RSS moves
// with the garbage collector, so "noise" is the spread seen between the 1,000th and 2,500th call.
// A last row shows what a member can trade for memory with V8's own heap limits, set in the env of
// the client's server entry (NODE_OPTIONS).
import { figure, serverEnv, type BenchContext, type Figure } from '../figure.js';
import { StdioPeer } from '../stdio-peer.js';

const CALLS = 5000;
const SAMPLE_EVERY = 250;
const MB = 1024 * 1024;
const LIMIT_MB = 80;
/** Growth below this is noise whatever the spread: a few pages of V8's heap. */
const NOISE_FLOOR_MB = 2;
export const SMALL_HEAP_OPTIONS = '--max-semi-space-size=1 --max-old-space-size=64';

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

async function rssAfterStart(script: string, env: Record<string, string>): Promise<{ peer: StdioPeer; mb: number }> {
  const peer = new StdioPeer(process.execPath, [script], env);
  await peer.initialize();
  await settle();
  return { peer, mb: (await peer.rssBytes()) / MB };
}

/** RSS after start, and every SAMPLE_EVERY calls up to CALLS. */
async function rssOverCalls(context: BenchContext, env: Record<string, string>): Promise<{ afterStart: number; at: (call: number) => number }> {
  const { peer, mb: afterStart } = await rssAfterStart(context.serverPath, env);
  try {
    const samples = new Map<number, number>();
    for (let call = 1; call <= CALLS; call++) {
      // Both tools, as a session uses them.
      await (call % 5 === 0 ? peer.callTool('get_complaint', { id: context.detailId }) : peer.callTool('list_complaints', { pageSize: 20 }));
      if (call % SAMPLE_EVERY === 0) samples.set(call, (await peer.rssBytes()) / MB);
    }
    return { afterStart, at: (call) => samples.get(call)! };
  } finally {
    await peer.stop();
  }
}

export async function measureMemory(context: BenchContext): Promise<Figure[]> {
  const bare = await rssAfterStart(context.bareServerPath, {});
  await bare.peer.stop();
  const { afterStart, at } = await rssOverCalls(context, serverEnv(context));
  const early = Array.from({ length: 2500 / SAMPLE_EVERY - 3 }, (_, index) => at(1000 + index * SAMPLE_EVERY));
  const noise = Math.max(NOISE_FLOOR_MB, Math.max(...early) - Math.min(...early));
  const growth = at(CALLS) - at(CALLS / 2);
  const small = await rssOverCalls(context, { ...serverEnv(context), NODE_OPTIONS: SMALL_HEAP_OPTIONS });
  return [
    figure({
      name: 'Memory: RSS after start',
      unit: 'MB',
      value: afterStart,
      reference: { label: 'bare SDK stdio server', value: bare.mb },
      target: `< ${LIMIT_MB} MB`,
      met: afterStart < LIMIT_MB,
    }),
    figure({
      name: `Memory: RSS after ${CALLS} calls`,
      unit: 'MB',
      value: at(CALLS),
      reference: { label: `RSS after ${CALLS / 2} calls`, value: at(CALLS / 2) },
      target: `< ${LIMIT_MB} MB, growth within noise`,
      met: at(CALLS) < LIMIT_MB && growth <= noise,
      extra: { growthMb: growth, noiseMb: noise },
    }),
    figure({
      name: `Memory: RSS after ${CALLS} calls, NODE_OPTIONS="${SMALL_HEAP_OPTIONS}"`,
      unit: 'MB',
      value: small.at(CALLS),
      reference: { label: 'default heap', value: at(CALLS) },
      target: '',
      met: null,
      extra: { afterStartMb: small.afterStart, growthMb: small.at(CALLS) - small.at(CALLS / 2) },
    }),
  ];
}
