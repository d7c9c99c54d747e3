// The view's state, in one object: what the host said (its context and capabilities, the tool's
// arguments and answer), what the member opened (a record, a full list) or asked (a draft), and which
// call each part awaits. Kept apart from the drawing (view-page.ts) and from the host
// (host-adapter.ts) so that what the page shows has one place to be read from; the facts derived from
// it (the period, the filters, the full list's arguments) are pure functions of it here, with no DOM
// and no host.
import { PERIODS } from '../calendar/periods.js';
import type { OverviewAnswer } from '../contract/overview-answer.js';
import { atRiskFigures, type ListArguments, listArguments, type RiskListKind } from './at-risk-read.js';
import type { DetailState } from './detail-view.js';
import { type Formats, formatsFor } from './dom.js';
import type { DraftState } from './draft-request.js';
import type { Params } from './host-connection.js';
import type { HostContext } from './host-context.js';
import { type Lang, label, valueLabel } from './labels.js';
import { fields, list, type OverviewFields, text } from './read.js';
import type { RiskListState } from './risk-list-view.js';
import { refKey } from './view-context.js';

export type Phase = 'waiting' | 'loading' | 'ready' | 'error' | 'cancelled';

export interface ViewStore {
  context: HostContext;
  lang: Lang;
  formats: Formats;
  /** The arguments the overview drawn (or awaited) answers. */
  args: Params;
  answer: OverviewFields | undefined;
  phase: Phase;
  detail: DetailState;
  riskList: RiskListState;
  /** The host has answered ui/initialize: until then it takes no request (and may drop one). */
  connected: boolean;
  /** The host said in ui/initialize that it takes ui/message: only then is drafting a response offered. */
  takesMessages: boolean;
  /** The request to draft the response of the record shown; back to idle when another record is opened. */
  draft: DraftState;
  /**
   * The number of the latest call of each kind: a newer call (or a newer result from the host) makes
   * an older answer stale, and it is then dropped. Opening a record makes a draft request stale too.
   */
  calls: { overview: number; detail: number; list: number; draft: number };
}

export function newStore(): ViewStore {
  return {
    context: {},
    lang: 'en',
    formats: formatsFor('en', 'en'),
    args: {},
    answer: undefined,
    phase: 'waiting',
    detail: { state: 'empty' },
    riskList: { state: 'closed' },
    connected: false,
    takesMessages: false,
    draft: { state: 'idle' },
    calls: { overview: 0, detail: 0, list: 0, draft: 0 },
  };
}

/** The period of the arguments, when it is one the picker offers. */
export function periodOf(values: Params): string | undefined {
  return typeof values.period === 'string' && (PERIODS as readonly string[]).includes(values.period) ? values.period : undefined;
}

/** What the overview was narrowed by ("store …", "type …"), in words. */
export function filterTexts({ args, answer, lang }: ViewStore): string[] {
  const filters: string[] = [];
  const storeId = text(args.storeId);
  if (storeId !== undefined) {
    // The answer's store, which the server names even when the store filed nothing in the period.
    const asked = fields<NonNullable<OverviewAnswer['store']>>(answer?.store);
    const same = text(asked.id) === storeId;
    const listed = list(answer?.byStore)
      .map((entry) => fields<NonNullable<OverviewAnswer['byStore']>[number]>(entry))
      .find((entry) => entry.storeId === storeId);
    const name = (same ? text(asked.name) : undefined) ?? text(listed?.store);
    if (name === undefined && same && asked.noRecord === true) filters.push(label(lang, 'storeFilterNoRecord', { store: storeId }));
    else filters.push(label(lang, 'storeFilter', { store: name ?? storeId }));
  }
  const type = text(args.type);
  if (type !== undefined) filters.push(label(lang, 'typeFilter', { type: valueLabel(lang, 'type', type) }));
  return filters;
}

/** No period and no dates: the filings are the whole book's. */
export function wholeBook({ args, answer }: ViewStore): boolean {
  return periodOf(args) === undefined && text(args.from) === undefined && text(args.to) === undefined && text(answer?.filedFrom) === undefined;
}

/** The record shown in the detail panel, as refKey gives it. */
export function selectedKey({ detail }: ViewStore): string | undefined {
  return detail.state === 'empty' ? undefined : refKey(detail.record);
}

/** The list_complaints arguments the answer gives for the full list of `kind`. */
export function listArgumentsOf({ answer }: ViewStore, kind: RiskListKind): ListArguments | undefined {
  if (answer === undefined) return undefined;
  if (kind === 'emailProblems') return listArguments(fields<NonNullable<OverviewAnswer['emailProblems']>>(answer.emailProblems).list);
  const risk = atRiskFigures(answer.atRisk);
  return kind === 'overdue' ? risk?.listOverdue : risk?.listDueSoon;
}

export function sameArguments(a: ListArguments | undefined, b: ListArguments | undefined): boolean {
  return a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b);
}
