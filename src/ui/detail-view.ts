// The detail panel: one record as get_complaint's structuredContent gives it, beside the lists, and
// for an unanswered one the offer to draft its official response (draft-view.ts).
import type { DetailAnswer } from '../contract/detail-answer.js';
import { type Formats, h, isolated, ltr, present, stamp } from './dom.js';
import { type DraftOffer, draftPart } from './draft-view.js';
import { type HistoryEntry, historyEntries } from './history.js';
import { deadlineWords, type Lang, label, urgencyOf, valueLabel } from './labels.js';
import { type DetailFields, fields, integer, text } from './read.js';

/** Which record to open: its id, or (without one) the correlative, which get_complaint takes as reference. */
export interface RecordRef {
  id?: string;
  reference?: string;
  /** Shown while the record loads. */
  correlative?: string;
}

export type DetailState =
  | { state: 'empty' }
  | { state: 'loading'; record: RecordRef }
  | { state: 'ready'; record: RecordRef; answer: DetailFields }
  | { state: 'error'; record: RecordRef; message: string };

/** "18 nov 11:02 · Abierto → En revisión (agente) “Se solicitó revisión técnica”", the note quoted by the page. */
function historyItem(entry: HistoryEntry): HTMLElement {
  return h(
    'li',
    null,
    ...present(
      entry.when !== undefined && ltr(entry.when, { class: 'history-when' }),
      entry.when !== undefined && ' · ',
      // An event's or actor's code as sent, or a note, may be right to left: each isolated, none moves another.
      isolated(entry.what),
      entry.who !== undefined && ' (',
      entry.who !== undefined && isolated(entry.who),
      entry.who !== undefined && ')',
      entry.note !== undefined && ' ',
      entry.note !== undefined && h('q', { dir: 'auto' }, entry.note),
    ),
  );
}

function consumerName(value: unknown): string | undefined {
  const consumer = fields<NonNullable<DetailAnswer['consumer']>>(value);
  const legal = text(consumer.legalName);
  const person = [text(consumer.firstName), text(consumer.lastName)].filter((part) => part !== undefined).join(' ');
  return legal ?? (person === '' ? undefined : person);
}

function deadline(answer: DetailFields, lang: Lang, formats: Formats): HTMLElement | undefined {
  const term = fields<NonNullable<DetailAnswer['deadline']>>(answer.deadline);
  const date = text(term.date);
  const daysLeft = integer(term.daysLeft);
  const daysLate = integer(term.daysLate);
  let words: string | undefined;
  let tone = '';
  if (daysLeft !== undefined) {
    words = deadlineWords(lang, daysLeft, formats.number);
    if (daysLeft <= 3) tone = urgencyOf(daysLeft) === 'overdue' ? 'overdue' : 'due_soon';
  } else if (daysLate !== undefined) {
    words =
      daysLate <= 0
        ? label(lang, 'answeredOnTime')
        : daysLate === 1
          ? label(lang, 'answeredLateOne')
          : label(lang, 'answeredLateMany', { n: formats.number(daysLate) });
  }
  if (date === undefined && words === undefined) return undefined;
  return h(
    'span',
    null,
    date !== undefined && ltr(formats.day(date)),
    date !== undefined && words !== undefined ? ' · ' : '',
    words && h('span', { class: `badge ${tone}` }, words),
  );
}

/** What the consumer asked for (the claim's request), as they wrote it: text, in its own direction. */
function requestPart(answer: DetailFields, lang: Lang): HTMLElement | undefined {
  const request = text(fields<NonNullable<DetailAnswer['claim']>>(answer.claim).request);
  if (request === undefined) return undefined;
  return h('section', { class: 'free-text', 'data-request': '' }, h('h4', null, label(lang, 'fieldRequest')), h('p', { dir: 'auto' }, request));
}

