// The overview drawn from complaints_overview's structuredContent: figures, bars, activity, the most
// urgent records and e-mail problems. Everything from the answer is read through read.ts and put in
// as text.
import type { UrgentRecord } from '../contract/overview-answer.js';
import { activitySection } from './activity-chart.js';
import type { RecordRef } from './detail-view.js';
import { type Formats, h, present } from './dom.js';
import { deadlineWords, type Lang, label, urgencyOf, valueLabel } from './labels.js';
import { activity, count, counts, fields, integer, type OverviewFields, objects, text } from './read.js';

export interface ViewContext {
  lang: Lang;
  formats: Formats;
  /** The record `button` stands for was chosen. */
  open: (record: RecordRef, button: HTMLButtonElement) => void;
  /** The record shown in the detail panel, as refKey gives it. */
  selected: string | undefined;
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
      { class: 'figure-value' },
      options.lowerBound && h('span', { 'aria-hidden': 'true' }, '≥ '),
      options.lowerBound && h('span', { class: 'visually-hidden' }, `${label(lang, 'atLeast')} `),
      formats.number(value),
    ),
    options.note && h('span', { class: 'figure-note' }, options.note),
  );
}

function figures(answer: OverviewFields, context: ViewContext): HTMLElement {
  const { lang, formats } = context;
  const counted = integer(answer.counted);
  const lowerBound = counted !== undefined;
  return h(
    'section',
    { class: 'figures', 'aria-label': label(lang, 'title') },
    figure('total', label(lang, 'figureTotal'), count(answer.total), context, {
      note: counted !== undefined ? label(lang, 'countedNote', { n: formats.number(Math.max(0, counted)) }) : undefined,
    }),
    figure('unanswered', label(lang, 'figureUnanswered'), count(answer.unanswered), context, { lowerBound }),
    figure('overdue', label(lang, 'figureOverdue'), count(answer.overdue), context, { lowerBound, tone: 'is-overdue' }),
    figure('dueSoon', label(lang, 'figureDueSoon'), count(answer.dueSoon), context, {
      lowerBound,
      tone: 'is-due-soon',
      note: label(lang, 'dueSoonRule'),
    }),
  );
}

// ---- Bars ----

interface BarRow {
  key: string;
  name: string;
  value: number;
}

