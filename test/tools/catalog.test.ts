// Every tool, prompt and the resource template as a client finds them: the stdio server's McpServer in
// process (helpers/in-process.ts), against the sandbox over real HTTP on loopback. No build needed: the
// tool snapshots here fail on drift and are refreshed with `npx vitest run --project unit -u`.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, businessDaysBetween } from '../../src/calendar/business-days.js';
import { periodRange } from '../../src/calendar/periods.js';
import { localDate } from '../../src/calendar/time-zone.js';
import { urgencyOf } from '../../src/domain/deadline.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { STORE_IDS } from '../../src/sandbox/organizations.js';
import { TOOLS } from '../../src/tools/catalog.js';
import { demoInProcessForFile } from '../helpers/in-process.js';
import { onOneDay } from '../helpers/one-day.js';

/** What the model loads of one tool (name, description, input schema), on average over the catalog. */
const TOKENS_PER_TOOL = 500;

const demo = demoInProcessForFile();

const ORG_A = () =>
  demo.sandbox.dataset.records.filter(
    (record) => record.organizationId === demo.sandbox.dataset.records.find((r) => r.detail.store.id === STORE_IDS.miraflores)!.organizationId,
  );

describe('tools/list', () => {
  it('offers every tool read-only (export_complaints writes new files, never over one), with input and output schemas, and a description that routes the model', async () => {
    const { tools } = await demo.mcp.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS.map((tool) => tool.name).sort());
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.description!.length).toBeGreaterThan(100);
      const writes = tool.name === 'export_complaints';
      expect(tool.annotations).toMatchObject({ readOnlyHint: !writes, destructiveHint: false, idempotentHint: !writes, openWorldHint: true });
      expect(tool.outputSchema?.type).toBe('object');
      // Says when to use it rather than the others, with example calls.
      for (const other of tools.filter((candidate) => candidate !== tool)) expect(tool.description).toContain(other.name);
      expect(tool.description).toMatch(/Examples?: \{/);
    }
    const list = tools.find((tool) => tool.name === 'list_complaints')!;
    expect(Object.keys(list.inputSchema.properties ?? {}).sort()).toEqual([
      'dueBy',
      'emailProblem',
      'from',
      'overdue',
      'page',
      'pageSize',
      'period',
      'search',
      'status',
      'storeId',
      'to',
      'type',
    ]);
  });

  // Every conversation pays for the definitions before the first question: name, description and
  // input schema as a model API takes them (compact JSON; the output schema is not shown to the model).
  // A budget of 500 tokens a tool on average: the three first tools take some 1,420.
  it(`keeps what the model loads of the tools within ${TOKENS_PER_TOOL} tokens a tool (o200k), uuids as format only`, async () => {
    const { tools } = await demo.mcp.client.listTools();
    const tokens = tools.map(({ name, description, inputSchema }) => countTokens(JSON.stringify({ name, description, inputSchema })));
    expect(tokens.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(TOKENS_PER_TOOL * tools.length);
    // zod's uuid pattern (some 40 tokens each time) is left out; the server still checks the shape.
    const uuidFields = tools
      .flatMap((tool) => Object.values(tool.inputSchema.properties ?? {}) as Array<Record<string, unknown>>)
      .filter((p) => p.format === 'uuid');
    // At least the three of the first tools (the stores' filters, get_complaint's id).
    expect(uuidFields.length).toBeGreaterThanOrEqual(3);
    for (const field of uuidFields) expect(field.pattern).toBeUndefined();
  });

  // One file per tool, so that a change to one tool's schema or description is a diff of its own file.
  it.each(TOOLS.map((tool) => tool.name))('keeps %s as listed, in a snapshot file of its own', async (name) => {
    const { tools } = await demo.mcp.client.listTools();
    const listed = tools.find((tool) => tool.name === name);
    expect(listed).toBeDefined();
    await expect(listed).toMatchFileSnapshot(`./__snapshots__/${name}.snap`);
  });

  it('keeps the prompt and resource lists in a snapshot: their descriptions route the model as much', async () => {
    expect((await demo.mcp.client.listPrompts()).prompts).toMatchSnapshot();
    expect((await demo.mcp.client.listResourceTemplates()).resourceTemplates).toMatchSnapshot();
  });
});

