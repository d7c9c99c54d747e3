// End to end over raw stdio JSON text and serve --http: arguments that slip past the usual checks.
// Each is refused before anything is sent upstream (the sandbox records every request), and a long
// name is quoted cut in a short stdout line. Dates out of range and names of Object.prototype's
// members are refused in process too: test/tools/odd-arguments.test.ts.
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { MCP_HEADERS, startHttpServe } from '../helpers/http-serve.js';
import { RawServer } from '../helpers/raw-server.js';
import { takeStartCheck } from '../helpers/start-check.js';

let sandbox: SandboxHandle;
let server: RawServer;

beforeAll(async () => {
  sandbox = await startSandbox();
  server = new RawServer({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key });
  await server.initialize();
  await takeStartCheck(sandbox);
});

afterAll(async () => {
  await server?.stop();
  await sandbox?.close();
});

beforeEach(() => {
  sandbox.requests.length = 0;
});

/** tools/call with `argumentsJson` sent as written: JSON.parse keeps "__proto__" as an own key, and so does JSON.stringify. */
async function callWithJson(name: string, argumentsJson: string) {
  const params = { name, arguments: JSON.parse(argumentsJson) };
  expect(JSON.stringify(params)).toContain(argumentsJson);
  const answer = await server.request('tools/call', params);
  const text: string = (answer.result?.content ?? []).map((block: { text?: string }) => block.text ?? '').join('\n') || String(answer.error?.message);
  return { isError: answer.result?.isError === true, text };
}

describe('serve --http', () => {
  it('refuses a __proto__ argument in a request body too, sending nothing', async () => {
    const serve = await startHttpServe({ COMPLAINTS_API_URL: sandbox.url });
    try {
      const body = '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"list_complaints","arguments":{"__proto__":{"status":"open"}}}}';
      const response = await request(serve.url, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${DEMO_KEYS.full.key}` }, body });
      const text = await response.body.text();
      expect(response.statusCode, text).toBe(200);
      // The answer comes as JSON or as one server-sent event, depending on the transport's mode.
      const answer = JSON.parse(
        text.startsWith('{')
          ? text
          : text
              .split('\n')
              .find((line) => line.startsWith('data: '))!
              .slice(6),
      );
      expect(answer).toMatchObject({ id: 7, result: { isError: true } });
      expect(answer.result.content[0].text).toContain('unknown argument "__proto__": list_complaints accepts');
      expect(sandbox.requests).toEqual([]);
    } finally {
      await serve.stop();
    }
  });

  it('quotes a long unknown prompt name cut, as over stdio', async () => {
    const serve = await startHttpServe({ COMPLAINTS_API_URL: sandbox.url });
    try {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'prompts/get', params: { name: 'p'.repeat(100_000) } });
      const response = await request(serve.url, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${DEMO_KEYS.full.key}` }, body });
      const text = await response.body.text();
      expect(text.length).toBeLessThan(1000);
      expect(text).toMatch(/Prompt p{64}… \[100000 characters, cut and cleaned\] not found/);
    } finally {
      await serve.stop();
    }
  });
});

