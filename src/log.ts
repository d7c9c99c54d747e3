// Logs go to stderr only: stdout belongs to the JSON-RPC transport, one stray byte breaks it.
export const log = {
  warn(message: string): void {
    process.stderr.write(`complaints-book-mcp: ${message}\n`);
  },
  error(message: string): void {
    process.stderr.write(`complaints-book-mcp: error: ${message}\n`);
  },
};
