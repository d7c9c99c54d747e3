// The complaints_overview view (MCP Apps), its entry: connects to the host, draws the overview the
// tool call answered, and lets the member pick another period, open a record, or page through every
// overdue or due soon record or every record of the period with e-mail problems, each through the
// host's tools/call; and ask the conversation, through ui/message, to draft an unanswered record's
// official response. This file is what happens on each of those: it ties the state (view-store.ts),
// the drawing (view-page.ts) and the host (host-adapter.ts), and drops the answers a newer call made
// stale.
import { type ListArguments, listRequest, type RiskListKind, riskPage } from './at-risk-read.js';
import type { RecordRef } from './detail-view.js';
import { formatsFor } from './dom.js';
import { type DraftState, draftMessage, draftRequest, takesMessages } from './draft-request.js';
import { errorMessage, Host, isObject, outcomeOf, type ToolOutcome } from './host-adapter.js';
import type { Params } from './host-connection.js';
import { applyStyleVariables, applyTheme, localeOf, mergeContext, themeOf } from './host-context.js';
import { label, languageOf } from './labels.js';
import { fields, type OverviewFields } from './read.js';
import type { RiskListState } from './risk-list-view.js';
import { ViewPage } from './view-page.js';
import { listArgumentsOf, newStore, type Phase, sameArguments } from './view-store.js';

const store = newStore();

const page = new ViewPage(store, {
  choosePeriod: (period) => void choosePeriod(period),
  openRecord: (record, button) => void openRecord(record, button),
  showList,
  goToPage: (number) => {
    const { riskList } = store;
    if (riskList.state === 'ready' || riskList.state === 'error') void showListPage(riskList.kind, riskList.list, number);
  },
  closeList,
  draftResponse: () => void draftResponse(),
});

const host = new Host({
  toolInput: (args) => {
    if (isObject(args)) store.args = { ...args };
    page.drawHeader();
  },
  toolResult: (result) => {
    // The host's result supersedes a period asked for meanwhile: the drawing follows the host.
    store.calls.overview++;
    takeOverview(outcomeOf(result));
  },
  toolCancelled: () => {
    store.calls.overview++;
    page.showError(undefined);
    setPhase('cancelled');
    page.drawHeader();
  },
  contextChanged: takeContext,
});

function setPhase(phase: Phase): void {
  store.phase = phase;
  page.drawPhase();
}

function failureText(error: unknown): string {
  return errorMessage(error) || label(store.lang, 'callFailed');
}

/** Draws an overview result; on an error, says it and keeps the last drawing. True when drawn. */
function takeOverview(outcome: ToolOutcome): boolean {
  if (!outcome.ok || !isObject(outcome.structured)) {
    page.showError(outcome.ok ? label(store.lang, 'noData') : outcome.message || label(store.lang, 'callFailed'));
    setPhase('error');
    page.drawHeader();
    return false;
  }
  store.answer = outcome.structured as OverviewFields;
  // A full list open stays only while the new answer lists the same records by the same arguments.
  const { riskList } = store;
  if (riskList.state !== 'closed' && !sameArguments(riskList.list, listArgumentsOf(store, riskList.kind))) {
    store.calls.list++;
    store.riskList = { state: 'closed' };
  }
  page.showError(undefined);
  setPhase('ready');
  page.drawAll();
  return true;
}

async function choosePeriod(period: string): Promise<void> {
  if (!store.connected) return;
  const next: Params = { ...store.args };
  delete next.period;
  delete next.from;
  delete next.to;
  if (period !== '') next.period = period;
  const call = ++store.calls.overview;
  // The error of an earlier call says nothing of this one.
  page.showError(undefined);
  setPhase('loading');
  let outcome: ToolOutcome;
  try {
    outcome = await host.callTool('complaints_overview', next);
  } catch (error) {
    if (call !== store.calls.overview) return;
    page.showError(failureText(error));
    setPhase('error');
    page.drawHeader();
    return;
  }
  if (call !== store.calls.overview) return;
  const previous = store.args;
  store.args = next;
  // A failed call leaves the drawing of the previous arguments: so do the header and the picker.
  if (!takeOverview(outcome)) {
    store.args = previous;
    page.drawHeader();
  }
}

