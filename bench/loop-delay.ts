// Loaded into the server under test by bench:http's stall phase (node --import): how late the server's
// event loop ran a timer, the wait any call arriving meanwhile had before its first step. On SIGUSR2
// it writes what it saw since the last signal as one stderr line, "loop-delay {...}" (milliseconds),
// and starts again. Not part of the product: the bench alone loads it.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
const ms = (ns: number) => Math.round(ns / 1e4) / 100;
process.on('SIGUSR2', () => {
  const seen = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
  process.stderr.write(`loop-delay ${JSON.stringify(seen)}\n`);
  histogram.reset();
});
