// serve --http makes an MCP server per request, so the reading a deadline list's first page made is
// kept outside it, by member (the key's id): the member's next page, a request of its own, reuses it;
// another member's page never does. serveHttp in process against the demo book's sandbox, with two
// members of organization A (every store, and some stores); the truth is the sandbox's own records.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HttpServeHandle } from '../../src/http/serve.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { findMemberByKey } from '../../src/sandbox/members.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { serveInProcess } from '../helpers/serve-in-process.js';

const PAGE_SIZE = 5;
const UNRESOLVED = { status: 'unresolved', pageSize: PAGE_SIZE };

let sandbox: SandboxHandle;
let served: HttpServeHandle;

beforeAll(async () => {
  sandbox = await startSandbox();
  served = await serveInProcess(sandbox.url, {}, { timeoutMs: 60_000 });
});

afterAll(async () => {
  await served?.shutdown();
  await sandbox?.close();
});

/** A member's MCP client over Streamable HTTP, their key in the Authorization header (helpers/http-serve.ts has one for the built server). */
async function connectHttp(url: string, key: string) {
  const client = new Client({ name: 'list-readings-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return {
    async call(name: string, args: Record<string, unknown>) {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
      return { text, isError: result.isError === true, structured: result.structuredContent as any };
    },
    close: () => client.close(),
  };
}

/** The ids of the unresolved records the member with `key` can see, newest first, by the sandbox's own records. */
function unresolvedIds(key: string): string[] {
  const member = findMemberByKey(key)!;
  return sandbox.dataset.records
    .filter(
      (record) =>
        record.organizationId === member.organizationId &&
        (record.status === 'open' || record.status === 'in_review') &&
        (member.storeIds === null || member.storeIds.includes(record.storeId)),
    )
    .sort((a, b) => b.createdAtMs - a.createdAtMs)
    .map((record) => record.id);
}

it('a member pages on with their own reading, over separate requests; another member reads their own', async () => {
  const full = await connectHttp(served.url, DEMO_KEYS.full.key);
  const restricted = await connectHttp(served.url, DEMO_KEYS.storeRestricted.key);
  const requestsOf = async (call: () => ReturnType<typeof full.call>) => {
    sandbox.requests.length = 0;
    const answer = await call();
    expect(answer.isError, answer.text).toBe(false);
    return { answer, requests: sandbox.requests.length };
  };
  try {
    const fullIds = unresolvedIds(DEMO_KEYS.full.key);
    const restrictedIds = unresolvedIds(DEMO_KEYS.storeRestricted.key);
    expect(restrictedIds.length, 'the restricted member sees fewer records').toBeLessThan(fullIds.length);
    expect(restrictedIds.length).toBeGreaterThan(2 * PAGE_SIZE);

    const fullFirst = await requestsOf(() => full.call('list_complaints', UNRESOLVED));
    expect(fullFirst.requests).toBeGreaterThan(0);
    expect(fullFirst.answer.structured.total).toBe(fullIds.length);

    // The other member's second page: their own reading, their own records.
    const restrictedSecond = await requestsOf(() => restricted.call('list_complaints', { ...UNRESOLVED, page: 2 }));
    expect(restrictedSecond.requests).toBeGreaterThan(0);
    expect(restrictedSecond.answer.structured.readSecondsAgo).toBeUndefined();
    expect(restrictedSecond.answer.structured.total).toBe(restrictedIds.length);
    const shown = (answer: typeof fullFirst.answer) => answer.structured.items.map((row: { id: string }) => row.id);
    expect(shown(restrictedSecond.answer)).toEqual(restrictedIds.slice(PAGE_SIZE, 2 * PAGE_SIZE));

    // The first member's second page, another request to another MCP server: the reading of the first.
    const fullSecond = await requestsOf(() => full.call('list_complaints', { ...UNRESOLVED, page: 2 }));
    expect(fullSecond.requests).toBe(0);
    expect(fullSecond.answer.structured.readSecondsAgo).toEqual(expect.any(Number));
    expect(fullSecond.answer.structured.total).toBe(fullIds.length);
    expect(shown(fullSecond.answer)).toEqual(fullIds.slice(PAGE_SIZE, 2 * PAGE_SIZE));

    const restrictedThird = await requestsOf(() => restricted.call('list_complaints', { ...UNRESOLVED, page: 3 }));
    expect(restrictedThird.requests).toBe(0);
    expect(shown(restrictedThird.answer)).toEqual(restrictedIds.slice(2 * PAGE_SIZE, 3 * PAGE_SIZE));
  } finally {
    await Promise.all([full.close(), restricted.close()]);
  }
});
