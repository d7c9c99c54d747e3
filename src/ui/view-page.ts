// The complaints_overview view (MCP Apps): connects to the host, draws the overview the tool call
// answered, and lets the member pick another period, open a record, or page through every overdue or
// due soon record or every record of the period with e-mail problems, each through the host's
// tools/call. State lives here; the drawing is in overview-view.ts, risk-list-view.ts and
// detail-view.ts.
import { PERIODS } from '../calendar/periods.js';
import { atRiskFigures, type ListArguments, listArguments, listRequest, type RiskListKind, riskPage } from './at-risk-read.js';
import { type DetailState, drawDetail, type RecordRef } from './detail-view.js';
import { type Formats, formatsFor, h } from './dom.js';
import { HostConnection, type Params, PROTOCOL_VERSION, RpcError, reportSize } from './host-connection.js';
import { applyStyleVariables, applyTheme, type HostContext, localeOf, mergeContext, themeOf } from './host-context.js';
import { type LabelId, type Lang, label, languageOf, valueLabel } from './labels.js';
import { type Drawn, drawOverview, refKey, type ViewContext } from './overview-view.js';
import { fields, list, type OverviewFields, text } from './read.js';
import { drawRiskList, type RiskListState } from './risk-list-view.js';

type Phase = 'waiting' | 'loading' | 'ready' | 'error' | 'cancelled';

/** A host's error text is shown, but not without end. */
const MAX_ERROR_CHARS = 2000;

let context: HostContext = {};
let lang: Lang = 'en';
let formats: Formats = formatsFor('en', 'en');
/** The arguments the overview drawn (or awaited) answers. */
let args: Params = {};
let answer: OverviewFields | undefined;
let phase: Phase = 'waiting';
let detail: DetailState = { state: 'empty' };
let riskList: RiskListState = { state: 'closed' };
let drawn: Drawn | undefined;
let connected = false;
// A newer call (or a newer result from the host) makes an older answer stale: it is then dropped.
let overviewCall = 0;
let detailCall = 0;
let listCall = 0;

// ---- The page's parts, made once ----

const app = document.getElementById('app') ?? document.body.appendChild(h('main', { id: 'app' }));
const heading = h('h1');
const periodText = h('span');
const status = h('span', { class: 'status', role: 'status' });
const periodLine = h('p', { class: 'period' }, periodText, status);
const select = h('select', { name: 'period', id: 'period-picker' });
const pickerCaption = h('span');
const errorBox = h('p', { class: 'error', 'data-error': '', role: 'alert' });
// At risk now (the whole book): its figures, then its lists beside the detail panel.
const riskSlot = h('div', { class: 'risk-slot' });
const urgentSlot = h('div', { class: 'urgent-slot' });
const listPanel = h('section', {
  id: 'risk-list',
  class: 'panel risk-list',
  'data-risk-list': '',
  'data-state': 'closed',
  'aria-labelledby': 'risk-list-title',
  hidden: '',
});
const detailPanel = h('aside', { class: 'panel detail', 'data-detail': '', 'data-state': 'empty', 'aria-live': 'polite' });
const riskGrid = h('div', { class: 'records-grid', 'data-grid': 'risk' }, urgentSlot, detailPanel);
const riskSection = h('section', { class: 'at-risk', 'data-section': 'atRisk', 'aria-labelledby': 'at-risk-title' }, riskSlot, riskGrid);
// Filed in the period: figures, bars and activity, then the e-mail problems (the detail panel moves
// beside them when one of theirs is opened).
const summarySlot = h('div', { class: 'summary-slot' });
const emailSlot = h('div', { class: 'email-slot' });
const periodGrid = h('div', { class: 'records-grid', 'data-grid': 'period' }, emailSlot);
const filingsSection = h('section', { class: 'filings', 'data-section': 'filings', 'aria-labelledby': 'filings-title' }, summarySlot, periodGrid);

select.disabled = true;
/**
 * Arrow keys on a closed select change it once per press: the period asked for is the one it rests
 * on, so that passing over four options is one overview call, not four (each reads up to 40 pages,
 * and a host may ask the person to approve each).
 */
