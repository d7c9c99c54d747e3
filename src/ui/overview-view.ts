// The overview drawn from complaints_overview's structuredContent, in two parts that say different
// things: what is at risk now over the whole book (atRisk: its figures, the most urgent records, the
// answered ones not delivered, the way into the full lists), and the records filed in the period
// asked (figures, how they were answered, bars, activity, e-mail problems). Everything from the
// answer is read through read.ts, at-risk-read.ts and performance-read.ts and put in as text.
import { activitySection } from './activity-chart.js';
import { type AtRiskFigures, atRiskFigures, listArguments, type RiskListKind, type RiskRow, riskRow } from './at-risk-read.js';
import { type BarRow, barList } from './bar-list.js';
import type { RecordRef } from './detail-view.js';
import { type Formats, h, isolated, ltr, present, separated } from './dom.js';
import { deadlineWords, type Lang, label, urgencyOf, valueLabel } from './labels.js';
import { performanceFigures, storeAnswering } from './performance-read.js';
import { performanceSection, storeAnsweringCell } from './performance-view.js';
import { activity, count, counts, fields, integer, type OverviewFields, objects, text } from './read.js';

export interface ViewContext {
  lang: Lang;
  formats: Formats;
  /** The record `button` stands for was chosen. */
  open: (record: RecordRef, button: HTMLButtonElement) => void;
  /** The record shown in the detail panel, as refKey gives it. */
  selected: string | undefined;
  /** The full list of `kind` was asked for. */
  showList: (kind: RiskListKind) => void;
  /** The full list shown, if any. */
  listShown: RiskListKind | undefined;
  /** What the overview was narrowed by ("store …", "type …"), which narrows what is at risk too. */
  scope: string[];
  /** No period nor dates were asked: the filings are the whole book's. */
  wholeBook: boolean;
}

export const refKey = (record: RecordRef): string | undefined => (record.id !== undefined ? `id:${record.id}` : record.reference && `ref:${record.reference}`);

/** Stores listed one by one; the rest are summed in one line. */
const LISTED_STORES = 10;

// ---- Figures ----

