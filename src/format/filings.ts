// The overview's second part: the records filed in the period asked (the whole book without one).
// Counts by status, type and store, exact at any size (the service's own counts when the records are
// too many to read); how they were answered (performance.ts); the activity series; e-mail problems.
import type { ListFilters } from '../contract/list-query.js';
import type { AllPages, ExactCounts } from '../contract/operations.js';
import type { OverviewAnswer } from '../contract/overview-answer.js';
import type { ComplaintListItem } from '../contract/records.js';
import { hasEmailProblem, needsAttention } from '../domain/answered.js';
import { finish, type Slices } from '../slices.js';
import { activitySteps } from './activity.js';
import { cell, type DateStyle, datesNote, line, plural } from './fields.js';
import { filedRange } from './list.js';
import { coveredScope, coveredSteps, performanceLines, performanceSteps, storeAnswersText } from './performance.js';

/** Records listed one by one in each section; the rest are counted. */
const LISTED = 10;
/** Values counted one by one (statuses, types, delivery states); the rarest beyond are summed as OTHER_VALUES. */
const COUNTED_VALUES = 20;
const OTHER_VALUES = '(other values)';
/** Stores listed, most records first: a book with more is narrowed with storeId. */
export const LISTED_STORES = 50;

type Filings = Omit<OverviewAnswer, 'atRisk'>;

/** What the overview knows of the period's filings. */
export interface FiledPages {
  /** The period's records, read newest first up to a cap. */
  pages: AllPages;
  /** The service's counts by status, type and store, asked for when the pages did not hold every record. */
  counts?: ExactCounts;
  /** Why those counts could not be had, when they were asked for and failed. */
  countsFailed?: string;
}

/**
 * What the figures about filings read of a record (here, in performance.ts, activity.ts and the
 * deadline): the rest (the consumer's name, document and e-mail, the tracking code) is let go as each
 * page arrives, so that a year of 50,000 filings is held in less memory. A figure that comes to read
 * another field must be given it here.
 */
export function filingFields(item: ComplaintListItem): ComplaintListItem {
  return {
    id: item.id,
    correlative: item.correlative,
    trackingCode: null,
    type: item.type,
    status: item.status,
    priority: null,
    storeId: item.storeId,
    storeName: item.storeName,
    reasonLabel: item.reasonLabel,
    firstName: null,
    lastName: null,
    personType: null,
    legalName: null,
    legalTaxId: null,
    documentType: null,
    documentNumber: null,
    email: null,
    itemType: null,
    incidentDate: null,
    hasResponse: item.hasResponse,
    respondedAt: item.respondedAt,
    responseDeadline: item.responseDeadline,
    receiptDeliveryStatus: item.receiptDeliveryStatus,
    responseDeliveryStatus: item.responseDeliveryStatus,
    createdAt: item.createdAt,
    updatedAt: null,
  };
}

/**
 * Counts by a value, most first, at most COUNTED_VALUES of them (a service sending a thousand statuses
 * must not make a thousand keys). Counted in a Map and written with fromEntries, so that a value such
 * as "__proto__" or "constructor" stays a key like any other.
 */
export function countBy<T>(items: readonly T[], key: (item: T) => string | undefined): Record<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const value = key(item) ?? 'unknown';
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return mostFirst(counts);
}

function mostFirst(counts: ReadonlyMap<string, number>): Record<string, number> {
  const sorted = [...counts].filter(([, count]) => count > 0).sort((a, b) => b[1] - a[1]);
  if (sorted.length <= COUNTED_VALUES) return Object.fromEntries(sorted);
  const rest = sorted.slice(COUNTED_VALUES - 1).reduce((sum, [, count]) => sum + count, 0);
  return Object.fromEntries([...sorted.slice(0, COUNTED_VALUES - 1), [OTHER_VALUES, rest]]);
}

/** The service's counts by value, and what the total leaves over (values the contract does not list) as OTHER_VALUES. */
function exactBy(counts: ReadonlyMap<string, number>, total: number): Record<string, number> {
  const known = [...counts.values()].reduce((sum, count) => sum + count, 0);
  return mostFirst(new Map([...counts, ...(total > known ? ([[OTHER_VALUES, total - known]] as const) : [])]));
}

/** Counts by type, unless the call asked for one type and every record is of it: that says nothing. */
function byTypeUnlessAsked(counts: Record<string, number>, filters: ListFilters): Record<string, number> | undefined {
  const types = Object.keys(counts);
  return filters.type !== undefined && types.length === 1 && types[0] === filters.type ? undefined : counts;
}

/**
 * The key a store is counted under: its cleaned id, else its cleaned name. An id that differs by an
 * invisible character is the same store, and a name is never taken for another store's id.
 */
export function storeKey(item: ComplaintListItem): string {
  const storeId = line(item.storeId, 64);
  return storeId !== undefined ? `id ${storeId}` : `name ${line(item.storeName, 80) ?? ''}`;
}

