// How list_complaints answers: one page of the API, or, with a filter the API lacks (overdue, dueBy,
// unresolved, emailProblem), every record it may match read and paged here.
import { readAllPages } from '../api/all-pages.js';
import { MAX_UNRESOLVED_RECORDS, PAGE_SIZE } from '../api/reading-bounds.js';
import { readUnresolved } from '../api/unresolved-records.js';
import type { ListAnswer } from '../contract/list-answer.js';
import type { ListPage } from '../contract/operations.js';
import { hasEmailProblem } from '../domain/answered.js';
import { atRiskRecordsSteps, newestFirst } from '../domain/at-risk.js';
import { limaToday } from '../domain/deadline.js';
import { capText } from '../format/cap.js';
import { plural, readingGap } from '../format/fields.js';
import { formatListText, type ListCounted, toListView } from '../format/list.js';
import { redactAnswer, redactListItem } from '../format/redact.js';
import { inSlices } from '../slices.js';
import type { ListComplaintsArgs } from './list-complaints.js';
import { readListFilters } from './list-filters.js';
import type { ToolContext, ToolResult } from './tool.js';

/** Pages a filter the API lacks (emailProblem) searches at most, newest first: as many records as the unresolved ones read. */
const MAX_SEARCHED_PAGES = MAX_UNRESOLVED_RECORDS / PAGE_SIZE;

export async function runListComplaints(
  args: ListComplaintsArgs,
  { api, clock, redactPii, signal, progress, readBook, listReadings }: ToolContext,
): Promise<ToolResult<ListAnswer>> {
  const { page, pageSize } = args;
  const { query, filters, unresolved } = readListFilters(args, clock);
  let result: ListPage;
  let unread: string | undefined;
  let readSecondsAgo: number | undefined;
  let counted: ListCounted | undefined;
  if (unresolved === undefined && !filters.emailProblem) {
    result = await (await api()).listComplaints({ page, pageSize, ...query }, signal);
  } else {
    // The API has no filter on the deadline, on e-mail delivery, nor one for two statuses: every
    // record these may match is read (the unresolved ones, else the query's newest), and the page cut
    // here. The first page reads; the next pages of the same list, within a minute, are cut from its
    // reading (api/recent-readings.ts) rather than each reading the whole book again.
    const reader = await api();
    const onPage = (done: number, toRead: number) => progress(done, toRead, `read ${done} of ${plural(toRead, 'page')} of records`);
    const read = () =>
      readBook(() =>
        unresolved !== undefined
          ? readUnresolved(reader, unresolved, { signal, onPage })
          : readAllPages(reader, [query], { maxPages: MAX_SEARCHED_PAGES, signal, onPage }),
      );
    const nowMs = clock.now().getTime();
    // The list as asked, but for the page: what was read, and what is kept of it.
    const list = JSON.stringify({ read: unresolved ?? query, filters });
    const reading = await listReadings.reading(list, read, { nowMs, fresh: page === 1, signal });
    const all = reading.pages;
    const matching = filters.emailProblem ? all.items.filter(hasEmailProblem) : all.items;
    const ordered =
      filters.overdue || filters.dueBy
        ? (await inSlices(atRiskRecordsSteps(matching, limaToday(clock.now()), filters))).map(({ item }) => item)
        : newestFirst(matching);
    const start = (page - 1) * pageSize;
    const gap = unresolved !== undefined ? readingGap(all, 'unresolved record') : readingGap(all, 'record', 'newest');
    const total = ordered.length;
    result = { items: ordered.slice(start, start + pageSize), sentMore: 0, pagination: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) } };
    unread = gap === undefined ? undefined : `Not complete: ${gap} This list leaves them out.`;
    if (gap !== undefined) {
      // A cap chose the records read (oldest first for the unresolved ones, else newest); a failure did not.
      const which = all.stoppedBy === undefined && all.capped ? (unresolved !== undefined ? 'oldest' : 'newest') : undefined;
      counted = { read: all.items.length, of: all.total, unit: unresolved !== undefined ? 'unresolved record' : 'record', which };
    }
    if (reading.reused) readSecondsAgo = Math.max(0, Math.floor((nowMs - reading.readAtMs) / 1000));
  }
  const built = toListView(redactPii ? { ...result, items: result.items.map(redactListItem) } : result, filters, clock, { unread, readSecondsAgo, counted });
  const view = redactPii ? { ...built, answer: redactAnswer(built.answer) } : built;
  const text = capText(
    formatListText(view),
    `Ask for fewer records per call (pageSize ${Math.max(1, Math.floor(pageSize / 2))}) or narrow the filters; structuredContent holds every record of this page.`,
  );
  return { text, structured: view.answer };
}
