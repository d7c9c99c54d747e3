// npm run bench [-- --save]: starts the sandbox and the built server itself, measures and prints one
// table; with --save, also writes the same figures to bench/results.json (see save.ts). A script, not
// a test: nothing here asserts.
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateDataset } from '../src/sandbox/dataset.js';
import { DEMO_KEYS } from '../src/sandbox/demo-keys.js';
import { ORGANIZATION_A } from '../src/sandbox/organizations.js';
import { startSandbox } from '../src/sandbox/server.js';
import { growDetailRecord } from './detail-record.js';
import type { BenchContext, Figure } from './figure.js';
import { measureContext, TOKENIZER } from './figures/context.js';
import { measureExport } from './figures/export.js';
import { measureMemory } from './figures/memory.js';
import { measureOverhead } from './figures/overhead.js';
import { measurePrompts } from './figures/prompts.js';
import { measureSandbox } from './figures/sandbox.js';
import { measureStartup } from './figures/startup.js';
import { measureWholeBook } from './figures/whole-book.js';
import { measureYear } from './figures/year.js';
import { keepResults } from './save.js';

// Compiled to bench/.build/bench/run.js.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const RESULTS_PATH = here('../../results.json');

/** Counts as whole numbers; megabytes to one decimal, milliseconds to two. */
function formatNumber(value: number, unit: Figure['unit']): string {
  if (unit === 'tokens' || unit === 'requests' || unit === 'records' || unit === 'days') return String(Math.round(value));
  return value.toFixed(unit === 'MB' ? 1 : 2);
}

function table(figures: Figure[]): string {
  const rows = figures.map((f) => [
    f.name,
    `${formatNumber(f.value, f.unit)} ${f.unit}`,
    `${formatNumber(f.reference.value, f.unit)} ${f.unit} (${f.reference.label})`,
    Number.isFinite(f.ratio) ? `${f.ratio.toFixed(2)}x` : '-',
    f.target || '-',
    f.met === null ? '-' : f.met ? 'yes' : 'NO',
  ]);
  const header = ['figure', 'ours', 'reference', 'ratio', 'target', 'met'];
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function options(): { save: boolean; only: string | undefined } {
  try {
    const { values } = parseArgs({ options: { save: { type: 'boolean', default: false }, only: { type: 'string' } } });
    // Saved figures are the whole table: a part of it would drop the others from results.json.
    if (values.save && values.only !== undefined) throw new Error('--save measures every figure: leave --only out');
    return { save: values.save, only: values.only };
  } catch (error) {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}; the options are --save, and --only <words of a figure's label>\n`);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const { save, only } = options();
  const now = new Date();
  const dataset = generateDataset({ now });
  const detailId = growDetailRecord(dataset, ORGANIZATION_A.id);
  const sandbox = await startSandbox({ dataset, recordRequests: false });
  const context: BenchContext = {
    serverPath: here('../../../dist/index.js'),
    bareServerPath: here('./bare-server.js'),
    echoServerPath: here('./echo-server.js'),
    getEchoServerPath: here('./get-echo-server.js'),
    sandboxUrl: sandbox.url,
    apiKey: DEMO_KEYS.full.key,
    detailId,
  };
  const figures: Figure[] = [];
  try {
    for (const [label, measure] of [
      ['context cost', () => measureContext(context)],
      ['call overhead', () => measureOverhead(context)],
      ['start-up', () => measureStartup(context)],
      ['memory', () => measureMemory(context)],
      ['sandbox', () => measureSandbox(sandbox.url)],
      ['the prompts that bring a record', () => measurePrompts(context)],
      ['the whole book (30,000 records, 40 ms a request)', () => measureWholeBook(context)],
      ['the year to date in one overview (the whole book, 40 ms a request)', () => measureYear(context)],
      ['the export of a month and of a week with its sheets (the whole book, 40 ms a request)', () => measureExport(context)],
    ] as const) {
      if (only !== undefined && !label.includes(only)) continue;
      process.stderr.write(`measuring ${label}...\n`);
      figures.push(...(await measure()));
    }
  } finally {
    await sandbox.close();
  }
  const results = {
    measuredAt: now.toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown'}`,
    tokenizer: TOKENIZER,
    figures,
  };
  const kept = keepResults(RESULTS_PATH, results, save);
  process.stdout.write(`${table(figures)}\n\nNode ${results.node}, ${results.cpus}; tokens by ${TOKENIZER}. ${kept}\n`);
}

await main();
