// The page's header, drawn from the store: the title, the period and filters the overview answers
// in words, the status of the call awaited, and the period picker, whose choice it reports once the
// member rests on it. Apart from view-page.ts because it is redrawn on its own (a tool's arguments
// arrive before its answer, a failed call puts back the previous period).
import { PERIODS } from '../calendar/periods.js';
import { h } from './dom.js';
import { type LabelId, label } from './labels.js';
import { text } from './read.js';
import { filterTexts, type Phase, periodOf, type ViewStore } from './view-store.js';

/**
 * Arrow keys on a closed select change it once per press: the period asked for is the one it rests
 * on, so that passing over four options is one overview call, not four (each reads up to 40 pages,
 * and a host may ask the person to approve each).
 */
const PERIOD_SETTLE_MS = 400;

/** The period the overview answers, in words: its days, its name, or the whole book; '' while waiting for the first. */
export function periodWords({ answer, args, lang, formats, phase }: ViewStore): string {
  const from = text(answer?.filedFrom) ?? text(args.from);
  const to = text(answer?.filedTo) ?? text(args.to);
  if (from !== undefined && to !== undefined) {
    return from === to ? label(lang, 'filedOn', { date: formats.day(from) }) : label(lang, 'filedBetween', { from: formats.day(from), to: formats.day(to) });
  }
  if (from !== undefined || to !== undefined) return label(lang, 'filedBetween', { from: from ? formats.day(from) : '…', to: to ? formats.day(to) : '…' });
  const period = periodOf(args);
  if (period !== undefined) return label(lang, `period.${period}` as LabelId);
  return answer === undefined && phase === 'waiting' ? '' : label(lang, 'filedAll');
}

export class ViewHeader {
  private readonly heading = h('h1');
  private readonly periodText = h('span');
  private readonly status = h('span', { class: 'status', role: 'status' });
  private readonly select = h('select', { name: 'period', id: 'period-picker' });
  private readonly pickerCaption = h('span');
  private periodTimer: ReturnType<typeof setTimeout> | undefined;
  readonly element: HTMLElement;

  constructor(
    private readonly store: ViewStore,
    choosePeriod: (period: string) => void,
  ) {
    this.select.disabled = true;
    this.select.addEventListener('change', () => {
      clearTimeout(this.periodTimer);
      this.periodTimer = setTimeout(() => choosePeriod(this.select.value), PERIOD_SETTLE_MS);
    });
    this.element = h(
      'header',
      { class: 'head' },
      h('div', { class: 'head-text' }, this.heading, h('p', { class: 'period' }, this.periodText, this.status)),
      h('label', { class: 'picker', for: 'period-picker' }, this.pickerCaption, this.select),
    );
  }

  /** The picker takes choices once the host can take calls. */
  enable(): void {
    this.select.disabled = false;
  }

  drawPhase(): void {
    const { phase, lang } = this.store;
    const words: Partial<Record<Phase, LabelId>> = { waiting: 'waiting', loading: 'loading', cancelled: 'cancelled' };
    const id = words[phase];
    this.status.textContent = id ? label(lang, id) : '';
    this.status.hidden = id === undefined;
  }

  draw(): void {
    const { lang, args } = this.store;
    const { periodText, select } = this;
    document.documentElement.lang = lang;
    document.title = label(lang, 'documentTitle');
    this.heading.textContent = label(lang, 'title');
    periodText.textContent = [periodWords(this.store), ...filterTexts(this.store)].filter((part) => part !== '').join(' · ');
    periodText.hidden = periodText.textContent === '';
    this.pickerCaption.textContent = label(lang, 'periodLabel');
    const values = ['', ...PERIODS];
    if (select.options.length !== values.length) {
      select.replaceChildren(...values.map((value) => h('option', { value })));
    }
    values.forEach((value, index) => {
      select.options[index]!.textContent = label(lang, `period.${value}` as LabelId);
    });
    const period = periodOf(args);
    // A range given as from/to is none of the options: none is shown selected rather than a wrong one.
    if (period !== undefined) select.value = period;
    else if (text(args.from) !== undefined || text(args.to) !== undefined) select.selectedIndex = -1;
    else select.value = '';
  }
}
