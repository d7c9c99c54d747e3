// How a user's client starts the built server: through the bin, whose first line may carry V8 flags
// (`#!/usr/bin/env -S node --max-old-space-size=64`). Spawning `node dist/index.js` would skip them
// and measure a process no user runs, so every spawn in the bench goes through launchLine.
import { readFileSync } from 'node:fs';

/** [command, args] that start `scriptPath` as its shebang would, with this Node as `node`. */
export function launchLine(scriptPath: string): [string, string[]] {
  const first = readFileSync(scriptPath, 'utf8').split('\n', 1)[0]!;
  if (!first.startsWith('#!')) return [process.execPath, [scriptPath]];
  const words = first.slice(2).trim().split(/\s+/);
  if (/(^|\/)env$/.test(words[0]!)) {
    words.shift();
    // Without -S, Linux hands env "node --flag" as one word and the bin does not start at all; the
    // bench still reads the flags as meant, and says so.
    if (words[0] === '-S' || words[0] === '--split-string') words.shift();
    else if (words.length > 1) process.stderr.write(`launchLine: ${scriptPath} passes flags to env without -S; on Linux it would not start\n`);
  }
  const [interpreter, ...flags] = words;
  // The rest of env -S's language (quotes, escapes, ${VAR}, VAR=value) is not read here; refuse
  // rather than measure a process started otherwise than the bin says.
  if (!interpreter || !/(^|\/)node$/.test(interpreter) || flags.some((flag) => /["'\\$]/.test(flag) || !flag.startsWith('-'))) {
    throw new Error(`launchLine: cannot read the launch line of ${scriptPath}: ${first}`);
  }
  return [process.execPath, [...flags, scriptPath]];
}
