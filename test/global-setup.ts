// Runs once around the whole suite. Every spawned server's stdout, stderr and results are written to
// a transcript (test/helpers/transcript.ts); at the end this scans all of them for every key the
// suite handed to a server. A key found anywhere fails the run.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { BROWSER_SKIP_NOTE } from './helpers/browser.js';
import { REDIS_SKIP_NOTE } from './helpers/redis-server.js';
import { findLeaks, SECRETS_FILE } from './helpers/transcript-scan.js';

declare module 'vitest' {
  export interface ProvidedContext {
    transcriptDir: string;
  }
}

/** vitest only reports an error thrown in a teardown; the exit code is what fails CI. */
function fail(message: string): never {
  process.exitCode = 1;
  throw new Error(message);
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'complaints-mcp-transcripts-'));
  project.provide('transcriptDir', dir);
  return () => {
    try {
      const files = readdirSync(dir);
      const secrets = files.includes(SECRETS_FILE) ? [...new Set(readFileSync(join(dir, SECRETS_FILE), 'utf8').split('\n').filter(Boolean))] : [];
      const transcripts = files.filter((name) => name !== SECRETS_FILE).map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
      if (secrets.length > 0 && transcripts.length === 0) {
        fail('Keys were handed to servers but no transcript was recorded: the key scan saw nothing.');
      }
      const leaks = findLeaks(transcripts, secrets);
      if (leaks.length > 0) fail(`An API key was printed:\n${leaks.join('\n')}`);
      const bytes = transcripts.reduce((sum, { text }) => sum + text.length, 0);
      process.stderr.write(`key scan: ${secrets.length} keys, ${transcripts.length} transcripts, ${bytes} characters, no key found\n`);
      for (const note of [BROWSER_SKIP_NOTE, REDIS_SKIP_NOTE]) {
        const skipped = process.env[note];
        if (skipped) process.stderr.write(`${skipped}\n`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
