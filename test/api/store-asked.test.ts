// The store an overview is narrowed to, named from the records read or one record of it: a record of
// another store (a service that ignored the filter) never names it, and "no record" only when the
// service counted none.
import { describe, expect, it } from 'vitest';
import { readStoreAsked } from '../../src/api/store-asked.js';
import type { ListQuery } from '../../src/contract/list-query.js';
import type { ComplaintsReader, ListPage } from '../../src/contract/operations.js';
import { listItemBody, mustReadList } from '../fixtures/records.js';

const STORE = 'a1e5c3d2-7b48-4f19-8e2a-1c3d5e7f9a01';
const OTHER = 'b2f6d4e3-8c59-4a2a-9f3b-2d4e6f809b12';
const items = (bodies: Record<string, unknown>[]) => mustReadList({ data: bodies, pagination: {} }).data;

/** A service whose one page holds `bodies` and counts `total`; the queries it was asked are kept. */
function service(bodies: Record<string, unknown>[], total: number) {
  const asked: ListQuery[] = [];
  const reader: ComplaintsReader = {
    async listComplaints(query) {
      asked.push(query);
      return { items: items(bodies), sentMore: 0, pagination: { page: 1, pageSize: 1, total, totalPages: total } } as ListPage;
    },
    getComplaint: () => Promise.reject(new Error('not used')),
  };
  return { reader, asked };
}

describe('readStoreAsked', () => {
  it('takes the name from a record read of the store, its id in any case and with an invisible character, asking nothing', async () => {
    const { reader, asked } = service([], 0);
    const read = items([
      listItemBody({ storeId: OTHER, storeName: 'Otra' }),
      listItemBody({ storeId: `${STORE.toUpperCase()}\u200b`, storeName: 'Tienda  Miraflores\n' }),
    ]);
    expect(await readStoreAsked(reader, STORE, [[], read])).toEqual({ id: STORE, name: 'Tienda Miraflores' });
    expect(asked).toEqual([]);
  });

  it('asks for one record of the store, at any date and status, when none was read', async () => {
    const { reader, asked } = service([listItemBody({ storeId: STORE, storeName: 'Tienda Cusco Plaza' })], 46);
    expect(await readStoreAsked(reader, STORE, [[]])).toEqual({ id: STORE, name: 'Tienda Cusco Plaza' });
    expect(asked).toEqual([{ storeId: STORE, page: 1, pageSize: 1 }]);
  });

  it("names nothing by another store's record, and says no record only when the service counted none", async () => {
    expect(await readStoreAsked(service([listItemBody({ storeId: OTHER, storeName: 'Otra' })], 12).reader, STORE, [])).toEqual({ id: STORE });
    expect(await readStoreAsked(service([listItemBody({ storeId: STORE, storeName: ' ' })], 1).reader, STORE, [])).toEqual({ id: STORE });
    expect(await readStoreAsked(service([], 0).reader, STORE, [])).toEqual({ id: STORE, noRecord: true });
  });
});
