// End to end: the key in another form (without "or_", upper-cased, percent-encoded, in base64,
// reversed) is never repeated: not when pasted into a setting (by check, a tool call or the log),
// not when a refusal of the service holds it (the tool text names our parameter, never its words),
// and a public URL that holds a key is refused before it could be published as the issuer.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../helpers/check.js';
import { FaultServer, json } from '../helpers/fault-server.js';
import { formsShown, keyForms } from '../helpers/key-forms.js';
import { connect, SERVER_PATH } from '../helpers/mcp.js';
import { openTranscript } from '../helpers/transcript.js';
import { Watched } from '../helpers/watched.js';

const KEY = 'or_live_7c41e09b5d2a48f3a6e1b0c9d8f7e6a5';
const FORMS = keyForms(KEY);

/** Every setting a key in another form was pasted into: a time zone, a language, and the end of the URL. */
const settingsHolding = (form: string) => ({
  COMPLAINTS_API_KEY: KEY,
  COMPLAINTS_API_URL: `https://api.example.com/${form}`,
  COMPLAINTS_TIMEZONE: form,
  COMPLAINTS_LANGUAGE: form,
});

describe.each(Object.entries(FORMS))('the key %s in COMPLAINTS_TIMEZONE, COMPLAINTS_LANGUAGE and the end of COMPLAINTS_API_URL', (_label, form) => {
  it('check names each setting, exits 3, and shows the key in no form', async () => {
    const { code, stdout, stderr } = await runCheck(settingsHolding(form));
    expect(code, stdout + stderr).toBe(3);
    expect(stdout).toMatch(/✗ COMPLAINTS_API_URL must not contain the API key/);
    expect(stdout).toMatch(/✗ COMPLAINTS_TIMEZONE .*it is not shown/);
    expect(stdout).toMatch(/! COMPLAINTS_LANGUAGE .*it is not shown/);
    expect(formsShown(stdout + stderr, FORMS)).toEqual([]);
  });

  it('a tool call names each setting, and neither its text nor the log shows the key in any form', async () => {
    const mcp = await connect(settingsHolding(form));
    try {
      const { isError, text } = await mcp.call('list_complaints');
      expect(isError).toBe(true);
      expect(text).toMatch(/COMPLAINTS_API_URL must not contain the API key/);
      expect(text).toMatch(/COMPLAINTS_TIMEZONE .*it is not shown/);
      expect(mcp.stderr()).toMatch(/COMPLAINTS_LANGUAGE .*it is not shown/);
      expect(formsShown(text + mcp.stderr(), FORMS)).toEqual([]);
    } finally {
      await mcp.close();
    }
  });
});

describe('a refusal of the service that holds the key in another form', () => {
  let fault: FaultServer;
  beforeAll(async () => {
    fault = await FaultServer.start();
  });
  afterAll(async () => {
    await fault?.close();
  });

  it.each([400, 422])('%i: the tool text names the parameter it refused when it names one of ours, and never repeats its words', async (status) => {
    const mcp = await connect({ COMPLAINTS_API_URL: fault.url, COMPLAINTS_API_KEY: KEY });
    try {
      for (const form of Object.values(FORMS)) {
        for (const [message, named] of [
          [`pageSize is not accepted for ${form}`, 'it names the parameter pageSize'],
          [`not accepted for ${form}`, undefined],
        ] as const) {
          fault.always(json(status, { error: { code: 'invalid_parameter', message } }));
          const { isError, text } = await mcp.call('list_complaints');
          expect(isError).toBe(true);
          expect(text).toContain(`(${status === 400 ? '' : 'HTTP '}${status})`);
          if (named) expect(text).toContain(named);
          else expect(text).not.toContain('names the parameter');
          expect(text).not.toContain('not accepted');
          expect(formsShown(text + mcp.stderr(), FORMS), text).toEqual([]);
        }
      }
    } finally {
      await mcp.close();
    }
  });
});

/** Runs serve --http until it exits, or until it listens (then it is stopped: it should not have started). */
async function serveHttp(env: Record<string, string>): Promise<{ code: number | null; listened: boolean; output: string }> {
  const transcript = openTranscript('serve --http', env);
  const child = spawn(process.execPath, [SERVER_PATH, 'serve', '--http', '--port', '0'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const watched = new Watched();
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      watched.changed();
    });
  const listened = await Promise.race([closed.then(() => false), watched.until(() => /serving MCP over Streamable HTTP/.test(output)).then(() => true)]);
  if (listened) child.kill('SIGKILL');
  const code = await closed;
  transcript.record(output);
  return { code, listened, output };
}

describe('COMPLAINTS_HTTP_PUBLIC_URL that holds a key', () => {
  const signIn = { COMPLAINTS_API_URL: 'https://api.example.com', COMPLAINTS_HTTP_TOKEN_SECRET: 'k'.repeat(40) };

  it.each([
    ['a key-shaped host', 'https://or_live_7c41e09b5d2a.example.com', {}],
    ['a key-shaped host after "or_ "', 'https://or_ live_7c41e09b5d2a.example.com', {}],
    ['the key without "or_" in the host, with COMPLAINTS_API_KEY set', `https://${FORMS['without "or_"']}.example.com`, { COMPLAINTS_API_KEY: KEY }],
    ['the key reversed in the host, with COMPLAINTS_API_KEY set', `https://${FORMS.reversed}.example.com`, { COMPLAINTS_API_KEY: KEY }],
  ])('with %s: serve --http refuses to start, naming it, and never shows it', async (_label, url, env) => {
    const { code, listened, output } = await serveHttp({ ...signIn, ...env, COMPLAINTS_HTTP_PUBLIC_URL: url });
    expect(listened, output).toBe(false);
    expect(code, output).toBe(3);
    expect(output).toMatch(/COMPLAINTS_HTTP_PUBLIC_URL must not hold an API key/);
    expect(output).not.toMatch(/7c41e09b5d2a|or_ live/i);
    expect(formsShown(output, FORMS)).toEqual([]);
  });
});