/** The figures about the records filed in the period asked (the whole book without one). */
export function filingsOf(filed: FiledPages, filters: ListFilters, today: string, limaDay: string, timeZone: string): Filings {
  return finish(filingsSteps(filed, filters, today, limaDay, timeZone));
}

/** filingsOf, pausing between records (slices.ts). */
export function* filingsSteps(
  { pages, counts, countsFailed }: FiledPages,
  filters: ListFilters,
  today: string,
  limaDay: string,
  timeZone: string,
): Slices<Filings> {
  const { items } = pages;
  const head = {
    total: pages.total,
    counted: items.length !== pages.total ? items.length : undefined,
    // Read in part, and without the service's own counts: the counts by value are of the records read.
    countsAreLowerBounds: (pages.capped || pages.stoppedBy !== undefined) && counts === undefined ? (true as const) : undefined,
    ...(filters.period ? { filedFrom: filters.from, filedTo: filters.to } : {}),
    timeZone,
  };
  const covered = yield* coveredSteps(pages, filters, today, timeZone);
  const hint = countingHint(pages, counts !== undefined, countsFailed);
  if (items.length === 0) return { ...head, hint };

  const { performance, byStore: answersByStore } = yield* performanceSteps(covered, limaDay, storeKey);
  yield;
  const stores = storesOf(items, counts, filters, pages.total);
  const listed = stores.slice(0, LISTED_STORES).map(({ key, ...store }) => ({ ...store, ...answersByStore.get(key) }));
  // Of the same records as the stores' counts: the period's (the service's counts), or else the records read.
  const otherStores = (counts === undefined ? items.length : pages.total) - listed.reduce((sum, store) => sum + store.count, 0);

  yield;
  const problems = covered.records.filter(hasEmailProblem);
  const activity = yield* activitySteps(items, filters, today, timeZone);
  const problemStates = problems.flatMap((item) => [item.receiptDeliveryStatus, item.responseDeliveryStatus].filter(needsAttention));

  return {
    ...head,
    byStatus: counts?.byStatus ? exactBy(counts.byStatus, pages.total) : countBy(items, (item) => line(item.status, 40)),
    byType: byTypeUnlessAsked(counts?.byType ? exactBy(counts.byType, pages.total) : countBy(items, (item) => line(item.type, 40)), filters),
    byStore: listed,
    otherStores: otherStores > 0 ? otherStores : undefined,
    performance,
    // Drawn by the view (MCP Apps); the text leaves it out, as it was before the view.
    activity,
    emailProblems:
      problems.length === 0
        ? undefined
        : {
            records: problems.length,
            byState: countBy(problemStates, (state) => line(state, 40)),
            first: problems.slice(0, LISTED).map((item) => ({
              correlative: line(item.correlative, 40),
              receipt: line(item.receiptDeliveryStatus, 40),
              response: line(item.responseDeliveryStatus, 40),
              id: line(item.id, 64),
            })),
            list: {
              emailProblem: true,
              // The days the problems were looked for in: the window's when the figures cover one.
              ...(performance.window ? performance.window : { from: filters.from, to: filters.to }),
              ...(filters.type ? { type: filters.type } : {}),
              ...(filters.storeId ? { storeId: filters.storeId } : {}),
            },
          },
    hint,
    truncated:
      stores.length > LISTED_STORES
        ? `byStore lists the ${LISTED_STORES} stores with most records of ${stores.length}; narrow with storeId for another.`
        : undefined,
  };
}

interface StoreCount {
  key: string;
  store?: string;
  storeId?: string;
  count: number;
}

/**
 * Every store seen, most records first: counted from the records when they are all read, else by the
 * service's count for each store id counted (a store whose id could not be counted is left to
 * otherStores, not guessed from a sample).
 */
function storesOf(items: readonly ComplaintListItem[], counts: ExactCounts | undefined, filters: ListFilters, total: number): StoreCount[] {
  const stores = new Map<string, StoreCount>();
  for (const item of items) {
    const key = storeKey(item);
    const store = stores.get(key) ?? { key, store: line(item.storeName, 80), storeId: line(item.storeId, 64), count: 0 };
    store.count += 1;
    stores.set(key, store);
  }
  if (counts !== undefined) {
    for (const store of stores.values()) {
      // Narrowed to one store, the period's total is its count; another store on the pages (a service
      // that ignored the filter) has no count of its own.
      const asked = filters.storeId !== undefined && store.storeId?.toLowerCase() === filters.storeId.toLowerCase();
      const exact = asked ? total : store.storeId === undefined ? undefined : counts.byStore?.get(store.storeId);
      store.count = exact ?? 0;
    }
  }
  return [...stores.values()].filter((store) => store.count > 0).sort((a, b) => b.count - a.count);
}

