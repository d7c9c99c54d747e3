// Records what a spawned server printed or answered, for the suite-wide key scan in
// test/global-setup.ts, and remembers which keys were handed to servers.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { SECRETS_FILE } from './transcript-scan.js';

let counter = 0;

export interface Transcript {
  /** Appends what the server wrote or answered. */
  record: (text: string) => void;
}

/** A transcript for one server process: the keys in its `env` and every demo key must never appear in it. */
export function openTranscript(label: string, env: Record<string, string | undefined>): Transcript {
  const dir = inject('transcriptDir');
  const demoKeys = Object.values(DEMO_KEYS).map(({ key }) => key);
  // A key pasted into another setting (the URL, the time zone...) is a secret too: every key-shaped part of every value.
  const misplaced = Object.values(env).flatMap((value) => value?.match(/(?<![A-Za-z0-9])or_[A-Za-z0-9_-]{6,}/g) ?? []);
  const tokenSecrets = env.COMPLAINTS_HTTP_TOKEN_SECRET?.split(',').map((secret) => secret.trim()) ?? [];
  const secrets = [env.COMPLAINTS_API_KEY, ...misplaced, ...demoKeys, ...tokenSecrets].filter((value): value is string => Boolean(value));
  appendFileSync(join(dir, SECRETS_FILE), `${secrets.join('\n')}\n`);
  const file = join(dir, `${process.pid}-${++counter}-${label.replace(/[^a-z0-9]+/gi, '-')}.txt`);
  appendFileSync(file, '');
  return { record: (text) => appendFileSync(file, text) };
}

/** Adds values no transcript may hold: the tokens and codes a sign-in gave, the sign-in form's token. */
export function rememberSecrets(...values: Array<string | undefined>): void {
  const secrets = values.filter((value): value is string => Boolean(value));
  if (secrets.length > 0) appendFileSync(join(inject('transcriptDir'), SECRETS_FILE), `${secrets.join('\n')}\n`);
}
