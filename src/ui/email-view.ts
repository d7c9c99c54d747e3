// The period's e-mail problems (the answer's emailProblems): how many records, by delivery state, the
// first of them to open, and the control of their full list.
import type { OverviewAnswer } from '../contract/overview-answer.js';
import { listArguments } from './at-risk-read.js';
import { h, present } from './dom.js';
import { label, valueLabel } from './labels.js';
import { count, counts, fields, type OverviewFields, objects, text } from './read.js';
import { emailStates, listButton, mailEntry } from './record-buttons.js';
import type { ViewContext } from './view-context.js';

export function emailSection(answer: OverviewFields, context: ViewContext): HTMLElement {
  const { lang, formats } = context;
  const section = h('section', { class: 'panel email', 'data-series': 'emailProblems' }, h('h3', null, label(lang, 'emailTitle')));
  if (answer.emailProblems === undefined || answer.emailProblems === null) {
    section.append(h('p', { class: 'muted' }, label(lang, 'emailAllFine')));
    return section;
  }
  const problems = fields<NonNullable<OverviewAnswer['emailProblems']>>(answer.emailProblems);
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
            const entry = fields<NonNullable<OverviewAnswer['emailProblems']>['first'][number]>(value);
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
