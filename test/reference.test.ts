// Looking a record up by the number people quote, against a fake list operation.
import { describe, expect, it } from 'vitest';
import type { ComplaintsApi } from '../src/api/client.js';
import type { ListPage } from '../src/contract/pages.js';
import { ApiError, NOT_FOUND_TEXT, UserFacingError } from '../src/api/errors.js';
import { exactMatches, idOfReference } from '../src/api/reference.js';
import { readListEnvelope } from '../src/api/read-records.js';
import { listItemBody, mustReadList } from './fixtures.js';

function apiListing(items: Record<string, unknown>[]): { api: ComplaintsApi; searches: unknown[] } {
  const searches: unknown[] = [];
  const data = mustReadList({ data: items, pagination: {} }).data;
  const api = {
    async listComplaints(query: unknown): Promise<ListPage> {
      searches.push(query);
      return { items: data, pagination: { page: 1, pageSize: 100, total: data.length, totalPages: 1 } };
    },
  } as unknown as ComplaintsApi;
  return { api, searches };
}

const A = { id: '0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a11', correlative: '000000481-2026', trackingCode: 'RCL-7KQ2-M9XD' };
const B = { id: '1b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a12', correlative: '000000481-2025', trackingCode: 'RCL-0000-0481' };

describe('idOfReference', () => {
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