function figure(name: string, caption: string, value: number, context: ViewContext, options: { lowerBound?: boolean; note?: string; tone?: string }) {
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

/** The figures of the filings: how many records were filed in the period. */
function filingFigures(answer: OverviewFields, context: ViewContext): HTMLElement {
  const { lang, formats } = context;
  const counted = integer(answer.counted);
  return h(
    'div',
    { class: 'figures' },
    figure('total', label(lang, 'figureTotal'), count(answer.total), context, {
      note: counted !== undefined ? label(lang, 'countedNote', { n: formats.number(Math.max(0, counted)) }) : undefined,
    }),
  );
}

/** The figures of what is at risk, each a lower bound when not every unresolved record was read. */
function atRiskFigureRow(risk: AtRiskFigures, context: ViewContext): HTMLElement {
  const { lang, formats } = context;
  const { lowerBound } = risk;
  const unresolved = [
    label(lang, 'unresolvedNote', { n: formats.number(risk.unresolved) }),
    risk.read !== undefined ? label(lang, 'readNote', { n: formats.number(risk.read) }) : undefined,
  ];
  return h(
    'div',
    { class: 'figures' },
    figure('unanswered', label(lang, 'figureUnanswered'), risk.unanswered, context, {
      lowerBound,
      note: unresolved.filter((part) => part !== undefined).join(' · '),
    }),
    figure('overdue', label(lang, 'figureOverdue'), risk.overdue, context, { lowerBound, tone: 'is-overdue' }),
    figure('dueSoon', label(lang, 'figureDueSoon'), risk.dueSoon, context, { lowerBound, tone: 'is-due-soon', note: label(lang, 'dueSoonRule') }),
    figure('answeredNotDelivered', label(lang, 'figureNotDelivered'), risk.answeredNotDelivered, context, {
      lowerBound,
      tone: 'is-not-delivered',
      note: label(lang, 'notDeliveredRule'),
    }),
  );
}

// ---- Bars ----

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

function barSections(answer: OverviewFields, context: ViewContext): HTMLElement {
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
      data: { 'on-time-share': answering?.onTimeShare, 'median-days': answering?.medianDays },
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

// ---- Records to open ----

function recordButton(
  record: RecordRef,
  urgency: string | undefined,
  context: ViewContext,
  ...content: (Node | string | false | undefined)[]
): HTMLButtonElement {
  const key = refKey(record);
  const button = h(
    'button',
    {
      type: 'button',
      class: urgency ? `record ${urgency}` : 'record',
      'data-record-id': record.id,
      'data-reference': record.id === undefined ? record.reference : undefined,
      'data-urgency': urgency,
      'aria-current': key !== undefined && key === context.selected ? 'true' : undefined,
    },
    ...content,
  );
  if (key === undefined) button.disabled = true;
  else button.addEventListener('click', () => context.open(record, button));
  return button;
}

function refOf(entry: { id?: unknown; correlative?: unknown }): RecordRef {
  const id = text(entry.id);
  const correlative = text(entry.correlative);
  return id !== undefined ? { id, correlative } : { reference: correlative, correlative };
}

/** The service's own deadline, worded, when it differs from the law's: a day, or none at all. */
function serviceDueWords(serviceDue: string | undefined, context: ViewContext): string | undefined {
  if (serviceDue === undefined) return undefined;
  return serviceDue === 'none' ? label(context.lang, 'serviceDueNone') : label(context.lang, 'serviceDueOn', { date: context.formats.day(serviceDue) });
}

/**
 * An overdue or due soon record as a button that opens it: correlative and days left, then (`withDetails`)
 * store, consumer, the law's deadline and the service's when it differs. The most urgent list and the
 * pages of the full lists draw their rows with it.
 */
export function riskEntry(row: RiskRow, withDetails: boolean, context: ViewContext): HTMLLIElement {
  const { lang, formats } = context;
  const urgency = urgencyOf(row.daysLeft);
  // Each fact in an isolate: a right-to-left store or consumer cannot swap places with the other, nor
  // move the dates.
  const due = row.due === undefined ? undefined : label(lang, 'dueOn', { date: formats.day(row.due) });
  const serviceDue = serviceDueWords(row.serviceDue, context);
  const facts = withDetails
    ? present(
        row.store !== undefined && isolated(row.store),
        row.consumer !== undefined && isolated(row.consumer),
        due !== undefined && ltr(due),
        serviceDue !== undefined && ltr(serviceDue),
      )
    : [];
  const button = recordButton(
    refOf(row),
    urgency,
    context,
    h(
      'span',
      { class: 'record-line' },
      h('span', { class: 'correlative', dir: 'ltr' }, row.correlative ?? label(lang, 'noCorrelative')),
      h('span', { class: 'badge', dir: 'ltr' }, deadlineWords(lang, row.daysLeft, formats.number)),
    ),
    facts.length > 0 && h('span', { class: 'record-facts' }, ...separated(facts, ' · ')),
  );
  if (withDetails && row.serviceDue !== undefined) button.dataset.serviceDue = row.serviceDue;
  return h('li', null, button);
}

/** The control that opens the full list of `kind` (in the one list panel, #risk-list), saying how many records it lists. */
function listButton(kind: RiskListKind, caption: string, context: ViewContext): HTMLButtonElement {
  const button = h(
    'button',
    { type: 'button', class: 'list-button', 'data-list': kind, 'aria-controls': 'risk-list', 'aria-expanded': String(context.listShown === kind) },
    caption,
  );
  button.addEventListener('click', () => context.showList(kind));
  return button;
}

/** The controls that open the full lists of what is at risk. */
function listButtons(risk: AtRiskFigures, context: ViewContext): HTMLElement | undefined {
  const { lang, formats } = context;
  const buttons = present(
    risk.listOverdue && listButton('overdue', label(lang, 'seeAllOverdue', { n: formats.number(risk.overdue) }), context),
    risk.listDueSoon && listButton('dueSoon', label(lang, 'seeAllDueSoon', { n: formats.number(risk.overdue + risk.dueSoon) }), context),
  );
  return buttons.length > 0 ? h('div', { class: 'list-buttons' }, ...buttons) : undefined;
}

function urgentSection(answer: OverviewFields, risk: AtRiskFigures, context: ViewContext): HTMLElement {
  const { lang } = context;
  const atRisk = fields(answer.atRisk);
  const most = objects(atRisk.mostUrgent).map(riskRow);
  const also = objects(atRisk.alsoDueSoon).map(riskRow);
  return h(
    'section',
    { class: 'panel urgent', 'data-series': 'urgent' },
    h('h3', null, label(lang, 'urgentTitle')),
    most.length === 0 && also.length === 0 && h('p', { class: 'muted' }, label(lang, 'urgentNone')),
    most.length > 0 && h('ul', { class: 'records' }, ...most.map((row) => riskEntry(row, true, context))),
    also.length > 0 && h('h4', null, label(lang, 'alsoDueSoon')),
    also.length > 0 && h('ul', { class: 'records' }, ...also.map((row) => riskEntry(row, false, context))),
    listButtons(risk, context),
  );
}

function notDeliveredSection(answer: OverviewFields, risk: AtRiskFigures, context: ViewContext): HTMLElement {
  const { lang, formats } = context;
  const listed = objects(fields(answer.atRisk).notDelivered);
  return h(
    'section',
    { class: 'panel not-delivered', 'data-series': 'notDelivered' },
    h('h3', null, label(lang, 'notDeliveredTitle')),
    listed.length === 0 && h('p', { class: 'muted' }, label(lang, 'notDeliveredNone')),
    listed.length > 0 &&
      h(
        'ul',
        { class: 'records' },
        ...listed.map((entry) => {
          const response = text(entry.response);
          return mailEntry(entry, response && label(lang, 'emailResponse', { state: valueLabel(lang, 'email', response) }), context);
        }),
      ),
    listed.length > 0 &&
      risk.answeredNotDelivered > listed.length &&
      h('p', { class: 'note' }, label(lang, 'notDeliveredFirst', { n: formats.number(listed.length), all: formats.number(risk.answeredNotDelivered) })),
  );
}

/** "receipt: failed · response: bounced": what a record's e-mails say, when they say something. */
function emailStates(receipt: string | undefined, response: string | undefined, lang: Lang): string | undefined {
  const states = [
    receipt && label(lang, 'emailReceipt', { state: valueLabel(lang, 'email', receipt) }),
    response && label(lang, 'emailResponse', { state: valueLabel(lang, 'email', response) }),
  ].filter((state) => state !== undefined);
  return states.length > 0 ? states.join(' · ') : undefined;
}

/** A row of the full list of the e-mail problems: the record, and what its e-mails say. */
export function mailRow(row: RiskRow, context: ViewContext): HTMLElement {
  return mailEntry(row, emailStates(row.receiptEmail, row.responseEmail, context.lang), context);
}

/** A record named by its correlative, with what its e-mails say: one entry of the e-mail lists. */
function mailEntry(entry: { id?: unknown; correlative?: unknown }, facts: string | undefined, context: ViewContext): HTMLElement {
  const correlative = h('span', { class: 'correlative', dir: 'ltr' }, text(entry.correlative) ?? label(context.lang, 'noCorrelative'));
  return h(
    'li',
    null,
    recordButton(
      refOf(entry),
      undefined,
      context,
      h('span', { class: 'record-line' }, correlative),
      facts !== undefined && h('span', { class: 'record-facts' }, facts),
    ),
  );
}

function emailSection(answer: OverviewFields, context: ViewContext): HTMLElement {
  const { lang, formats } = context;
  const section = h('section', { class: 'panel email', 'data-series': 'emailProblems' }, h('h3', null, label(lang, 'emailTitle')));
  if (answer.emailProblems === undefined || answer.emailProblems === null) {
    section.append(h('p', { class: 'muted' }, label(lang, 'emailAllFine')));
    return section;
  }
  const problems = fields(answer.emailProblems);
  const records = count(problems.records);
  const first = objects(problems.first);
  const states = counts(problems.byState).sort((a, b) => b[1] - a[1]);
  section.append(
    ...present(
      h('p', null, records === 1 ? label(lang, 'emailRecordsOne') : label(lang, 'emailRecordsMany', { n: formats.number(records) })),
      states.length > 0 &&
        h(
          'ul',
          { class: 'chips' },
          ...states.map(([state, amount]) =>
            h(
              'li',
              { class: 'chip', 'data-key': state, 'data-value': amount },
              `${valueLabel(lang, 'email', state)} `,
              h('strong', null, formats.number(amount)),
            ),
          ),
        ),
      first.length > 0 &&
        h(
          'ul',
          { class: 'records' },
          ...first.map((value) => {
            const entry = fields(value);
            return mailEntry(entry, emailStates(text(entry.receipt), text(entry.response), lang), context);
          }),
        ),
      // The full list, when the answer gives its arguments and lists fewer records than there are.
      listArguments(problems.list) !== undefined &&
        records > first.length &&
        h('div', { class: 'list-buttons' }, listButton('emailProblems', label(lang, 'emailListAll', { n: formats.number(records) }), context)),
    ),
  );
  return section;
}

// ---- The whole ----

export interface Drawn {
  /** At risk now: the heading, the figures and what qualifies them. */
  risk: HTMLElement;
  /** The most urgent records and the controls of the full lists: placed beside the detail panel. */
  urgent: HTMLElement;
  /** The answered records whose response was not delivered: beside the detail panel too. */
  notDelivered: HTMLElement;
  /** The records filed in the period: heading, figures, hint, bars and activity. */
  filings: HTMLElement;
  /** The filings' e-mail problems: beside the detail panel when a record of theirs is shown. */
  email: HTMLElement;
  /** No atRisk to draw from: the lists of what is at risk are left out. */
  noRisk: boolean;
  /** Nothing was filed in the period: its lists are left out. */
  empty: boolean;
  stop: () => void;
}

function riskHead(risk: AtRiskFigures | undefined, context: ViewContext): HTMLElement {
  const { lang, formats } = context;
  return h(
    'div',
    { class: 'section-head' },
    h('h2', { class: 'section-title', id: 'at-risk-title' }, [label(lang, 'atRiskTitle'), ...context.scope].join(' · ')),
    risk === undefined && h('p', { class: 'muted' }, label(lang, 'atRiskNone')),
    risk?.incomplete !== undefined &&
      h(
        'p',
        { class: 'hint incomplete', 'data-incomplete': '' },
        `${label(lang, 'atRiskIncomplete')} `,
        // The server writes it in English: marked so, for a screen reader's voice.
        h('span', { lang: 'en' }, risk.incomplete),
      ),
    risk && atRiskFigureRow(risk, context),
    risk !== undefined &&
      risk.serviceDeadlineDiffers > 0 &&
      h(
        'p',
        { class: 'hint', 'data-service-differs': risk.serviceDeadlineDiffers },
        risk.serviceDeadlineDiffers === 1
          ? label(lang, 'serviceDiffersOne')
          : label(lang, 'serviceDiffersMany', { n: formats.number(risk.serviceDeadlineDiffers) }),
      ),
  );
}

export function drawOverview(answer: OverviewFields, context: ViewContext): Drawn {
  const { lang } = context;
  const risk = atRiskFigures(answer.atRisk);
  const empty = count(answer.total) === 0;
  const hint = text(answer.hint);
  const series = empty ? undefined : activity(answer.activity);
  const performance = empty ? undefined : performanceFigures(answer.performance);
  const chart = series && activitySection(series, lang, context.formats);
  const filings = h(
    'div',
    { class: 'summary' },
    h('h2', { class: 'section-title', id: 'filings-title' }, label(lang, context.wholeBook ? 'filingsAll' : 'filingsPeriod')),
    filingFigures(answer, context),
    (hint !== undefined || answer.counted !== undefined) &&
      h(
        'p',
        { class: 'hint' },
        answer.counted !== undefined && `${label(lang, 'lowerBoundNote')} `,
        // The server writes its hints in English: marked so, for a screen reader's voice.
        hint !== undefined && h('span', { lang: 'en' }, hint),
      ),
    empty && h('p', { class: 'empty' }, label(lang, 'empty')),
    performance && performanceSection(performance, context),
    !empty && barSections(answer, context),
    chart?.element,
  );
  return {
    risk: riskHead(risk, context),
    urgent: risk ? urgentSection(answer, risk, context) : h('div'),
    notDelivered: risk ? notDeliveredSection(answer, risk, context) : h('div'),
    filings,
    email: emailSection(answer, context),
    noRisk: risk === undefined,
    empty,
    stop: () => chart?.stop(),
  };
}
