// The sandbox's big book, 40 ms late, in a worker thread of the bench: its pages (thousands of records
// filtered and sorted per request) are worked out on a thread of their own, so that they do not hold
// up the event loop that times the clients' calls. Sent its start instant; answers with its URL, and
// closes when told to.
import { parentPort, workerData } from 'node:worker_threads';
import { generateDataset } from '../src/sandbox/dataset.js';
import { startSandbox } from '../src/sandbox/server.js';
import { LATENCY_MS } from './figures/whole-book.js';

const port = parentPort!;
const { now } = workerData as { now: string };
const sandbox = await startSandbox({ dataset: generateDataset({ now: new Date(now), book: 'big' }), latencyMs: LATENCY_MS, recordRequests: false });
port.postMessage({ url: sandbox.url });
port.once('message', () => {
  void sandbox.close().then(() => port.close());
});
