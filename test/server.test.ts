// createServer in process, over the SDK's in-memory transport: what only a fake API can provoke.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComplaintsApi } from '../src/api/client.js';
import { RecentReadings } from '../src/api/recent-readings.js';
import { RequestGate } from '../src/api/request-gate.js';
import type { ListPage } from '../src/contract/operations.js';
import { log } from '../src/log.js';
import { createServer, type ServerDeps } from '../src/server.js';
import { NO_REGISTER } from './helpers/no-register.js';

const clock = { now: () => new Date('2026-11-22T15:00:00Z'), timeZone: 'America/Lima' };
const EMPTY: ListPage = { items: [], sentMore: 0, pagination: { page: 1, pageSize: 20, total: 0, totalPages: 0 } };

/** A server's dependencies around `api`, the rest as the stdio server sets them. */
function depsFor(api: ComplaintsApi): ServerDeps {
  return {
    api: async () => api,
    problems: [],
    clock,
    redactPii: false,
    language: 'es',
    answerGuide: undefined,
    holdsMemberKey: () => false,
    timeoutMs: 15_000,
    register: NO_REGISTER,
    bookReads: [new RequestGate(2), new RequestGate(4)],
    listReadings: new RecentReadings().of('member'),
    version: '0.0.0-test',
  };
}

async function connectTo(api: Partial<ComplaintsApi>) {
  const server = createServer(depsFor(api as ComplaintsApi));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'in-memory-test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('an unexpected exception in a handler', () => {
  it('becomes an isError result with a short trusted text, goes to stderr in full, and the server answers the next call', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    let calls = 0;
    const client = await connectTo({
      async listComplaints() {
        calls += 1;
        if (calls === 1) throw new TypeError("Cannot read properties of undefined (reading 'secret internals')");
        return EMPTY;
      },
    });
    try {
      const failed = (await client.callTool({ name: 'list_complaints', arguments: {} })) as CallToolResult;
      expect(failed.isError).toBe(true);
      expect(failed.content).toEqual([
        { type: 'text', text: "list_complaints failed with an internal error of complaints-book-mcp. The details are in the server's log." },
      ]);
      expect(stderr.mock.calls.map(([chunk]) => String(chunk)).join('')).toMatch(/list_complaints failed unexpectedly: TypeError: Cannot read properties/);

      const next = (await client.callTool({ name: 'list_complaints', arguments: {} })) as CallToolResult;
      expect(next.isError).toBeFalsy();
      expect(next.content).toEqual([{ type: 'text', text: 'No records match.' }]);
    } finally {
      await client.close();
    }
  });
});

describe('a part of the server gone from disk (updated or rebuilt while it ran)', () => {
  it('is said as what it is, with what to do, not as a bug of ours', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const gone = Object.assign(new Error("Cannot find module '/opt/cbm/dist/get-complaint-run-Cc2hIUeG.js' imported from /opt/cbm/dist/index.js"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const client = await connectTo({
      async listComplaints() {
        throw gone;
      },
    });
    try {
      const failed = (await client.callTool({ name: 'list_complaints', arguments: {} })) as CallToolResult;
      expect(failed.isError).toBe(true);
      const text = (failed.content as Array<{ text: string }>)[0]!.text;
      expect(text).toMatch(/updated or rebuilt since it started/);
      expect(text).toMatch(/Restart the server/);
      expect(text).not.toMatch(/internal error/);
      expect(stderr.mock.calls.map(([chunk]) => String(chunk)).join('')).toMatch(/get-complaint-run-Cc2hIUeG\.js/);
    } finally {
      await client.close();
    }
  });
});

describe('an answer that cannot be sent', () => {
  it('is replaced by an error answer to the same request, and logged, so the client is not left waiting', async () => {
    const server = createServer(depsFor({ listComplaints: async () => EMPTY } as unknown as ComplaintsApi));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    // What JSON.stringify does to an answer too large for a string: the first answer to a call fails.
    const send = serverSide.send.bind(serverSide);
    let failed = false;
    serverSide.send = async (message, options) => {
      if (!failed && 'result' in message && 'content' in message.result) {
        failed = true;
        throw new RangeError('Invalid string length');
      }
      return send(message, options);
    };
    const errors: string[] = [];
    vi.spyOn(log, 'error').mockImplementation((message: string) => void errors.push(message));
    await server.connect(serverSide);
    const client = new Client({ name: 'in-memory-test', version: '1.0.0' });
    await client.connect(clientSide);
    await expect(client.callTool({ name: 'list_complaints', arguments: {} })).rejects.toMatchObject({
      code: -32603,
      message: expect.stringContaining('could not send this answer'),
    });
    expect(errors).toEqual([expect.stringMatching(/^could not send the answer to request \d+: Invalid string length$/)]);
    // The next call is answered as usual.
    expect(((await client.callTool({ name: 'list_complaints', arguments: {} })) as CallToolResult).isError).toBeFalsy();
  });
});
