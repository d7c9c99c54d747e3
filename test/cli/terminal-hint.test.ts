// Started by hand at a terminal, the stdio server says what it is waiting for; started by a client
// (stdin a pipe), it says nothing more. The decision is pure; e2e/process.test.ts checks the wiring.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { terminalHint } from '../../src/cli/terminal-hint.js';

const INSPECTOR = 'npx @modelcontextprotocol/inspector node dist/index.js --demo';

describe('terminalHint', () => {
  it("names the MCP Inspector's command the README gives", () => {
    expect(readFileSync(new URL('../../README.md', import.meta.url), 'utf8')).toContain(`\n${INSPECTOR}\n`);
  });

  it.each([false, undefined])('says nothing when stdin is not a terminal (isTTY %s): a client is on the other end', (isTTY) => {
    expect(terminalHint(isTTY, 'demo')).toEqual([]);
    expect(terminalHint(isTTY, 'stdio')).toEqual([]);
  });

  it('at a terminal, says it is an MCP server waiting for a client on stdin/stdout, how to try it, and how to stop', () => {
    for (const mode of ['demo', 'stdio'] as const) {
      const text = terminalHint(true, mode).join('\n');
      expect(text).toMatch(/MCP server/);
      expect(text).toMatch(/waits for an MCP client .* over stdin\/stdout/);
      expect(text).toContain('"npm run demo"');
      // The Inspector's command as the README gives it.
      expect(text).toContain(`"${INSPECTOR}"`);
      expect(text).toMatch(/Ctrl\+C to stop/);
    }
  });

  it('started without --demo, also names check and --demo', () => {
    expect(terminalHint(true, 'stdio').join('\n')).toMatch(/"complaints-book-mcp check".*"complaints-book-mcp --demo"/);
    expect(terminalHint(true, 'demo').join('\n')).not.toMatch(/complaints-book-mcp check/);
  });

  it('writes single lines, each one a log line of its own', () => {
    for (const line of terminalHint(true, 'stdio')) expect(line).not.toMatch(/[\n\r]/);
  });
});
