// export/register-name.ts: a register's file name says its selection, in the register's language, and
// holds nothing a file system or a browser's download would change or refuse, whatever a store is called.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { registerFileName } from '../../src/export/register-name.js';
import type { ExportSelection } from '../../src/export/selection.js';

const selection = (overrides: Partial<ExportSelection> = {}): ExportSelection => ({ sheets: false, language: 'es', ...overrides });
const STORE = '9c1f6a2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('registerFileName', () => {
  it.each([
    [{}, 'registro-reclamaciones_todo.csv'],
    [{ from: '2026-10-01', to: '2026-10-31' }, 'registro-reclamaciones_2026-10.csv'],
    [{ from: '2026-02-01', to: '2026-02-28' }, 'registro-reclamaciones_2026-02.csv'],
    [{ from: '2026-10-01', to: '2026-10-30' }, 'registro-reclamaciones_2026-10-01_2026-10-30.csv'],
    [{ from: '2026-11-23', to: '2026-11-23' }, 'registro-reclamaciones_2026-11-23.csv'],
    [{ from: '2026-11-01T00:00:00-05:00' }, 'registro-reclamaciones_desde-2026-11-01.csv'],
    [{ to: '2026-06-30' }, 'registro-reclamaciones_hasta-2026-06-30.csv'],
    [{ status: 'unresolved', type: 'complaint', sheets: true }, 'registro-reclamaciones_todo_sin-resolver_quejas_hojas.csv'],
    [{ language: 'en', status: 'in_review', type: 'claim', from: '2026-10-01', to: '2026-10-31' }, 'complaints-register_2026-10_in-review_claims.csv'],
  ] as const)('%j: %s', (overrides, name) => {
    expect(registerFileName(selection(overrides as Partial<ExportSelection>))).toBe(name);
  });

  it('names a store by its name, accents dropped, else by the start of its id', () => {
    expect(registerFileName(selection({ storeId: STORE }), 'Tienda Jesús María')).toBe('registro-reclamaciones_todo_tienda-jesus-maria.csv');
    expect(registerFileName(selection({ storeId: STORE }))).toBe('registro-reclamaciones_todo_tienda-9c1f6a2e.csv');
    expect(registerFileName(selection({ storeId: STORE }), 'Miraflores')).toBe('registro-reclamaciones_todo_tienda-miraflores.csv');
    expect(registerFileName(selection({ storeId: STORE, language: 'en' }), 'Store 12')).toBe('complaints-register_all_store-12.csv');
    expect(registerFileName(selection({ storeId: STORE }), '../../etc/ 名前')).toBe('registro-reclamaciones_todo_tienda-etc.csv');
    expect(registerFileName(selection({ storeId: STORE }), '名前')).toBe('registro-reclamaciones_todo_tienda-9c1f6a2e.csv');
  });

  it('whatever the store is called, the name is safe ASCII and not too long', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (storeName) => {
        const name = registerFileName(selection({ storeId: STORE, status: 'open', sheets: true, from: '2026-10-01', to: '2026-10-15' }), storeName);
        expect(name).toMatch(/^[a-z0-9][a-z0-9._-]*\.csv$/);
        expect(name).not.toContain('..');
        expect(name.length).toBeLessThanOrEqual(120);
      }),
    );
  });
});
