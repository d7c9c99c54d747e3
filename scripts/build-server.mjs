// npm run build, after tsc has checked the types: bundles the server from src/ into dist/ with rolldown
// (already installed for the view's page). The start-up a client waits for is mostly the loading of
// modules: one file for what the handshake needs (dist/index.js) loads faster than the fifty it is made
// of. What a call, a command or serve --http needs stays in chunks loaded by import() when first used.
// Packages and Node's built-ins are not bundled: they load from node_modules as they would anyway.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'rolldown';

const source = (path) => new URL(`../src/${path}`, import.meta.url).pathname;
const OUTPUT = new URL('../dist/', import.meta.url).pathname;
/** The files the last build wrote (not shipped: package.json's "files" leaves it out). */
const WRITTEN = `${OUTPUT}build-files.json`;

const previous = existsSync(WRITTEN) ? JSON.parse(readFileSync(WRITTEN, 'utf8')) : [];
const { output } = await build({
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
const written = output.flatMap((file) => (file.type === 'chunk' && file.map ? [file.fileName, `${file.fileName}.map`] : [file.fileName]));

// A server started before this build (a desktop client's, left running through `git pull && npm
// install`) loads its chunks by name when first used: the previous build's stay, older ones go.
const kept = new Set([...written, ...previous]);
for (const file of readdirSync(OUTPUT, { recursive: true, encoding: 'utf8' })) {
  if (/\.js(\.map)?$/.test(file) && !kept.has(file)) rmSync(`${OUTPUT}${file}`);
}
writeFileSync(WRITTEN, `${JSON.stringify(written, null, 2)}\n`);
