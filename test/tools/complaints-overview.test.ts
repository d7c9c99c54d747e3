// The overview's two readings answer together: when one fails, the other stops at once, rather than
// reading on for an answer that will never use it (and past the member's slots).

import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../src/api/errors.js';
import { RecentReadings } from '../../src/api/recent-readings.js';
import type { ListQuery } from '../../src/contract/list-query.js';
import type { ComplaintsReader, ListPage } from '../../src/contract/operations.js';
import { complaintsOverview } from '../../src/tools/complaints-overview.js';
import { NO_REGISTER } from '../helpers/no-register.js';

const clock = { now: () => new Date('2026-11-22T15:00:00Z'), timeZone: 'America/Lima' };

/** A service whose unresolved records fill many pages, each answered after a few milliseconds; `fails` decides a request's error. */
function slowBook(fails: (query: ListQuery) => Error | undefined) {
  const asked: ListQuery[] = [];
  const reader: ComplaintsReader = {
    async listComplaints(query, signal) {
      asked.push(query);
      await sleep(5, undefined, { signal });
      const error = fails(query);
      if (error) throw error;
      return { items: [], sentMore: 0, pagination: { page: query.page ?? 1, pageSize: query.pageSize ?? 100, total: 9_000, totalPages: 90 } } as ListPage;
    },
    getComplaint: () => Promise.reject(new Error('not used')),
  };
  return { reader, asked };
}

async function overview(reader: ComplaintsReader) {
  const controller = new AbortController();
  const args = z.object(complaintsOverview.inputSchema).parse({});
  return complaintsOverview.run(args, {
    api: async () => reader,
    clock,
    redactPii: false,
    signal: controller.signal,
    progress: () => undefined,
    readBook: (read) => read(),
    listReadings: new RecentReadings().of('member'),
    language: 'es',
    register: NO_REGISTER,
  });
}

describe('complaints_overview, one reading failing', () => {
  it.each([
    [
      'the filings',
      (query: ListQuery) => (query.status === undefined ? new ApiError('server_error', 'The complaints service failed (HTTP 500).', 500) : undefined),
    ],
    [
      'the unresolved records, a key refused',
      (query: ListQuery) => (query.status === 'in_review' ? new ApiError('unauthorized', 'Refused (401).', 401) : undefined),
    ],
  ])('fails when the first request of %s fails, and the other reading stops with it', async (_, fails) => {
    const { reader, asked } = slowBook(fails);
    await expect(overview(reader)).rejects.toBeInstanceOf(ApiError);
    const atAnswer = asked.length;
    await sleep(100);
    // Nothing new is asked once the call has failed: the other reading was stopped, not left running.
    expect(asked.length).toBe(atAnswer);
    expect(atAnswer).toBeLessThan(12);
  });
});
