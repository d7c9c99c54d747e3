// Which Chromium the browser tests drive (through playwright-core, which never downloads one).
// CHROMIUM_PATH names it and then it is required: a path that is not an executable file fails the
// run, so that CI (which sets it) cannot pass with the browser tests quietly skipped. Without it,
// the first of chromium, chromium-browser and google-chrome found on PATH is used; with none, the
// browser test files are left out of the run, and the run says so in one line at its end.
import { findProgram, type ProgramFound, type RequiredProgram } from './required-program.js';

/** The test files that open a browser. test/helpers/browser.test.ts checks that no other file imports playwright-core. */
export const BROWSER_TEST_FILES = ['test/e2e/overview-view.test.ts', 'test/e2e/sign-in-browser.test.ts'] as const;

/** Looked for on PATH, in this order: Debian's package, Ubuntu's older name, Google's build. */
export const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome'] as const;

/** Where vitest.config.ts leaves the line saying the browser tests were skipped, for test/global-setup.ts to print at the end. */
export const BROWSER_SKIP_NOTE = 'COMPLAINTS_TESTS_BROWSER_SKIPPED';

export const HOW_TO_RUN_BROWSER_TESTS = 'install Chromium (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary';

export type ChromiumFound = ProgramFound;

const CHROMIUM: RequiredProgram = {
  variable: 'CHROMIUM_PATH',
  names: CHROMIUM_NAMES,
  called: 'Chromium',
  tests: 'browser',
  files: BROWSER_TEST_FILES,
  howToRun: HOW_TO_RUN_BROWSER_TESTS,
};

/** Where the browser is, from CHROMIUM_PATH or PATH. Throws when CHROMIUM_PATH is set but unusable: the run must not pass without it. */
export function findChromium(env: Record<string, string | undefined>, isExecutable?: (path: string) => boolean): ChromiumFound {
  return findProgram(CHROMIUM, env, isExecutable);
}

/** For the browser test files, which run only when a Chromium was found. */
export function chromiumPath(): string {
  const chromium = findChromium(process.env);
  if (!chromium.found) throw new Error(chromium.message);
  return chromium.path;
}
