// npm run test:release: what a release depends on beyond the code, each slow for a test (seconds to a
// minute): npm pack, the .mcpb bundle, mcp.json started through npx, the MCP Inspector CLI and the SDK's
// v2 client, and the MCP conformance suite. CI runs it once, after npm test.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/release/**/*.release.test.ts'],
    // The same key scan as npm test: these start servers too.
    globalSetup: ['test/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
