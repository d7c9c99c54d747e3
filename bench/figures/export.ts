// export_complaints against a remote service: the sandbox's big book served 40 ms late, behind the
// loopback proxy that counts what reaches it (whole-book.ts starts both; the proxy tells the list's
// pages from the sheets), and the built server over stdio writing into a temporary folder:
// - the last full month in Lima without details: requests and wall time (the targets: at
//   most 40 requests and 6 s for a month of about 2,600 records);
// - the month's last week with details (one sheet per record): requests (the target: one per record
//   plus the list's pages and the count), wall time (the target: (records / 8) x 40 ms + 5 s), and the
//   peak of sheets in flight (the member's gate: 8).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays } from '../../src/calendar/calendar-date.js';
import { periodRange } from '../../src/calendar/periods.js';
import { ORGANIZATION_A } from '../../src/sandbox/organizations.js';
import { limaDay } from '../../test/helpers/law-deadline.js';
import { type BenchContext, type Figure, figure } from '../figure.js';
import { median } from '../stats.js';
import { StdioPeer } from '../stdio-peer.js';
import { LATENCY_MS, startWholeBook, wholeBookDataset } from './whole-book.js';

const LIMA = 'America/Lima';
const PAGE_SIZE = 100;
const MEMBER_MAX_IN_FLIGHT = 8;
const MONTH_TARGET_REQUESTS = 40;
const MONTH_TARGET_WALL_MS = 6000;
/** Seconds the issue adds to a register with the sheets beyond its records' turns at the gate. */
const SHEETS_SLACK_MS = 5000;
/** Month exports timed; the median is the figure. The week's sheets are read once (hundreds of requests). */
const MONTH_RUNS = 3;

const routeOf = (path: string) => (path === '/api/v1/complaints' ? 'list' : path.startsWith('/api/v1/complaints/') ? 'detail' : 'other');

export async function measureExport(context: BenchContext): Promise<Figure[]> {
  const dataset = wholeBookDataset(new Date());
  const { sandbox, proxy } = await startWholeBook(dataset, { routeOf });
  const folder = await mkdtemp(join(tmpdir(), 'bench-export-'));
  const peer = StdioPeer.launch(context.serverPath, { COMPLAINTS_API_URL: proxy.url, COMPLAINTS_API_KEY: context.apiKey, COMPLAINTS_EXPORT_DIR: folder });
  try {
    await peer.initialize();
    // The first call loads the server's HTTP client; the server's own check of its settings is left out too.
    await peer.callTool('list_complaints', { pageSize: 1 });
    while (proxy.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));

    const month = periodRange('last_month', new Date(dataset.now), LIMA);
    const week = { from: addDays(month.to, -6), to: month.to };
    const ofA = dataset.records.filter((record) => record.organizationId === ORGANIZATION_A.id);
    const filedIn = (range: { from: string; to: string }) =>
      ofA.filter((record) => limaDay(record.createdAtMs) >= range.from && limaDay(record.createdAtMs) <= range.to).length;
    const monthRecords = filedIn(month);
    const weekRecords = filedIn(week);

    const monthTimes: number[] = [];
    const monthRequests: number[] = [];
    let monthRows = 0;
    for (let run = 0; run < MONTH_RUNS; run++) {
      proxy.reset();
      const started = performance.now();
      const answer = await peer.callTool('export_complaints', { from: month.from, to: month.to });
      monthTimes.push(performance.now() - started);
      monthRequests.push(proxy.requests);
      monthRows = answer.structured.rows;
    }

    proxy.reset();
    const started = performance.now();
    const sheets = await peer.callTool('export_complaints', { from: week.from, to: week.to, details: true });
    const weekWall = performance.now() - started;
    const weekRequests = proxy.requests;
    const listRequests = proxy.requestsOfRoute('list');
    const detailRequests = proxy.requestsOfRoute('detail');
    const detailPeak = proxy.peakOfRoute('detail');

    const monthPages = Math.ceil(monthRecords / PAGE_SIZE);
    const monthWall = median(monthTimes);
    const requests = Math.max(...monthRequests);
    const weekPages = Math.ceil(weekRecords / PAGE_SIZE);
    const weekTargetMs = (weekRecords / MEMBER_MAX_IN_FLIGHT) * LATENCY_MS + SHEETS_SLACK_MS;
    return [
      figure({
        name: `Export: last month ${month.from}..${month.to} without details (${monthRecords.toLocaleString('en-US')} records, +${LATENCY_MS} ms a request), requests`,
        unit: 'requests',
        value: requests,
        reference: { label: `the count and the ${monthPages} pages of the month`, value: monthPages + 1 },
        target: `<= ${MONTH_TARGET_REQUESTS}`,
        met: requests <= MONTH_TARGET_REQUESTS,
        extra: { requestsPerRun: monthRequests.join(', '), rows: monthRows, records: monthRecords },
      }),
      figure({
        name: `Export: last month without details, wall time (median of ${MONTH_RUNS})`,
        unit: 'ms',
        value: monthWall,
        reference: {
          label: `${monthPages + 1} requests, the count first and then ${MEMBER_MAX_IN_FLIGHT} pages at a time, at ${LATENCY_MS} ms`,
          value: (1 + 1 + Math.ceil((monthPages - 1) / MEMBER_MAX_IN_FLIGHT)) * LATENCY_MS,
        },
        target: `<= ${MONTH_TARGET_WALL_MS / 1000} s`,
        met: monthWall <= MONTH_TARGET_WALL_MS,
        extra: { runsMs: monthTimes.map((ms) => ms.toFixed(0)).join(', ') },
      }),
      figure({
        name: `Export: week ${week.from}..${week.to} with details (${weekRecords} records), requests`,
        unit: 'requests',
        value: weekRequests,
        reference: { label: `one sheet per record (${weekRecords}) + ${weekPages} pages + the count`, value: weekRecords + weekPages + 1 },
        target: `= ${weekRecords + weekPages + 1}`,
        met: weekRequests === weekRecords + weekPages + 1 && detailRequests === weekRecords,
        extra: { listRequests, detailRequests, rows: sheets.structured.rows },
      }),
      figure({
        name: 'Export: week with details, wall time',
        unit: 'ms',
        value: weekWall,
        reference: {
          label: `${weekRecords} sheets, ${MEMBER_MAX_IN_FLIGHT} at a time, at ${LATENCY_MS} ms`,
          value: (weekRecords / MEMBER_MAX_IN_FLIGHT) * LATENCY_MS,
        },
        target: `<= ${(weekTargetMs / 1000).toFixed(1)} s ((records / ${MEMBER_MAX_IN_FLIGHT}) x ${LATENCY_MS} ms + ${SHEETS_SLACK_MS / 1000} s)`,
        met: weekWall <= weekTargetMs,
      }),
      figure({
        name: 'Export: week with details, sheets in flight at once (peak)',
        unit: 'requests',
        value: detailPeak,
        reference: { label: "the member's gate", value: MEMBER_MAX_IN_FLIGHT },
        target: `<= ${MEMBER_MAX_IN_FLIGHT}`,
        met: detailPeak <= MEMBER_MAX_IN_FLIGHT,
      }),
    ];
  } finally {
    await peer.stop();
    await proxy.close();
    await sandbox.close();
    await rm(folder, { recursive: true, force: true });
  }
}
