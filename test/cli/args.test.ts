// The sandbox command's options: which book it serves and how long each answer waits. parseArgs is
// pure; the sandbox's own lists are imported here only to keep the command line's copies equal. And
// the help's list of settings, held to what config.ts reads.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseArgs, SANDBOX_BOOKS, SANDBOX_LATENCY_MS_MAX, USAGE } from '../../src/cli/args.js';
import { BOOKS } from '../../src/sandbox/big-book.js';
import { LATENCY_MS_MAX } from '../../src/sandbox/server.js';

describe('sandbox --book and --latency-ms', () => {
  it('default to the demo book answered at once', () => {
    expect(parseArgs(['sandbox'])).toEqual({ mode: 'sandbox', port: 0, book: 'demo', latencyMs: 0 });
  });

  it.each([
    [['--book', 'big'], { book: 'big', latencyMs: 0 }],
    [['--book=demo'], { book: 'demo', latencyMs: 0 }],
    [['--latency-ms', '40'], { book: 'demo', latencyMs: 40 }],
    [['--latency-ms=0'], { book: 'demo', latencyMs: 0 }],
    [['--latency-ms', String(SANDBOX_LATENCY_MS_MAX)], { book: 'demo', latencyMs: SANDBOX_LATENCY_MS_MAX }],
    [['--book', 'big', '--latency-ms', '40', '--port', '8787'], { book: 'big', latencyMs: 40, port: 8787 }],
  ])('reads %j', (args, expected) => {
    expect(parseArgs(['sandbox', ...args])).toEqual({ mode: 'sandbox', port: 0, ...expected });
  });

  it.each([
    [['--book', 'huge'], '--book takes demo or big (got "huge")'],
    [['--book', 'BIG'], '--book takes demo or big (got "BIG")'],
    [['--book'], '--book needs a value'],
    [['--book='], '--book needs a value'],
    [['--latency-ms', '-5'], `--latency-ms takes a whole number of milliseconds from 0 to ${SANDBOX_LATENCY_MS_MAX} (got "-5")`],
    [['--latency-ms', '1.5'], `--latency-ms takes a whole number of milliseconds from 0 to ${SANDBOX_LATENCY_MS_MAX} (got "1.5")`],
    [['--latency-ms', '40ms'], `--latency-ms takes a whole number of milliseconds from 0 to ${SANDBOX_LATENCY_MS_MAX} (got "40ms")`],
    [['--latency-ms', '60001'], `--latency-ms takes a whole number of milliseconds from 0 to ${SANDBOX_LATENCY_MS_MAX} (got "60001")`],
    [['--latency-ms', '1e3'], `--latency-ms takes a whole number of milliseconds from 0 to ${SANDBOX_LATENCY_MS_MAX} (got "1e3")`],
    [['--latency-ms'], '--latency-ms needs a value'],
    [['--latency', '40'], 'unknown option "--latency" for sandbox'],
  ])('refuses %j', (args, message) => {
    expect(parseArgs(['sandbox', ...args])).toEqual({ mode: 'invalid', message });
  });

  it('does not repeat a value that looks like an API key', () => {
    const key = 'or_live_4f9a1c2b3d4e5f60718293a4b5c61a2b';
    expect(JSON.stringify(parseArgs(['sandbox', '--book', key]))).not.toContain(key);
    expect(JSON.stringify(parseArgs(['sandbox', '--latency-ms', key]))).not.toContain(key);
  });

  it("offers the sandbox's own books and latency bound", () => {
    expect(SANDBOX_BOOKS).toEqual(BOOKS);
    expect(SANDBOX_LATENCY_MS_MAX).toBe(LATENCY_MS_MAX);
  });

  it('are in the help', () => {
    expect(USAGE).toContain('sandbox [--port N] [--book demo|big] [--latency-ms N]');
  });
});

describe('the help', () => {
  it('lists every setting config.ts reads, each on a line of its own, its words in one column', () => {
    const source = readFileSync(new URL('../../src/config.ts', import.meta.url), 'utf8');
    const names = [...new Set([...source.matchAll(/\b(?:setting|choice)(?:<\w+>)?\('(COMPLAINTS_[A-Z_]+)'/g)].map((match) => match[1]!))];
    expect(names).toContain('COMPLAINTS_ANSWER_GUIDE');
    const environment = USAGE.slice(USAGE.indexOf('Environment:'), USAGE.indexOf('For serve --http'));
    for (const name of names) expect(environment, name).toMatch(new RegExp(`^ {2}${name} +\\S`, 'm'));
    const column = '  COMPLAINTS_ANSWER_GUIDE  '.length;
    for (const line of environment.split('\n').filter((each) => each.startsWith('  '))) {
      expect(line.search(/\S/) === 2 ? line.search(/(?<=^ {2}\S+ +)\S/) : line.search(/\S/), line).toBe(column);
    }
  });
});
