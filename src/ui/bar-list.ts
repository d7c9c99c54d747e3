// A list of horizontal bars, one per row: its name, a bar as long as its share of the largest value,
// the value, and optionally what follows it (a store's answering figures). The bars by status, type
// and store, and the reasons, are drawn with it.
import { type Formats, h } from './dom.js';

export interface BarRow {
  key: string;
  name: string;
  value: number;
  /** Drawn after the value, in a column of its own. */
  after?: Node;
  /** More data-* attributes of the row, for tests and styles. */
  data?: Record<string, string | number | undefined>;
}

export function barList(rows: BarRow[], formats: Formats): HTMLUListElement {
  const max = rows.reduce((highest, row) => Math.max(highest, row.value), 0);
  // When one row has a column after the value, every row has it: the columns stay aligned.
  const withAfter = rows.some((row) => row.after !== undefined);
  const items = rows.map((row) => {
    const fill = h('span', { class: row.value > 0 ? 'bar-fill nonzero' : 'bar-fill' });
    // CSSOM, not a style attribute: the page's CSP allows no inline style.
    fill.style.width = `${max > 0 ? (row.value / max) * 100 : 0}%`;
    const data = Object.fromEntries(Object.entries(row.data ?? {}).map(([name, value]) => [`data-${name}`, value]));
    return h(
      'li',
      { class: 'bar-row', ...data, 'data-key': row.key, 'data-value': row.value },
      h('span', { class: 'bar-name', title: row.name }, row.name),
      h('span', { class: 'bar-track', 'aria-hidden': 'true' }, fill),
      h('span', { class: 'bar-value', dir: 'ltr' }, formats.number(row.value)),
      withAfter && h('span', { class: 'bar-after' }, row.after),
    );
  });
  return h('ul', { class: withAfter ? 'bar-list with-after' : 'bar-list' }, ...items);
}
