// How complaints_overview answers: the unresolved records and the period's filings read together,
// counted and tallied here (or by the service's own counts when there are too many to read).
import { readAllPages, STOPS_THE_CALL } from '../api/all-pages.js';
import { ApiError } from '../api/errors.js';
import { countsDisagree, readExactCounts } from '../api/exact-counts.js';
import { readStoreAsked } from '../api/store-asked.js';
import { readUnresolved } from '../api/unresolved-records.js';
import { callSignal } from '../call-signal.js';
import type { AllPages, ComplaintsReader, ExactCounts } from '../contract/operations.js';
import type { OverviewAnswer } from '../contract/overview-answer.js';
import { isUuid } from '../domain/reference.js';
import { capText } from '../format/cap.js';
import { filingFields, LISTED_STORES } from '../format/filings.js';
import { formatOverviewText, overviewSteps } from '../format/overview.js';
import { redactAnswer, redactListItem } from '../format/redact.js';
import { cleanLine } from '../sanitize.js';
import { inSlices, mapInSlices } from '../slices.js';
import { MAX_FILING_PAGES, MAX_PERIOD_FILING_PAGES, type OverviewArgs } from './complaints-overview.js';
import { readFilters } from './filter-inputs.js';
import type { ToolContext, ToolResult } from './tool.js';

export async function runComplaintsOverview(
  args: OverviewArgs,
  { api, clock, redactPii, signal, progress, readBook }: ToolContext,
): Promise<ToolResult<OverviewAnswer>> {
  const { query, filters } = readFilters(args, clock);
  const reader = await api();
  const filingPages = filters.from !== undefined || filters.to !== undefined ? MAX_PERIOD_FILING_PAGES : MAX_FILING_PAGES;
  // Progress over both readings together: each tells its pages once it knows them.
  const pages = { unresolved: [0, 1], filed: [0, 1] };
  const report = (part: keyof typeof pages) => (read: number, toRead: number) => {
    pages[part] = [read, toRead];
    const done = pages.unresolved[0]! + pages.filed[0]!;
    const total = pages.unresolved[1]! + pages.filed[1]!;
    progress(done, total, `read ${done} of ${total} pages`);
  };
  // The records read are let go before the slot is: the answer holds only what it shows.
  return readBook(async () => {
    const [unresolved, filed] = await bothOrNeither(signal, (both) => [
      // What is at risk is the book's, now: narrowed by store and type, never by the period.
      readUnresolved(reader, { type: query.type, storeId: query.storeId }, { signal: both, onPage: report('unresolved') }),
      // A period asked is read whole up to a year of a big chain, holding only what its figures read.
      readAllPages(reader, [query], { maxPages: filingPages, keep: filingFields, signal: both, onPage: report('filed') }),
    ]);
    // Too many to read: the counts are the service's own, a request of one record per value.
    // (Pages that repeated records are counted as read, and the answer says so: the service's own
    // counts would not explain them.)
    const { counts, countsFailed } = filed.capped || filed.stoppedBy !== undefined ? await exactCountsOf(reader, query, filed, signal) : {};
    const store = query.storeId === undefined ? undefined : await storeOf(reader, query.storeId, [filed.items, unresolved.items], signal);
    // Thousands of records, masked and tallied a slice at a time so that other calls on this server
    // are answered in between; to the end even past the deadline, as the reading answers with what it read.
    const redact = async (read: typeof filed) => (redactPii ? { ...read, items: await inSlices(mapInSlices(read.items, redactListItem)) } : read);
    const read = { unresolved: await redact(unresolved), filed: await redact(filed), counts, countsFailed, store };
    const built = await inSlices(overviewSteps(read, filters, clock));
    const view = redactPii ? { ...built, answer: redactAnswer(built.answer) } : built;
    const text = capText(formatOverviewText(view), 'structuredContent holds every count.');
    return { text, structured: view.answer };
  });
}

/**
 * The service's counts by status, type and each store seen (the LISTED_STORES with most records read),
 * or why they could not be had: then the overview counts the records read, and says so. A refused key
 * or the member gone ends the call as any reading does.
 */
async function exactCountsOf(
  reader: ComplaintsReader,
  query: Parameters<typeof readExactCounts>[1],
  { items, total }: AllPages,
  signal: AbortSignal,
): Promise<{ counts?: ExactCounts; countsFailed?: string }> {
  const seen = new Map<string, number>();
  for (const item of items) {
    // The id as the overview groups stores by (cleaned): one store, whatever invisible character its id came with.
    const storeId = item.storeId === null ? '' : cleanLine(item.storeId, 64);
    // Sent back to the service only as the API's storeId filter takes it: a uuid.
    if (isUuid(storeId)) seen.set(storeId, (seen.get(storeId) ?? 0) + 1);
  }
  const storeIds = [...seen]
    .sort((a, b) => b[1] - a[1])
    .slice(0, LISTED_STORES)
    .map(([storeId]) => storeId);
  try {
    const counts = await readExactCounts(reader, query, storeIds, signal);
    // A service whose counts add up to more than its total is not believed on either.
    const disagreement = countsDisagree(counts, total, items);
    return disagreement === undefined ? { counts } : { countsFailed: disagreement };
  } catch (error) {
    if (!(error instanceof ApiError) || STOPS_THE_CALL.has(error.kind)) throw error;
    return { countsFailed: error.message };
  }
}

/**
 * The store asked about, by its name (api/store-asked.ts). Its name is only words around the figures:
 * when the service fails to tell it, the store is named by its id, and a refused key or the member
 * gone ends the call as any reading does.
 */
async function storeOf(reader: ComplaintsReader, storeId: string, read: Parameters<typeof readStoreAsked>[2], signal: AbortSignal) {
  try {
    return await readStoreAsked(reader, storeId, read, signal);
  } catch (error) {
    if (!(error instanceof ApiError) || STOPS_THE_CALL.has(error.kind)) throw error;
    return { id: storeId };
  }
}

/**
 * Two readings that answer together: when one fails, the other is stopped at once rather than left
 * reading for an answer that will never use it.
 */
async function bothOrNeither<A, B>(signal: AbortSignal, start: (both: AbortSignal) => [Promise<A>, Promise<B>]): Promise<[A, B]> {
  // No deadline of its own: the call's signal bounds both.
  const both = callSignal(undefined, signal);
  const stopOnFailure = <T>(reading: Promise<T>) =>
    reading.catch((error: unknown) => {
      both.end(error);
      throw error;
    });
  const [first, second] = start(both.signal);
  try {
    return await Promise.all([stopOnFailure(first), stopOnFailure(second)]);
  } finally {
    both.done();
  }
}
