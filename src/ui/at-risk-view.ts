// What is at risk now over the whole book (the answer's atRisk), drawn: the heading with what narrows
// it, its four figures and what qualifies them, the most urgent records with the controls of the
// full lists, and the answered records whose response was not delivered. Read through at-risk-read.ts.
import type { AtRisk } from '../contract/overview-answer.js';
import type { AtRiskFigures } from './at-risk-read.js';
import { riskRow } from './at-risk-read.js';
import { h, present } from './dom.js';
import { figure } from './figure.js';
import { label, valueLabel } from './labels.js';
import { fields, type OverviewFields, objects, text } from './read.js';
import { listButton, mailEntry, riskEntry } from './record-buttons.js';
import type { ViewContext } from './view-context.js';

/** The figures of what is at risk, each a lower bound when not every unresolved record was read, but for those stillExact keeps exact. */
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
    figure('overdue', label(lang, 'figureOverdue'), risk.overdue, context, {
      lowerBound: lowerBound && !risk.stillExact.includes('overdue'),
      tone: 'is-overdue',
    }),
    figure('dueSoon', label(lang, 'figureDueSoon'), risk.dueSoon, context, {
      lowerBound: lowerBound && !risk.stillExact.includes('dueSoon'),
      tone: 'is-due-soon',
      note: label(lang, 'dueSoonRule'),
    }),
    figure('answeredNotDelivered', label(lang, 'figureNotDelivered'), risk.answeredNotDelivered, context, {
      lowerBound,
      tone: 'is-not-delivered',
      note: label(lang, 'notDeliveredRule'),
    }),
  );
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

export function urgentSection(answer: OverviewFields, risk: AtRiskFigures, context: ViewContext): HTMLElement {
  const { lang } = context;
  const atRisk = fields<AtRisk>(answer.atRisk);
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

export function notDeliveredSection(answer: OverviewFields, risk: AtRiskFigures, context: ViewContext): HTMLElement {
  const { lang, formats } = context;
  const listed = objects(fields<AtRisk>(answer.atRisk).notDelivered);
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

export function riskHead(risk: AtRiskFigures | undefined, context: ViewContext): HTMLElement {
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
