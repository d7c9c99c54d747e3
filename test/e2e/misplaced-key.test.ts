// End to end: a key pasted into the wrong setting is never echoed, in a tool call's result (what the
// model reads), in `check`'s output, or in the logs of the stdio server and of serve --http.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { connect, SERVER_PATH } from '../helpers/mcp.js';
import { openTranscript } from '../helpers/transcript.js';

const MISPLACED = 'or_live_misplaced_5e1d09a7c3b24f68';
const SETTINGS = {
  COMPLAINTS_TIMEOUT_MS: MISPLACED,
  COMPLAINTS_TIMEZONE: MISPLACED,
  COMPLAINTS_REDACT_PII: MISPLACED,
  COMPLAINTS_LOG_LEVEL: MISPLACED,
  COMPLAINTS_LOG_FORMAT: MISPLACED,
  COMPLAINTS_LANGUAGE: MISPLACED,
};
const URLS = [
  ['the key as the URL', MISPLACED],
  ["the key in the URL's query", `https://api.example.com/?key=${MISPLACED}`],
] as const;

/** Runs the built server with `args` until it exits; everything it printed is recorded for the key scan. */
async function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const transcript = openTranscript(args.join(' '), env);
  const child = spawn(process.execPath, [SERVER_PATH, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  transcript.record(output);
  return { code, output };
}

describe.each(URLS)('with %s, and a key in every other setting', (_label, url) => {
  it('a tool call names each setting and never shows the key; nor does the log', async () => {
    const mcp = await connect({ COMPLAINTS_API_URL: url, COMPLAINTS_API_KEY: 'or_live_abc123456', ...SETTINGS });
    try {
      const { isError, text } = await mcp.call('list_complaints');
      expect(isError).toBe(true);
      for (const name of ['COMPLAINTS_API_URL', 'COMPLAINTS_TIMEOUT_MS', 'COMPLAINTS_TIMEZONE', 'COMPLAINTS_REDACT_PII']) expect(text).toContain(`${name} `);
      expect(text).toMatch(/COMPLAINTS_API_URL must not contain the API key/);
      expect(mcp.stderr()).toMatch(/COMPLAINTS_LOG_LEVEL .*it is not shown/);
      expect(mcp.stderr()).toMatch(/COMPLAINTS_LOG_FORMAT .*it is not shown/);
      expect(mcp.stderr()).toMatch(/COMPLAINTS_LANGUAGE .*it is not shown/);
      expect(text + mcp.stderr()).not.toContain(MISPLACED);
    } finally {
      await mcp.close();
    }
  });

  it('check names each setting, exits 3, and never shows the key', async () => {
    const { code, output } = await run(['check'], { COMPLAINTS_API_URL: url, COMPLAINTS_API_KEY: 'or_live_abc123456', ...SETTINGS });
    expect(code, output).toBe(3);
    expect(output).toMatch(/COMPLAINTS_API_URL {7}\(not shown: it holds a value that looks like an API key\)/);
    expect(output).toMatch(/✗ COMPLAINTS_API_URL must not contain the API key/);
    expect(output).toMatch(/✗ COMPLAINTS_TIMEZONE .*it is not shown/);
    expect(output).not.toContain(MISPLACED);
  });

  it('serve --http refuses to start, naming each setting, and never shows the key', async () => {
    const http = {
      COMPLAINTS_HTTP_ALLOWED_HOSTS: MISPLACED,
      COMPLAINTS_HTTP_ALLOWED_ORIGINS: MISPLACED,
      COMPLAINTS_HTTP_MAX_IN_FLIGHT: MISPLACED,
      COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY: MISPLACED,
      COMPLAINTS_HTTP_SHUTDOWN_GRACE_MS: MISPLACED,
    };
    const { code, output } = await run(['serve', '--http', '--port', '0'], { COMPLAINTS_API_URL: url, ...SETTINGS, ...http });
    expect(code, output).toBe(3);
    for (const name of ['COMPLAINTS_API_URL', ...Object.keys(SETTINGS), ...Object.keys(http)]) expect(output).toContain(`${name} `);
    expect(output).not.toContain(MISPLACED);
  });
});
