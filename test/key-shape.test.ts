// A key pasted into the wrong setting is never echoed: the helper, and every setting read through it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getGlobalDispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import { ComplaintsApi } from '../src/api/client.js';
import { parseArgs } from '../src/cli/args.js';
import { loadConfig } from '../src/config.js';
import { loadHttpSettings } from '../src/http/settings.js';
import { holdsKeyShape, looksLikeToken } from '../src/key-shape.js';
import { keyForms } from './helpers/key-forms.js';

const KEY = 'or_live_4f9a1c2b3d4e5f60718293a4b5c6d7e8';
const good = { COMPLAINTS_API_KEY: 'or_live_abc123', COMPLAINTS_API_URL: 'https://libro.example.pe' };

describe('holdsKeyShape', () => {
  it.each([
    KEY,
    ` ${KEY}`,
    `https://api.example.com/?key=${KEY}`,
    `https://api.example.com/${KEY}/`,
    `x_${KEY}`,
    `https://api.example.com/?key=or%5Flive_4f9a1c2b3d`,
    // What a second probe got through: an invisible character inside, a double encoding, dots.
    'or_\u200blive_abc123def456ghi',
    'https://api.example.com/?k=or_\u200blive_abc123',
    'https://api.example.com/?k=or%255Flive_abc123def',
    'or_a.abc123def456',
    // Full width (NFKC reads it as the key), and Markdown-escaped as a rendered page copies it.
    'ｏｒ＿ｌｉｖｅ＿４ｆ９ａ１ｃ２ｂ３ｄ',
    'or＿live_4f9a1c2b3d',
    'or\\_live\\_4f9a1c2b3d',
  ])('finds a key in %s', (text) => expect(holdsKeyShape(text)).toBe(true));

  it.each(['https://libro.example.pe', 'America/Lima', 'or_', 'or_ab', '15000', 'https://x/%E0%A4%A'])('finds none in %s', (text) =>
    expect(holdsKeyShape(text)).toBe(false),
  );

  it('finds a key pasted right after other text when only deciding whether to show a value, not when refusing a setting', () => {
    for (const text of ['tokenor_live_AbCdEf123456', '/mcpor_live_AbCdEf123456', '1or_live_AbCdEf123456', '/x/or%25255Flive%25255FAbCdEf123456']) {
      expect(holdsKeyShape(text), text).toBe(true);
    }
    // A word that happens to hold "or_" is shown (a value is hidden needlessly at worst) but never refused.
    for (const text of ['https://api.vendor_service123.com', 'color_scheme_dark']) expect(holdsKeyShape(text, true), text).toBe(false);
    expect(holdsKeyShape(`https://api.example.com/?key=${KEY}`, true)).toBe(true);
  });
});

describe('looksLikeToken: a key without its "or_" when no key is known to compare it with', () => {
  it.each([
    'demo_full_4c7fa9cc8b133cdbbf9ecbd4e97',
    'live_4f9a1c2b3d4e5f60718293a4b5c6d7e8',
    '4F9A1C2B3D4E5F60718293A4B5C6D7E8',
    'https://api.example.com/live_4f9a1c2b3d4e5f60',
    'America/4f9a1c2b3d4e5f60718',
    'live%5F4f9a1c2b3d4e5f60718293',
    // The body spelled as a setting is refused with it when a key is set to compare (key-echo.ts).
    ...Object.values(keyForms('or_live_4f9a1c2b3d4e5f60718293a4b5c6d7e8')),
    'l i v e _ 4 f 9 a 1 c 2 b 3 d 4 e 5 f 6 0',
  ])('hides %s', (text) => expect(looksLikeToken(text)).toBe(true));

  it.each([
    'America/Argentina/ComodRivadavia',
    'Etc/GMT+10',
    'Lima',
    '150000000000000000000',
    'https://libro.example.pe/api',
    'https://libro.example.pe/a1e5c3d2-0b6f-4c1e-9a7d-1f2e3d4c5b6a',
    'verbose',
    'maybe',
    'abc123def456ghi', // 15: shorter than a token's random part
    'abcdefghijklmnop12', // two digits only
    'mcp.example.com,localhost:3000,127.0.0.1',
    'https://app.example.com,https://a.b.c.d.e',
  ])('shows %s', (text) => expect(looksLikeToken(text)).toBe(false));

  it('keeps such a value out of every problem and warning, with no key set and with another key set', () => {
    const body = 'demo_full_4c7fa9cc8b133cdbbf9ecbd4e97';
    for (const keySet of [{}, { COMPLAINTS_API_KEY: 'or_live_abc123' }]) {
      for (const name of [
        'COMPLAINTS_TIMEZONE',
        'COMPLAINTS_LANGUAGE',
        'COMPLAINTS_REDACT_PII',
        'COMPLAINTS_TIMEOUT_MS',
        'COMPLAINTS_LOG_LEVEL',
        'COMPLAINTS_LOG_FORMAT',
        'COMPLAINTS_ANSWER_GUIDE',
      ]) {
        const config = loadConfig({ COMPLAINTS_API_URL: 'https://libro.example.pe', ...keySet, [name]: body });
        const said = [...config.problems, ...config.warnings].join('\n');
        expect(said, name).toMatch(new RegExp(`${name} .*looks like a key or a token; it is not shown`));
        expect(said, name).not.toMatch(/4c7fa9cc/i);
      }
    }
    const http = loadHttpSettings({ COMPLAINTS_HTTP_MAX_IN_FLIGHT: body }, '127.0.0.1');
    expect(http.problems.join('\n')).toMatch(/COMPLAINTS_HTTP_MAX_IN_FLIGHT .*it is not shown/);
    expect(http.problems.join('\n')).not.toMatch(/4c7fa9cc/i);
  });
});

