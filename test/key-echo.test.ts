// The detector of a text that echoes this very key, in every form a reader could turn back into it,
// and the near misses it must let pass (else ordinary values would be hidden for nothing).
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { loadHttpSettings } from '../src/http/settings.js';
import { holdsKey, KEY_RUN } from '../src/key-echo.js';
import { formsShown, keyForms } from './helpers/key-forms.js';

const KEY = 'or_live_4f9a1c2b3d4e5f60718293a4b5c6d7e8';
const BODY = KEY.slice('or_'.length);
/** A key whose base64 holds "+" and "/", so that the url-safe alphabet differs from the standard one. */
const ODD_KEY = 'or_live_Q~zW>~y?x~v.U~t-S~r_P~o+N~m/K~j';

const reversed = (text: string) => [...text].reverse().join('');
const percentEncoded = (text: string) => [...Buffer.from(text)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('holdsKey', () => {
  it.each([
    ['the key', KEY],
    ['the body without "or_"', BODY],
    ['"or_ " with a space', `or_ ${BODY}`],
    ['the body upper-cased', BODY.toUpperCase()],
    ['the body in a time zone', `America/${BODY}`],
    ['the body appended to a URL', `https://api.example.com/${BODY}`],
    ['the body as a host name', `https://${BODY}.example.com`],
    ['the body percent-encoded', percentEncoded(BODY)],
    ['the body percent-encoded twice', percentEncoded(BODY).replaceAll('%', '%25')],
    ['the body reversed', reversed(BODY)],
    ['the body reversed and upper-cased', reversed(BODY).toUpperCase()],
    ['the key upper-cased in base64', base64(KEY.toUpperCase())],
    ['the body split by spaces', BODY.replace(/(.{5})/g, '$1 ')],
    [`a run of ${KEY_RUN} characters of the body`, `x ${BODY.slice(9, 9 + KEY_RUN)} y`],
  ])('finds %s', (_label, text) => expect(holdsKey(text, KEY)).toBe(true));

  it.each([0, 1, 2])('finds the key in base64 after %i other bytes, in both alphabets', (before) => {
    const text = `${'x'.repeat(before)}${ODD_KEY}`;
    const standard = Buffer.from(text).toString('base64');
    const urlSafe = Buffer.from(text).toString('base64url');
    expect(standard.replace(/=+$/, '')).not.toBe(urlSafe); // else the url-safe case proves nothing
    expect(holdsKey(standard, ODD_KEY)).toBe(true);
    expect(holdsKey(urlSafe, ODD_KEY)).toBe(true);
    expect(holdsKey(`message: ${standard.slice(4)}`, ODD_KEY)).toBe(true);
    expect(holdsKey(base64(`${'x'.repeat(before)}${BODY}`), KEY)).toBe(true);
  });

  it.each([
    ['an ordinary time zone', 'America/Lima'],
    ['an ordinary URL', 'https://libro.example.pe'],
    ['the readable start of every key', 'or_live_'],
    [`${KEY_RUN - 1} characters of the body`, BODY.slice(9, 9 + KEY_RUN - 1)],
    [`${KEY_RUN - 1} characters of the body, reversed`, reversed(BODY.slice(9, 9 + KEY_RUN - 1))],
    ['two short runs of the body with something between', `${BODY.slice(0, 8)}-x-${BODY.slice(8, 16)}`],
    ['another key', 'or_live_9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b'],
    ['base64 of a few bytes of the key', base64(BODY.slice(10, 17))],
    ['a long hexadecimal value of its own', '0b6f0c1e58aa4c1e9d0a5e2f3b7c9a11'],
    ['dashes between short runs of the body and other characters', `${BODY.slice(0, 8)}-x-${BODY.slice(8, 16)}`.split('').join('-')],
  ])('lets pass %s', (_label, text) => expect(holdsKey(text, KEY)).toBe(false));

  it('looks for a short key whole, and not at all for one too short to be told from ordinary text', () => {
    expect(holdsKey('https://api.example.com/live_abc123', 'or_live_abc123')).toBe(true);
    expect(holdsKey('https://api.example.com/live_abc12', 'or_live_abc123')).toBe(false);
    expect(holdsKey('America/Lima', 'or_Lim')).toBe(false);
  });
});

describe('a setting that holds the key in another form', () => {
  const forms = Object.entries(keyForms(KEY));
  const withKey = { COMPLAINTS_API_KEY: KEY, COMPLAINTS_API_URL: 'https://libro.example.pe' };

  it.each(forms)('%s: each setting is named, never quoted', (_label, form) => {
    for (const name of [
      'COMPLAINTS_TIMEZONE',
      'COMPLAINTS_LANGUAGE',
      'COMPLAINTS_LOG_LEVEL',
      'COMPLAINTS_TIMEOUT_MS',
      'COMPLAINTS_REDACT_PII',
      'COMPLAINTS_ANSWER_GUIDE',
    ]) {
      const config = loadConfig({ ...withKey, [name]: form });
      const said = [...config.problems, ...config.warnings];
      expect(said, name).toEqual([expect.stringMatching(new RegExp(`^${name} .*it is not shown`))]);
      expect(formsShown(said.join('\n'), keyForms(KEY)), name).toEqual([]);
    }
  });

  it.each(forms)('%s: appended to COMPLAINTS_API_URL, the URL is refused as holding the key', (_label, form) => {
    for (const url of [`https://api.example.com/${form}`, `https://api.example.com/v2${form}`]) {
      const config = loadConfig({ ...withKey, COMPLAINTS_API_URL: url });
      expect(config.apiUrl, url).toBeUndefined();
      expect(config.problems.join('\n')).toMatch(/^COMPLAINTS_API_URL must not contain the API key/);
      expect(formsShown(config.problems.join('\n'), keyForms(KEY))).toEqual([]);
    }
  });

  const signIn = { COMPLAINTS_HTTP_TOKEN_SECRET: 'a'.repeat(40) };
  const publicUrls: Array<[string, string, Record<string, string>]> = [
    ['a key-shaped host', 'https://or_live_abc123def456.example.com', {}],
    ['a key-shaped host after "or_ "', 'https://or_ live_abc123def456.example.com', {}],
    ...forms.map(([label, form]): [string, string, Record<string, string>] => [
      `the key ${label} in the host`,
      `https://${form}.example.com`,
      { COMPLAINTS_API_KEY: KEY },
    ]),
  ];
  it.each(publicUrls)('COMPLAINTS_HTTP_PUBLIC_URL with %s is refused, not quoted, and never made the issuer', (_label, url, env) => {
    const settings = loadHttpSettings({ ...signIn, ...env, COMPLAINTS_HTTP_PUBLIC_URL: url }, '127.0.0.1');
    expect(settings.signIn?.publicUrl).toBeUndefined();
    expect(settings.problems).toEqual([expect.stringMatching(/^COMPLAINTS_HTTP_PUBLIC_URL .*not shown/)]);
    expect(settings.problems.join()).not.toMatch(/abc123def456|or_ live/i);
    expect(formsShown(JSON.stringify(settings), keyForms(KEY))).toEqual([]);
  });

  it('an ordinary public URL is still the issuer, and other values still quoted', () => {
    expect(loadHttpSettings({ ...signIn, COMPLAINTS_API_KEY: KEY, COMPLAINTS_HTTP_PUBLIC_URL: 'https://mcp.example.com' }, '127.0.0.1').signIn?.publicUrl).toBe(
      'https://mcp.example.com',
    );
    expect(loadConfig({ ...withKey, COMPLAINTS_TIMEZONE: 'Lima' }).problems).toEqual([
      'COMPLAINTS_TIMEZONE must be an IANA time zone such as America/Lima (got "Lima").',
    ]);
  });
});
