// Whether a run writes its figures into the tree. bench/results.json and bench/http-results.json are
// tracked: the record of the runs the README's tables come from (and bench:http reads the stdio
// figure it stands beside from the first). A run made to check a change prints its table and leaves
// the tree as it was; `npm run bench -- --save` (or bench:http) writes the file too, to be committed
// with the README's table it matches.
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';

/** Writes `results` to `path` when `save` is set; returns the sentence that ends the printed table. */
export function keepResults(path: string, results: unknown, save: boolean): string {
  const shown = `bench/${basename(path)}`;
  if (!save) return `Not written to ${shown} (add -- --save to write it).`;
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
  return `Written to ${shown}.`;
}
