// The detail panel's history in the view's language, worded from get_complaint's rows of codes
// ([time, eventType, fromStatus, toStatus, performedByRole, note], the contract's HistoryRow): each
// known event, actor and status by its label, any other code as sent (cleaned). A row of another
// shape, or the line of an older server, is shown as well as it can be and never breaks the panel.
// Pure: no DOM.
import { type Formats, stamp } from './dom.js';
import { type Lang, label, valueLabel } from './labels.js';
import { list, text } from './read.js';

/** Events shown, the latest. */
export const HISTORY_SHOWN = 5;

export interface HistoryEntry {
  /** "18 nov 11:02"; a time the server could not read, as sent; "sin fecha" without one. */
  when?: string;
  /** "Abierto → En revisión", "Registrado → Abierto", "Nota", or a code as sent. */
  what: string;
  /** "agente", or the actor's code as sent. */
  who?: string;
  /** The note, staff- or consumer-written: drawn as text, quoted. */
  note?: string;
}

/** "Abierto → En revisión", "→ Abierto" for a first status, undefined when the event changed none. */
function statusChange(lang: Lang, from: string | undefined, to: string | undefined): string | undefined {
  if (from === undefined && to === undefined) return undefined;
  const status = (value: string | undefined) => (value === undefined ? '?' : valueLabel(lang, 'status', value));
  return from === undefined ? `→ ${status(to)}` : `${status(from)} → ${status(to)}`;
}

/** One event in words; undefined for a row with nothing in it. */
export function historyEntry(row: unknown, lang: Lang, formats: Pick<Formats, 'day'>): HistoryEntry | undefined {
  // An older server sent each event as its text line: shown as it came.
  if (typeof row === 'string') {
    const line = text(row);
    return line === undefined ? undefined : { what: line };
  }
  if (!Array.isArray(row)) return undefined;
  const [at, eventType, from, to, role, note] = [0, 1, 2, 3, 4, 5].map((index) => text(row[index]));
  const change = statusChange(lang, from, to);
  if (at === undefined && eventType === undefined && change === undefined && role === undefined && note === undefined) return undefined;
  const name = eventType === undefined ? label(lang, 'historyEvent') : valueLabel(lang, 'event', eventType);
  // A status change says what it is by its arrow, as the text does; another event is named first.
  const what = change === undefined ? name : eventType === 'status_changed' ? change : from === undefined ? `${name} ${change}` : `${name}: ${change}`;
  return {
    when: at === undefined ? label(lang, 'historyUndated') : stamp(at, formats),
    what,
    ...(role === undefined ? {} : { who: valueLabel(lang, 'role', role) }),
    ...(note === undefined ? {} : { note }),
  };
}

/** The latest events of the answer's history, newest first. */
export function historyEntries(history: unknown, lang: Lang, formats: Pick<Formats, 'day'>, shown = HISTORY_SHOWN): HistoryEntry[] {
  return list(history)
    .slice(-shown)
    .map((row) => historyEntry(row, lang, formats))
    .filter((entry) => entry !== undefined)
    .reverse();
}
