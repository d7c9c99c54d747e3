import { PAGE_SIZE, readAllPages } from '../api/all-pages.js';
import { MAX_UNRESOLVED_RECORDS, readUnresolved } from '../api/unresolved-records.js';
import { listAnswerSchema } from '../contract/list-answer.js';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../contract/list-query.js';
import type { ListPage } from '../contract/operations.js';
import { hasEmailProblem } from '../domain/answered.js';
import { limaToday } from '../domain/deadline.js';
import { atRiskRecords, newestFirst } from '../domain/exposure.js';
import { capText } from '../format/cap.js';
import { plural, readingGap } from '../format/fields.js';
import { formatListText, toListView } from '../format/list.js';
import { redactAnswer, redactListItem } from '../format/redact.js';
import { filterInputs } from './filter-inputs.js';
import { wholeNumber } from './input-rules.js';
import { listFilterInputs, readListFilters } from './list-filters.js';
import { defineTool, REPLY_IN_MEMBERS_LANGUAGE } from './tool.js';

/** Pages a filter the API lacks (emailProblem) searches at most, newest first: as many records as the unresolved ones read. */
const MAX_SEARCHED_PAGES = MAX_UNRESOLVED_RECORDS / PAGE_SIZE;

export const listComplaints = defineTool({
  name: 'list_complaints',
  title: 'List complaints and claims',
  description: [
    "List the records of the organization's complaints book (Libro de Reclamaciones): claims (reclamos) and complaints (quejas), newest first.",
    REPLY_IN_MEMBERS_LANGUAGE,
    'Use it to answer "which records are open", "what was filed this week", or to find a record by correlative, tracking code or consumer first or last name (search).',
    "The result is a table, one tab-separated row per record: correlative, type, status (each left out when filtered on), store, consumer, filed, response deadline (the law's: business days left, flagged DUE SOON at 3 or fewer and OVERDUE when past, or when it was answered), id, and flags (priority, failed e-mails) when any; pass the id to get_complaint for the full record and its history. The structured result has the same rows (due, daysLeft: negative when overdue; answered, daysLate), nextPage and a hint.",
    'Every record at risk, whatever its filing date: overdue=true lists the unanswered records past their legal deadline, dueBy="YYYY-MM-DD" those due on or before that day (overdue included), earliest deadline first; status="unresolved" lists open and in_review together. These read every unresolved record of the book and combine with type, storeId, search and from/to.',
    `E-mail problems: emailProblem=true lists the records whose receipt or response e-mail is neither sent nor queued, newest first; it reads the records of the other filters (the newest ${MAX_UNRESOLVED_RECORDS.toLocaleString('en-US')} at most), so give from/to for an older period.`,
    'For counts, and what is at risk now across the whole book, call complaints_overview instead. For one record in full, call get_complaint.',
    "Dates: use `period` for relative ranges of filing dates (computed in the member's time zone, weeks start on Monday) or `from`/`to` for exact days (inclusive), not both.",
    'Paging: 20 records per page by default (pageSize up to 100); when more exist the result ends with the page to request next.',
    'Examples: {"status":"open","type":"claim","period":"this_week"} · {"search":"000000481-2026"} · {"overdue":true,"pageSize":100} · {"dueBy":"2026-12-01","storeId":"a1e5c3d2-7b48-4f19-8e2a-1c3d5e7f9a01"} · {"emailProblem":true,"period":"last_month"} · {"status":"open","pageSize":100,"page":2}',
  ].join('\n'),
  inputSchema: {
    page: wholeNumber({ min: 1, max: PAGE_MAX, fallback: 1 }).describe('Page number, from 1.'),
    pageSize: wholeNumber({ min: 1, max: PAGE_SIZE_MAX, fallback: PAGE_SIZE_DEFAULT }).describe(`Records per page, 1 to ${PAGE_SIZE_MAX}.`),
    ...filterInputs,
    ...listFilterInputs,
  },
  outputSchema: listAnswerSchema.shape,
  async run(args, { api, clock, redactPii, signal, progress, readBook }) {
    const { page, pageSize } = args;
    const { query, filters, unresolved } = readListFilters(args, clock);
    let result: ListPage;
    let unread: string | undefined;
    if (unresolved === undefined && !filters.emailProblem) {
      result = await (await api()).listComplaints({ page, pageSize, ...query }, signal);
    } else {
      // The API has no filter on the deadline, on e-mail delivery, nor one for two statuses: every
      // record these may match is read (the unresolved ones, else the query's newest), and the page cut here.
      const reader = await api();
      const { gap, rows, total } = await readBook(async () => {
        const onPage = (done: number, toRead: number) => progress(done, toRead, `read ${done} of ${plural(toRead, 'page')} of records`);
        const all =
          unresolved !== undefined
            ? await readUnresolved(reader, unresolved, { signal, onPage })
            : await readAllPages(reader, [query], { maxPages: MAX_SEARCHED_PAGES, signal, onPage });
        const matching = filters.emailProblem ? all.items.filter(hasEmailProblem) : all.items;
        const ordered =
          filters.overdue || filters.dueBy ? atRiskRecords(matching, limaToday(clock.now()), filters).map(({ item }) => item) : newestFirst(matching);
        // Only the page is kept once the slot is given back.
        const start = (page - 1) * pageSize;
        const gap = unresolved !== undefined ? readingGap(all, 'unresolved record') : readingGap(all, 'record', 'newest');
        return { gap, rows: ordered.slice(start, start + pageSize), total: ordered.length };
      });
      result = { items: rows, sentMore: 0, pagination: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) } };
      unread = gap === undefined ? undefined : `Not complete: ${gap} This list leaves them out.`;
    }
    const built = toListView(redactPii ? { ...result, items: result.items.map(redactListItem) } : result, filters, clock, unread);
    const view = redactPii ? { ...built, answer: redactAnswer(built.answer) } : built;
    const text = capText(
      formatListText(view),
      `Ask for fewer records per call (pageSize ${Math.max(1, Math.floor(pageSize / 2))}) or narrow the filters; structuredContent holds every record of this page.`,
    );
    return { text, structured: view.answer };
  },
});
