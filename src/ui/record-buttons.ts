// The records the overview lists, each a button that opens it in the detail panel: an overdue or due
// soon record with its days left, a record with what its e-mails say; and the control that opens a
// full list. The lists of what is at risk, of the e-mail problems and the pages of the full lists
// (risk-list-view.ts) draw their rows with these.
import type { RiskListKind, RiskRow } from './at-risk-read.js';
import type { RecordRef } from './detail-view.js';
import { h, isolated, ltr, present, separated } from './dom.js';
import { deadlineWords, type Lang, label, urgencyOf, valueLabel } from './labels.js';
import { text } from './read.js';
import { refKey, type ViewContext } from './view-context.js';

export function recordButton(
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

export function refOf(entry: { id?: unknown; correlative?: unknown }): RecordRef {
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
export function listButton(kind: RiskListKind, caption: string, context: ViewContext): HTMLButtonElement {
  const button = h(
    'button',
    { type: 'button', class: 'list-button', 'data-list': kind, 'aria-controls': 'risk-list', 'aria-expanded': String(context.listShown === kind) },
    caption,
  );
  button.addEventListener('click', () => context.showList(kind));
  return button;
}

/** "receipt: failed · response: bounced": what a record's e-mails say, when they say something. */
export function emailStates(receipt: string | undefined, response: string | undefined, lang: Lang): string | undefined {
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
export function mailEntry(entry: { id?: unknown; correlative?: unknown }, facts: string | undefined, context: ViewContext): HTMLElement {
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
