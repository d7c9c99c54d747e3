// The sandbox under load of data: how long generating 100,000 records takes, beside generating the
// demo data set; and p50 of a filtered, searched list query over them, beside the same query over the
// demo data set, both over HTTP on loopback.
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { generateDataset } from '../../src/sandbox/dataset.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { type Figure, figure } from '../figure.js';
import { quantile, timed } from '../stats.js';

const RECORDS = 100_000;
const QUERIES = 200;
/** What the test suite held generating 100,000 records to, before the figure moved here. */
const GENERATION_TARGET_MS = 15_000;

function queryPath(now: Date): string {
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const params = new URLSearchParams({ status: 'open', type: 'claim', search: 'qui', from: day(-60), to: day(0), pageSize: '20' });
  return `/api/v1/complaints?${params}`;
}

async function p50Over(url: string): Promise<{ p50: number; total: number }> {
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  const get = async () => {
    const response = await request(url, { dispatcher, headers: { authorization: `Bearer ${DEMO_KEYS.full.key}` } });
    return (await response.body.json()) as { pagination: { total: number } };
  };
  try {
    const { pagination } = await get(); // warms the per-organization index
    const times: number[] = [];
    for (let i = 0; i < QUERIES; i++) times.push(await timed(get));
    return { p50: quantile(times, 0.5), total: pagination.total };
  } finally {
    await dispatcher.close();
  }
}

export async function measureSandbox(demoSandboxUrl: string): Promise<Figure[]> {
  const now = new Date();
  const demoStarted = performance.now();
  const demoRecords = generateDataset({ now }).records.length;
  const demoGeneration = performance.now() - demoStarted;
  // Organization A holds all of them: the full demo key reads every one.
  const started = performance.now();
  const dataset = generateDataset({ now, recordsPerOrganization: { a: RECORDS, b: 0 } });
  const generation = performance.now() - started;
  const big = await startSandbox({ dataset, recordRequests: false });
  try {
    const large = await p50Over(`${big.url}${queryPath(now)}`);
    const demo = await p50Over(`${demoSandboxUrl}${queryPath(now)}`);
    return [
      figure({
        name: `Sandbox: generating ${RECORDS.toLocaleString('en-US')} records`,
        unit: 'ms',
        value: generation,
        reference: { label: `the demo data set, ${demoRecords} records`, value: demoGeneration },
        target: `< ${GENERATION_TARGET_MS / 1000} s`,
        met: generation < GENERATION_TARGET_MS,
        extra: { records: dataset.records.length },
      }),
      figure({
        name: `Sandbox: filtered, searched list over ${RECORDS.toLocaleString('en-US')} records (p50)`,
        unit: 'ms',
        value: large.p50,
        reference: { label: 'same query, demo data set', value: demo.p50 },
        target: '',
        met: null,
        extra: { matches: large.total, matchesInDemo: demo.total },
      }),
    ];
  } finally {
    await big.close();
  }
}