describe('list_complaints', () => {
  it('lists the first page with defaults, a header, one line per record and a hint to page 2', async () => {
    const { text, isError, structured } = await demo.mcp.call('list_complaints');
    expect(isError).toBe(false);
    expect(demo.sandbox.requests).toEqual([{ method: 'GET', path: '/api/v1/complaints', query: { page: '1', pageSize: '20' } }]);
    const total = ORG_A().length;
    const lines = text.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^${total} records match\\. Page 1 of ${Math.ceil(total / 20)}, 20 shown`));
    expect(lines[1]).toBe('correlative\ttype\tstatus\tstore\tconsumer\tfiled\tresponse deadline\tid\tflags');
    expect(lines).toHaveLength(23);
    expect(lines[22]).toBe(`${total - 20} more: call list_complaints with page=2 and the same filters.`);
    expect(structured.items).toHaveLength(20);
    expect(structured).toMatchObject({ total, page: 1, pages: Math.ceil(total / 20), timeZone: 'America/Lima', nextPage: 2, hint: lines[22] });
    // Each row holds the id that get_complaint takes, and that id is the structured item's.
    structured.items.forEach((item: { id: string; correlative: string }, index: number) => {
      const cells = lines[index + 2]!.split('\t');
      expect(cells[0]).toBe(item.correlative);
      expect(cells[7]).toBe(item.id);
    });
  });

  it('has no pagination hint on the last page', async () => {
    const first = await demo.mcp.call('list_complaints', { pageSize: 100 });
    const last = first.structured.pages;
    const { text, structured } = await demo.mcp.call('list_complaints', { pageSize: 100, page: last });
    expect(structured.nextPage).toBeUndefined();
    expect(structured.hint).toBeUndefined();
    expect(text).not.toMatch(/more: call list_complaints/);
    expect(text.split('\n')).toHaveLength(2 + structured.items.length);
  });

  it('sends every filter under the API names and shows only matching records', async () => {
    const args = { status: 'open', type: 'claim', storeId: STORE_IDS.miraflores, search: 'a', from: '2026-01-01', to: '2099-12-31', page: 1, pageSize: 50 };
    const { isError, structured, text } = await demo.mcp.call('list_complaints', args);
    expect(isError).toBe(false);
    expect(demo.sandbox.requests[0]?.query).toEqual({
      page: '1',
      pageSize: '50',
      status: 'open',
      type: 'claim',
      storeId: STORE_IDS.miraflores,
      search: 'a',
      from: '2026-01-01',
      to: '2099-12-31',
    });
    expect(structured.items.length).toBeGreaterThan(0);
    // Every record is what was asked: the row leaves out the status and type the filters already say.
    const asked = new Set(
      ORG_A()
        .filter((record) => record.detail.store.id === STORE_IDS.miraflores && record.status === 'open' && record.detail.type === 'claim')
        .map((record) => record.id),
    );
    for (const item of structured.items) {
      expect(asked.has(item.id)).toBe(true);
      expect(item).toMatchObject({ store: 'Tienda Miraflores' });
      expect(item.status).toBeUndefined();
      expect(item.type).toBeUndefined();
    }
    expect(text.split('\n')[1]).toMatch(/^correlative\tstore\tconsumer\tfiled\tresponse deadline\tid(\tflags)?$/);
    expect(text.split('\n')[0]).toMatch(/\(status open, type claim, store .*, search "a", filed 2026-01-01\.\.2099-12-31\)/);
  });

  it('accepts page numbers sent as strings, as some clients do', async () => {
    const { isError, structured } = await demo.mcp.call('list_complaints', { page: '2', pageSize: '5' });
    expect(isError).toBe(false);
    expect(demo.sandbox.requests[0]?.query).toEqual({ page: '2', pageSize: '5' });
    expect(structured).toMatchObject({ page: 2, nextPage: 3 });
    expect(structured.items).toHaveLength(5);
  });

  it('passes an ISO date-time bound through as given, and says which days it covers', async () => {
    const { text } = await demo.mcp.call('list_complaints', { from: '2026-11-16T10:00:00-05:00', to: '2026-11-16T12:00:00-05:00' });
    expect(demo.sandbox.requests[0]?.query).toMatchObject({ from: '2026-11-16T10:00:00-05:00', to: '2026-11-16T12:00:00-05:00' });
    expect(text.split('\n')[0]).toMatch(/\(filed 2026-11-16\.\.2026-11-16\)/);
  });

  it('turns a period into from/to days in the time zone', async () => {
    // The server computes the week from its own clock: compared on one day (see helpers/one-day.ts).
    await onOneDay('America/Lima', async (now) => {
      demo.sandbox.requests.length = 0;
      const { structured, text, isError } = await demo.mcp.call('list_complaints', { period: 'this_week', status: 'open' });
      expect(isError).toBe(false);
      const expected = periodRange('this_week', now, 'America/Lima');
      expect(demo.sandbox.requests[0]?.query).toMatchObject({ from: expected.from, to: expected.to, status: 'open' });
      // The days the period stands for are news to the caller; the filters it gave are not repeated.
      expect(structured).toMatchObject({ filedFrom: expected.from, filedTo: expected.to });
      expect(structured.filters).toBeUndefined();
      expect(text).toContain(`filed this_week, ${expected.from}..${expected.to} in America/Lima`);
      // The sandbox has records on each day of its own week, the week this one is unless the suite
      // started on a Sunday evening in Lima and reached this test after midnight.
      if (localDate(new Date(demo.sandbox.dataset.now), 'America/Lima') >= expected.from) expect(structured.total).toBeGreaterThan(0);
    });
  });

  it('sends search text encoded, as one parameter, whatever characters it holds', async () => {
    const search = 'Ñuñez&status=resolved#?/ 100%';
    await demo.mcp.call('list_complaints', { search });
    expect(demo.sandbox.requests).toEqual([{ method: 'GET', path: '/api/v1/complaints', query: { page: '1', pageSize: '20', search } }]);
  });

  it('finds a record by its correlative', async () => {
    const record = ORG_A()[5]!;
    const { structured } = await demo.mcp.call('list_complaints', { search: record.detail.correlative! });
    expect(structured.items.map((item: { id: string }) => item.id)).toContain(record.id);
  });

  it.each([
    [{ period: 'this_week', from: '2026-11-01' }, /either period or from\/to/],
    [{ from: '2026-11-20', to: '2026-11-01' }, /from \(2026-11-20\) is after to \(2026-11-01\)/],
    [{ pageSize: 0 }, /expected a whole number from 1 to 100 at pageSize/],
    [{ pageSize: 101 }, /expected a whole number from 1 to 100 at pageSize/],
    [{ pageSize: 'many' }, /expected a whole number from 1 to 100 at pageSize/],
    [{ page: 0 }, /expected a whole number from 1 to 1000000 at page/],
    [{ page: 1.5 }, /expected a whole number from 1 to 1000000 at page/],
    [{ page: 1_000_001 }, /expected a whole number from 1 to 1000000 at page/],
    [{ status: 'closed' }, /expected one of open, in_review, resolved, unresolved at status/],
    [{ type: 'reclamo' }, /expected one of claim, complaint at type/],
    [{ storeId: 'miraflores' }, /expected the uuid of a store, as complaints_overview lists it by store at storeId/],
    [{ from: '2026-02-30' }, /expected a date YYYY-MM-DD or an ISO date-time .* at from/],
    [{ to: 'yesterday' }, /expected a date YYYY-MM-DD or an ISO date-time .* at to/],
    [{ period: 'this_year' }, /expected one of today, yesterday, this_week, .* at period/],
    [{ search: '   ' }, /expected at least one character at search/],
    // A key pasted as search text would travel in every query string and come back in the header.
    [{ search: 'or_demo_full_4c7fa9cc8b133cdbbf9ecbd4e97', overdue: true }, /not an API key: the key goes in COMPLAINTS_API_KEY only at search/],
    [{ search: 'x OR_DEMO_FULL_4C7FA9CC8B133CDBBF9ECBD4E97' }, /not an API key/],
    [{ search: 'x'.repeat(201) }, /expected at most 200 characters at search/],
    // Unambiguous numbers only: a boolean is not a page number.
    [{ page: true }, /expected a whole number from 1 to 1000000 at page/],
    [{ pageSize: '2.5' }, /expected a whole number from 1 to 100 at pageSize/],
    // An unknown argument would otherwise be dropped and silently widen the query.
    [{ state: 'open' }, /unknown argument "state": list_complaints accepts page, pageSize, status, type, storeId, search, period, from, to/],
    // The caller's argument names are untrusted text too: cleaned and cut, at most five named.
    [{ 'st\u202eatus\u001b[31m\u200b': 'open' }, /^[^\u001b\u202e\u200b]*unknown argument "status": list_complaints accepts/],
    [{ ['x'.repeat(100_000)]: 1 }, /unknown argument "x{40}… \[truncated, 99960 more characters\]": list_complaints accepts/],
    [Object.fromEntries(Array.from({ length: 7 }, (_, index) => [`a${index}`, 1])), /unknown argument "a0", "a1", "a2", "a3", "a4" \(and 2 more\): /],
  ])('refuses %j with a clear error and sends nothing', async (args, message) => {
    const { isError, text } = await demo.mcp.call('list_complaints', args);
    expect(isError).toBe(true);
    expect(text).toMatch(message);
    expect(demo.sandbox.requests).toEqual([]);
  });

  it('never repeats an unknown argument named with the key, or its body without "or_"', async () => {
    const body = DEMO_KEYS.full.key.slice(3);
    for (const name of [DEMO_KEYS.full.key, body, `x ${DEMO_KEYS.full.key}`]) {
      const { isError, text } = await demo.mcp.call('list_complaints', { [name]: 'open' });
      expect(isError).toBe(true);
      expect(text).toMatch(/unknown argument .*: list_complaints accepts/);
      expect(text.toLowerCase(), name).not.toContain(body.slice(-12));
    }
    expect(demo.sandbox.requests).toEqual([]);
  });
});

describe('get_complaint', () => {
  it('shows a record in full with its history', async () => {
    const record = ORG_A().find((r) => r.detail.history.length >= 3 && r.detail.attachments.length > 0)!;
    const { text, isError, structured } = await demo.mcp.call('get_complaint', { id: record.id });
    expect(isError).toBe(false);
    expect(demo.sandbox.requests).toEqual([{ method: 'GET', path: `/api/v1/complaints/${record.id}`, query: {} }]);
    expect(text).toContain(record.detail.correlative!);
    expect(text).toMatch(/^(Claim|Complaint) /);
    expect(text).toMatch(/\nFiled (\d{4}-)?\d{2}-\d{2} \d{2}:\d{2} · /);
    expect(text).toMatch(/\nConsumer: /);
    expect(text).toMatch(/\nE-mail: receipt /);
    expect(text).toMatch(/\nAttachments: "/);
    const history = text.split('\nHistory:\n')[1]!.split('\n');
    expect(history).toHaveLength(record.detail.history.length);
    expect(history[0]).toMatch(/^(\d{4}-)?\d{2}-\d{2} \d{2}:\d{2} created → open \(consumer\)/);
    // Asked by id: the answer does not repeat it.
    expect(structured.id).toBeUndefined();
    expect(structured.correlative).toBe(record.detail.correlative);
    expect(structured.store).toEqual({ id: record.detail.store.id, name: record.detail.store.name });
    // The same events as the text's timeline, as rows of their fields (the codes as sent), the year written.
    expect(structured.history.map((event: string[]) => event.slice(1))).toEqual(
      record.detail.history.map((event) => [
        event.eventType,
        event.fromStatus ?? '',
        event.toStatus ?? '',
        event.performedByRole,
        ...(event.publicNote ? [event.publicNote] : []),
      ]),
    );
    structured.history.forEach((event: string[], index: number) => {
      expect(event[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(event[0]!.endsWith(history[index]!.split(' ').slice(0, 2).join(' '))).toBe(true);
    });
    expect(structured.timeZone).toBe('America/Lima');
  });

  it('states business days left, DUE SOON and OVERDUE, in the detail and in the list', async () => {
    // Two unanswered records filed so that the law's deadline falls 2 business days ahead and 3 behind
    // today (Lima), with the service's deadline on the same days; the server counts from its own clock:
    // compared on one day (see helpers/one-day.ts).
    await onOneDay('America/Lima', async (_now, today) => {
      const [soon, late] = ORG_A().filter((r) => r.detail.response.officialResponse === null);
      const saved = [soon!, late!].map((record) => [record.detail.createdAt, record.detail.deadline.date] as const);
      const dueOn = (record: typeof soon, day: string) => {
        record!.detail.createdAt = `${addBusinessDays(day, -15)}T15:00:00.000Z`;
        record!.detail.deadline.date = day;
      };
      dueOn(soon, addBusinessDays(today, 2));
      dueOn(late, addBusinessDays(today, -3));
      try {
        for (const [record, cell, urgency, left] of [
          [soon!, /^due (\d{4}-)?\d{2}-\d{2}, 2 business days left, DUE SOON$/, 'due_soon', 2],
          [late!, /^due (\d{4}-)?\d{2}-\d{2}, 3 business days OVERDUE$/, 'overdue', -3],
        ] as const) {
          const detail = await demo.mcp.call('get_complaint', { id: record.id });
          expect(detail.text.split('\n')[1]).toMatch(new RegExp(`^Filed .* · response ${cell.source.slice(1, -1)} · no official response yet\\.`));
          expect(detail.structured.deadline).toMatchObject({ date: record.detail.deadline.date, daysLeft: left });
          expect(urgencyOf(detail.structured.deadline.daysLeft)).toBe(urgency);
          const list = await demo.mcp.call('list_complaints', { search: record.detail.correlative! });
          const row = list.text.split('\n').find((line) => line.startsWith(`${record.detail.correlative}\t`))!;
          expect(row.split('\t')[6]).toMatch(cell);
          const item = list.structured.items.find((candidate: { id: string }) => candidate.id === record.id);
          expect(item).toMatchObject({ due: record.detail.deadline.date, daysLeft: left });
        }
      } finally {
        [soon!, late!].forEach((record, index) => {
          [record.detail.createdAt, record.detail.deadline.date] = saved[index]!;
        });
      }
    });
  });

  it('reads a record by its correlative or tracking code, matched exactly whatever the case', async () => {
    const record = ORG_A()[7]!;
    const byId = await demo.mcp.call('get_complaint', { id: record.id });
    for (const reference of [record.detail.correlative!, record.detail.trackingCode!.toLowerCase()]) {
      demo.sandbox.requests.length = 0;
      const { text, isError, structured } = await demo.mcp.call('get_complaint', { reference });
      expect(isError, text).toBe(false);
      expect(text).toBe(byId.text);
      // Asked by reference, the id is news.
      expect(structured.id).toBe(record.id);
      expect({ ...structured, id: undefined }).toEqual(byId.structured);
      // One search, then the record by its id.
      expect(demo.sandbox.requests.map((request) => request.path)).toEqual(['/api/v1/complaints', `/api/v1/complaints/${record.id}`]);
      expect(demo.sandbox.requests[0]?.query).toMatchObject({ search: reference, pageSize: '100' });
    }
  });

  it('gives a reference that matches no record, or one of another organization, the not-found text of a 404', async () => {
    const missing = await demo.mcp.call('get_complaint', { id: '00000000-0000-4000-8000-000000000000' });
    const foreign = demo.sandbox.dataset.records.find((record) => !ORG_A().includes(record))!;
    // A year the book does not reach; another organization's record; a part of a tracking code (matched in part only).
    for (const reference of ['000000001-1999', foreign.detail.trackingCode!, ORG_A()[0]!.detail.trackingCode!.slice(0, -1)]) {
      const { text, isError } = await demo.mcp.call('get_complaint', { reference });
      expect(isError).toBe(true);
      expect(text).toBe(missing.text);
    }
  });

  it.each([
    [{}, /exactly one of id \(a uuid\) or reference/],
    [{ id: '0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a11', reference: '000000481-2026' }, /exactly one of id \(a uuid\) or reference/],
    [{ reference: '481 2026; DROP' }, /expected a correlative such as 000000481-2026 or a tracking code such as RCL-7KQ2-M9XD at reference/],
    // The member's own key, pasted as a reference: refused, and never repeated or sent on as a search.
    [{ reference: DEMO_KEYS.full.key }, /expected a correlative such as 000000481-2026 or a tracking code such as RCL-7KQ2-M9XD at reference/],
    [{ reference: `x${DEMO_KEYS.full.key.toUpperCase()}` }, /expected a correlative/],
    // Its random part without the "or_": no correlative or tracking code looks like it either.
    [{ reference: DEMO_KEYS.full.key.slice(3).replace(/_/g, '') }, /expected a correlative/],
  ])('refuses %j before sending anything', async (args, expected) => {
    const { text, isError } = await demo.mcp.call('get_complaint', args);
    expect(isError).toBe(true);
    expect(text).toMatch(expected);
    expect(demo.sandbox.requests).toEqual([]);
  });

  it('gives one not-found text for a missing record and a record of another organization', async () => {
    const foreign = demo.sandbox.dataset.records.find((record) => !ORG_A().includes(record))!;
    const missing = await demo.mcp.call('get_complaint', { id: '00000000-0000-4000-8000-000000000000' });
    const other = await demo.mcp.call('get_complaint', { id: foreign.id });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/not found or not accessible/);
    expect(other.text).toBe(missing.text);
  });

  it('refuses an unknown argument, naming the accepted one', async () => {
    const { isError, text } = await demo.mcp.call('get_complaint', { uuid: '0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a11' });
    expect(isError).toBe(true);
    expect(text).toMatch(/unknown argument "uuid": get_complaint accepts id/);
    expect(demo.sandbox.requests).toEqual([]);
  });

  it('refuses an id that is not a uuid before sending anything', async () => {
    const { isError, text } = await demo.mcp.call('get_complaint', { id: '../complaints?x=1' });
    expect(isError).toBe(true);
    expect(text).toMatch(/expected a record's uuid, as in the id column of list_complaints; give a correlative or tracking code as reference at id/);
    expect(demo.sandbox.requests).toEqual([]);
  });
});

describe('complaints_overview', () => {
  it('counts every record by status, type and store, and by the legal deadline, as the API data says', async () => {
    // Overdue and due soon are counted by the server from its own clock: compared on one day (see
    // helpers/one-day.ts).
    await onOneDay('America/Lima', async (_now, today) => {
      demo.sandbox.requests.length = 0;
      const records = ORG_A();
      const tally = (key: (record: (typeof records)[number]) => string) =>
        records.reduce<Record<string, number>>((counts, record) => {
          counts[key(record)] = (counts[key(record)] ?? 0) + 1;
          return counts;
        }, {});
      const unresolved = records.filter((record) => record.status === 'open' || record.status === 'in_review');
      const unanswered = unresolved.filter((record) => record.detail.response.respondedAt === null && record.detail.response.officialResponse === null);
      // The law's deadline: the 15th business day after the Lima filing day.
      const left = (record: (typeof records)[number]) =>
        businessDaysBetween(today, addBusinessDays(localDate(new Date(record.createdAtMs), 'America/Lima'), 15));
      const issueStates = records
        .flatMap((record) => [record.detail.delivery.receipt.status, record.detail.delivery.response.status])
        .filter((state) => state !== null && state !== 'sent' && state !== 'queued');

      const { text, isError, structured } = await demo.mcp.call('complaints_overview');
      expect(isError, text).toBe(false);
      // Everything was read: no `counted` apart from the total, no hint about a cap.
      expect(structured.total).toBe(records.length);
      expect(structured.counted).toBeUndefined();
      expect(structured.hint).toBeUndefined();
      expect(structured.byStatus).toEqual(tally((record) => record.status));
      expect(structured.byType).toEqual(tally((record) => record.type));
      expect(Object.fromEntries(structured.byStore.map((store: { store: string; count: number }) => [store.store, store.count]))).toEqual(
        tally((record) => record.detail.store.name!),
      );
      // With each store's id, in the text too: the storeId filter takes it.
      for (const store of structured.byStore) expect(text).toContain(`${store.store} ${store.count} (${store.storeId}`);
      const { atRisk } = structured;
      expect(atRisk.unresolved).toBe(unresolved.length);
      expect(atRisk.read).toBeUndefined();
      expect(atRisk.unanswered).toBe(unanswered.length);
      expect(atRisk.overdue).toBe(unanswered.filter((record) => left(record) < 0).length);
      expect(atRisk.dueSoon).toBe(unanswered.filter((record) => left(record) >= 0 && left(record) <= 3).length);
      // The sandbox files three records due 1, 2 and 3 business days from today, still unanswered.
      expect(atRisk.dueSoon).toBeGreaterThanOrEqual(3);
      const urgentDays = [...atRisk.mostUrgent, ...(atRisk.alsoDueSoon ?? [])].map((record: { daysLeft: number }) => record.daysLeft);
      expect(urgentDays.filter((days) => days >= 0)).toEqual(
        unanswered
          .map(left)
          .filter((days) => days >= 0 && days <= 3)
          .sort((a, b) => a - b)
          .slice(0, 10),
      );
      expect(Object.values(structured.emailProblems.byState).reduce((sum: number, count) => sum + (count as number), 0)).toBe(issueStates.length);
      // Every request was a page of 100, and there was one per page: of the filings, and of each unresolved status.
      // Every request was a page of 100, and there was one per page: of the filings, and of each
      // unresolved status after a count of one record (the oldest pages are read first).
      const pageSizes = (status: string | undefined) =>
        demo.sandbox.requests.filter((request) => request.query.status === status).map((request) => request.query.pageSize);
      const pages = (count: number) => Array(Math.ceil(count / 100)).fill('100');
      expect(pageSizes(undefined)).toEqual(pages(records.length));
      for (const status of ['open', 'in_review']) {
        expect(pageSizes(status), status).toEqual(['1', ...pages(records.filter((record) => record.status === status).length)]);
      }
      expect(demo.sandbox.requests).toHaveLength(
        Math.ceil(records.length / 100) +
          2 +
          Math.ceil(records.filter((record) => record.status === 'open').length / 100) +
          Math.ceil(records.filter((record) => record.status === 'in_review').length / 100),
      );
      expect(text.split('\n')[0]).toBe(
        `At risk now, whole book (every unresolved record: ${unresolved.length} open or in review): ${atRisk.unanswered} unanswered; ${atRisk.overdue} OVERDUE; ${atRisk.dueSoon} due soon (3 business days or fewer); ${atRisk.answeredNotDelivered} answered but still open with a response e-mail that failed or bounced.`,
      );
      expect(text).toContain(
        `Filed at any time (whole book): ${records.length} records; all ${records.length} counted. Dates in America/Lima; MM-DD is ${today.slice(0, 4)}.`,
      );
    });
  });

  it('sends notifications/progress while paging when the client gives a progress token', async () => {
    const updates: Array<{ progress: number; total?: number }> = [];
    const result = await demo.mcp.client.callTool({ name: 'complaints_overview', arguments: {} }, undefined, { onprogress: (update) => updates.push(update) });
    expect(result.isError).toBeFalsy();
    const records = ORG_A();
    const pagesOf = (count: number) => Math.max(1, Math.ceil(count / 100));
    const pages =
      pagesOf(records.length) +
      pagesOf(records.filter((record) => record.status === 'open').length) +
      pagesOf(records.filter((record) => record.status === 'in_review').length);
    // The SDK's client handles a progress notification a tick after reading it, and forgets the call's
    // handler as soon as it reads the result: the last update, read together with the result on a busy
    // machine, can be dropped by the client. Every other one arrives, in order: progress rises, and
    // the total, once each reading knows its pages, is every page read.
    const progress = updates.map(({ progress }) => progress);
    expect(progress.length).toBeGreaterThanOrEqual(pages - 2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress).size).toBe(progress.length);
    expect(updates.at(-1)!.total).toBe(pages);
    for (const { progress, total } of updates) expect(progress).toBeLessThanOrEqual(total!);
  });

  it('filters as list_complaints does, and refuses what it refuses before sending anything', async () => {
    const { structured } = await demo.mcp.call('complaints_overview', { type: 'complaint', storeId: STORE_IDS.miraflores });
    const expected = ORG_A().filter((record) => record.type === 'complaint' && record.storeId === STORE_IDS.miraflores).length;
    expect(structured.total).toBe(expected);
    // The filings, and the unresolved records of the book, narrowed alike.
    const filings = demo.sandbox.requests.filter((request) => request.query.status === undefined);
    expect(filings[0]?.query).toMatchObject({ type: 'complaint', storeId: STORE_IDS.miraflores, page: '1', pageSize: '100' });
    for (const request of demo.sandbox.requests) expect(request.query).toMatchObject({ type: 'complaint', storeId: STORE_IDS.miraflores });
    demo.sandbox.requests.length = 0;
    const refused = await demo.mcp.call('complaints_overview', { period: 'this_week', from: '2026-11-01' });
    expect(refused.text).toMatch(/either period or from\/to/);
    const unknown = await demo.mcp.call('complaints_overview', { status: 'open' });
    expect(unknown.text).toMatch(/unknown argument "status": complaints_overview accepts period, from, to, storeId, type/);
    expect(demo.sandbox.requests).toEqual([]);
  });
});

describe('the complaint://{id} resource', () => {
  it('is listed as a template, and reads a record by id, correlative or tracking code as get_complaint shows it', async () => {
    const { resourceTemplates } = await demo.mcp.client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(['complaint://{id}']);
    const record = ORG_A()[3]!;
    const { text } = await demo.mcp.call('get_complaint', { id: record.id });
    for (const key of [record.id, record.detail.correlative!, record.detail.trackingCode!]) {
      const { contents } = await demo.mcp.client.readResource({ uri: `complaint://${key}` });
      expect(contents).toEqual([{ uri: `complaint://${key}`, mimeType: 'text/plain', text }]);
    }
  });

  it("answers a record that is not there, or not the member's, with the not-found text", async () => {
    const foreign = demo.sandbox.dataset.records.find((record) => !ORG_A().includes(record))!;
    for (const key of ['00000000-0000-4000-8000-000000000000', foreign.detail.correlative!]) {
      // -32002: the MCP spec's code for a resource that does not exist.
      await expect(demo.mcp.client.readResource({ uri: `complaint://${key}` })).rejects.toMatchObject({
        code: -32002,
        message: expect.stringMatching(/Record not found or not accessible with this API key \(404\)/),
      });
    }
    for (const [uri, message] of [
      ['complaint://..%2Fcomplaints', /expected a correlative/],
      ['complaint://%ZZ', /not correctly percent-encoded/],
      [`complaint://${DEMO_KEYS.full.key}`, /expected a correlative/],
      [`complaint://${DEMO_KEYS.full.key.slice(3).replace(/_/g, '')}`, /expected a correlative/],
    ] as const) {
      await expect(demo.mcp.client.readResource({ uri })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(message) });
    }
    expect(demo.mcp.stderr()).not.toMatch(/failed unexpectedly/);
  });
});