function bars(series: 'byStatus' | 'byType' | 'byStore', title: string, rows: BarRow[], context: ViewContext, more?: string): HTMLElement {
  const max = rows.reduce((highest, row) => Math.max(highest, row.value), 0);
  const items = rows.map((row) => {
    const fill = h('span', { class: row.value > 0 ? 'bar-fill nonzero' : 'bar-fill' });
    // CSSOM, not a style attribute: the page's CSP allows no inline style.
    fill.style.width = `${max > 0 ? (row.value / max) * 100 : 0}%`;
    return h(
      'li',
      { class: 'bar-row', 'data-key': row.key, 'data-value': row.value },
      h('span', { class: 'bar-name', title: row.name }, row.name),
      h('span', { class: 'bar-track', 'aria-hidden': 'true' }, fill),
      h('span', { class: 'bar-value' }, context.formats.number(row.value)),
    );
  });
  return h(
    'section',
    { class: 'panel bars', 'data-series': series },
    h('h2', null, title),
    items.length > 0 ? h('ul', { class: 'bar-list' }, ...items) : h('p', { class: 'muted' }, label(context.lang, 'noneCounted')),
    more && h('p', { class: 'note' }, more),
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
  const stores = objects(answer.byStore).map((store) => {
    const name = text(store.store);
    return { key: text(store.storeId) ?? name ?? '', name: name ?? label(lang, 'unnamedStore'), value: count(store.count) };
  });
  const hidden = stores.length - LISTED_STORES;
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
    bars('byStore', label(lang, 'byStore'), stores.slice(0, LISTED_STORES), context, more),
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

function urgentEntry(value: unknown, withDetails: boolean, context: ViewContext): HTMLLIElement {
  const { lang, formats } = context;
  const entry = fields<UrgentRecord>(value);
  const daysLeft = integer(entry.daysLeft);
  const urgency = urgencyOf(daysLeft);
  const store = text(entry.store);
  const due = text(entry.due);
  const facts = withDetails ? [store, due && label(lang, 'dueOn', { date: formats.day(due) })].filter((fact) => fact !== undefined) : [];
  return h(
    'li',
    null,
    recordButton(
      refOf(entry),
      urgency,
      context,
      h(
        'span',
        { class: 'record-line' },
        h('span', { class: 'correlative' }, text(entry.correlative) ?? label(lang, 'noCorrelative')),
        h('span', { class: 'badge' }, deadlineWords(lang, daysLeft, formats.number)),
      ),
      facts.length > 0 && h('span', { class: 'record-facts' }, facts.join(' · ')),
    ),
  );
}

function urgentSection(answer: OverviewFields, context: ViewContext): HTMLElement {
  const { lang } = context;
  const most = objects(answer.mostUrgent);
  const also = objects(answer.alsoDueSoon);
  return h(
    'section',
    { class: 'panel urgent', 'data-series': 'urgent' },
    h('h2', null, label(lang, 'urgentTitle')),
    most.length === 0 && also.length === 0 && h('p', { class: 'muted' }, label(lang, 'urgentNone')),
    most.length > 0 && h('ul', { class: 'records' }, ...most.map((entry) => urgentEntry(entry, true, context))),
    also.length > 0 && h('h3', null, label(lang, 'alsoDueSoon')),
    also.length > 0 && h('ul', { class: 'records' }, ...also.map((entry) => urgentEntry(entry, false, context))),
  );
}

function emailSection(answer: OverviewFields, context: ViewContext): HTMLElement {
  const { lang, formats } = context;
  const section = h('section', { class: 'panel email', 'data-series': 'emailProblems' }, h('h2', null, label(lang, 'emailTitle')));
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
            const receipt = text(entry.receipt);
            const response = text(entry.response);
            const states = [
              receipt && label(lang, 'emailReceipt', { state: valueLabel(lang, 'email', receipt) }),
              response && label(lang, 'emailResponse', { state: valueLabel(lang, 'email', response) }),
            ].filter((state) => state !== undefined);
            return h(
              'li',
              null,
              recordButton(
                refOf(entry),
                undefined,
                context,
                h('span', { class: 'record-line' }, h('span', { class: 'correlative' }, text(entry.correlative) ?? label(lang, 'noCorrelative'))),
                states.length > 0 && h('span', { class: 'record-facts' }, states.join(' · ')),
              ),
            );
          }),
        ),
    ),
  );
  return section;
}

// ---- The whole ----

export interface Drawn {
  /** Figures, hint, bars and activity. */
  summary: HTMLElement;
  /** The urgent list and e-mail problems: placed beside the detail panel. */
  urgent: HTMLElement;
  email: HTMLElement;
  empty: boolean;
  stop: () => void;
}

export function drawOverview(answer: OverviewFields, context: ViewContext): Drawn {
  const { lang, formats } = context;
  const empty = count(answer.total) === 0;
  const hint = text(answer.hint);
  const series = empty ? undefined : activity(answer.activity);
  const chart = series && activitySection(series, lang, formats);
  const summary = h(
    'div',
    { class: 'summary' },
    figures(answer, context),
    (hint !== undefined || answer.counted !== undefined) &&
      h(
        'p',
        { class: 'hint' },
        answer.counted !== undefined && `${label(lang, 'lowerBoundNote')} `,
        // The server writes its hints in English: marked so, for a screen reader's voice.
        hint !== undefined && h('span', { lang: 'en' }, hint),
      ),
    empty && h('p', { class: 'empty' }, label(lang, 'empty')),
    !empty && barSections(answer, context),
    chart?.element,
  );
  return { summary, urgent: urgentSection(answer, context), email: emailSection(answer, context), empty, stop: () => chart?.stop() };
}
