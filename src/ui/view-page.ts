// The page's parts, made once, and their drawing from the store: the header (view-header.ts), the
// error line, the two sections of the overview, the full list panel and the detail panel placed
// beside the record chosen. It reads the state and reports the member's choices
// to the actions it is given; it calls no host (main.ts does) and changes no state but its own
// placement of panels.
import type { RiskListKind } from './at-risk-read.js';
import { drawDetail, type RecordRef } from './detail-view.js';
import { h } from './dom.js';
import { draftRequest } from './draft-request.js';
import { type Drawn, drawOverview } from './overview-view.js';
import { drawRiskList } from './risk-list-view.js';
import type { ViewContext } from './view-context.js';
import { ViewHeader } from './view-header.js';
import { filterTexts, selectedKey, type ViewStore, wholeBook } from './view-store.js';

/** What the member asks of the page; main.ts carries it out. */
export interface PageActions {
  choosePeriod(period: string): void;
  openRecord(record: RecordRef, button: HTMLElement): void;
  showList(kind: RiskListKind): void;
  /** Another page of the full list shown. */
  goToPage(page: number): void;
  closeList(): void;
  /** Ask the conversation to draft the official response of the record shown. */
  draftResponse(): void;
}

export class ViewPage {
  private readonly app = document.getElementById('app') ?? document.body.appendChild(h('main', { id: 'app' }));
  private readonly errorBox = h('p', { class: 'error', 'data-error': '', role: 'alert' });
  // At risk now (the whole book): its figures, then its lists beside the detail panel.
  private readonly riskSlot = h('div', { class: 'risk-slot' });
  private readonly urgentSlot = h('div', { class: 'urgent-slot' });
  private readonly listPanel = h('section', {
    id: 'risk-list',
    class: 'panel risk-list',
    'data-risk-list': '',
    'data-state': 'closed',
    'aria-labelledby': 'risk-list-title',
    hidden: '',
  });
  private readonly detailPanel = h('aside', { class: 'panel detail', 'data-detail': '', 'data-state': 'empty', 'aria-live': 'polite' });
  private readonly riskGrid = h('div', { class: 'records-grid', 'data-grid': 'risk' }, this.urgentSlot, this.detailPanel);
  private readonly riskSection = h('section', { class: 'at-risk', 'data-section': 'atRisk', 'aria-labelledby': 'at-risk-title' }, this.riskSlot, this.riskGrid);
  // Filed in the period: figures, bars and activity, then the e-mail problems (the detail panel moves
  // beside them when one of theirs is opened).
  private readonly summarySlot = h('div', { class: 'summary-slot' });
  private readonly emailSlot = h('div', { class: 'email-slot' });
  private readonly periodGrid = h('div', { class: 'records-grid', 'data-grid': 'period' }, this.emailSlot);
  private readonly filingsSection = h(
    'section',
    { class: 'filings', 'data-section': 'filings', 'aria-labelledby': 'filings-title' },
    this.summarySlot,
    this.periodGrid,
  );
  /** Two columns, lists and detail, from this width on: the stylesheet's breakpoint. */
  private readonly wide = window.matchMedia('(min-width: 620px)');
  /** The overview drawn, until the next drawing replaces it. */
  private drawn: Drawn | undefined;
  /** The button of the record shown. */
  private anchor: HTMLElement | undefined;
  private readonly header: ViewHeader;
  private readonly listControls: { go: (page: number) => void; close: () => void };

  constructor(
    private readonly store: ViewStore,
    private readonly actions: PageActions,
  ) {
    this.listControls = { go: (page) => actions.goToPage(page), close: () => actions.closeList() };
    this.header = new ViewHeader(store, (period) => actions.choosePeriod(period));
    this.app.replaceChildren(this.header.element, this.errorBox, this.riskSection, this.filingsSection);
    this.wide.addEventListener('change', () => this.placeDetail());
  }

  /** The period picker takes choices once the host can take calls. */
  enable(): void {
    this.header.enable();
  }

  drawPhase(): void {
    this.app.dataset.state = this.store.phase;
    this.app.setAttribute('aria-busy', String(this.store.phase === 'loading'));
    this.header.drawPhase();
  }

  showError(message: string | undefined): void {
    this.errorBox.textContent = message ?? '';
    this.errorBox.hidden = !message;
  }

  private viewContext(): ViewContext {
    const { store, actions } = this;
    return {
      lang: store.lang,
      formats: store.formats,
      open: (record, button) => actions.openRecord(record, button),
      selected: selectedKey(store),
      showList: (kind) => actions.showList(kind),
      listShown: store.riskList.state === 'closed' ? undefined : store.riskList.kind,
      scope: filterTexts(store),
      wholeBook: wholeBook(store),
    };
  }

  drawHeader(): void {
    this.header.draw();
  }

