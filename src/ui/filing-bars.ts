// The filings counted by status, type and store, as bars: known values first in their usual order,
// the ten biggest stores and a line for the rest, each store's answering figures beside its bar.
import { type BarRow, barList } from './bar-list.js';
import { h } from './dom.js';
import { label, valueLabel } from './labels.js';
import { storeAnswering } from './performance-read.js';
import { storeAnsweringCell } from './performance-view.js';
import { count, counts, type OverviewFields, objects, text } from './read.js';
import type { ViewContext } from './view-context.js';

/** Stores listed one by one; the rest are summed in one line. */
const LISTED_STORES = 10;

function bars(series: 'byStatus' | 'byType' | 'byStore', title: string, rows: BarRow[], context: ViewContext, ...notes: (string | undefined)[]): HTMLElement {
  return h(
    'section',
    { class: 'panel bars', 'data-series': series },
    h('h3', null, title),
    rows.length > 0 ? barList(rows, context.formats) : h('p', { class: 'muted' }, label(context.lang, 'noneCounted')),
    ...notes.map((note) => note && h('p', { class: 'note' }, note)),
  );
}

/** Known values first in their usual order, then the others by count. */
function ordered(entries: [string, number][], known: readonly string[]): [string, number][] {
  const rank = (key: string) => {
    const index = known.indexOf(key);
    return index === -1 ? known.length : index;
  };
  return entries.sort((a, b) => rank(a[0]) - rank(b[0]) || b[1] - a[1]);
}

export function barSections(answer: OverviewFields, context: ViewContext): HTMLElement {
  const { lang, formats } = context;
  const byStatus = ordered(counts(answer.byStatus), ['open', 'in_review', 'resolved']).map(([key, value]) => ({
    key,
    name: valueLabel(lang, 'status', key),
    value,
  }));
  const byType = ordered(counts(answer.byType), ['claim', 'complaint']).map(([key, value]) => ({ key, name: valueLabel(lang, 'type', key), value }));
  const stores = objects(answer.byStore).map((store): BarRow => {
    const name = text(store.store);
    const answering = storeAnswering(store);
    return {
      key: text(store.storeId) ?? name ?? '',
      name: name ?? label(lang, 'unnamedStore'),
      value: count(store.count),
      after: answering && storeAnsweringCell(answering, context),
      data: { 'on-time-share': answering?.onTimeShare, 'median-days': answering?.medianDaysToAnswer },
    };
  });
  const hidden = stores.length - LISTED_STORES;
  // Records of stores the answer does not list (none of their records read, or beyond its 50).
  const otherStores = count(answer.otherStores);
  // With more stores than the answer lists (it says so in truncated), the rest is a lower bound.
  const more =
    hidden <= 0
      ? undefined
      : text(answer.truncated) !== undefined
        ? label(lang, 'moreStoresAtLeast', { n: formats.number(hidden) })
        : hidden === 1
          ? label(lang, 'moreStoresOne')
          : label(lang, 'moreStores', { n: formats.number(hidden) });
  return h(
    'div',
    { class: 'bar-grid' },
    bars('byStatus', label(lang, 'byStatus'), byStatus, context),
    answer.byType !== undefined && bars('byType', label(lang, 'byType'), byType, context),
    bars(
      'byStore',
      label(lang, 'byStore'),
      stores.slice(0, LISTED_STORES),
      context,
      more,
      otherStores > 0 ? (otherStores === 1 ? label(lang, 'otherStoresOne') : label(lang, 'otherStoresMany', { n: formats.number(otherStores) })) : undefined,
      stores.slice(0, LISTED_STORES).some((store) => store.after !== undefined) ? label(lang, 'storeAnsweringNote') : undefined,
    ),
  );
}