describe('prompts', () => {
  it('lists weekly_report, monthly_report, summarize_complaint and draft_response with their arguments', async () => {
    const { prompts } = await demo.mcp.client.listPrompts();
    expect(prompts.map((prompt) => [prompt.name, (prompt.arguments ?? []).map((argument) => `${argument.name}${argument.required ? '!' : ''}`)])).toEqual([
      ['weekly_report', ['period', 'storeId', 'language']],
      ['monthly_report', ['month', 'storeId', 'language']],
      ['summarize_complaint', ['reference!', 'language']],
      ['draft_response', ['reference!', 'decision', 'language']],
    ]);
  });

  const promptText = async (name: string, args: Record<string, string>, client = demo.mcp.client) => {
    const result = await client.getPrompt({ name, arguments: args });
    expect(result.messages.map((message) => message.role)).toEqual(['user']);
    return { description: result.description, text: (result.messages[0]!.content as { text: string }).text };
  };

  it('weekly_report asks, in Spanish by default, for a report from complaints_overview and list_complaints, this_week by default', async () => {
    const { description, text } = await promptText('weekly_report', {});
    expect(description).toBe('Informe semanal, esta semana');
    expect(text).toContain('Escribe un informe breve de nuestro Libro de Reclamaciones de esta semana.');
    expect(text).toContain('Llama a complaints_overview con {"period":"this_week"}');
    // What is at risk is the whole book's: the overdue are listed without the period, which would hide them.
    expect(text).toContain('lo que está en riesgo HOY en todo el libro');
    expect(text).toContain('llama a list_complaints con {"overdue":true,"pageSize":100}');
    // Beside what is at risk, how the period's records were answered.
    for (const field of ['onTimeShare', 'daysToAnswer', 'byReason', 'medianDaysToAnswer', 'emailProblems.list']) expect(text, field).toContain(field);
    expect(text).toContain('las tiendas que responden tarde');
    expect(text.indexOf('primero lo que está en riesgo hoy')).toBeLessThan(text.indexOf('luego lo registrado en el periodo'));
    // The records most at risk are the ones to answer: the prompt that drafts the answer is named there.
    expect(text.indexOf('el prompt draft_response, con el correlativo, redacta la respuesta oficial')).toBeGreaterThan(text.indexOf('qué responder primero'));
    expect(text).toContain('Escribe en español y usa los términos de la ley: reclamo');
    for (const term of ['queja', 'plazo de 15 días hábiles', 'respuesta oficial', 'hoja de reclamación']) expect(text).toContain(term);
    const forStore = await promptText('weekly_report', { period: 'last_week', storeId: STORE_IDS.miraflores });
    expect(forStore.text).toContain(`de la semana pasada para la tienda ${STORE_IDS.miraflores}.`);
    expect(forStore.text).toContain(`complaints_overview con {"period":"last_week","storeId":"${STORE_IDS.miraflores}"}`);
    expect(forStore.text).toContain(`list_complaints con {"overdue":true,"storeId":"${STORE_IDS.miraflores}","pageSize":100}`);
    await expect(demo.mcp.client.getPrompt({ name: 'weekly_report', arguments: { period: 'next_year' } })).rejects.toThrow(/expected one of today, yesterday/);
  });

  it('weekly_report in English keeps the law’s Spanish terms, glossed', async () => {
    const { description, text } = await promptText('weekly_report', { period: 'last_month', language: 'en' });
    expect(description).toBe('Weekly report, last_month');
    expect(text).toContain('Call complaints_overview with {"period":"last_month"}');
    expect(text).toContain('what is at risk TODAY across the whole book');
    expect(text).toContain('call list_complaints with {"overdue":true,"pageSize":100}');
    expect(text).toContain('with the on-time share as a percentage; business days to answer, median and p90; the top reasons; the stores that answer late');
    expect(text).toContain('what to answer first, and that the draft_response prompt, given the correlative, drafts the official response to each');
    expect(text).toContain('Write in English, and keep the law’s Spanish terms, glossed once: reclamo (a claim');
    for (const term of ['queja (', 'plazo de 15 días hábiles (', 'respuesta oficial (', 'hoja de reclamación (']) expect(text).toContain(term);
    for (const language of ['fr', 'ES', ' en', '__proto__']) {
      await expect(demo.mcp.client.getPrompt({ name: 'weekly_report', arguments: { language } }), language).rejects.toThrow(/expected es or en/);
    }
  });

  it('monthly_report asks, in Spanish by default, for the last full month from complaints_overview and list_complaints', async () => {
    // The month of the server's clock, taken on either side of the call (a month may end in between).
    const lastMonth = () => periodRange('last_month', new Date(), 'America/Lima');
    const before = lastMonth();
    const { description, text } = await promptText('monthly_report', {});
    const ranges = [before, lastMonth()].map((range) => JSON.stringify(range));
    expect(description).toMatch(/^Informe mensual, [a-z]+ de \d{4}$/);
    expect(ranges.some((range) => text.includes(`Llama a complaints_overview con ${range}`))).toBe(true);
    expect(text).toContain('llama a list_complaints con {"overdue":true,"pageSize":100}');
    expect(ranges.some((range) => text.includes(`${range.slice(0, -1).replace('{', '{"emailProblem":true,')}}`))).toBe(true);
    expect(text).toContain('No lo mezcles con las cifras del mes');
    expect(text).toContain('qué responder primero (el prompt draft_response, con el correlativo, redacta la respuesta oficial de cada uno)');
    expect(text).toContain('Escribe en español y usa los términos de la ley: reclamo');
    const forStore = await promptText('monthly_report', { month: '2026-02', storeId: STORE_IDS.miraflores, language: 'en' });
    expect(forStore.description).toBe('Monthly report, February 2026');
    expect(forStore.text).toContain(`Call complaints_overview with {"from":"2026-02-01","to":"2026-02-28","storeId":"${STORE_IDS.miraflores}"}`);
    expect(forStore.text).toContain(`call list_complaints with {"overdue":true,"storeId":"${STORE_IDS.miraflores}","pageSize":100}`);
    expect(forStore.text).toContain('Write in English, and keep the law’s Spanish terms');
  });

  it('monthly_report refuses a month not begun, one before 2000 and anything but YYYY-MM', async () => {
    const refused = (month: string) => demo.mcp.client.getPrompt({ name: 'monthly_report', arguments: { month } });
    await expect(refused('2999-01')).rejects.toThrow(/monthly_report: 2999-01 has not begun yet \(it is \d{4}-\d{2} in America\/Lima\)/);
    await expect(refused('1999-12')).rejects.toThrow(/expected a month from 2000-01 on/);
    for (const month of ['2026-13', '2026-1', 'last_month']) await expect(refused(month), month).rejects.toThrow(/expected a month as YYYY-MM, e.g. 2026-10/);
  });

  it('completes the month of monthly_report from the running month back', async () => {
    const { completion } = await demo.mcp.client.complete({ ref: { type: 'ref/prompt', name: 'monthly_report' }, argument: { name: 'month', value: '' } });
    const running = periodRange('this_month', new Date(), 'America/Lima').from.slice(0, 7);
    expect(completion.values).toHaveLength(13);
    expect([running, periodRange('last_month', new Date(), 'America/Lima').from.slice(0, 7)]).toContain(completion.values[0]);
  });

  it('completes the language argument of every prompt', async () => {
    for (const name of ['weekly_report', 'monthly_report', 'summarize_complaint', 'draft_response']) {
      const complete = async (value: string) =>
        (await demo.mcp.client.complete({ ref: { type: 'ref/prompt', name }, argument: { name: 'language', value } })).completion.values;
      expect(await complete('')).toEqual(['es', 'en']);
      expect(await complete('e')).toEqual(['es', 'en']);
      expect(await complete('E')).toEqual(['es', 'en']);
      expect(await complete('en')).toEqual(['en']);
      expect(await complete('x')).toEqual([]);
    }
  });

  it('takes an optional argument left blank, as a client’s form sends an empty field, as not given; a blank reference is still refused', async () => {
    const reference = '000000474-2026';
    const asked = [
      ['weekly_report', {}, { period: '', storeId: '  ', language: '' }],
      ['monthly_report', {}, { month: '', storeId: '', language: ' ' }],
      ['summarize_complaint', { reference }, { reference, language: '' }],
      ['draft_response', { reference }, { reference, decision: ' \n ', language: '' }],
    ] as const;
    for (const [name, without, blank] of asked) {
      expect(await promptText(name, blank), name).toEqual(await promptText(name, without));
    }
    await expect(demo.mcp.client.getPrompt({ name: 'draft_response', arguments: { reference: ' ' } })).rejects.toThrow(/expected a correlative/);
  });

  it('completes the period argument', async () => {
    const { completion } = await demo.mcp.client.complete({ ref: { type: 'ref/prompt', name: 'weekly_report' }, argument: { name: 'period', value: 'last' } });
    expect(completion.values).toEqual(['last_week', 'last_7_days', 'last_month', 'last_30_days']);
  });
});