/** Why the records read are not the total the service reported, when they are not, and which figures stay exact. */
function countingHint(pages: AllPages, exactCounts: boolean, countsFailed: string | undefined): string | undefined {
  const counted = pages.items.length;
  if (pages.stoppedBy !== undefined || pages.capped) {
    const why =
      pages.stoppedBy !== undefined
        ? `${plural(pages.unread, 'record')} of ${pages.total} could not be read (${pages.stoppedBy.replace(/\.$/, '')})`
        : `The period holds ${pages.total} records, more than one call reads (the newest ${counted} were read)`;
    if (exactCounts)
      return `${why}: the counts by status, type and store are the service's own, exact; performance says which records the other figures count.`;
    return `${why}, so every count is a lower bound${countsFailed ? ` (the service's own counts could not be read: ${countsFailed.replace(/\.$/, '')})` : ''}; narrow the period or filters for exact figures.`;
  }
  if (counted === pages.total && pages.sentMore === 0) return undefined;
  const why = [
    pages.repeated > 0 ? `${plural(pages.repeated, 'record')} showed on more than one page and counted once` : undefined,
    pages.sentMore > 0 ? `${plural(pages.sentMore, 'record')} sent beyond the page size asked were left out` : undefined,
  ].filter((part) => part !== undefined);
  return `The service reported ${pages.total} matching records and its pages held ${counted} distinct ones${why.length > 0 ? ` (${why.join('; ')})` : ''}: every figure counts those ${counted}.`;
}

const counts = (record: Record<string, number> = {}) =>
  Object.entries(record)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');

/** "type claim", "store Tienda Miraflores": the store by its name when the answer has it, else by the id asked. */
export function narrowing(filters: ListFilters, store: OverviewAnswer['store']): string[] {
  const storeName = filters.storeId === undefined ? undefined : (store?.name ?? filters.storeId);
  return [filters.type ? `type ${filters.type}` : undefined, storeName !== undefined ? `store ${storeName}` : undefined].filter((part) => part !== undefined);
}

/**
 * Which records the stores' answers count, when not every record of the period: a window's days, or
 * the records read (said once already when the counts beside them are of the records read too).
 */
function storeAnswersScope({ performance, counted }: OverviewAnswer, saidAlready: boolean): string {
  if (performance?.window) return ` of the records filed ${performance.window.from}..${performance.window.to}`;
  return counted !== undefined && !saidAlready ? ` of the ${counted} records read` : '';
}

/** "Filed 2026-11-16..2026-11-22 (this_week), type claim: …", or "Filed at any time (whole book): …". */
export function filingLines(answer: OverviewAnswer, filters: ListFilters, style: DateStyle): string[] {
  const narrowed = narrowing(filters, answer.store);
  const scope = `Filed ${filedRange(filters, style) ?? 'at any time (whole book)'}${narrowed.length > 0 ? `, ${narrowed.join(', ')}` : ''}`;
  if (answer.total === 0) return [`${scope}: no records.`];
  // Counts of the records read only say so in their own sentence: a model quotes one sentence.
  const among = answer.countsAreLowerBounds ? `, among the ${answer.counted ?? answer.total} records read` : '';
  const lines = [
    `${scope}: ${answer.total} ${answer.total === 1 ? 'record' : 'records'}${answer.hint !== undefined ? `. ${answer.hint}` : `; all ${answer.total} counted.`} ${datesNote(style)}`,
    `By status${among}: ${counts(answer.byStatus)}.${answer.byType ? ` By type${among}: ${counts(answer.byType)}.` : ''}`,
    // With each store's id: the storeId filter of every tool takes it, and nothing else shows it.
    `By store${among} (storeId; answers${storeAnswersScope(answer, among !== '')}): ${(answer.byStore ?? [])
      .map((store) => {
        const inside = [store.storeId, storeAnswersText(store)].filter((part) => part !== undefined).join('; ');
        return `${store.store ?? 'unknown'} ${store.count}${inside ? ` (${inside})` : ''}`;
      })
      .join(', ')}${answer.otherStores ? `; other stores ${answer.otherStores}` : ''}.`,
    ...(answer.performance ? performanceLines(answer.performance) : []),
  ];
  const problems = answer.emailProblems;
  const read = answer.performance && coveredScope(answer.performance);
  if (problems === undefined) {
    lines.push(`E-mail: every receipt and response of ${read ?? 'these'} is sent or queued.`);
  } else {
    lines.push(
      `E-mail deliveries neither sent nor queued${read ? `, among ${read}` : ''}: ${counts(problems.byState)} (${plural(problems.records, 'record')}${problems.records > problems.first.length ? `, first ${problems.first.length}` : ''}; to list them: list_complaints ${JSON.stringify(problems.list)}):`,
      ['correlative', 'receipt e-mail', 'response e-mail', 'id'].join('\t'),
    );
    for (const issue of problems.first) lines.push([cell(issue.correlative), cell(issue.receipt), cell(issue.response), cell(issue.id)].join('\t'));
  }
  if (answer.truncated) lines.push(answer.truncated);
  return lines;
}
