// The view's state and what it derives from it, without a page: the period the picker shows, the
// filters in words, whether the filings are the whole book's, the record selected, and the arguments
// of a full list, which decide whether an open list survives a new answer.
import { describe, expect, it } from 'vitest';
import { filterTexts, listArgumentsOf, newStore, periodOf, sameArguments, selectedKey, wholeBook } from '../../src/ui/view-store.js';

describe("the view's store", () => {
  it('starts waiting, in English, with nothing open and no call made', () => {
    const store = newStore();
    expect(store).toMatchObject({ phase: 'waiting', lang: 'en', args: {}, answer: undefined, connected: false });
    expect(store.calls).toEqual({ overview: 0, detail: 0, list: 0, draft: 0 });
    expect(store.detail).toEqual({ state: 'empty' });
    expect(store.riskList).toEqual({ state: 'closed' });
    // No draft is offered until the host says it takes messages.
    expect(store.takesMessages).toBe(false);
    expect(store.draft).toEqual({ state: 'idle' });
  });

  it('reads a period only when the picker offers it', () => {
    expect(periodOf({ period: 'last_month' })).toBe('last_month');
    expect(periodOf({ period: 'next_century' })).toBeUndefined();
    expect(periodOf({ period: 7 })).toBeUndefined();
  });

  it("names the filters, the store by the answer's name for it", () => {
    const store = { ...newStore(), args: { storeId: 's-1', type: 'claim' }, answer: { byStore: [{ store: 'Tienda Miraflores', storeId: 's-1', count: 3 }] } };
    expect(filterTexts(store)).toEqual(['store Tienda Miraflores', 'type Claim']);
    expect(filterTexts({ ...store, lang: 'es', answer: undefined })).toEqual(['tienda s-1', 'tipo Reclamo']);
  });

  it("names the store by the answer's store when nothing was filed in the period, and says when it has no record", () => {
    const args = { storeId: 's-1' };
    expect(filterTexts({ ...newStore(), args, answer: { total: 0, store: { id: 's-1', name: 'Tienda Cusco Plaza' } } })).toEqual(['store Tienda Cusco Plaza']);
    expect(filterTexts({ ...newStore(), lang: 'es', args, answer: { total: 0, store: { id: 's-1', name: 'Tienda Cusco Plaza' } } })).toEqual([
      'tienda Tienda Cusco Plaza',
    ]);
    expect(filterTexts({ ...newStore(), args, answer: { total: 0, store: { id: 's-1', noRecord: true } } })).toEqual(['store s-1 (no record)']);
    expect(filterTexts({ ...newStore(), lang: 'es', args, answer: { total: 0, store: { id: 's-1', noRecord: true } } })).toEqual([
      'tienda s-1 (sin registros)',
    ]);
    // A name that is no text, or the answer of another store, names nothing.
    expect(filterTexts({ ...newStore(), args, answer: { store: { id: 's-1', name: 7 } } })).toEqual(['store s-1']);
    expect(filterTexts({ ...newStore(), args, answer: { store: { id: 's-2', name: 'Otra' } } })).toEqual(['store s-1']);
  });

  it('says the filings are the whole book only without a period or dates', () => {
    expect(wholeBook(newStore())).toBe(true);
    expect(wholeBook({ ...newStore(), args: { period: 'today' } })).toBe(false);
    expect(wholeBook({ ...newStore(), args: { from: '2026-11-01' } })).toBe(false);
    expect(wholeBook({ ...newStore(), answer: { filedFrom: '2026-11-01' } })).toBe(false);
  });

  it('keys the record shown by id, else by reference', () => {
    expect(selectedKey(newStore())).toBeUndefined();
    expect(selectedKey({ ...newStore(), detail: { state: 'loading', record: { id: 'c-1', reference: 'R-1' } } })).toBe('id:c-1');
    expect(selectedKey({ ...newStore(), detail: { state: 'loading', record: { reference: 'R-1' } } })).toBe('ref:R-1');
  });

  it("takes a full list's arguments from the answer, and compares them by value", () => {
    const answer = {
      atRisk: { unresolved: 2, listOverdue: { overdue: true }, listDueSoon: { dueBy: '2026-12-01' } },
      emailProblems: { records: 1, list: { emailProblem: true, from: '2026-11-01' } },
    };
    const store = { ...newStore(), answer };
    expect(listArgumentsOf(store, 'overdue')).toEqual({ overdue: true });
    expect(listArgumentsOf(store, 'dueSoon')).toEqual({ dueBy: '2026-12-01' });
    expect(listArgumentsOf(store, 'emailProblems')).toEqual({ emailProblem: true, from: '2026-11-01' });
    expect(listArgumentsOf(newStore(), 'overdue')).toBeUndefined();
    expect(sameArguments({ overdue: true }, { overdue: true })).toBe(true);
    expect(sameArguments({ overdue: true }, { dueBy: '2026-12-01' })).toBe(false);
    expect(sameArguments(undefined, undefined)).toBe(false);
  });
});
