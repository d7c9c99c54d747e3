// npm run build, after tsc has checked the types: bundles the server from src/ into dist/ with rolldown
// (already installed for the view's page). The start-up a client waits for is mostly the loading of
// modules: one file for what the handshake needs (dist/index.js) loads faster than the fifty it is made
// of. What a call, a command or serve --http needs stays in chunks loaded by import() when first used.
// Packages and Node's built-ins are not bundled: they load from node_modules as they would anyway.
import { rmSync } from 'node:fs';
import { build } from 'rolldown';

const source = (path) => new URL(`../src/${path}`, import.meta.url).pathname;
const OUTPUT = new URL('../dist/', import.meta.url).pathname;

// A rebuild leaves no chunk of an older build behind (the view's page is written after this).
rmSync(OUTPUT, { recursive: true, force: true });
await build({
  input: { index: source('index.ts'), 'demo/tour': source('demo/tour.ts') },
  platform: 'node',
  // Bare specifiers (packages, node: built-ins) stay imports; only our own files are bundled.
  external: (id) => !id.startsWith('.') && !id.startsWith('/'),
  output: {
    dir: OUTPUT,
    format: 'esm',
    entryFileNames: '[name].js',
    // Beside index.js: code that finds a file by its own place (import.meta.url) finds it from dist/.
    chunkFileNames: '[name]-[hash].js',
    sourcemap: true,
  },
  logLevel: 'warn',
});
