// The pool of connections to the API that serve --http shares (api-dispatcher.ts): while the process's
// whole-book reads hold every request their members' gates allow, another member's small call still
// gets a socket at once. Counted at a service that holds every request, not timed.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readAllPages } from '../../src/api/all-pages.js';
import { ComplaintsApi } from '../../src/api/client.js';
import { gatedReader, MAX_BOOK_READS, MEMBER_MAX_IN_FLIGHT, RequestGate } from '../../src/api/request-gate.js';
import { apiConnections, apiDispatcher } from '../../src/http/api-dispatcher.js';
import { Watched } from '../helpers/watched.js';

const listBody = (page: number, total: number) => JSON.stringify({ data: [], pagination: { page, pageSize: 100, total, totalPages: Math.ceil(total / 100) } });

/** A service that answers each member's first page at once (a book of 2,000 records) and holds every other request until released. */
async function holdingService() {
  const held: Array<{ member: string; answer: () => void }> = [];
  const sockets = new Set<unknown>();
  const changed = new Watched();
  const seenFirst = new Set<string>();
  const server = createServer((request, response: ServerResponse) => {
    const member = request.headers.authorization ?? '';
    const page = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('page') ?? 1);
    const send = () => response.writeHead(200, { 'content-type': 'application/json' }).end(listBody(page, 2_000));
    if (!seenFirst.has(member)) {
      seenFirst.add(member);
      send();
    } else held.push({ member, answer: send });
    changed.changed();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held,
    until: (condition: () => boolean) => changed.until(condition),
    heldOf: (key: string) => held.filter((entry) => entry.member === `Bearer ${key}`).length,
    sockets: () => sockets.size,
    releaseAll: () => {
      for (const entry of held.splice(0)) entry.answer();
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

let cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe('the pool of connections to the API', () => {
  it('has a socket for every request the gates let through, whatever the cap on calls', () => {
    for (const total of [1, 8, 64, 1_000]) {
      expect(apiConnections({ total, perKey: 8 })).toBeGreaterThanOrEqual(total + MAX_BOOK_READS * MEMBER_MAX_IN_FLIGHT);
    }
  });

  it("lets another member's call through at once while the process's whole-book reads hold all their requests", async () => {
    const service = await holdingService();
    // The smallest cap on calls: the pool must still not be what another member waits for.
    const dispatcher = apiDispatcher({ total: 1, perKey: 1 });
    cleanup.push(
      () => service.close(),
      () => dispatcher.destroy(),
    );
    const reader = (key: string) =>
      gatedReader(new ComplaintsApi({ baseUrl: service.url, apiKey: key, timeoutMs: 60_000, dispatcher }), new RequestGate(MEMBER_MAX_IN_FLIGHT));

    const readers = Array.from({ length: MAX_BOOK_READS }, (_, index) => `or_reader_${index}`);
    const books = readers.map((key) => readAllPages(reader(key), [{}], { maxPages: 40 }));
    await service.until(() => readers.every((key) => service.heldOf(key) === MEMBER_MAX_IN_FLIGHT));

    const small = reader('or_other').listComplaints({ page: 1, pageSize: 5 });
    await expect(small).resolves.toMatchObject({ items: [] });
    expect(service.held).toHaveLength(MAX_BOOK_READS * MEMBER_MAX_IN_FLIGHT);
    expect(service.sockets()).toBe(MAX_BOOK_READS * MEMBER_MAX_IN_FLIGHT + 1);

    // Released, the reads go on to their end.
    const releasing = setInterval(service.releaseAll, 5);
    cleanup.push(async () => clearInterval(releasing));
    for (const book of await Promise.all(books)) expect(book).toMatchObject({ total: 2_000, pagesRead: 20 });
  });
});
