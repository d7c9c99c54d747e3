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

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Release checks (npm pack, the .mcpb bundle, npx, the Inspector CLI, the conformance suite) run
    // as their own step: npm run test:release, with vitest.release.config.ts.
    exclude: [...configDefaults.exclude, 'test/**/*.release.test.ts', ...(chromium.found ? [] : BROWSER_TEST_FILES), ...(redis.found ? [] : REDIS_TEST_FILES)],
    // Scans every spawned server's output for the keys it was given, once the whole suite has run.
    globalSetup: ['test/global-setup.ts'],
    // End-to-end tests spawn the built server; 2 cores, so keep the worker count modest.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
