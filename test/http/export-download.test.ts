// What a browser gets at an opened export link (src/http/export-download.ts), over a real socket on
// loopback, against a reader the test controls: the register streamed, or a status and a short text
// before the first byte (the key refused, the service failing, the store silent, a selection grown
// past the bound), and a cut connection after it (so that a truncated file is never taken as whole).
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { setTimeout } from 'node:timers/promises';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import type { ComplaintsReader, ListPage } from '../../src/contract/operations.js';
import { type DownloadRequest, sendRegister } from '../../src/http/export-download.js';
import { StoreUnavailable } from '../../src/http/state/shared-state.js';
import { detailBody, listItemBody, mustReadDetail, mustReadList } from '../fixtures/records.js';

const SELECTION = { from: '2026-11-01', to: '2026-11-30', sheets: false, language: 'en' as const };
const CLOCK = { now: () => new Date('2026-11-28T15:00:00Z'), timeZone: 'America/Lima' };

/** A book of `records` records, as the service would page it; `failing` replaces what a request answers. */
function book(records: number, failing: { list?: (page: number) => Error | undefined; sheet?: (id: string) => Error | undefined } = {}) {
  const item = (index: number) =>
    listItemBody({ id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, correlative: `${String(index + 1).padStart(9, '0')}-2026` });
  // Read as the client reads a body, 100 a page.
  const items = Array.from(
    { length: Math.ceil(records / 100) },
    (_, page) =>
      mustReadList({
        data: Array.from({ length: Math.min(100, records - page * 100) }, (_, index) => item(page * 100 + index)),
        pagination: { page: page + 1, pageSize: 100, total: records, totalPages: Math.ceil(records / 100) },
      }).data,
  ).flat();
  const reader: ComplaintsReader = {
    async listComplaints(query) {
      const page = query.page ?? 1;
      const error = failing.list?.(page);
      if (error) throw error;
      const size = query.pageSize ?? 100;
      const slice = items.slice((page - 1) * size, page * size);
      return { items: slice, sentMore: 0, pagination: { page, pageSize: size, total: records, totalPages: Math.ceil(records / size) } } satisfies ListPage;
    },
    async getComplaint(id) {
      const error = failing.sheet?.(id);
      if (error) throw error;
      return mustReadDetail({ data: detailBody({ id }) }).data;
    },
  };
  return { reader };
}

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** Serves one download per request with `download`, and GETs it. */
async function download(options: Partial<DownloadRequest> & Pick<DownloadRequest, 'reader'>, method: 'GET' | 'HEAD' = 'GET') {
  server = createServer((_req, res) => {
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    void sendRegister(res, { method, selection: SELECTION, clock: CLOCK, redactPii: false, maxSheets: 3000, signal: gone.signal, ...options }).catch(
      (error: unknown) => {
        res.writeHead(500);
        res.end(error instanceof Error ? error.message : 'unknown');
      },
    );
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const response = await request(`http://127.0.0.1:${port}/exports/x`, { method });
  // Bytes, not text(): a decoder would drop the byte order mark.
  const body = await response.body.arrayBuffer().then(
    (bytes) => ({ ok: true as const, text: Buffer.from(bytes).toString('utf8') }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return { status: response.statusCode, headers: response.headers, body };
}

describe('an export link opened', () => {
  it('streams the register: BOM, header, one row per record, in pieces', async () => {
    const { reader } = book(620);
    const got = await download({ reader });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(got.headers['content-disposition']).toBe('attachment; filename="complaints-register_2026-11.csv"');
    expect(got.headers['cache-control']).toBe('no-store');
    expect(got.body.ok && got.body.text.startsWith('\uFEFF')).toBe(true);
    if (got.body.ok) expect(got.body.text.trimEnd().split(/\r?\n/)).toHaveLength(621);
  });

  it('HEAD: the headers, counted, and no register read', async () => {
    const asked: number[] = [];
    const { reader } = book(3, { list: (page) => void asked.push(page) });
    const got = await download({ reader }, 'HEAD');
    expect(got.status).toBe(200);
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename=/);
    // One request of one record: the count.
    expect(asked).toEqual([1]);
  });

  it.each([
    ['the key refused (401)', new ApiError('unauthorized', 'x', 401), 403, /no longer accepted/],
    ['the key without the permission (403)', new ApiError('forbidden', 'x', 403), 403, /no longer accepted/],
    ['the service failing (500)', new ApiError('server_error', 'x', 500), 502, /did not answer as expected/],
    ['the service unreachable', new ApiError('network', 'x'), 502, /did not answer as expected/],
    ['the shared state silent', new StoreUnavailable(), 503, /cannot read its links right now/],
  ])('%s before the first byte: %s and a short text', async (_what, error, status, text) => {
    const { reader } = book(5, { list: () => error });
    const got = await download({ reader });
    expect(got.status).toBe(status);
    expect(got.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(got.headers['cache-control']).toBe('no-store');
    expect(got.body.ok && got.body.text).toMatch(text);
    if (status === 503) expect(got.headers['retry-after']).toBe('5');
  });

  it('a selection grown past the bound since the link was made: 409 and how to split it, nothing read', async () => {
    const { reader } = book(40);
    const got = await download({ reader, selection: { ...SELECTION, sheets: true }, maxSheets: 30 });
    expect(got.status).toBe(409);
    expect(got.body.ok && got.body.text).toMatch(/holds 40 records; whole sheets \(details: true\) are written for at most 30 a call[\s\S]*Split it/);
  });

  it('a failure after the first byte cuts the connection: the browser sees a failed download, not a short file', async () => {
    // The header is written before the sheets are read; the 20th sheet fails.
    const { reader } = book(30, { sheet: (id) => (id.endsWith('19') ? new ApiError('server_error', 'x', 500) : undefined) });
    // Cut before or after the status line arrived, by how much the socket had sent: never a whole answer.
    const got = await download({ reader, selection: { ...SELECTION, sheets: true } }).catch((error: unknown) => ({ cut: error }));
    if ('cut' in got) expect(String(got.cut)).toMatch(/other side closed|socket/i);
    else {
      expect(got.status).toBe(200);
      expect(got.body.ok).toBe(false);
    }
  });

  it('an error of ours before the first byte is not answered as a register: it goes to the caller (a 500 there)', async () => {
    const { reader } = book(5, { list: () => new TypeError('a bug') });
    const got = await download({ reader });
    expect(got.status).toBe(500);
  });
});

describe('a download that holds its slot too long is cut', () => {
  /** Serves one download, and says how it ended: the promise of sendRegister settles, the response destroyed or ended. */
  async function serveOne(options: Partial<DownloadRequest> & Pick<DownloadRequest, 'reader'>) {
    let ended!: Promise<{ destroyed: boolean; finished: boolean }>;
    server = createServer((_req, res) => {
      const gone = new AbortController();
      res.once('close', () => gone.abort());
      ended = sendRegister(res, {
        method: 'GET',
        selection: SELECTION,
        clock: CLOCK,
        redactPii: false,
        maxSheets: 50_000,
        signal: gone.signal,
        ...options,
      }).then(() => ({ destroyed: res.destroyed, finished: res.writableFinished }));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { port, ended: () => ended };
  }

  it('a client that reads nothing: cut once the socket stops taking the register', async () => {
    const { reader } = book(20_000);
    const { port, ended } = await serveOne({ reader, limits: { stallMs: 100, mostMs: 60_000 } });
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(`GET /exports/x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    // Reads the headers' first bytes, then nothing more.
    await once(socket, 'data');
    socket.pause();
    expect(await ended()).toEqual({ destroyed: true, finished: false });
    socket.destroy();
  });

  it('a register that takes longer than a download may: 503 before its first bytes, cut after them', async () => {
    const slow = (reader: ComplaintsReader, what: 'pages' | 'sheets'): ComplaintsReader => ({
      listComplaints: async (query, signal) => {
        if (what === 'pages' && (query.page ?? 1) > 1) await setTimeout(200, undefined, { signal });
        return reader.listComplaints(query, signal);
      },
      getComplaint: async (id, signal) => {
        if (what === 'sheets') await setTimeout(200, undefined, { signal });
        return reader.getComplaint(id, signal);
      },
    });
    const before = await download({ reader: slow(book(500).reader, 'pages'), limits: { stallMs: 10_000, mostMs: 50 } });
    expect(before.status).toBe(503);
    expect(before.body).toMatchObject({ ok: true, text: expect.stringContaining('try again in a moment') });
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    const { port, ended } = await serveOne({
      reader: slow(book(100).reader, 'sheets'),
      selection: { ...SELECTION, sheets: true },
      limits: { stallMs: 10_000, mostMs: 300 },
    });
    const after = await request(`http://127.0.0.1:${port}/exports/x`);
    expect(after.statusCode).toBe(200);
    await expect(after.body.arrayBuffer()).rejects.toThrow();
    expect(await ended()).toEqual({ destroyed: true, finished: false });
  });
});