const PERIOD_SETTLE_MS = 400;
let periodTimer: ReturnType<typeof setTimeout> | undefined;
select.addEventListener('change', () => {
  clearTimeout(periodTimer);
  periodTimer = setTimeout(() => void choosePeriod(select.value), PERIOD_SETTLE_MS);
});
app.replaceChildren(
  h(
    'header',
    { class: 'head' },
    h('div', { class: 'head-text' }, heading, periodLine),
    h('label', { class: 'picker', for: 'period-picker' }, pickerCaption, select),
  ),
  errorBox,
  riskSection,
  filingsSection,
);

// ---- Drawing ----

function setPhase(next: Phase): void {
  phase = next;
  app.dataset.state = next;
  app.setAttribute('aria-busy', String(next === 'loading'));
  const words: Partial<Record<Phase, LabelId>> = { waiting: 'waiting', loading: 'loading', cancelled: 'cancelled' };
  const id = words[next];
  status.textContent = id ? label(lang, id) : '';
  status.hidden = id === undefined;
}

function showError(message: string | undefined): void {
  errorBox.textContent = message ?? '';
  errorBox.hidden = !message;
}

function periodOf(values: Params): string | undefined {
  return typeof values.period === 'string' && (PERIODS as readonly string[]).includes(values.period) ? values.period : undefined;
}

function periodWords(): string {
  const from = text(answer?.filedFrom) ?? text(args.from);
  const to = text(answer?.filedTo) ?? text(args.to);
  if (from !== undefined && to !== undefined) {
    return from === to ? label(lang, 'filedOn', { date: formats.day(from) }) : label(lang, 'filedBetween', { from: formats.day(from), to: formats.day(to) });
  }
  if (from !== undefined || to !== undefined) return label(lang, 'filedBetween', { from: from ? formats.day(from) : '…', to: to ? formats.day(to) : '…' });
  const period = periodOf(args);
  if (period !== undefined) return label(lang, `period.${period}` as LabelId);
  return answer === undefined && phase === 'waiting' ? '' : label(lang, 'filedAll');
}

function filterTexts(): string[] {
  const filters: string[] = [];
  const storeId = text(args.storeId);
  if (storeId !== undefined) {
    const named = list(answer?.byStore)
      .map((entry) => fields(entry))
      .find((entry) => entry.storeId === storeId);
    filters.push(label(lang, 'storeFilter', { store: text(named?.store) ?? storeId }));
  }
  const type = text(args.type);
  if (type !== undefined) filters.push(label(lang, 'typeFilter', { type: valueLabel(lang, 'type', type) }));
  return filters;
}

/** No period and no dates: the filings are the whole book's. */
function wholeBook(): boolean {
  return periodOf(args) === undefined && text(args.from) === undefined && text(args.to) === undefined && text(answer?.filedFrom) === undefined;
}

function viewContext(): ViewContext {
  return {
    lang,
    formats,
    open: (record, button) => void openRecord(record, button),
    selected: selectedKey(),
    showList: (kind) => showList(kind),
    listShown: riskList.state === 'closed' ? undefined : riskList.kind,
    scope: filterTexts(),
    wholeBook: wholeBook(),
  };
}

function drawHeader(): void {
  document.documentElement.lang = lang;
  document.title = label(lang, 'documentTitle');
  heading.textContent = label(lang, 'title');
  periodText.textContent = [periodWords(), ...filterTexts()].filter((part) => part !== '').join(' · ');
  periodText.hidden = periodText.textContent === '';
  pickerCaption.textContent = label(lang, 'periodLabel');
  const values = ['', ...PERIODS];
  if (select.options.length !== values.length) {
    select.replaceChildren(...values.map((value) => h('option', { value })));
  }
  values.forEach((value, index) => {
    select.options[index]!.textContent = label(lang, `period.${value}` as LabelId);
  });
  const period = periodOf(args);
  // A range given as from/to is none of the options: none is shown selected rather than a wrong one.
  if (period !== undefined) select.value = period;
  else if (text(args.from) !== undefined || text(args.to) !== undefined) select.selectedIndex = -1;
  else select.value = '';
}

