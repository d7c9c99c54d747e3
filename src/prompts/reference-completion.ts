// The completion of a prompt's `reference`: the records a manager answers first, the unanswered ones
// nearest to, or past, the law's deadline, read once a minute; else the service's search for what was
// typed (for a number alone, that number in every year).
import { readUnresolved } from '../api/unresolved-records.js';
import { atRiskSteps } from '../domain/at-risk.js';
import { limaToday } from '../domain/deadline.js';
import { REFERENCE_PATTERN, readReference } from '../domain/reference.js';
import { line } from '../format/fields.js';
import { couldBeKey } from '../key-shape.js';
import { inSlices } from '../slices.js';
import type { PromptContext } from './prompt.js';

/** Completions offered at once: the most urgent first. */
const OFFERED = 10;
/** Of them, kept for the records due soon when more are overdue: those can still be answered in time. */
const KEPT_FOR_DUE_SOON = 5;
/** A typed value this long that no urgent record matches is searched for (one request). */
const SEARCHED_FROM = 3;
/** The urgent records are read again after this long: a form being filled in asks at every key. */
const URGENT_KEPT_MS = 60_000;

interface UrgentReference {
  correlative: string;
  trackingCode: string | null;
  overdue: boolean;
}

interface Urgent {
  at: number;
  references: Promise<UrgentReference[]>;
}

/**
 * The urgent records last read, per server: keyed by its API handle, which lives as long as the server
 * (a stdio process's; serve --http makes one per request, whose completions read afresh).
 */
const urgentByServer = new WeakMap<PromptContext['api'], Urgent>();

/** Overdue, then due soon, earliest deadline first: the unanswered records the law presses most. */
function urgentRecords(context: PromptContext): Urgent['references'] {
  const kept = urgentByServer.get(context.api);
  if (kept !== undefined && context.clock.now().getTime() - kept.at < URGENT_KEPT_MS) return kept.references;
  const references = (async () => {
    const reader = await context.api();
    const { items } = await context.readBook(() => readUnresolved(reader, {}, { signal: context.signal }));
    // A book's deadlines, worked out a slice at a time: other calls on a shared server go on meanwhile.
    const { urgent } = await inSlices(atRiskSteps(items, limaToday(context.clock.now())));
    return urgent.flatMap(({ item, deadline }) => {
      const correlative = shownCorrelative(item.correlative);
      return correlative === undefined ? [] : [{ correlative, trackingCode: item.trackingCode, overdue: (deadline.businessDaysLeft ?? 0) < 0 }];
    });
  })();
  const entry = { at: context.clock.now().getTime(), references };
  urgentByServer.set(context.api, entry);
  // A failed read is not kept: the next key typed tries again.
  references.catch(() => {
    if (urgentByServer.get(context.api) === entry) urgentByServer.delete(context.api);
  });
  return references;
}

/**
 * The most overdue records, then the due soon ones, earliest deadline first: when more are overdue
 * than fit, some places are kept for those due soon, which can still be answered in time.
 */
function offered(urgent: readonly UrgentReference[]): string[] {
  const dueSoon = urgent.filter((record) => !record.overdue);
  const overdue = urgent.filter((record) => record.overdue);
  const overdueTaken = overdue.slice(0, OFFERED - Math.min(dueSoon.length, KEPT_FOR_DUE_SOON));
  return [...overdueTaken, ...dueSoon.slice(0, OFFERED - overdueTaken.length)].map(({ correlative }) => correlative);
}

/**
 * The correlatives of the most urgent unanswered records that hold what was typed (in their
 * correlative or tracking code, ignoring case); when none does and enough was typed, the records the
 * service's search finds for it. A number alone or a short correlative ("481", "481-2026") names
 * records as get_complaint reads it: those come first, searched for when no urgent record is one.
 */
export async function completeReference(value: string, context: PromptContext): Promise<string[]> {
  const typed = value.trim().toLowerCase();
  const urgent = (await urgentRecords(context)).filter(
    ({ correlative, trackingCode }) => correlative.toLowerCase().includes(typed) || trackingCode?.toLowerCase().includes(typed),
  );
  // A key, or its body without "or_", is never sent as a search; nor digits that make no correlative ("481-26").
  const read = readReference(value);
  if (typed.length < SEARCHED_FROM || !REFERENCE_PATTERN.test(typed) || couldBeKey(value) || read.kind === 'refused') return offered(urgent);
  // What get_complaint would search for: the padded number of every year, the padded correlative, or the text.
  const search = read.kind === 'number' ? `${read.number}-` : read.kind === 'correlative' ? read.correlative : value.trim();
  const names = (correlative: string) => (read.kind === 'number' ? correlative.startsWith(search) : correlative.toLowerCase() === search.toLowerCase());
  const urgentNamed = read.kind === 'text' ? [] : urgent.filter(({ correlative }) => names(correlative));
  if (urgent.length > 0 && (read.kind === 'text' || urgentNamed.length > 0))
    return offered([...urgentNamed, ...urgent.filter((record) => !urgentNamed.includes(record))]);
  const { items } = await (await context.api()).listComplaints({ search, pageSize: OFFERED }, context.signal);
  const found = items.flatMap((item) => {
    const correlative = shownCorrelative(item.correlative);
    // The search is partial: of a number or a correlative, only the records it names.
    return correlative === undefined || (read.kind !== 'text' && !names(correlative)) ? [] : [correlative];
  });
  return [...new Set([...found, ...offered(urgent)])].slice(0, OFFERED);
}

/** A correlative as a completion offers it: on one short line, and not when it looks like a key (a service echoing the member's). */
function shownCorrelative(correlative: string | null): string | undefined {
  const shown = line(correlative, 40);
  return shown === undefined || couldBeKey(shown) ? undefined : shown;
}