describe('loadConfig with a key in the wrong setting', () => {
  it.each([
    ['COMPLAINTS_API_URL', KEY],
    ['COMPLAINTS_API_URL', `https://api.example.com/?key=${KEY}`],
    ['COMPLAINTS_API_URL', `https://api.example.com/${KEY}`],
    ['COMPLAINTS_TIMEOUT_MS', KEY],
    ['COMPLAINTS_TIMEZONE', KEY],
    ['COMPLAINTS_REDACT_PII', KEY],
    ['COMPLAINTS_LOG_LEVEL', KEY],
    ['COMPLAINTS_LOG_FORMAT', KEY],
  ])('%s=%s: names the setting, never the value', (name, value) => {
    const config = loadConfig({ ...good, [name]: value });
    const said = [...config.problems, ...config.warnings];
    expect(said).toEqual([expect.stringMatching(new RegExp(`^${name} `))]);
    expect(said.join('\n')).not.toContain('or_live_4f9a');
    expect(JSON.stringify(config)).not.toContain(KEY);
  });

  it('refuses a URL that carries a key, saying where the key belongs', () => {
    const config = loadConfig({ ...good, COMPLAINTS_API_URL: `https://api.example.com/?key=${KEY}` });
    expect(config.apiUrl).toBeUndefined();
    expect(config.problems).toEqual([
      'COMPLAINTS_API_URL must not contain the API key (it holds a value that looks like one; it is not shown): give the key in COMPLAINTS_API_KEY, which is sent in the Authorization header, and the URL without it.',
    ]);
  });

  it('shows other malformed values as given', () => {
    expect(loadConfig({ ...good, COMPLAINTS_TIMEZONE: 'Lima' }).problems).toEqual([
      'COMPLAINTS_TIMEZONE must be an IANA time zone such as America/Lima (got "Lima").',
    ]);
    expect(loadConfig({ ...good, COMPLAINTS_TIMEOUT_MS: KEY }).problems).toEqual([
      'COMPLAINTS_TIMEOUT_MS must be a number of milliseconds (got a value that looks like an API key; it is not shown).',
    ]);
  });
});

describe('loadHttpSettings with a key in the wrong setting', () => {
  it.each([
    'COMPLAINTS_HTTP_ALLOWED_HOSTS',
    'COMPLAINTS_HTTP_ALLOWED_ORIGINS',
    'COMPLAINTS_HTTP_MAX_IN_FLIGHT',
    'COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY',
    'COMPLAINTS_HTTP_SHUTDOWN_GRACE_MS',
  ])('%s: names the setting, never the value', (name) => {
    for (const value of [KEY, `mcp.example.com,${KEY}`]) {
      const { problems } = loadHttpSettings({ [name]: value }, '127.0.0.1');
      expect(problems).toEqual([expect.stringMatching(new RegExp(`^${name} must be .*\\(got a value that looks like an API key; it is not shown\\)\\.$`))]);
      expect(problems.join()).not.toContain('or_live_4f9a');
    }
  });
});

describe('a connection error of the API client', () => {
  it('names the URL, but not one that holds a key', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const message = async (baseUrl: string) =>
      new ComplaintsApi({ baseUrl, apiKey: 'or_live_abc123', timeoutMs: 3000, dispatcher: getGlobalDispatcher(), random: () => 0 }).listComplaints({}).then(
        () => 'answered',
        (error: Error) => error.message,
      );
    expect(await message(origin)).toMatch(new RegExp(`^Could not reach the complaints service at ${origin} \\(connection refused\\)`));
    const withKey = await message(`${origin}/${KEY}`);
    expect(withKey).toMatch(
      /^Could not reach the complaints service at the URL in COMPLAINTS_API_URL \(not shown: it holds a value that looks like an API key\) \(connection refused\)/,
    );
    expect(withKey).not.toContain('or_live_4f9a');
  });
});

describe('command-line arguments that look like a key', () => {
  it.each([
    [[`--port${KEY}`]],
    [['check', `x${KEY}`]],
    [[KEY]],
    [['check', KEY]],
    [['--version', KEY]],
    [[`--help=${KEY}`]],
    [['serve', '--http', '--host', KEY]],
    [['sandbox', KEY]],
  ])('are not repeated: %j', (argv) => {
    const command = parseArgs(argv);
    expect(command.mode).toBe('invalid');
    expect(JSON.stringify(command)).not.toContain('or_live');
    expect((command as { message: string }).message).toContain('looks like an API key');
  });
});
