// Which Chromium the browser tests drive (through playwright-core, which never downloads one).
// CHROMIUM_PATH names it and then it is required: a path that is not an executable file fails the
// run, so that CI (which sets it) cannot pass with the browser tests quietly skipped. Without it,
// the first of chromium, chromium-browser and google-chrome found on PATH is used; with none, the
// browser test files are left out of the run, and the run says so in one line at its end.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The test files that open a browser. test/browser.test.ts checks that no other file imports playwright-core. */
export const BROWSER_TEST_FILES = ['test/e2e-overview-view.test.ts', 'test/e2e-sign-in-browser.test.ts'] as const;

/** Looked for on PATH, in this order: Debian's package, Ubuntu's older name, Google's build. */
export const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome'] as const;

/** Where vitest.config.ts leaves the line saying the browser tests were skipped, for test/global-setup.ts to print at the end. */
export const BROWSER_SKIP_NOTE = 'COMPLAINTS_TESTS_BROWSER_SKIPPED';

export const HOW_TO_RUN_BROWSER_TESTS = 'install Chromium (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary';

export type ChromiumFound = { found: true; path: string } | { found: false; message: string };

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Where the browser is, from CHROMIUM_PATH or PATH. Throws when CHROMIUM_PATH is set but unusable: the run must not pass without it. */
export function findChromium(env: Record<string, string | undefined>, isExecutable: (path: string) => boolean = isExecutableFile): ChromiumFound {
  const asked = env.CHROMIUM_PATH?.trim();
  if (asked) {
    if (isExecutable(asked)) return { found: true, path: asked };
    throw new Error(`CHROMIUM_PATH is ${asked}, which is not an executable file; the browser tests need it (${HOW_TO_RUN_BROWSER_TESTS}).`);
  }
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of CHROMIUM_NAMES) {
    for (const dir of dirs) {
      const path = join(dir, name);
      if (isExecutable(path)) return { found: true, path };
    }
  }
  const files = BROWSER_TEST_FILES.map((file) => file.replace(/^test\//, '')).join(', ');
  return { found: false, message: `browser tests skipped (${files}): no Chromium found; to run them, ${HOW_TO_RUN_BROWSER_TESTS}.` };
}

/** For the browser test files, which run only when a Chromium was found. */
export function chromiumPath(): string {
  const chromium = findChromium(process.env);
  if (!chromium.found) throw new Error(chromium.message);
  return chromium.path;
}
