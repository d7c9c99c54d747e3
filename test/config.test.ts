import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../src/cli/args.js';
import { maskKey } from '../src/cli/check.js';
import { listenErrorMessage } from '../src/cli/listen-error.js';
import { loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  const good = { COMPLAINTS_API_KEY: 'or_live_abc123', COMPLAINTS_API_URL: 'https://libro.example.pe/' };

  it('reads a good configuration with defaults', () => {
    expect(loadConfig(good)).toEqual({
      apiKey: 'or_live_abc123',
      apiUrl: 'https://libro.example.pe',
      timeoutMs: 15000,
      timeZone: 'America/Lima',
      redactPii: false,
      language: 'es',
      answerGuide: undefined,
      exportDir: undefined,
      exportMaxSheets: 3000,
      logLevel: 'warn',
      logFormat: 'text',
      problems: [],
      warnings: [],
    });
  });

  it('refuses a URL that holds the key glued to other text, in any case or split by an invisible character, never showing it', () => {
    const key = good.COMPLAINTS_API_KEY;
    for (const url of [
      `https://libro.example.pe${key}`,
      `https://libro.example.peor_live_abc123.invalid`,
      `https://libro.example.pe/api${key.toUpperCase()}`,
      `https://libro.example.pe/x${key.slice(0, 4)}\u200b${key.slice(4)}`,
      `https://libro.example.pe/x${encodeURIComponent(key).replace('_', '%5F')}`,
    ]) {
      const config = loadConfig({ ...good, COMPLAINTS_API_URL: url });
      expect(config.apiUrl, url).toBeUndefined();
      expect(config.problems, url).toEqual([expect.stringMatching(/^COMPLAINTS_API_URL must not contain the API key/)]);
      expect(JSON.stringify(config.problems)).not.toContain(key.slice(3));
    }
    // A host that merely has "or_" in it is no key.
    expect(loadConfig({ ...good, COMPLAINTS_API_URL: 'https://api.vendor_service.example' }).problems).toEqual([]);
  });

  it('refuses a URL with a query or a fragment: the paths are appended to it', () => {
    for (const url of ['https://libro.example.pe/base?x=1', 'https://libro.example.pe/base#frag', 'https://libro.example.pe/?']) {
      expect(loadConfig({ ...good, COMPLAINTS_API_URL: url }).problems, url).toEqual([
        expect.stringMatching(/^COMPLAINTS_API_URL must be a base URL without a query \(\?\.\.\.\) or fragment \(#\.\.\.\)/),
      ]);
    }
  });

  it('quotes a wrong value on one line, without escapes, and cut short', () => {
    const odd = loadConfig({ ...good, COMPLAINTS_LANGUAGE: '\u001b[31mPWN\nfake: ✓ Key accepted' });
    expect(odd.warnings).toEqual(['COMPLAINTS_LANGUAGE must be es or en (got "PWN fake: ✓ Key accepted"); using es.']);
    const long = loadConfig({ ...good, COMPLAINTS_TIMEZONE: 'Z'.repeat(100_000) }).problems[0]!;
    expect(long.length).toBeLessThan(200);
  });

  it('reads COMPLAINTS_LANGUAGE, in any case, and falls back to es with a warning, never a problem', () => {
    expect(loadConfig({ ...good, COMPLAINTS_LANGUAGE: 'EN' })).toMatchObject({ language: 'en', warnings: [], problems: [] });
    expect(loadConfig({ ...good, COMPLAINTS_LANGUAGE: ' es ' })).toMatchObject({ language: 'es', warnings: [] });
    for (const value of ['fr', 'español', '__proto__', 'e\u200bn']) {
      const odd = loadConfig({ ...good, COMPLAINTS_LANGUAGE: value });
      expect(odd, value).toMatchObject({ language: 'es', problems: [] });
      expect(odd.warnings, value).toEqual([expect.stringMatching(/^COMPLAINTS_LANGUAGE must be es or en \(.*\); using es\.$/)]);
    }
  });

  it('reads COMPLAINTS_ANSWER_GUIDE as an absolute path, ~/ as the home folder, without touching the file', () => {
    // The file does not exist: config reads no file, the guide is read when a prompt is built.
    expect(loadConfig({ ...good, COMPLAINTS_ANSWER_GUIDE: ' /srv/guías/../guías/respuestas.md ' })).toMatchObject({
      answerGuide: '/srv/guías/respuestas.md',
      warnings: [],
      problems: [],
    });
    // Clients such as Claude Desktop pass env as written: no shell expands ~ for them.
    expect(loadConfig({ ...good, COMPLAINTS_ANSWER_GUIDE: '~/Documentos/guía.md' })).toMatchObject({
      answerGuide: join(homedir(), 'Documentos', 'guía.md'),
      warnings: [],
    });
    for (const unset of ['', '   ', undefined]) {
      expect(loadConfig({ ...good, COMPLAINTS_ANSWER_GUIDE: unset }), String(unset)).toMatchObject({ answerGuide: undefined, warnings: [], problems: [] });
    }
  });

  it('reads COMPLAINTS_EXPORT_DIR as an absolute path or ~/, warns of a relative one and of one holding the key, never quoting the key', () => {
    expect(loadConfig({ ...good, COMPLAINTS_EXPORT_DIR: '~/Registros' })).toMatchObject({
      exportDir: join(homedir(), 'Registros'),
      warnings: [],
      problems: [],
    });
    expect(loadConfig({ ...good, COMPLAINTS_EXPORT_DIR: '/srv/registros/' })).toMatchObject({ exportDir: '/srv/registros', warnings: [] });
    const relative = loadConfig({ ...good, COMPLAINTS_EXPORT_DIR: 'registros' });
    expect(relative).toMatchObject({ exportDir: 'registros', problems: [] });
    expect(relative.warnings).toEqual([expect.stringContaining('COMPLAINTS_EXPORT_DIR must be an absolute path')]);
    for (const pasted of [`/home/ana/${good.COMPLAINTS_API_KEY}`, good.COMPLAINTS_API_KEY, 'or_live_4f9a1c2b3d4e5f60718293']) {
      const config = loadConfig({ ...good, COMPLAINTS_EXPORT_DIR: pasted });
      expect(config.exportDir, pasted).toBe('');
      expect(config.warnings, pasted).toEqual([expect.stringContaining('COMPLAINTS_EXPORT_DIR holds what looks like an API key')]);
      expect(JSON.stringify([config.exportDir, config.warnings]), pasted).not.toContain(pasted.slice(-12));
    }
  });

  it('reads COMPLAINTS_MAX_SHEETS as a whole number from 1 to 50000, else its default with a warning', () => {
    expect(loadConfig({ ...good, COMPLAINTS_MAX_SHEETS: '500' })).toMatchObject({ exportMaxSheets: 500, warnings: [] });
    for (const bad of ['0', '50001', '2.5', 'mil', '-3']) {
      const config = loadConfig({ ...good, COMPLAINTS_MAX_SHEETS: bad });
      expect(config.exportMaxSheets, bad).toBe(3000);
      expect(config.warnings, bad).toEqual([expect.stringContaining('COMPLAINTS_MAX_SHEETS must be a whole number from 1 to 50000')]);
    }
  });

  it('warns of a relative COMPLAINTS_ANSWER_GUIDE, never a problem: it would be read from wherever the client starts (kept, for each draft to refuse it too)', () => {
    for (const path of ['respuestas.md', './guías/respuestas.md', '../respuestas.md', '~', '~ana/respuestas.md', '$HOME/respuestas.md']) {
      const config = loadConfig({ ...good, COMPLAINTS_ANSWER_GUIDE: path });
      expect(config, path).toMatchObject({ answerGuide: path, problems: [] });
      expect(config.warnings, path).toEqual([
        `COMPLAINTS_ANSWER_GUIDE must be an absolute path, or start with ~/ for your home folder (got "${path}"); no answer guide is used.`,
      ]);
    }
    // A key pasted there is not quoted back.
    const pasted = loadConfig({ ...good, COMPLAINTS_ANSWER_GUIDE: 'or_live_4f9a1c2b3d4e5f60718293' });
    expect(pasted.warnings).toEqual([
      expect.stringMatching(/^COMPLAINTS_ANSWER_GUIDE must be an absolute path.*it is not shown\); no answer guide is used\.$/),
    ]);
    expect(JSON.stringify(pasted)).not.toContain('4f9a1c2b3d4e5f60718293');
  });

  it('reads the log settings, and falls back to their defaults with a warning, never a problem', () => {
    expect(loadConfig({ ...good, COMPLAINTS_LOG_LEVEL: 'DEBUG', COMPLAINTS_LOG_FORMAT: 'json' })).toMatchObject({
      logLevel: 'debug',
      logFormat: 'json',
      warnings: [],
    });
    const odd = loadConfig({ ...good, COMPLAINTS_LOG_LEVEL: 'verbose', COMPLAINTS_LOG_FORMAT: 'xml' });
    expect(odd).toMatchObject({ logLevel: 'warn', logFormat: 'text', problems: [] });
    expect(odd.warnings).toEqual([
      'COMPLAINTS_LOG_LEVEL must be one of error, warn, info, debug (got "verbose"); using warn.',
      'COMPLAINTS_LOG_FORMAT must be text or json (got "xml"); using text.',
    ]);
  });

  it('reads the optional settings', () => {
    const config = loadConfig({ ...good, COMPLAINTS_TIMEOUT_MS: '2500', COMPLAINTS_TIMEZONE: 'Europe/Madrid' });
    expect(config.timeoutMs).toBe(2500);
    expect(config.timeZone).toBe('Europe/Madrid');
  });

  it('reads COMPLAINTS_REDACT_PII, and fails closed on a value it cannot read', () => {
    expect(loadConfig({ ...good, COMPLAINTS_REDACT_PII: 'true' }).redactPii).toBe(true);
    expect(loadConfig({ ...good, COMPLAINTS_REDACT_PII: 'FALSE' }).redactPii).toBe(false);
    const unreadable = loadConfig({ ...good, COMPLAINTS_REDACT_PII: 'si' });
    expect(unreadable.redactPii).toBe(true);
    expect(unreadable.problems).toEqual(['COMPLAINTS_REDACT_PII must be true/yes/on/1 (mask personal data) or false/no/off/0 (got "si").']);
  });

  it('lists in the COMPLAINTS_REDACT_PII problem every value it accepts, and accepts each, in any case', () => {
    const problem = loadConfig({ ...good, COMPLAINTS_REDACT_PII: 'si' }).problems[0]!;
    const [, on, off] = /must be (\S+) \(mask personal data\) or (\S+) \(/.exec(problem)!;
    for (const [words, redactPii] of [
      [on!, true],
      [off!, false],
    ] as const) {
      for (const word of words.split('/')) {
        for (const value of [word, word.toUpperCase()])
          expect(loadConfig({ ...good, COMPLAINTS_REDACT_PII: value })).toMatchObject({ redactPii, problems: [] });
      }
    }
    expect([on, off].join('/').split('/').sort()).toEqual(['0', '1', 'false', 'no', 'off', 'on', 'true', 'yes']);
  });

  it('names a missing key and URL without throwing', () => {
    const config = loadConfig({});
    expect(config.apiKey).toBeUndefined();
    expect(config.problems.join('\n')).toMatch(/COMPLAINTS_API_KEY is not set/);
    expect(config.problems.join('\n')).toMatch(/COMPLAINTS_API_URL is not set/);
  });

  it('refuses a key without the or_ prefix and never repeats it', () => {
    const config = loadConfig({ ...good, COMPLAINTS_API_KEY: 'sk_secret_value' });
    expect(config.apiKey).toBeUndefined();
    expect(config.problems).toHaveLength(1);
    expect(config.problems[0]).toMatch(/start with "or_"/);
    expect(config.problems[0]).not.toContain('sk_secret_value');
  });

  it.each([
    ['straight double quotes', '"or_live_4f9a1c2b3d4e5f60"'],
    ['straight single quotes', "'or_live_4f9a1c2b3d4e5f60'"],
    ['typographic quotes', '\u201cor_live_4f9a1c2b3d4e5f60\u201d'],
    ['typographic single quotes', '\u2018or_live_4f9a1c2b3d4e5f60\u2019'],
    ["a JSON string's escaped quotes", '\\"or_live_4f9a1c2b3d4e5f60\\"'],
    ['backticks', '`or_live_4f9a1c2b3d4e5f60`'],
    ['quotes and spaces inside', '" or_live_4f9a1c2b3d4e5f60 "'],
    ['a closing quote only', 'or_live_4f9a1c2b3d4e5f60"'],
    ['an opening quote only', "'or_live_4f9a1c2b3d4e5f60"],
  ])('refuses a key wrapped in %s, saying so, without repeating it or sending it', (_label, value) => {
    const config = loadConfig({ ...good, COMPLAINTS_API_KEY: value });
    expect(config.apiKey).toBeUndefined();
    expect(config.problems).toEqual([
      'COMPLAINTS_API_KEY is wrapped in quotation marks: remove them, so that the value is the key alone, starting with "or_" (the quotes of a shell line or a JSON string are not part of it).',
    ]);
    expect(config.problems.join()).not.toContain('4f9a1c2b');
  });

  it('keeps the prefix message for a quoted value that is no key, and takes a key with spaces around it', () => {
    expect(loadConfig({ ...good, COMPLAINTS_API_KEY: '"sk_live_123"' }).problems).toEqual([expect.stringMatching(/does not look like an API key/)]);
    expect(loadConfig({ ...good, COMPLAINTS_API_KEY: '  or_live_abc123  ' })).toMatchObject({ apiKey: 'or_live_abc123', problems: [] });
  });

  it.each([
    ['a typographic dash', 'or_live_abc\u2013def123456789XYZ'],
    ['a space inside', 'or_live_abc def123456789XYZ'],
    ['a line break inside', 'or_live_abc\ndef123456789XYZ'],
    ['an accented letter', 'or_live_ab\u00e9def123456789XYZ'],
    ['a euro sign', 'or_live_abc\u20acdef123456789XYZ'],
    ['a zero-width space', 'or_live_abc\u200bdef123456789XYZ'],
  ])('refuses a key with %s, which no HTTP header can carry, naming the setting and not the network', (_label, value) => {
    const config = loadConfig({ ...good, COMPLAINTS_API_KEY: value });
    expect(config.apiKey).toBeUndefined();
    expect(config.problems).toEqual([expect.stringMatching(/^COMPLAINTS_API_KEY holds a character an API key never has/)]);
    expect(config.problems.join()).not.toMatch(/def123|abc/);
  });

  it('takes a key of visible ASCII characters, whatever they are', () => {
    expect(loadConfig({ ...good, COMPLAINTS_API_KEY: 'or_live_A.b~c+d/e-f_9=' })).toMatchObject({ apiKey: 'or_live_A.b~c+d/e-f_9=', problems: [] });
  });

  it('refuses bad URLs, timeouts and time zones with the rule', () => {
    const problems = (env: Record<string, string>) => loadConfig({ ...good, ...env }).problems.join('\n');
    expect(problems({ COMPLAINTS_API_URL: 'libro.example.pe' })).toMatch(/COMPLAINTS_API_URL must be an http/);
    expect(problems({ COMPLAINTS_API_URL: 'ftp://libro.example.pe' })).toMatch(/COMPLAINTS_API_URL must be an http/);
    expect(problems({ COMPLAINTS_API_URL: 'https://libro.example.pe/api/v1' })).toMatch(/must not end in \/api\/v1/);
    expect(problems({ COMPLAINTS_TIMEOUT_MS: 'soon' })).toMatch(/COMPLAINTS_TIMEOUT_MS must be a number/);
    expect(problems({ COMPLAINTS_TIMEOUT_MS: '10' })).toMatch(/at least 100 ms/);
    expect(problems({ COMPLAINTS_TIMEOUT_MS: '1.5' })).toMatch(/whole number/);
    expect(problems({ COMPLAINTS_TIMEZONE: 'Lima' })).toMatch(/COMPLAINTS_TIMEZONE must be an IANA time zone/);
  });

  it('for serve --http, wants no key in the environment and logs at info by default', () => {
    const shared = loadConfig({ COMPLAINTS_API_URL: 'https://api.example.com' }, 'request');
    expect(shared).toMatchObject({ apiKey: undefined, apiUrl: 'https://api.example.com', logLevel: 'info', problems: [] });
    const withKey = loadConfig({ COMPLAINTS_API_URL: 'https://api.example.com', COMPLAINTS_API_KEY: 'or_abcdef123456' }, 'request');
    expect(withKey.apiKey).toBeUndefined();
    expect(withKey.problems).toEqual([expect.stringMatching(/^COMPLAINTS_API_KEY must not be set for serve --http/)]);
    expect(withKey.problems.join()).not.toContain('or_abcdef123456');
  });

  it('refuses a URL with credentials in it, without repeating them', () => {
    const { apiUrl, problems } = loadConfig({ ...good, COMPLAINTS_API_URL: 'https://svc:s3cretPass@libro.example.pe' });
    expect(apiUrl).toBeUndefined();
    expect(problems).toEqual(['COMPLAINTS_API_URL must not contain a user name or password: the API key is the only credential.']);
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ ...good, COMPLAINTS_TIMEOUT_MS: '', COMPLAINTS_TIMEZONE: '  ' });
    expect(config.problems).toEqual([]);
    expect(config.timeoutMs).toBe(15000);
  });
});

