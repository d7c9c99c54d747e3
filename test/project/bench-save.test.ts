// `npm run bench` must not rewrite the tracked results unless asked (`-- --save`).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keepResults } from '../../bench/save.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratchPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-save-'));
  dirs.push(dir);
  return join(dir, 'results.json');
}

describe('keepResults', () => {
  it('writes nothing without --save, and says how to write', () => {
    const path = scratchPath();
    expect(keepResults(path, { figure: 1 }, false)).toBe('Not written to bench/results.json (add -- --save to write it).');
    expect(existsSync(path)).toBe(false);
  });

  it('writes the figures as JSON with --save', () => {
    const path = scratchPath();
    expect(keepResults(path, { figure: 1 }, true)).toBe('Written to bench/results.json.');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ figure: 1 });
  });
});
