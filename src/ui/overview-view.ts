// The overview drawn from complaints_overview's structuredContent, in two parts that say different
// things: what is at risk now over the whole book (at-risk-view.ts), and the records filed in the
// period asked: its figure, how they were answered (performance-view.ts), bars (filing-bars.ts),
// activity (activity-chart.ts) and e-mail problems (email-view.ts). This file puts the parts
// together; everything from the answer is read through read.ts, at-risk-read.ts and
// performance-read.ts and put in as text.
import { activitySection } from './activity-chart.js';
import { atRiskFigures } from './at-risk-read.js';
import { notDeliveredSection, riskHead, urgentSection } from './at-risk-view.js';
import { h } from './dom.js';
import { emailSection } from './email-view.js';
import { figure } from './figure.js';
import { barSections } from './filing-bars.js';
import { label } from './labels.js';
import { performanceFigures } from './performance-read.js';
import { performanceSection } from './performance-view.js';
import { activity, count, integer, type OverviewFields, text } from './read.js';
import type { ViewContext } from './view-context.js';

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

export function drawOverview(answer: OverviewFields, context: ViewContext): Drawn {
  const { lang } = context;
  const risk = atRiskFigures(answer.atRisk);
  const empty = count(answer.total) === 0;
  const hint = text(answer.hint);
  const lowerBounds = answer.countsAreLowerBounds === true;
  const series = empty ? undefined : activity(answer.activity);
  const performance = empty ? undefined : performanceFigures(answer.performance);
  const chart = series && activitySection(series, lang, context.formats);
  const filings = h(
    'div',
    { class: 'summary' },
    h('h2', { class: 'section-title', id: 'filings-title' }, label(lang, context.wholeBook ? 'filingsAll' : 'filingsPeriod')),
    filingFigures(answer, context),
    // Fewer records read than filed leaves the counts exact when they are the service's own: only the server knows.
    (hint !== undefined || lowerBounds) &&
      h(
        'p',
        { class: 'hint' },
        lowerBounds && `${label(lang, 'lowerBoundNote')} `,
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