function drawAll(): void {
  // Redrawing replaces the buttons: the one that had the focus gets it back, for keyboard users.
  const focusedElement = document.activeElement;
  const focused = focusedElement?.closest('button[data-record-id]')?.getAttribute('data-record-id');
  const focusedList = focusedElement?.closest('button.list-button')?.getAttribute('data-list');
  drawHeader();
  drawn?.stop();
  drawn = undefined;
  if (answer === undefined) {
    riskSlot.replaceChildren();
    urgentSlot.replaceChildren();
    summarySlot.replaceChildren();
    emailSlot.replaceChildren();
  } else {
    const context = viewContext();
    drawn = drawOverview(answer, context);
    riskSlot.replaceChildren(drawn.risk);
    urgentSlot.replaceChildren(drawn.urgent, drawn.notDelivered);
    summarySlot.replaceChildren(drawn.filings);
    emailSlot.replaceChildren(drawn.email);
    placeList();
    drawRiskList(listPanel, riskList, context, listControls);
  }
  riskSection.hidden = answer === undefined;
  filingsSection.hidden = answer === undefined;
  riskGrid.hidden = drawn === undefined || drawn.noRisk;
  periodGrid.hidden = drawn === undefined || drawn.empty;
  if (focused) app.querySelector<HTMLElement>(`button[data-record-id="${CSS.escape(focused)}"]`)?.focus();
  else if (focusedList) app.querySelector<HTMLElement>(`button.list-button[data-list="${CSS.escape(focusedList)}"]`)?.focus();
  drawDetail(detailPanel, detail, lang, formats);
  // The record shown may be in the new lists too: the panel then stays beside it.
  anchor = app.querySelector<HTMLElement>('button.record[aria-current="true"]') ?? undefined;
  placeDetail();
}

/** Two columns, lists and detail, from this width on: the stylesheet's breakpoint. */
const wide = window.matchMedia('(min-width: 620px)');
/** The button of the record shown. */
let anchor: HTMLElement | undefined;

/**
 * Puts the detail panel beside the button chosen, so that a record picked low in a long list is not
 * shown out of sight at the top: next to its lists (those of what is at risk, or the period's e-mail problems),
 * and when wide, level with the button. Beside the lists of what is at risk it never reaches below them, which
 * would push the period's part down.
 */
function placeDetail(): void {
  const slot = anchor?.isConnected ? anchor.closest<HTMLElement>('.urgent-slot, .email-slot') : null;
  const beside = slot?.classList.contains('email-slot') ? 'email' : 'urgent';
  const grid = beside === 'email' ? periodGrid : riskGrid;
  if (detailPanel.parentElement !== grid) grid.append(detailPanel);
  let margin = 0;
  if (anchor && slot && wide.matches) {
    const slotBox = slot.getBoundingClientRect();
    const offset = anchor.getBoundingClientRect().top - slotBox.top;
    margin = beside === 'email' ? offset : Math.min(offset, slotBox.height - detailPanel.getBoundingClientRect().height);
  }
  detailPanel.style.marginTop = `${Math.max(0, Math.round(margin))}px`;
}

wide.addEventListener('change', placeDetail);

function selectedKey(): string | undefined {
  return detail.state === 'empty' ? undefined : refKey(detail.record);
}

function markSelected(): void {
  const key = selectedKey();
  for (const button of app.querySelectorAll<HTMLButtonElement>('button.record')) {
    const id = button.dataset.recordId;
    const own = id !== undefined ? `id:${id}` : button.dataset.reference !== undefined ? `ref:${button.dataset.reference}` : undefined;
    if (own !== undefined && own === key) button.setAttribute('aria-current', 'true');
    else button.removeAttribute('aria-current');
  }
}

// ---- Results ----

interface ToolOutcome {
  ok: boolean;
  structured: unknown;
  message: string;
}

/** A CallToolResult read without trust: its text blocks joined (for errors), its structuredContent. */
function outcomeOf(result: unknown): ToolOutcome {
  const fieldsOf = fields<{ content: unknown; structuredContent: unknown; isError: unknown }>(result);
  const message = list(fieldsOf.content)
    .map((block) => fields<{ type: unknown; text: unknown }>(block))
    .filter((block) => block.type === 'text')
    .map((block) => text(block.text) ?? '')
    .join('\n')
    .slice(0, MAX_ERROR_CHARS);
  return { ok: fieldsOf.isError !== true, structured: fieldsOf.structuredContent, message };
}

