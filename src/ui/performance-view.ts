// How the period's records were answered, drawn from performance.ts's reading: on time or late by the
// law's deadline, days to answer, responses not delivered, the top reasons; and each store's on-time
// share and median days, beside its count. Every value goes in as text.
import { barList } from './bar-list.js';
import { type Formats, h } from './dom.js';
import { type Lang, label } from './labels.js';
import { type PerformanceFigures, percentOf, type StoreAnswering } from './performance-read.js';

interface Words {
  lang: Lang;
  formats: Formats;
}

const percent = (share: number, formats: Formats) => formats.percent(percentOf(share));

/** Which filing days the figures count, when fewer than the period's. */
function windowNote(figures: PerformanceFigures, { lang, formats }: Words): HTMLElement | undefined {
  const { window } = figures;
  if (window === undefined) return undefined;
  const n = formats.number(figures.records);
  return h(
    'p',
    { class: 'hint', 'data-window': '', 'data-from': window.from, 'data-to': window.to },
    window.from === window.to
      ? label(lang, 'performanceWindowDay', { n, date: formats.day(window.from) })
      : label(lang, 'performanceWindow', { n, from: formats.day(window.from), to: formats.day(window.to) }),
  );
}

/** "Answered on time: 93% (412 of 443) · late 31 · still unanswered past deadline 5 · not delivered 4", and a bar of the share. */
function onTimeLine(figures: PerformanceFigures, { lang, formats }: Words): HTMLElement[] {
  const { onTimeShare } = figures;
  const rest = [
    label(lang, 'lateCount', { n: formats.number(figures.answeredLate) }),
    label(lang, 'unansweredOverdueCount', { n: formats.number(figures.unansweredOverdue) }),
    label(lang, 'notDeliveredCount', { n: formats.number(figures.responsesNotDelivered) }),
    figures.answerUndated > 0 ? label(lang, 'undatedCount', { n: formats.number(figures.answerUndated) }) : undefined,
  ].filter((part) => part !== undefined);
  const line = h(
    'p',
    {
      class: 'perf-line',
      'data-line': 'onTime',
      'data-on-time-share': onTimeShare,
      'data-answered-on-time': figures.answeredOnTime,
      'data-answered-late': figures.answeredLate,
      'data-unanswered-overdue': figures.unansweredOverdue,
      'data-responses-not-delivered': figures.responsesNotDelivered,
      'data-answer-undated': figures.answerUndated,
    },
    ...(onTimeShare === undefined
      ? [label(lang, 'onTimeNone')]
      : [
          `${label(lang, 'onTimeCaption')} `,
          h('strong', null, percent(onTimeShare, formats)),
          ` ${label(lang, 'onTimeOf', { n: formats.number(figures.answeredOnTime), all: formats.number(figures.answeredOnTime + figures.answeredLate) })}`,
        ]),
    ...rest.map((part) => ` · ${part}`),
  );
  if (onTimeShare === undefined) return [line];
  const fill = h('span', { class: 'share-fill' });
  fill.style.width = `${onTimeShare * 100}%`;
  return [line, h('span', { class: 'share-track', 'aria-hidden': 'true' }, fill)];
}

function reasonList(figures: PerformanceFigures, { lang, formats }: Words): HTMLElement {
  const { reasons, otherReasons } = figures;
  const others =
    otherReasons > 0 &&
    h(
      'p',
      { class: 'note', 'data-other-reasons': otherReasons },
      otherReasons === 1 ? label(lang, 'otherReasonsOne') : label(lang, 'otherReasonsMany', { n: formats.number(otherReasons) }),
    );
  return h(
    'div',
    { class: 'reasons', 'data-series': 'byReason' },
    h('h4', null, label(lang, 'reasonsTitle')),
    reasons.length > 0
      ? barList(
          reasons.map(({ reason, count }) => ({ key: reason, name: reason, value: count })),
          formats,
        )
      : h('p', { class: 'muted' }, label(lang, 'reasonsNone')),
    others,
  );
}

/** The performance panel of the filings part. */
export function performanceSection(figures: PerformanceFigures, words: Words): HTMLElement {
  const { lang } = words;
  return h(
    'section',
    { class: 'panel performance', 'data-series': 'performance', 'data-records': figures.records, 'data-answered': figures.answered },
    h('h3', null, label(lang, 'performanceTitle')),
    windowNote(figures, words),
    figures.incomplete !== undefined &&
      h(
        'p',
        { class: 'hint incomplete', 'data-incomplete': '' },
        `${label(lang, 'performanceIncomplete')} `,
        // The server writes it in English: marked so, for a screen reader's voice.
        h('span', { lang: 'en' }, figures.incomplete),
      ),
    h(
      'div',
      { class: 'perf-lines' },
      ...onTimeLine(figures, words),
      figures.daysToAnswer &&
        h(
          'p',
          { class: 'perf-line', 'data-line': 'days', 'data-median': figures.daysToAnswer.median, 'data-p90': figures.daysToAnswer.p90 },
          label(lang, 'daysToAnswerLine', {
            median: words.formats.number(figures.daysToAnswer.median),
            p90: words.formats.number(figures.daysToAnswer.p90),
          }),
        ),
    ),
    reasonList(figures, words),
  );
}

/**
 * A store's on-time share and median days, after its count: "93% · 9 d" for the eye, in words for a
 * screen reader; "–" for the one the answer leaves out.
 */
export function storeAnsweringCell(answering: StoreAnswering, { lang, formats }: Words): HTMLElement {
  const share = answering.onTimeShare === undefined ? undefined : percent(answering.onTimeShare, formats);
  const days = answering.medianDaysToAnswer === undefined ? undefined : formats.number(answering.medianDaysToAnswer);
  const spoken = [
    share !== undefined ? label(lang, 'storeOnTimeWords', { share }) : undefined,
    days !== undefined ? label(lang, 'storeMedianWords', { days }) : undefined,
  ].filter((part) => part !== undefined);
  return h(
    'span',
    null,
    h('span', { 'aria-hidden': 'true' }, `${share ?? '–'} · ${days !== undefined ? label(lang, 'storeAnsweringShort', { days }) : '–'}`),
    h('span', { class: 'visually-hidden' }, spoken.join(', ')),
  );
}
