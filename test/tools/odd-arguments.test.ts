// Arguments that slip past the usual checks, sent as JSON text: each is refused before anything is
// sent upstream (the sandbox records every request). The stdio server's McpServer in process
// (helpers/in-process.ts), whose in-memory transport carries JSON as a pipe does; test/e2e/
// odd-arguments.test.ts sends the same over serve --http, and long names over real stdio.
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { demoInProcessForFile } from '../helpers/in-process.js';

const demo = demoInProcessForFile();

/** tools/call with `argumentsJson` sent as written: JSON.parse keeps "__proto__" as an own key, and so does JSON.stringify. */
async function callWithJson(name: string, argumentsJson: string) {
  const params = { name, arguments: JSON.parse(argumentsJson) };
  expect(JSON.stringify(params)).toContain(argumentsJson);
  try {
    const result = await demo.mcp.client.request({ method: 'tools/call', params }, CallToolResultSchema);
    const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
    return { isError: result.isError === true, text };
  } catch (error) {
    // A JSON-RPC error, not a result: never an isError answer.
    return { isError: false, text: String((error as Error).message) };
  }
}

describe('date-times out of range', () => {
  it.each(['2026-11-16T24:00', '2026-11-16T23:60', '2026-11-16T23:59:60', '2026-11-16T10:00+14:30', '2026-11-16T10:00-15:00', '2026-11-16T10:00+0960'])(
    'from %s is refused locally, sending nothing',
    async (from) => {
      const { isError, text } = await callWithJson('list_complaints', JSON.stringify({ from }));
      expect(isError).toBe(true);
      expect(text).toMatch(/expected a date YYYY-MM-DD or an ISO date-time .* at from/);
      expect(demo.sandbox.requests).toEqual([]);
    },
  );

  it.each(['2026-11-16T23:59:59.999Z', '2026-11-16T00:00+14:00', '2026-11-16T00:00-12:00', '2026-11-16T08:30:00-0500'])(
    'from %s is accepted and sent',
    async (from) => {
      const { isError, text } = await callWithJson('list_complaints', JSON.stringify({ from, pageSize: 1 }));
      expect(isError, text).toBe(false);
      expect(demo.sandbox.requests[0]?.query).toMatchObject({ from });
    },
  );
});

describe('argument names that are also names of Object.prototype', () => {
  const ACCEPTED = {
    list_complaints: { args: {}, accepts: 'page, pageSize, status, type, storeId, search, period, from, to' },
    get_complaint: { args: { id: '00000000-0000-4000-8000-000000000000' }, accepts: 'id' },
    complaints_overview: { args: {}, accepts: 'period, from, to, storeId, type' },
  } as const;

  describe.each(Object.keys(ACCEPTED) as Array<keyof typeof ACCEPTED>)('%s', (tool) => {
    it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('refuses an argument named %s like any unknown one, sending nothing', async (name) => {
      const { args, accepts } = ACCEPTED[tool];
      const json = JSON.stringify(args).replace(/^\{/, `{"${name}":{"x":1}${Object.keys(args).length > 0 ? ',' : ''}`);
      const { isError, text } = await callWithJson(tool, json);
      expect(isError, text).toBe(true);
      expect(text).toContain(`unknown argument "${name}": ${tool} accepts ${accepts}`);
      expect(demo.sandbox.requests).toEqual([]);
    });
  });
});