function failureText(error: unknown): string {
  const message = error instanceof RpcError || error instanceof Error ? error.message : '';
  return message !== '' ? message.slice(0, MAX_ERROR_CHARS) : label(lang, 'callFailed');
}

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Draws an overview result; on an error, says it and keeps the last drawing. True when drawn. */
function takeOverview(result: unknown): boolean {
  const outcome = outcomeOf(result);
  if (!outcome.ok || !isObject(outcome.structured)) {
    showError(outcome.ok ? label(lang, 'noData') : outcome.message || label(lang, 'callFailed'));
    setPhase('error');
    drawHeader();
    return false;
  }
  answer = outcome.structured as OverviewFields;
  // A full list open stays only while the new answer lists the same records by the same arguments.
  if (riskList.state !== 'closed' && !sameArguments(riskList.list, listArgumentsOf(riskList.kind))) {
    listCall++;
    riskList = { state: 'closed' };
  }
  showError(undefined);
  setPhase('ready');
  drawAll();
  return true;
}

// ---- The full lists: of what is at risk, and of the period's e-mail problems ----

/** The list_complaints arguments the answer gives for the full list of `kind`. */
function listArgumentsOf(kind: RiskListKind): ListArguments | undefined {
  if (answer === undefined) return undefined;
  if (kind === 'emailProblems') return listArguments(fields<{ list: unknown }>(answer.emailProblems).list);
  const risk = atRiskFigures(answer.atRisk);
  return kind === 'overdue' ? risk?.listOverdue : risk?.listDueSoon;
}

/**
 * The list panel below the controls of the list it shows: those of what is at risk below the most urgent
 * records, the e-mail problems' below theirs (in the period's part, beside which the detail panel then
 * opens). Moved only when it is not there already: a move would take the focus from a button in it.
 */
function placeList(): void {
  const below = riskList.state !== 'closed' && riskList.kind === 'emailProblems' ? drawn?.email : drawn?.urgent;
  if (below?.isConnected && below.nextElementSibling !== listPanel) below.after(listPanel);
}