describe('names the SDK repeats in its errors', () => {
  // A megabyte, starting with a terminal escape: the error names what it did not find, but not all of it.
  const huge = `\u001b[2J${'z'.repeat(1024 * 1024)}`;
  // A URI with an escape is no URL, and the SDK's error then quotes nothing: this one is.
  const hugeUri = `other://${'z'.repeat(1024 * 1024)}`;
  // The shortened URI is no URL: the SDK then says "Invalid URL", quoting nothing.
  const requests: Array<[string, string, Record<string, unknown>, RegExp]> = [
    ['an unknown tool', 'tools/call', { name: huge, arguments: {} }, /^MCP error -32602: Tool z{64}… /],
    ['an unknown prompt', 'prompts/get', { name: huge }, /^MCP error -32602: Prompt z{64}… /],
    [
      'the completion of an unknown prompt',
      'completion/complete',
      { ref: { type: 'ref/prompt', name: huge }, argument: { name: 'period', value: '' } },
      /Prompt /,
    ],
    [
      'the completion of an unknown resource',
      'completion/complete',
      { ref: { type: 'ref/resource', uri: hugeUri }, argument: { name: 'id', value: '' } },
      /^MCP error -32602: Resource template other:\/\/z{56}… /,
    ],
    ['an unknown resource', 'resources/read', { uri: hugeUri }, /^Invalid URL$|Resource other:\/\/z{56}… /],
  ];

  it.each(requests)('%s: the answer quotes at most 64 characters of it, cleaned, and says it was cut', async (_label, method, params, expected) => {
    const before = server.stdoutLines.length;
    const answer = await server.request(method, params);
    const line = server.stdoutLines.slice(before).find((text) => JSON.parse(text).id === answer.id)!;
    expect(line.length).toBeLessThan(1000);
    expect(line).not.toMatch(/\\u001b|\u001b/);
    const text: string = answer.error?.message ?? answer.result.content[0].text;
    expect(text).toMatch(expected);
    if (!text.includes('Invalid URL')) expect(text).toMatch(/… \[104858\d characters, cut and cleaned\]/);
    expect(text).not.toMatch(/z{65}/);
    // And the server goes on serving.
    expect((await server.request('tools/list')).result.tools.length).toBeGreaterThan(0);
  });

  it('a name that cleaning would turn into a real one is still unknown: nothing runs', async () => {
    for (const name of ['list_complaints\u200b', '\u001b[0mlist_complaints', 'list_complaints\n']) {
      const { isError, text } = await callWithJson(name, '{}');
      expect(isError).toBe(true);
      expect(text).toMatch(/Tool list_complaints.* \[\d+ characters, cut and cleaned\] not found/);
    }
    const prompt = await server.request('prompts/get', { name: 'weekly_report\u2060' });
    expect(prompt.error.message).toMatch(/Prompt weekly_report.*cleaned\] not found/);
    expect(sandbox.requests).toEqual([]);
  });

  it('a name that holds the key, or its random part, is not repeated', async () => {
    const key = DEMO_KEYS.full.key;
    const body = key.replace(/^or_/, '');
    const answers = [
      await server.request('tools/call', { name: key, arguments: {} }),
      await server.request('tools/call', { name: `get_${body}`, arguments: {} }),
      await server.request('prompts/get', { name: key }),
      await server.request('resources/read', { uri: `complaint://${key}` }),
    ];
    for (const answer of answers) {
      const text: string = answer.error?.message ?? answer.result.content[0].text;
      expect(text).toMatch(/not found|not shown|expected a correlative/i);
      expect(text.toLowerCase()).not.toContain(body.slice(-12).toLowerCase());
    }
    expect(sandbox.requests).toEqual([]);
  });

  it('an argument name of a prompt or of a completion’s context (a key, a megabyte) is not repeated whole when its value is not text', async () => {
    const key = DEMO_KEYS.full.key;
    const body = key.replace(/^or_/, '');
    const answers = [
      await server.request('prompts/get', { name: 'draft_response', arguments: { reference: '000000481-2026', [key]: 5 } }),
      await server.request('prompts/get', { name: 'summarize_complaint', arguments: { [body]: 5 } }),
      await server.request('prompts/get', { name: 'summarize_complaint', arguments: { [huge]: 5 } }),
      await server.request('completion/complete', {
        ref: { type: 'ref/prompt', name: 'draft_response' },
        argument: { name: 'reference', value: '' },
        context: { arguments: { [key]: 5 } },
      }),
    ];
    for (const answer of answers) {
      const text: string = answer.error?.message ?? JSON.stringify(answer.result);
      expect(text.length).toBeLessThan(2000);
      expect(text.toLowerCase()).not.toContain(body.slice(-12).toLowerCase());
      expect(text).not.toMatch(/z{65}/);
    }
    expect(sandbox.requests).toEqual([]);
  });

  it('short clean names are repeated as they are', async () => {
    const { text } = await callWithJson('list_complaint', '{}');
    expect(text).toMatch(/Tool list_complaint not found/);
  });
});
