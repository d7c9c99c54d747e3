// Building the DOM from untrusted values: text goes in as text nodes, attributes through
// setAttribute, styles never as an attribute (the page's CSP refuses inline style; CSSOM is used).
import { isCalendarDate } from '../calendar/calendar-date.js';

export type Child = Node | string | false | null | undefined;
type Attributes = Record<string, string | number | false | null | undefined>;

function fill(element: Element, attributes: Attributes | null | undefined, children: Child[]): void {
  if (attributes) {
    for (const [name, value] of Object.entries(attributes)) {
      if (value === false || value === null || value === undefined) continue;
      element.setAttribute(name, String(value));
    }
  }
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue;
    element.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** The children that are there: for replaceChildren and append, which take no false or undefined. */
export function present(...children: Child[]): (Node | string)[] {
  return children.filter((child): child is Node | string => child !== false && child !== null && child !== undefined);
}

/** An HTML element with attributes and children; strings become text nodes. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes?: Attributes | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  fill(element, attributes, children);
  return element;
}

/**
 * Words of ours around a code, number or date, drawn left to right in an isolate of their own: beside
 * right-to-left letters, the Unicode bidi algorithm alone (no control character needed, so no cleaning
 * helps) would draw "1000-2026" as "2026-1000" and move a date before the name it follows.
 */
export function ltr(content: string, attributes?: Attributes): HTMLElement {
  return h('bdi', { ...attributes, dir: 'ltr' }, content);
}

/** Text someone else wrote (a name, a store), in an isolate that takes its own direction and moves nothing around it. */
export function isolated(content: string): HTMLElement {
  return h('bdi', null, content);
}

/** `parts` with `separator` between each two: for append and h's children. */
export function separated(parts: (Node | string)[], separator: string): (Node | string)[] {
  return parts.flatMap((part, index) => (index === 0 ? [part] : [separator, part]));
}

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element with (presentation) attributes and children. */
export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes?: Attributes | null, ...children: Child[]): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  fill(element, attributes, children);
  return element;
}

/** Formats numbers and calendar days in the view's locale. */
export interface Formats {
  locale: string;
  number(value: number): string;
  /** A whole percentage (93 for 93 %), as the locale writes it: "93%", "93 %". */
  percent(value: number): string;
  /** "23 nov" / "Nov 23" for a YYYY-MM-DD day (a calendar day: formatted in UTC); as sent otherwise. */
  day(value: string): string;
  /** "nov 2026" / "Nov 2026". */
  month(value: string): string;
}

export function formatsFor(locale: string, fallback: string): Formats {
  const usable = (() => {
    try {
      return Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 ? locale : fallback;
    } catch {
      return fallback;
    }
  })();
  const numbers = new Intl.NumberFormat(usable);
  const percents = new Intl.NumberFormat(usable, { style: 'percent', maximumFractionDigits: 0 });
  const days = new Intl.DateTimeFormat(usable, { timeZone: 'UTC', day: 'numeric', month: 'short' });
  const months = new Intl.DateTimeFormat(usable, { timeZone: 'UTC', month: 'short', year: 'numeric' });
  const formatWith = (formatter: Intl.DateTimeFormat, value: string) => (isCalendarDate(value) ? formatter.format(new Date(`${value}T00:00:00Z`)) : value);
  return {
    locale: usable,
    number: (value) => numbers.format(value),
    percent: (value) => percents.format(value / 100),
    day: (value) => formatWith(days, value),
    month: (value) => formatWith(months, value),
  };
}

const STAMP = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}:\d{2}))?$/;

/** "2026-11-18 11:02" (a time of the answers) as "18 nov 11:02"; anything else as sent. */
export function stamp(value: string, formats: Pick<Formats, 'day'>): string {
  const match = STAMP.exec(value);
  if (!match) return value;
  return match[2] ? `${formats.day(match[1]!)} ${match[2]}` : formats.day(match[1]!);
}