function sameArguments(a: ListArguments | undefined, b: ListArguments | undefined): boolean {
  return a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

const listControls = {
  go: (page: number) => {
    if (riskList.state === 'ready' || riskList.state === 'error') void showListPage(riskList.kind, riskList.list, page);
  },
  close: () => {
    const kind = riskList.state === 'closed' ? undefined : riskList.kind;
    listCall++;
    riskList = { state: 'closed' };
    drawList();
    if (kind) app.querySelector<HTMLElement>(`button.list-button[data-list="${kind}"]`)?.focus();
  },
};

/** The control of a full list: opens its first page; closes it when it is the list shown (and not failed: then it asks again). */
function showList(kind: RiskListKind): void {
  if (riskList.state !== 'closed' && riskList.state !== 'error' && riskList.kind === kind) {
    listControls.close();
    return;
  }
  const list = listArgumentsOf(kind);
  if (list !== undefined) void showListPage(kind, list, 1);
}

function drawList(): void {
  placeList();
  drawRiskList(listPanel, riskList, viewContext(), listControls);
  const open = riskList.state === 'closed' ? undefined : riskList.kind;
  for (const button of app.querySelectorAll<HTMLElement>('button.list-button')) button.setAttribute('aria-expanded', String(button.dataset.list === open));
  if (!anchor?.isConnected) anchor = app.querySelector<HTMLElement>('button.record[aria-current="true"]') ?? undefined;
  placeDetail();
}

/** One page of a full list: one list_complaints call through the host, its answer read without trust. */
async function showListPage(kind: RiskListKind, list: ListArguments, page: number): Promise<void> {
  if (!connected) return;
  const call = ++listCall;
  // The page shown stays, dimmed, while the next loads.
  const shown = riskList.state !== 'closed' && riskList.kind === kind ? riskList.shown : undefined;
  riskList = { state: 'loading', kind, list, page, shown };
  drawList();
  let next: RiskListState;
  try {
    const outcome = outcomeOf(await connection.request('tools/call', { name: 'list_complaints', arguments: listRequest(list, page) }));
    next =
      outcome.ok && isObject(outcome.structured)
        ? { state: 'ready', kind, list, page, shown: riskPage(outcome.structured, page) }
        : { state: 'error', kind, list, page, shown, message: outcome.ok ? label(lang, 'noData') : outcome.message };
  } catch (error) {
    next = { state: 'error', kind, list, page, shown, message: failureText(error) };
  }
  if (call !== listCall) return;
  riskList = next;
  drawList();
}

async function choosePeriod(period: string): Promise<void> {
  if (!connected) return;
  const next: Params = { ...args };
  delete next.period;
  delete next.from;
  delete next.to;
  if (period !== '') next.period = period;
  const call = ++overviewCall;
  // The error of an earlier call says nothing of this one.
  showError(undefined);
  setPhase('loading');
  let result: unknown;
  try {
    result = await connection.request('tools/call', { name: 'complaints_overview', arguments: next });
  } catch (error) {
    if (call !== overviewCall) return;
    showError(failureText(error));
    setPhase('error');
    drawHeader();
    return;
  }
  if (call !== overviewCall) return;
  const previous = args;
  args = next;
  // A failed call leaves the drawing of the previous arguments: so do the header and the picker.
  if (!takeOverview(result)) {
    args = previous;
    drawHeader();
  }
}

async function openRecord(record: RecordRef, button: HTMLElement): Promise<void> {
  // Until the host has answered ui/initialize it takes no request (and may drop one).
  if (!connected) return;
  const call = ++detailCall;
  detail = { state: 'loading', record };
  anchor = button;
  drawDetail(detailPanel, detail, lang, formats);
  markSelected();
  placeDetail();
  revealDetail();
  const requested = record.id !== undefined ? { id: record.id } : { reference: record.reference };
  try {
    const outcome = outcomeOf(await connection.request('tools/call', { name: 'get_complaint', arguments: requested }));
    if (call !== detailCall) return;
    detail =
      outcome.ok && isObject(outcome.structured)
        ? { state: 'ready', record, answer: fields(outcome.structured) }
        : { state: 'error', record, message: outcome.ok ? label(lang, 'noData') : outcome.message };
  } catch (error) {
    if (call !== detailCall) return;
    detail = { state: 'error', record, message: failureText(error) };
  }
  drawDetail(detailPanel, detail, lang, formats);
  placeDetail();
  revealDetail();
}

/** Stacked, the panel follows the list the record was chosen in: brought into view, loading and loaded. */
function revealDetail(): void {
  if (!wide.matches) detailPanel.scrollIntoView({ block: 'nearest' });
}

// ---- The host ----

function takeContext(partial: unknown): void {
  const before = `${lang}|${formats.locale}`;
  context = mergeContext(context, partial);
  applyTheme(themeOf(context));
  applyStyleVariables(context);
  const locale = localeOf(context);
  lang = languageOf(locale);
  formats = formatsFor(locale, lang === 'es' ? 'es-PE' : 'en');
  if (`${lang}|${formats.locale}` !== before) {
    setPhase(phase);
    drawAll();
  }
}

function onNotification(method: string, params: Params): void {
  switch (method) {
    case 'ui/notifications/tool-input':
      if (isObject(params.arguments)) args = { ...(params.arguments as Params) };
      drawHeader();
      return;
    case 'ui/notifications/tool-result':
      // The host's result supersedes a period asked for meanwhile: the drawing follows the host.
      overviewCall++;
      takeOverview(params);
      return;
    case 'ui/notifications/tool-cancelled':
      overviewCall++;
      showError(undefined);
      setPhase('cancelled');
      drawHeader();
      return;
    case 'ui/notifications/host-context-changed':
      takeContext(params);
      return;
    default:
      // tool-input-partial and anything newer: nothing to draw from.
      return;
  }
}

const connection = new HostConnection(window.parent, onNotification);

// Without a theme from the host, the system's is followed as it changes.
window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', () => applyTheme(themeOf(context)));

async function start(): Promise<void> {
  takeContext({});
  setPhase('waiting');
  showError(undefined);
  drawAll();
  connection.start();
  const result = fields<{ hostContext: unknown }>(
    await connection.request('ui/initialize', {
      protocolVersion: PROTOCOL_VERSION,
      appInfo: { name: 'complaints-book-mcp overview', version: '1' },
      appCapabilities: { availableDisplayModes: ['inline'] },
    }),
  );
  takeContext(result.hostContext);
  connection.notify('ui/notifications/initialized', {});
  connected = true;
  select.disabled = false;
  reportSize((size) => connection.notify('ui/notifications/size-changed', size));
}

start().catch(() => {
  // No host answered ui/initialize: the page stays waiting, which is what it says.
});