describe('parseArgs', () => {
  it('picks each mode', () => {
    expect(parseArgs([])).toEqual({ mode: 'stdio' });
    expect(parseArgs(['--demo'])).toEqual({ mode: 'demo' });
    expect(parseArgs(['--help'])).toEqual({ mode: 'help' });
    expect(parseArgs(['-h'])).toEqual({ mode: 'help' });
    expect(parseArgs(['--version'])).toEqual({ mode: 'version' });
    expect(parseArgs(['check'])).toEqual({ mode: 'check' });
    expect(parseArgs(['check', '--now'])).toEqual({ mode: 'invalid', message: 'unexpected argument "--now"' });
    expect(parseArgs(['sandbox'])).toEqual({ mode: 'sandbox', port: 0, book: 'demo', latencyMs: 0 });
    expect(parseArgs(['sandbox', '--port', '8787'])).toEqual({ mode: 'sandbox', port: 8787, book: 'demo', latencyMs: 0 });
    expect(parseArgs(['sandbox', '--port=8787'])).toEqual({ mode: 'sandbox', port: 8787, book: 'demo', latencyMs: 0 });
  });

  it('refuses unknown flags, extra arguments and bad ports', () => {
    expect(parseArgs(['--verbose'])).toEqual({ mode: 'invalid', message: 'unknown option "--verbose"' });
    expect(parseArgs(['serve'])).toEqual({ mode: 'invalid', message: 'serve needs --http (MCP over Streamable HTTP)' });
    expect(parseArgs(['--demo', '--port', '1'])).toMatchObject({ mode: 'invalid' });
    expect(parseArgs(['sandbox', '--port'])).toMatchObject({ mode: 'invalid' });
    expect(parseArgs(['sandbox', '--port', 'http'])).toMatchObject({ mode: 'invalid' });
    expect(parseArgs(['sandbox', '--port', '70000'])).toMatchObject({ mode: 'invalid' });
    expect(parseArgs(['sandbox', '--host', 'x'])).toMatchObject({ mode: 'invalid' });
  });
});

