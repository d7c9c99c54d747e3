// As a client that reads only structuredContent (VS Code's agent, Claude Code, ChatGPT): the stdio
// server's McpServer in process (helpers/in-process.ts), against the sandbox on loopback. The text of every result is
// taken away in the transport, before the client sees the message, so nothing here can lean on it.
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDaysBetween } from '../../src/calendar/business-days.js';
import { calendarDateOf, wallTimeOf } from '../../src/calendar/date-time.js';
import type { DetailAnswer } from '../../src/contract/detail-answer.js';
import type { ListAnswer } from '../../src/contract/list-answer.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { ORGANIZATION_A } from '../../src/sandbox/organizations.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import type { Connection } from '../helpers/connection.js';
import { connectInProcess } from '../helpers/in-process.js';
import { onOneDay } from '../helpers/one-day.js';

const LIMA = 'America/Lima';
let sandbox: SandboxHandle;
let mcp: Connection;
let textsSeen = 0;

beforeAll(async () => {
  sandbox = await startSandbox();
  mcp = await connectInProcess({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key });
  const transport = mcp.client.transport!;
  const deliver = transport.onmessage!;
  transport.onmessage = (message: JSONRPCMessage, extra) => {
    const result = 'result' in message ? (message.result as { content?: unknown; structuredContent?: unknown }) : undefined;
    if (result?.structuredContent !== undefined && result.content !== undefined) {
      textsSeen++;
      delete result.content;
    }
    deliver(message, extra);
  };
});

afterAll(async () => {
  await mcp?.close();
  await sandbox?.close();
});

/** A tool's structured answer: the only channel this client reads. */
async function answerOf<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const result = await mcp.client.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result)).toBeFalsy();
  expect(result.content).toEqual([]);
  return result.structuredContent as T;
}

const recordsA = () => sandbox.dataset.records.filter((record) => record.organizationId === ORGANIZATION_A.id);
const byId = (id: string) => sandbox.dataset.records.find((record) => record.id === id)!;
/** "2026-11-03 10:14" in Lima, as the answers write a time. */
const limaTime = (value: string) => {
  const wall = wallTimeOf(value, LIMA)!;
  return `${wall.date} ${wall.time}`;
};

describe('a client that reads only structuredContent', () => {
  it('pages through open claims to the last page, following nextPage alone', async () => {
    const expected = recordsA()
      .filter((record) => record.status === 'open' && record.type === 'claim')
      .sort((a, b) => Date.parse(b.detail.createdAt!) - Date.parse(a.detail.createdAt!))
      .map((record) => record.id);
    expect(expected.length).toBeGreaterThan(14);
    const seen: string[] = [];
    let page: number | undefined = 1;
    let pagesRead = 0;
    while (page !== undefined && pagesRead < 100) {
      const answer: ListAnswer = await answerOf<ListAnswer>('list_complaints', { status: 'open', type: 'claim', pageSize: 7, page });
      pagesRead++;
      expect(answer).toMatchObject({ total: expected.length, page, pages: Math.ceil(expected.length / 7) });
      for (const row of answer.items ?? []) {
        // What the call asked is not repeated; what it did not ask is there.
        expect(row.status).toBeUndefined();
        expect(row.type).toBeUndefined();
        expect(row).toMatchObject({
          correlative: expect.any(String),
          store: expect.any(String),
          consumer: expect.any(String),
          filed: expect.any(String),
          due: expect.any(String),
          daysLeft: expect.any(Number),
          id: expect.any(String),
        });
        seen.push(row.id!);
      }
      // The way on is said in words too, for a model.
      if (answer.nextPage !== undefined)
        expect(answer.hint).toBe(`${expected.length - seen.length} more: call list_complaints with page=${answer.nextPage} and the same filters.`);
      else expect(answer.hint).toBeUndefined();
      page = answer.nextPage;
    }
    expect(pagesRead).toBe(Math.ceil(expected.length / 7));
    expect(seen).toEqual(expected);
  });

  it('opens an open claim by the id it found, and reads its deadline and history', async () => {
    // daysLeft counts from the server's own clock, and the list and the detail are two calls: compared
    // on one day (see helpers/one-day.ts).
    await onOneDay(LIMA, async (_now, today) => {
      const list = await answerOf<ListAnswer>('list_complaints', { status: 'open', type: 'claim', pageSize: 5 });
      const row = list.items!.at(-1)!;
      const record = byId(row.id!);
      const detail = await answerOf<DetailAnswer>('get_complaint', { id: row.id });
      const due = calendarDateOf(record.detail.deadline.date, LIMA)!;
      expect(detail.deadline).toEqual({ date: due, days: record.detail.deadline.days, daysLeft: businessDaysBetween(today, due) });
      // The list's row and the record agree.
      expect(row).toMatchObject({ correlative: detail.correlative, due, daysLeft: detail.deadline!.daysLeft });
      expect(detail.response).toBeUndefined();
      expect(detail.history).toHaveLength(record.detail.history.length);
      record.detail.history.forEach((event, index) => expect(detail.history![index]![0]).toBe(limaTime(event.createdAt!)));
      expect(detail.history![0]!.slice(1)).toEqual(['created', '', 'open', 'consumer']);
    });
  });

  it('opens an answered claim and reads its official response, and when it came', async () => {
    const list = await answerOf<ListAnswer>('list_complaints', { status: 'resolved', type: 'claim', pageSize: 3 });
    for (const row of list.items!) {
      const record = byId(row.id!);
      const { response, deadline } = record.detail;
      const detail = await answerOf<DetailAnswer>('get_complaint', { id: row.id });
      expect(detail.response).toEqual({
        officialResponse: response.officialResponse,
        respondedAt: limaTime(response.respondedAt!),
        respondedBy: response.respondedBy,
      });
      const answeredOn = calendarDateOf(response.respondedAt, LIMA)!;
      const due = calendarDateOf(deadline.date, LIMA)!;
      const late = Math.max(0, -businessDaysBetween(answeredOn, due));
      expect(detail.deadline).toEqual({ date: due, days: deadline.days, daysLate: late });
      // The row says when it was answered, and the deadline only when the answer came late.
      expect(row.answered).toBe(answeredOn);
      expect(row.daysLeft).toBeUndefined();
      expect(row.due).toBe(late > 0 ? due : undefined);
      expect(detail.history!.some(([, eventType, from, to]) => eventType === 'status_changed' && from === 'in_review' && to === 'resolved')).toBe(true);
    }
  });

  it('never got a text block: every one was taken away before the client read it', () => {
    expect(textsSeen).toBeGreaterThan(5);
  });
});
