// How the browser tests find their Chromium (test/helpers/browser.ts), and that no browser test
// escapes the list npm test leaves out when there is none.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BROWSER_TEST_FILES, findChromium } from './browser.js';

const TEST_DIR = fileURLToPath(new URL('../', import.meta.url));

/** A file system of the given executables, for findChromium. */
const executables =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

describe('findChromium', () => {
  it('takes CHROMIUM_PATH when it is an executable, before anything on PATH', () => {
    const env = { CHROMIUM_PATH: '/opt/chrome/chrome', PATH: ['/usr/bin'].join(delimiter) };
    expect(findChromium(env, executables('/opt/chrome/chrome', '/usr/bin/chromium'))).toEqual({ found: true, path: '/opt/chrome/chrome' });
  });

  it('fails, rather than skips, when CHROMIUM_PATH names nothing runnable', () => {
    const env = { CHROMIUM_PATH: '/nowhere/chromium', PATH: '/usr/bin' };
    expect(() => findChromium(env, executables('/usr/bin/chromium'))).toThrow(/CHROMIUM_PATH is \/nowhere\/chromium, which is not an executable file/);
  });

  it('looks on PATH for chromium, then chromium-browser, then google-chrome', () => {
    const env = { PATH: ['/a', '/b'].join(delimiter) };
    expect(findChromium(env, executables('/b/chromium', '/a/google-chrome'))).toEqual({ found: true, path: '/b/chromium' });
    expect(findChromium(env, executables('/b/chromium-browser', '/a/google-chrome'))).toEqual({ found: true, path: '/b/chromium-browser' });
    expect(findChromium(env, executables('/b/google-chrome'))).toEqual({ found: true, path: '/b/google-chrome' });
  });

  it('an empty CHROMIUM_PATH is as if unset', () => {
    expect(findChromium({ CHROMIUM_PATH: '  ', PATH: '/usr/bin' }, executables('/usr/bin/chromium'))).toEqual({ found: true, path: '/usr/bin/chromium' });
  });

  it('without one, says in one line which tests are skipped and how to run them', () => {
    const found = findChromium({ PATH: '/usr/bin' }, executables());
    expect(found.found).toBe(false);
    const message = found.found ? '' : found.message;
    expect(message).not.toContain('\n');
    for (const file of BROWSER_TEST_FILES) expect(message).toContain(file.replace(/^test\//, ''));
    expect(message).toContain('CHROMIUM_PATH');
    expect(message).toContain('apt-get install chromium');
  });
});

describe('the browser test files', () => {
  it('are exactly the files that import playwright-core, and exist', () => {
    const importing = (readdirSync(TEST_DIR, { recursive: true }) as string[])
      .filter((name) => name.endsWith('.test.ts') && /^import [^\n]* from 'playwright-core';$/m.test(readFileSync(`${TEST_DIR}${name}`, 'utf8')))
      .map((name) => `test/${name}`)
      .sort();
    expect(importing).toEqual([...BROWSER_TEST_FILES].sort());
    for (const file of BROWSER_TEST_FILES) expect(existsSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)))).toBe(true);
  });
});
