// What the stdio server says when a person starts it by hand at a terminal: otherwise it prints (at
// most) one line and waits in silence, which reads as a hang. A client starts it with pipes, never a
// terminal, and is then told nothing. Pure, so that the decision is unit-tested without a terminal.

/** The lines to write on stderr at start: none unless stdin is a terminal. */
export function terminalHint(stdinIsTTY: boolean | undefined, mode: 'demo' | 'stdio'): string[] {
  if (stdinIsTTY !== true) return [];
  return [
    'this is an MCP server: it waits for an MCP client to talk to it over stdin/stdout, and shows nothing more (clients such as Claude Desktop start it themselves). Press Ctrl+C to stop.',
    'to try it by hand, from a clone of the repository: "npm run demo" tours the tools; "npx @modelcontextprotocol/inspector node dist/index.js --demo" opens the MCP Inspector.',
    ...(mode === 'stdio'
      ? ['to test your settings against the service: "complaints-book-mcp check"; to try it without a key: "complaints-book-mcp --demo".']
      : []),
  ];
}
