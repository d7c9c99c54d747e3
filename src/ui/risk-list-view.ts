// The full list of the overdue (or overdue and due soon) records, or of the period's records with
// e-mail problems, a page at a time, as list_complaints answers it through the host: drawn in one
// persistent panel below the controls that opened it (the most urgent records', or the e-mail
// problems'). The calls are main.ts's; this draws a state and reports the member's choices.

import type { ListArguments, RiskListKind, RiskPage } from './at-risk-read.js';
import { type Formats, h, present } from './dom.js';
import { type Lang, label } from './labels.js';
import { mailRow, riskEntry } from './record-buttons.js';
import type { ViewContext } from './view-context.js';

export type RiskListState =
  | { state: 'closed' }
  | { state: 'loading'; kind: RiskListKind; list: ListArguments; page: number; shown?: RiskPage }
  | { state: 'ready'; kind: RiskListKind; list: ListArguments; page: number; shown: RiskPage }
  | { state: 'error'; kind: RiskListKind; list: ListArguments; page: number; message: string; shown?: RiskPage };

export interface RiskListControls {
  /** Another page of the list shown was asked for. */
  go: (page: number) => void;
  close: () => void;
}

type Action = 'previous' | 'next' | 'close';

function control(action: Action, caption: string, busy: boolean, onClick: () => void): HTMLButtonElement {
  const button = h('button', { type: 'button', class: `pager-button ${action}`, 'data-page-action': action }, caption);
  // aria-disabled rather than disabled while a page loads: the button keeps the focus it has.
  if (busy) button.setAttribute('aria-disabled', 'true');
  button.addEventListener('click', () => {
    if (button.getAttribute('aria-disabled') !== 'true') onClick();
  });
  return button;
}

/** How many records a full list holds, and in what order list_complaints pages them. */
export function listSummary(kind: RiskListKind, total: number, lang: Lang, formats: Formats): string {
  if (total === 1) return label(lang, 'listSummaryOne');
  return label(lang, SUMMARY[kind], { n: formats.number(total) });
}

/**
 * Overdue and dueBy come earliest deadline first (domain/at-risk.ts): a past deadline before a coming
 * one, so the most overdue lead and the nearest deadlines follow. The e-mail problems, newest first.
 */
const SUMMARY = { overdue: 'listSummaryOverdue', dueSoon: 'listSummaryDueSoon', emailProblems: 'listSummaryNewest' } as const;

/** Fills `panel` (the persistent [data-risk-list] element) for `list`. */
export function drawRiskList(panel: HTMLElement, list: RiskListState, context: ViewContext, controls: RiskListControls): void {
  const { lang, formats } = context;
  // A redraw replaces the buttons: the one that had the focus gets it back, or (gone) the other page
  // button, or the heading; a record's button is main.ts's to give back.
  const active = panel.contains(document.activeElement) ? document.activeElement : null;
  const focused = active && !active.hasAttribute('data-record-id') ? (active.getAttribute('data-page-action') ?? 'heading') : undefined;
  panel.dataset.state = list.state;
  panel.hidden = list.state === 'closed';
  panel.setAttribute('aria-busy', String(list.state === 'loading'));
  if (list.state === 'closed') {
    for (const name of ['list', 'page', 'pages', 'nextPage']) delete panel.dataset[name];
    panel.replaceChildren();
    return;
  }
  panel.dataset.list = list.kind;
  const { shown } = list;
  const busy = list.state === 'loading';
  if (shown) {
    panel.dataset.page = String(shown.page);
    panel.dataset.pages = String(shown.pages);
    if (shown.nextPage !== undefined) panel.dataset.nextPage = String(shown.nextPage);
    else delete panel.dataset.nextPage;
  } else {
    for (const name of ['page', 'pages', 'nextPage']) delete panel.dataset[name];
  }

  const heading = h('h3', { id: 'risk-list-title', tabindex: '-1' }, label(lang, `list.${list.kind}`));
  const count = shown && listSummary(list.kind, shown.total, lang, formats);
  const summary =
    shown &&
    [
      // A total of the records read only: "al menos 682 registros" (truncated, below, says why).
      shown.totalIsLowerBound ? `${label(lang, 'atLeast')} ${count}` : count,
      label(lang, 'listPage', { page: formats.number(shown.page), pages: formats.number(shown.pages) }),
    ].join(' · ');
  const previous = shown && shown.page > 1 && control('previous', label(lang, 'previousPage'), busy, () => controls.go(shown.page - 1));
  const nextPage = shown?.nextPage;
  const next = nextPage !== undefined && control('next', label(lang, 'nextPage'), busy, () => controls.go(nextPage));
  panel.replaceChildren(
    ...present(
      h('div', { class: 'list-head' }, heading, control('close', label(lang, 'closeList'), false, controls.close)),
      summary && h('p', { class: 'muted' }, summary),
      // The server writes it in English: marked so, for a screen reader's voice.
      shown?.truncated !== undefined && h('p', { class: 'hint', 'data-truncated': '' }, h('span', { lang: 'en' }, shown.truncated)),
      busy && h('p', { class: 'muted loading-line', role: 'status' }, label(lang, 'listLoading')),
      list.state === 'error' &&
        h(
          'div',
          { class: 'error', role: 'alert', 'data-list-error': '' },
          h('p', { class: 'error-text' }, label(lang, 'listFailed')),
          list.message !== '' && h('p', { class: 'error-detail' }, list.message),
        ),
      shown && shown.rows.length === 0 && h('p', { class: 'muted' }, label(lang, 'listEmpty')),
      shown &&
        shown.rows.length > 0 &&
        h('ul', { class: 'records' }, ...shown.rows.map((row) => (list.kind === 'emailProblems' ? mailRow(row, context) : riskEntry(row, true, context)))),
      (previous || next) && h('nav', { class: 'pager', 'aria-label': summary || label(lang, `list.${list.kind}`) }, previous, next),
    ),
  );
  if (focused !== undefined) {
    const again = focused === 'heading' ? null : panel.querySelector<HTMLElement>(`[data-page-action="${focused}"]`);
    (again ?? panel.querySelector<HTMLElement>('[data-page-action="previous"], [data-page-action="next"]') ?? heading).focus();
  }
}
