// The activity section: records filed, and of those answered, per day, week or month. An SVG for the
// eye (aria-hidden), and a table with every step and both numbers for a screen reader.
import { barHeight, columns, countScale, placeLabels, stepStart } from './chart.js';
import { type Formats, h, svg } from './dom.js';
import { type Lang, label } from './labels.js';
import type { Activity } from './read.js';

const HEIGHT = 176;
const TOP = 10;
const BOTTOM = 26;
const RIGHT = 6;
/** Width given to the chart before its container has been measured. */
const FIRST_WIDTH = 640;
const HATCH_ID = 'activity-answered-hatch';

interface StepRow {
  start: string;
  label: string;
  filed: number;
  answered: number;
}

function stepRows(activity: Activity, lang: Lang, formats: Formats): StepRow[] {
  return activity.filed.map((filed, index) => {
    const start = stepStart(activity.from, activity.step, activity.skipped + index) ?? '';
    const name =
      activity.step === 'month' ? formats.month(start) : activity.step === 'week' ? label(lang, 'step.week', { date: formats.day(start) }) : formats.day(start);
    return { start, label: name, filed, answered: activity.answered[index] ?? 0 };
  });
}

/** The chart for `width` px: gridlines and their counts, a solid column per step filed, a hatched one answered. */
function drawChart(rows: StepRow[], step: Activity['step'], width: number, lang: Lang, formats: Formats): SVGSVGElement {
  const max = rows.reduce((highest, row) => Math.max(highest, row.filed, row.answered), 0);
  const scale = countScale(max, 4);
  const tickTexts = scale.ticks.map((tick) => formats.number(tick));
  const left = 10 + 7 * Math.max(...tickTexts.map((tickText) => tickText.length));
  const plotWidth = Math.max(1, width - left - RIGHT);
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const baseline = TOP + plotHeight;
  const chart = svg('svg', {
    class: 'activity-chart',
    viewBox: `0 0 ${width} ${HEIGHT}`,
    width,
    height: HEIGHT,
    'aria-hidden': 'true',
    focusable: 'false',
  });

  chart.append(
    svg(
      'defs',
      null,
      svg(
        'pattern',
        { id: HATCH_ID, width: 5, height: 5, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
        svg('rect', { class: 'hatch-ground', width: 5, height: 5 }),
        svg('line', { class: 'hatch-line', x1: 0, y1: 0, x2: 0, y2: 5 }),
      ),
    ),
  );

  scale.ticks.forEach((tick, index) => {
    const y = baseline - barHeight(tick, scale.top, plotHeight);
    chart.append(
      svg('line', { class: index === 0 ? 'axis' : 'grid', x1: left, x2: width - RIGHT, y1: y, y2: y }),
      svg('text', { class: 'tick', x: left - 6, y, 'text-anchor': 'end', 'dominant-baseline': 'middle' }, tickTexts[index]),
    );
  });

  const { band, width: columnWidth, inset } = columns(rows.length, plotWidth);
  const answeredWidth = Math.max(1, columnWidth * 0.55);
  const filedWord = label(lang, 'seriesFiled');
  const answeredWord = label(lang, 'seriesAnswered');
  rows.forEach((row, index) => {
    const x = left + index * band;
    const filedHeight = barHeight(row.filed, scale.top, plotHeight);
    const answeredHeight = barHeight(row.answered, scale.top, plotHeight);
    const group = svg(
      'g',
      null,
      svg('title', null, `${row.label}: ${filedWord} ${formats.number(row.filed)}, ${answeredWord} ${formats.number(row.answered)}`),
    );
    group.append(svg('rect', { class: 'hit', x, y: TOP, width: band, height: plotHeight }));
    if (filedHeight > 0) group.append(svg('rect', { class: 'filed', x: x + inset, y: baseline - filedHeight, width: columnWidth, height: filedHeight }));
    if (answeredHeight > 0) {
      group.append(
        svg('rect', {
          class: 'answered',
          x: x + inset + (columnWidth - answeredWidth) / 2,
          y: baseline - answeredHeight,
          width: answeredWidth,
          height: answeredHeight,
          fill: `url(#${HATCH_ID})`,
        }),
      );
    }
    chart.append(group);
  });

  const labelWidth = step === 'month' ? 64 : 48;
  for (const { index, x } of placeLabels(rows.length, left, plotWidth, labelWidth)) {
    const start = rows[index]!.start;
    chart.append(svg('text', { class: 'tick', x, y: HEIGHT - 8, 'text-anchor': 'middle' }, step === 'month' ? formats.month(start) : formats.day(start)));
  }
  return chart;
}

/**
 * The numbers of every step, for screen readers, hidden from sight inside a clipped box: a table
 * itself ignores the box's height, and its rows would lengthen the page the host sizes to.
 */
function table(rows: StepRow[], caption: string, lang: Lang, formats: Formats): HTMLDivElement {
  return h(
    'div',
    { class: 'visually-hidden' },
    h(
      'table',
      null,
      h('caption', null, caption),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'col' }, label(lang, 'stepHeader')),
          h('th', { scope: 'col' }, label(lang, 'seriesFiled')),
          h('th', { scope: 'col' }, label(lang, 'seriesAnswered')),
        ),
      ),
      h(
        'tbody',
        null,
        ...rows.map((row) =>
          h(
            'tr',
            { 'data-step': row.start },
            h('th', { scope: 'row' }, row.label),
            h('td', { 'data-filed': row.filed }, formats.number(row.filed)),
            h('td', { 'data-answered': row.answered }, formats.number(row.answered)),
          ),
        ),
      ),
    ),
  );
}

/** The section, and the stop of its resize watch (the chart is redrawn to its container's width). */
export function activitySection(activity: Activity, lang: Lang, formats: Formats): { element: HTMLElement; stop: () => void } {
  const rows = stepRows(activity, lang, formats);
  const title = `${label(lang, 'activityTitle')} ${label(lang, `activity.${activity.step}`)}`;
  const holder = h('div', { class: 'chart-holder' });
  let drawnWidth = 0;
  const draw = (width: number) => {
    const rounded = Math.floor(width);
    if (rounded <= 0 || rounded === drawnWidth) return;
    drawnWidth = rounded;
    holder.replaceChildren(drawChart(rows, activity.step, rounded, lang, formats));
  };
  draw(FIRST_WIDTH);
  const observer = new ResizeObserver((entries) => {
    for (const entry of entries) draw(entry.contentRect.width);
  });
  observer.observe(holder);

  const element = h(
    'section',
    { class: 'panel activity', 'data-series': 'activity', 'aria-labelledby': 'activity-title' },
    h('h3', { id: 'activity-title' }, title),
    h(
      'ul',
      { class: 'legend', 'aria-hidden': 'true' },
      h('li', null, h('span', { class: 'swatch swatch-filed' }), label(lang, 'seriesFiled')),
      h('li', null, h('span', { class: 'swatch swatch-answered' }), label(lang, 'seriesAnswered')),
    ),
    holder,
    activity.skipped > 0 &&
      h('p', { class: 'note' }, label(lang, 'activityCapped', { shown: formats.number(activity.filed.length), all: formats.number(activity.steps) })),
    table(rows, title, lang, formats),
  );
  return { element, stop: () => observer.disconnect() };
}