  drawAll(): void {
    const { app, store } = this;
    // Redrawing replaces the buttons: the one that had the focus gets it back, for keyboard users.
    const focusedElement = document.activeElement;
    const focused = focusedElement?.closest('button[data-record-id]')?.getAttribute('data-record-id');
    const focusedList = focusedElement?.closest('button.list-button')?.getAttribute('data-list');
    this.drawHeader();
    this.drawn?.stop();
    this.drawn = undefined;
    if (store.answer === undefined) {
      this.riskSlot.replaceChildren();
      this.urgentSlot.replaceChildren();
      this.summarySlot.replaceChildren();
      this.emailSlot.replaceChildren();
    } else {
      const context = this.viewContext();
      const drawn = drawOverview(store.answer, context);
      this.drawn = drawn;
      this.riskSlot.replaceChildren(drawn.risk);
      this.urgentSlot.replaceChildren(drawn.urgent, drawn.notDelivered);
      this.summarySlot.replaceChildren(drawn.filings);
      this.emailSlot.replaceChildren(drawn.email);
      this.placeList();
      drawRiskList(this.listPanel, store.riskList, context, this.listControls);
    }
    this.riskSection.hidden = store.answer === undefined;
    this.filingsSection.hidden = store.answer === undefined;
    this.riskGrid.hidden = this.drawn === undefined || this.drawn.noRisk;
    this.periodGrid.hidden = this.drawn === undefined || this.drawn.empty;
    if (focused) app.querySelector<HTMLElement>(`button[data-record-id="${CSS.escape(focused)}"]`)?.focus();
    else if (focusedList) app.querySelector<HTMLElement>(`button.list-button[data-list="${CSS.escape(focusedList)}"]`)?.focus();
    this.drawDetailPanel();
    // The record shown may be in the new lists too: the panel then stays beside it.
    this.anchor = app.querySelector<HTMLElement>('button.record[aria-current="true"]') ?? undefined;
    this.placeDetail();
  }

  /**
   * Puts the detail panel beside the button chosen, so that a record picked low in a long list is not
   * shown out of sight at the top: next to its lists (those of what is at risk, or the period's e-mail
   * problems), and when wide, level with the button. Beside the lists of what is at risk it never
   * reaches below them, which would push the period's part down.
   */
  private placeDetail(): void {
    const { anchor, detailPanel } = this;
    const slot = anchor?.isConnected ? anchor.closest<HTMLElement>('.urgent-slot, .email-slot') : null;
    const beside = slot?.classList.contains('email-slot') ? 'email' : 'urgent';
    const grid = beside === 'email' ? this.periodGrid : this.riskGrid;
    if (detailPanel.parentElement !== grid) grid.append(detailPanel);
    let margin = 0;
    if (anchor && slot && this.wide.matches) {
      const slotBox = slot.getBoundingClientRect();
      const offset = anchor.getBoundingClientRect().top - slotBox.top;
      margin = beside === 'email' ? offset : Math.min(offset, slotBox.height - detailPanel.getBoundingClientRect().height);
    }
    detailPanel.style.marginTop = `${Math.max(0, Math.round(margin))}px`;
  }

  /**
   * The detail panel drawn from the store, with the offer to draft the response when the record shown
   * can be drafted and the host takes messages. Redrawing replaces the offer's button: it keeps the
   * focus it had, for keyboard users.
   */
  private drawDetailPanel(): void {
    const { store, detailPanel } = this;
    const draftFocused =
      document.activeElement instanceof HTMLElement && detailPanel.contains(document.activeElement) && document.activeElement.matches('button[data-draft]');
    const draft =
      store.takesMessages && draftRequest(store.detail) !== undefined ? { status: store.draft, ask: () => this.actions.draftResponse() } : undefined;
    drawDetail(detailPanel, store.detail, store.lang, store.formats, draft);
    if (draftFocused) detailPanel.querySelector<HTMLElement>('button[data-draft]')?.focus();
  }

  /** The detail panel drawn from the store; `anchor`, the button of the record just chosen, marked as shown. */
  drawDetail(anchor?: HTMLElement): void {
    this.drawDetailPanel();
    if (anchor !== undefined) {
      this.anchor = anchor;
      this.markSelected();
    }
    this.placeDetail();
    // Stacked, the panel follows the list the record was chosen in: brought into view, loading and loaded.
    if (!this.wide.matches) this.detailPanel.scrollIntoView({ block: 'nearest' });
  }

  private markSelected(): void {
    const key = selectedKey(this.store);
    for (const button of this.app.querySelectorAll<HTMLButtonElement>('button.record')) {
      const id = button.dataset.recordId;
      const own = id !== undefined ? `id:${id}` : button.dataset.reference !== undefined ? `ref:${button.dataset.reference}` : undefined;
      if (own !== undefined && own === key) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    }
  }

  /**
   * The list panel below the controls of the list it shows: those of what is at risk below the most
   * urgent records, the e-mail problems' below theirs (in the period's part, beside which the detail
   * panel then opens). Moved only when it is not there already: a move would take the focus from a
   * button in it.
   */
  private placeList(): void {
    const { riskList } = this.store;
    const below = riskList.state !== 'closed' && riskList.kind === 'emailProblems' ? this.drawn?.email : this.drawn?.urgent;
    if (below?.isConnected && below.nextElementSibling !== this.listPanel) below.after(this.listPanel);
  }

  drawList(): void {
    const { riskList } = this.store;
    this.placeList();
    drawRiskList(this.listPanel, riskList, this.viewContext(), this.listControls);
    const open = riskList.state === 'closed' ? undefined : riskList.kind;
    for (const button of this.app.querySelectorAll<HTMLElement>('button.list-button'))
      button.setAttribute('aria-expanded', String(button.dataset.list === open));
    if (!this.anchor?.isConnected) this.anchor = this.app.querySelector<HTMLElement>('button.record[aria-current="true"]') ?? undefined;
    this.placeDetail();
  }

  /** Gives the focus back to the control of the full list of `kind` (the list was closed). */
  focusListButton(kind: RiskListKind): void {
    this.app.querySelector<HTMLElement>(`button.list-button[data-list="${kind}"]`)?.focus();
  }
}
