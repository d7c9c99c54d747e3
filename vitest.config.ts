import { configDefaults, defineConfig } from 'vitest/config';
import { BROWSER_SKIP_NOTE, BROWSER_TEST_FILES, findChromium } from './test/helpers/browser.js';
import { findRedisServer, REDIS_SKIP_NOTE, REDIS_TEST_FILES } from './test/helpers/redis-server.js';

// The browser tests run where a Chromium is found, and are left out where none is: test/global-setup.ts
// then says so in one line, at the end, beside the summary.
const chromium = findChromium(process.env);
if (!chromium.found) process.env[BROWSER_SKIP_NOTE] = chromium.message;
// The same for the tests of the Redis shared state, which start a redis-server.
const redis = findRedisServer(process.env);
if (!redis.found) process.env[REDIS_SKIP_NOTE] = redis.message;

/** In process, but slow: the whole big book read through the tools, each figure checked. */
const BIG_BOOK_FILES = ['test/tools/at-risk.test.ts', 'test/tools/export.test.ts', 'test/tools/report.test.ts'];

const leftOut = [...(chromium.found ? [] : BROWSER_TEST_FILES), ...(redis.found ? [] : REDIS_TEST_FILES)];

// Three projects. `unit` needs no build and starts no server of ours: the pure code, and the tools,
// prompts and resources in process (npm run test:unit, npm run test:watch). `big-book` is in process
// too, but reads the sandbox's big book (30,000 records) page by page against ground truth worked out
// in the test: most of a minute of CPU, kept out of the quick loop (npx vitest run --project
// big-book). `e2e` runs the built server as a child process, for what only a process shows. npm test
// runs all three.
// Release checks (npm pack, the .mcpb bundle, npx, the Inspector CLI, the conformance suite) run as
// their own step: npm run test:release, with vitest.release.config.ts.
export default defineConfig({
  test: {
    // 2 cores: keep the worker count modest.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Scans every transcript a test recorded for the keys it was given, once the project has run.
          globalSetup: ['test/global-setup.ts'],
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/e2e/**', 'test/release/**', ...BIG_BOOK_FILES, ...leftOut],
        },
      },
      {
        extends: true,
        test: {
          name: 'big-book',
          globalSetup: ['test/global-setup.ts'],
          include: BIG_BOOK_FILES,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          globalSetup: ['test/global-setup.ts'],
          include: ['test/e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...leftOut],
        },
      },
    ],
  },
});
