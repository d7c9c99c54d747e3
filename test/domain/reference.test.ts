// Looking a record up by the number people quote, against a fake list operation.
import { describe, expect, it } from 'vitest';
import { ApiError, NOT_FOUND_TEXT } from '../../src/api/errors.js';
import type { ComplaintsReader, ListPage } from '../../src/contract/operations.js';
import { exactMatches } from '../../src/domain/reference.js';
import { UserFacingError } from '../../src/errors.js';
import { readComplaint } from '../../src/tools/get-complaint-run.js';
import { detailBody, listItemBody, mustReadDetail, mustReadList } from '../fixtures/records.js';

/** A fake of the two operations: the list holds `items`; reading a record by id gives a record with that id. */
function apiListing(items: Record<string, unknown>[]): { api: ComplaintsReader; searches: unknown[]; reads: string[] } {
  const searches: unknown[] = [];
  const reads: string[] = [];
  const data = mustReadList({ data: items, pagination: {} }).data;
  const api: ComplaintsReader = {
    async listComplaints(query): Promise<ListPage> {
      searches.push(query);
      return { items: data, sentMore: 0, pagination: { page: 1, pageSize: 100, total: data.length, totalPages: 1 } };
    },
    async getComplaint(id) {
      reads.push(id);
      return mustReadDetail({ data: detailBody({ id }) }).data;
    },
  };
  return { api, searches, reads };
}

const clock = { now: () => new Date('2026-11-20T15:00:00Z'), timeZone: 'America/Lima' };
/** The id get_complaint reads for `reference`, or the error it answers with. */
async function idOfReference(api: ComplaintsReader, reference: string): Promise<string> {
  const { structured } = await readComplaint(reference, { api: async () => api, clock, redactPii: false, signal: new AbortController().signal });
  return structured.id!;
}

const A = { id: '0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a11', correlative: '000000481-2026', trackingCode: 'RCL-7KQ2-M9XD' };
const B = { id: '1b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a12', correlative: '000000481-2025', trackingCode: 'RCL-0000-0481' };

describe('a record by reference', () => {
  it('finds the one record whose correlative or tracking code is the reference, ignoring case, among partial matches', async () => {
    const { api, searches } = apiListing([listItemBody(B), listItemBody(A)]);
    expect(await idOfReference(api, '000000481-2026')).toBe(A.id);
    expect(await idOfReference(api, ' rcl-7kq2-m9xd ')).toBe(A.id);
    expect(searches).toEqual([
      { search: '000000481-2026', pageSize: 100 },
      { search: 'rcl-7kq2-m9xd', pageSize: 100 },
    ]);
  });

  it('answers a reference that matches nothing exactly with the same text as a 404', async () => {
    const { api } = apiListing([listItemBody(A)]);
    const error = await idOfReference(api, '481-2026').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(NOT_FOUND_TEXT);
  });

  it('lists the candidates when several records match exactly', async () => {
    const twin = { ...B, correlative: A.correlative, storeName: 'Tienda Cusco Plaza' };
    const { api } = apiListing([listItemBody(A), listItemBody(twin)]);
    const error = await idOfReference(api, '000000481-2026').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(UserFacingError);
    expect((error as Error).message).toBe(
      [
        '"000000481-2026" names 2 records:',
        `- 000000481-2026 (tracking RCL-7KQ2-M9XD, Tienda Miraflores): id ${A.id}`,
        `- 000000481-2026 (tracking RCL-0000-0481, Tienda Cusco Plaza): id ${B.id}`,
        'Call get_complaint again with the id of the one you mean.',
      ].join('\n'),
    );
  });
});

describe('exactMatches', () => {
  it('ignores records without either number', () => {
    const items = mustReadList({ data: [{ id: 'x' }, listItemBody(A)], pagination: {} }).data;
    expect(exactMatches(items, 'rcl-7kq2-m9xd').map((item) => item.id)).toEqual([A.id]);
  });
});
