// Start-up: from spawning the process until the answer to `initialize`, median of 20, beside a bare
// stdio server made with the same SDK (no tools) and beside `node -e 0` (spawn until exit). The three
// kinds of start alternate, so that drift touches all alike. Each server starts as its launch line
// says (V8 flags on the bin's first line included), as a client would start it.
import { spawn } from 'node:child_process';
import { type BenchContext, type Figure, figure, serverEnv } from '../figure.js';
import { launchLine } from '../launch.js';
import { median, timed } from '../stats.js';
import { StdioPeer } from '../stdio-peer.js';

const RUNS = 20;
/** The target: at most this many times a bare SDK server's start-up, in the same run. */
const MOST_OF_BARE = 1.2;

async function startToInitialize(script: string, env: Record<string, string>): Promise<number> {
  let peer: StdioPeer | undefined;
  const [command, args] = launchLine(script); // read before the clock starts
  const ms = await timed(async () => {
    peer = new StdioPeer(command, args, env);
    await peer.initialize();
  });
  await peer?.stop();
  return ms;
}

function nodeNoop(): Promise<number> {
  return timed(
    () =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
        child.once('error', reject);
        child.once('exit', () => resolve());
      }),
  );
}

export async function measureStartup(context: BenchContext): Promise<Figure[]> {
  const ours: number[] = [];
  const bare: number[] = [];
  const noop: number[] = [];
  // One start of each first, unmeasured: the file system cache is then warm for all three.
  await startToInitialize(context.serverPath, serverEnv(context));
  await startToInitialize(context.bareServerPath, {});
  await nodeNoop();
  for (let i = 0; i < RUNS; i++) {
    ours.push(await startToInitialize(context.serverPath, serverEnv(context)));
    bare.push(await startToInitialize(context.bareServerPath, {}));
    noop.push(await nodeNoop());
  }
  const value = median(ours);
  return [
    figure({
      name: `Start-up to initialize (median of ${RUNS})`,
      unit: 'ms',
      value,
      reference: { label: 'bare SDK stdio server', value: median(bare) },
      target: `<= ${MOST_OF_BARE}x bare SDK server`,
      met: value <= MOST_OF_BARE * median(bare),
    }),
    figure({
      name: `Start-up to initialize (median of ${RUNS})`,
      unit: 'ms',
      value,
      reference: { label: 'node -e 0', value: median(noop) },
      target: '',
      met: null,
    }),
  ];
}