/** The official response, quoted as the organization's words, with the time it was given when the answer has one. */
function officialResponsePart(answer: DetailFields, lang: Lang, formats: Formats): HTMLElement | undefined {
  const response = fields<NonNullable<DetailAnswer['response']>>(answer.response);
  const official = text(response.officialResponse);
  if (official === undefined) return undefined;
  const given = text(response.respondedAt);
  return h(
    'figure',
    { class: 'free-text official-response', 'data-official-response': '' },
    h('figcaption', null, label(lang, 'officialResponseTitle'), given !== undefined && ' · ', given !== undefined && ltr(stamp(given, formats))),
    h('blockquote', { dir: 'auto' }, official),
  );
}

function row(name: string, value: Node | string | undefined): HTMLElement[] {
  return value === undefined || value === '' ? [] : [h('dt', null, name), h('dd', null, value)];
}

/** Fills `panel` (the persistent [data-detail] element) for `detail`; a loaded record gets `draft`'s offer, when there is one. */
export function drawDetail(panel: HTMLElement, detail: DetailState, lang: Lang, formats: Formats, draft?: DraftOffer): void {
  panel.dataset.state = detail.state;
  panel.setAttribute('aria-busy', String(detail.state === 'loading'));
  const shownId = detail.state === 'ready' ? (detail.record.id ?? text(detail.answer.id)) : undefined;
  if (shownId !== undefined) panel.dataset.recordId = shownId;
  else delete panel.dataset.recordId;

  if (detail.state === 'empty') {
    panel.replaceChildren(h('h3', null, label(lang, 'detailTitle')), h('p', { class: 'muted' }, label(lang, 'detailEmpty')));
    return;
  }
  const asked = detail.record.correlative ?? detail.record.reference;
  if (detail.state === 'loading') {
    panel.replaceChildren(h('h3', null, asked ?? label(lang, 'detailTitle')), h('p', { class: 'muted loading-line' }, label(lang, 'detailLoading')));
    return;
  }
  if (detail.state === 'error') {
    panel.replaceChildren(
      ...present(
        h('h3', null, asked ?? label(lang, 'detailTitle')),
        h('p', { class: 'error-text' }, label(lang, 'detailFailed')),
        detail.message !== '' && h('p', { class: 'error-detail' }, detail.message),
      ),
    );
    return;
  }

  const { answer } = detail;
  const store = fields<NonNullable<DetailAnswer['store']>>(answer.store);
  const type = text(answer.type);
  const status = text(answer.status);
  const filed = text(answer.createdAt);
  const response = fields<NonNullable<DetailAnswer['response']>>(answer.response);
  const answeredAt = text(response.respondedAt);
  const tracking = text(answer.trackingCode);
  const history = historyEntries(answer.history, lang, formats);

  panel.replaceChildren(
    ...present(
      h('h3', null, ltr(text(answer.correlative) ?? asked ?? label(lang, 'noCorrelative'))),
      tracking && h('p', { class: 'muted' }, ltr(tracking)),
      h(
        'dl',
        { class: 'facts' },
        ...row(label(lang, 'fieldType'), type && valueLabel(lang, 'type', type)),
        ...row(label(lang, 'fieldStatus'), status && valueLabel(lang, 'status', status)),
        ...row(label(lang, 'fieldStore'), text(store.name)),
        ...row(label(lang, 'fieldFiled'), filed && ltr(stamp(filed, formats))),
        ...row(label(lang, 'fieldDeadline'), deadline(answer, lang, formats)),
        ...row(label(lang, 'fieldAnswered'), answeredAt && ltr(stamp(answeredAt, formats))),
        ...row(label(lang, 'fieldConsumer'), consumerName(answer.consumer)),
        ...row(label(lang, 'fieldReason'), text(answer.reason)),
      ),
      requestPart(answer, lang),
      officialResponsePart(answer, lang, formats),
      draft && draftPart(draft, lang),
      history.length > 0 && h('h4', null, label(lang, 'fieldHistory')),
      history.length > 0 && h('ol', { class: 'history' }, ...history.map(historyItem)),
    ),
  );
}
