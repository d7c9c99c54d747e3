// A program some test files need (Chromium, redis-server). An environment variable names it and then
// it is required: a path that is not an executable file fails the run, so that CI (which sets it)
// cannot pass with those tests quietly skipped. Without it, the first of its names found on PATH is
// used; with none, its test files are left out of the run, and the run says so in one line at its end.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface RequiredProgram {
  /** The environment variable that names it, and makes it required: CHROMIUM_PATH */
  variable: string;
  /** Looked for on PATH, in this order. */
  names: readonly string[];
  /** What the program is called in the skip line: Chromium */
  called: string;
  /** Which tests need it, in the messages: browser */
  tests: string;
  /** The test files left out without it. */
  files: readonly string[];
  /** How to get it, in the messages. */
  howToRun: string;
}

export type ProgramFound = { found: true; path: string } | { found: false; message: string };

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Where the program is, from its variable or PATH. Throws when the variable is set but unusable: the run must not pass without it. */
export function findProgram(
  program: RequiredProgram,
  env: Record<string, string | undefined>,
  isExecutable: (path: string) => boolean = isExecutableFile,
): ProgramFound {
  const asked = env[program.variable]?.trim();
  if (asked) {
    if (isExecutable(asked)) return { found: true, path: asked };
    throw new Error(`${program.variable} is ${asked}, which is not an executable file; the ${program.tests} tests need it (${program.howToRun}).`);
  }
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of program.names) {
    for (const dir of dirs) {
      const path = join(dir, name);
      if (isExecutable(path)) return { found: true, path };
    }
  }
  const files = program.files.map((file) => file.replace(/^test\//, '')).join(', ');
  return { found: false, message: `${program.tests} tests skipped (${files}): no ${program.called} found; to run them, ${program.howToRun}.` };
}