describe('listenErrorMessage', () => {
  const failure = (code: string) => Object.assign(new Error(`listen ${code}`), { code });

  it('says what to do about a port in use, an address not of this machine, and a privileged port', () => {
    expect(listenErrorMessage(failure('EADDRINUSE'), '127.0.0.1', 8080)).toBe(
      'cannot listen on 127.0.0.1:8080: the port is in use by another program; stop it or choose another --port',
    );
    expect(listenErrorMessage(failure('EADDRNOTAVAIL'), '10.9.9.9', 8080)).toMatch(/^cannot listen on 10\.9\.9\.9:8080: 10\.9\.9\.9 is not an address/);
    expect(listenErrorMessage(failure('EACCES'), '0.0.0.0', 80)).toMatch(/^cannot listen on 0\.0\.0\.0:80: permission denied/);
  });

  it('leaves other errors to be reported as they are', () => {
    expect(listenErrorMessage(failure('EMFILE'), '127.0.0.1', 8080)).toBeUndefined();
    expect(listenErrorMessage(new Error('no code'), '127.0.0.1', 8080)).toBeUndefined();
  });
});

describe('maskKey', () => {
  it('keeps the prefix and the last four characters only', () => {
    expect(maskKey('or_live_4f9a1c2b3d4e5f60718293a4b5c61a2b')).toBe('or_••••1a2b');
    expect(maskKey('or_abc')).toBe('or_••••');
    expect(maskKey('abc')).toBe('••••');
    expect(maskKey('sk_1234')).toBe('••••');
    // Found by a new user's trial: a quoted key showed as "or••••def".
    for (const quoted of ['"or_live_4f9a1c2b3d4e5f60718293a4b5c61a2b"', '“or_live_4f9a1c2b3d4e5f60718293a4b5c61a2b”']) {
      expect(maskKey(quoted)).toBe('(wrapped in quotation marks; not shown)');
    }
  });
});