async function openRecord(record: RecordRef, button: HTMLElement): Promise<void> {
  // Until the host has answered ui/initialize it takes no request (and may drop one).
  if (!store.connected) return;
  const call = ++store.calls.detail;
  // What became of a draft asked for the record shown before says nothing of this one.
  store.calls.draft++;
  store.draft = { state: 'idle' };
  store.detail = { state: 'loading', record };
  page.drawDetail(button);
  const requested = record.id !== undefined ? { id: record.id } : { reference: record.reference };
  try {
    const outcome = await host.callTool('get_complaint', requested);
    if (call !== store.calls.detail) return;
    store.detail =
      outcome.ok && isObject(outcome.structured)
        ? { state: 'ready', record, answer: fields(outcome.structured) }
        : { state: 'error', record, message: outcome.ok ? label(store.lang, 'noData') : outcome.message };
  } catch (error) {
    if (call !== store.calls.detail) return;
    store.detail = { state: 'error', record, message: failureText(error) };
  }
  page.drawDetail();
}

/**
 * Asks the host to put in the conversation the member's request to draft the official response of
 * the record shown (ui/message): its reference and the prompt to use, never what the consumer wrote.
 * A refusal or a failure is said in the panel, under the button.
 */
async function draftResponse(): Promise<void> {
  const request = draftRequest(store.detail);
  if (!store.connected || !store.takesMessages || request === undefined || store.draft.state === 'sending') return;
  const call = ++store.calls.draft;
  store.draft = { state: 'sending' };
  page.drawDetail();
  let next: DraftState;
  try {
    next = (await host.sendMessage(draftMessage(store.lang, request))) ? { state: 'sent' } : { state: 'failed', message: '' };
  } catch (error) {
    next = { state: 'failed', message: errorMessage(error) };
  }
  if (call !== store.calls.draft) return;
  store.draft = next;
  page.drawDetail();
}

// ---- The full lists: of what is at risk, and of the period's e-mail problems ----

function closeList(): void {
  const kind = store.riskList.state === 'closed' ? undefined : store.riskList.kind;
  store.calls.list++;
  store.riskList = { state: 'closed' };
  page.drawList();
  if (kind) page.focusListButton(kind);
}

/** The control of a full list: opens its first page; closes it when it is the list shown (and not failed: then it asks again). */
function showList(kind: RiskListKind): void {
  const { riskList } = store;
  if (riskList.state !== 'closed' && riskList.state !== 'error' && riskList.kind === kind) {
    closeList();
    return;
  }
  const list = listArgumentsOf(store, kind);
  if (list !== undefined) void showListPage(kind, list, 1);
}

/** One page of a full list: one list_complaints call through the host, its answer read without trust. */
async function showListPage(kind: RiskListKind, list: ListArguments, number: number): Promise<void> {
  if (!store.connected) return;
  const call = ++store.calls.list;
  // The page shown stays, dimmed, while the next loads.
  const shown = store.riskList.state !== 'closed' && store.riskList.kind === kind ? store.riskList.shown : undefined;
  store.riskList = { state: 'loading', kind, list, page: number, shown };
  page.drawList();
  let next: RiskListState;
  try {
    const outcome = await host.callTool('list_complaints', listRequest(list, number));
    next =
      outcome.ok && isObject(outcome.structured)
        ? { state: 'ready', kind, list, page: number, shown: riskPage(outcome.structured, number) }
        : { state: 'error', kind, list, page: number, shown, message: outcome.ok ? label(store.lang, 'noData') : outcome.message };
  } catch (error) {
    next = { state: 'error', kind, list, page: number, shown, message: failureText(error) };
  }
  if (call !== store.calls.list) return;
  store.riskList = next;
  page.drawList();
}

// ---- The host's context ----

function takeContext(partial: unknown): void {
  const before = `${store.lang}|${store.formats.locale}`;
  store.context = mergeContext(store.context, partial);
  applyTheme(themeOf(store.context));
  applyStyleVariables(store.context);
  const locale = localeOf(store.context);
  store.lang = languageOf(locale);
  store.formats = formatsFor(locale, store.lang === 'es' ? 'es-PE' : 'en');
  if (`${store.lang}|${store.formats.locale}` !== before) {
    page.drawPhase();
    page.drawAll();
  }
}

// Without a theme from the host, the system's is followed as it changes.
window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', () => applyTheme(themeOf(store.context)));

async function start(): Promise<void> {
  takeContext({});
  setPhase('waiting');
  page.showError(undefined);
  page.drawAll();
  const { hostContext, hostCapabilities } = await host.initialize();
  store.takesMessages = takesMessages(hostCapabilities);
  takeContext(hostContext);
  host.initialized();
  store.connected = true;
  page.enable();
}

start().catch(() => {
  // No host answered ui/initialize: the page stays waiting, which is what it says.
});
