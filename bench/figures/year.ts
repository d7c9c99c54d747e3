// The year to date in one question: complaints_overview {from: January 1st, to: today} over the
// sandbox's big book served 40 ms late (whole-book.ts starts it), the question a manager asks before
// a yearly report. Requests to the service, the peak in flight (the member's cap), wall time, the
// server's memory (its RSS before the call and the highest it reached: how much one such call adds to
// a desktop's or a team server's memory), and whether performance names a window; then its figures
// beside the same figures counted from the sandbox's own records by the tests' calendar of the law
// (monthTruth, last-month.ts).
import { performance } from 'node:perf_hooks';
import { ORGANIZATION_A } from '../../src/sandbox/organizations.js';
import { limaDay } from '../../test/helpers/law-deadline.js';
import { type BenchContext, type Figure, figure } from '../figure.js';
import { cpuMs, memoryMb, peakRssMb } from '../proc.js';
import { StdioPeer } from '../stdio-peer.js';
import { monthTruth } from './last-month.js';
import { LATENCY_MS, startWholeBook, wholeBookDataset } from './whole-book.js';

const MEMBER_MAX_IN_FLIGHT = 8;
const PAGE_SIZE = 100;

export async function measureYear(context: BenchContext): Promise<Figure[]> {
  const dataset = wholeBookDataset(new Date());
  const { sandbox, proxy } = await startWholeBook(dataset);
  const peer = StdioPeer.launch(context.serverPath, { COMPLAINTS_API_URL: proxy.url, COMPLAINTS_API_KEY: context.apiKey });
  try {
    await peer.initialize();
    // The first call loads the server's HTTP client; the measured one finds it loaded.
    await peer.callTool('list_complaints', { pageSize: 1 });
    while (proxy.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const today = limaDay(Date.now());
    const range = { from: `${today.slice(0, 4)}-01-01`, to: today };
    const before = await peer.memoryMb();
    proxy.reset();
    const cpuBefore = await cpuMs(peer.child.pid!);
    const started = performance.now();
    const { structured } = await peer.callTool('complaints_overview', range);
    const wall = performance.now() - started;
    const serverCpu = (await cpuMs(peer.child.pid!)) - cpuBefore;
    const peak = await peakRssMb(peer.child.pid!);
    const after = await memoryMb(peer.child.pid!);
    const window = structured.performance?.window as { from: string; to: string } | undefined;
    const truth = monthTruth(dataset, range, window ?? range, limaDay(Date.now()));
    const records = dataset.records.filter((record) => record.organizationId === ORGANIZATION_A.id && limaDay(record.createdAtMs) >= range.from).length;
    const name = (what: string) => `Year to date (${range.from}..${range.to}, ${records} records): overview ${what}`;
    const label = "the sandbox's own records, by the tests' calendar of the law";
    const same = (what: string, ours: number | undefined, expected: number | undefined): Figure =>
      figure({
        name: name(what),
        unit: 'records',
        value: ours ?? Number.NaN,
        reference: { label, value: expected ?? Number.NaN },
        target: '= the sandbox',
        met: ours === expected,
      });
    return [
      figure({
        name: name('requests'),
        unit: 'requests',
        value: proxy.requests,
        reference: { label: 'pages of the year', value: Math.ceil(records / PAGE_SIZE) },
        target: `peak in flight <= ${MEMBER_MAX_IN_FLIGHT}`,
        met: proxy.peak <= MEMBER_MAX_IN_FLIGHT,
        extra: { peakInFlight: proxy.peak, window: window ? `${window.from}..${window.to}` : 'none', counted: structured.counted ?? 'all' },
      }),
      figure({
        name: name('wall time'),
        unit: 'ms',
        value: wall,
        reference: {
          label: `the service's latency alone, ${MEMBER_MAX_IN_FLIGHT} at a time`,
          value: Math.ceil(proxy.requests / MEMBER_MAX_IN_FLIGHT) * LATENCY_MS,
        },
        target: 'within COMPLAINTS_TIMEOUT_MS (15 s)',
        met: wall <= 15_000,
        extra: { serverCpuMs: serverCpu.toFixed(0) },
      }),
      figure({
        name: name("server's highest RSS"),
        unit: 'MB',
        value: peak,
        reference: { label: 'its RSS before the call', value: before.rss },
        target: 'reported',
        met: true,
        extra: { rssAfter: after.rss.toFixed(1), rssAnonBefore: before.rssAnon.toFixed(1), rssAnonAfter: after.rssAnon.toFixed(1) },
      }),
      same(
        `performance.records (${window ? `window ${window.from}..${window.to}` : 'the whole range'})`,
        structured.performance?.records,
        truth.performance.records,
      ),
      same('performance.answeredOnTime', structured.performance?.answeredOnTime, truth.performance.answeredOnTime),
      same('performance.answeredLate', structured.performance?.answeredLate, truth.performance.answeredLate),
      same('performance.unansweredOverdue', structured.performance?.unansweredOverdue, truth.performance.unansweredOverdue),
    ];
  } finally {
    await peer.stop();
    await proxy.close();
    await sandbox.close();
  }
}
