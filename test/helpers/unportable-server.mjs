// A stand-in MCP server over stdio that answers initialize and tools/list with one tool whose
// schemas the Inspector's portability check must flag: a `type` array and an untyped `{}` (warnings)
// and a bare `true` (an error). test/e2e/schema-portability.test.ts runs the Inspector against it to
// show that the report it parses really lists findings, since a clean run prints nothing at all.
import { createInterface } from 'node:readline';

const UNPORTABLE_TOOL = {
  name: 'unportable',
  inputSchema: { type: 'object', properties: { nullable: { type: ['string', 'null'] }, anything: true } },
  outputSchema: { type: 'object', properties: { untyped: {} } },
};

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message?.id === undefined) return; // a notification
  if (message.method === 'initialize') {
    send({
      id: message.id,
      result: { protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'unportable', version: '1.0.0' } },
    });
  } else if (message.method === 'tools/list') {
    send({ id: message.id, result: { tools: [UNPORTABLE_TOOL] } });
  } else {
    send({ id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } });
  }
});
