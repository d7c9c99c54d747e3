import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Release checks (npm pack, the .mcpb bundle, npx, the Inspector CLI, the conformance suite) run
    // as their own step: npm run test:release, with vitest.release.config.ts.
    exclude: [...configDefaults.exclude, 'test/**/*.release.test.ts'],
    // Scans every spawned server's output for the keys it was given, once the whole suite has run.
    globalSetup: ['test/global-setup.ts'],
    // End-to-end tests spawn the built server; 2 cores, so keep the worker count modest.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
