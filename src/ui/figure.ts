// One figure of the overview: its caption, its number (marked a lower bound when it is one) and a
// note under it. The filings' figure and the four of what is at risk are drawn alike.
import { h } from './dom.js';
import { label } from './labels.js';
import type { ViewContext } from './view-context.js';

export function figure(name: string, caption: string, value: number, context: ViewContext, options: { lowerBound?: boolean; note?: string; tone?: string }) {
  const { lang, formats } = context;
  return h(
    'div',
    { class: `figure${options.tone && value > 0 ? ` ${options.tone}` : ''}`, 'data-figure': name, 'data-value': value },
    h('span', { class: 'figure-label' }, caption),
    h(
      'span',
      { class: 'figure-value', dir: 'ltr' },
      options.lowerBound && h('span', { 'aria-hidden': 'true' }, '≥ '),
      options.lowerBound && h('span', { class: 'visually-hidden' }, `${label(lang, 'atLeast')} `),
      formats.number(value),
    ),
    options.note && h('span', { class: 'figure-note' }, options.note),
  );
}
