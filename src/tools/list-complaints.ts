import { PAGE_SIZE, readAllPages } from '../api/all-pages.js';
import { MAX_UNRESOLVED_RECORDS, readUnresolved } from '../api/unresolved-records.js';
import { listAnswerSchema } from '../contract/list-answer.js';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../contract/list-query.js';
import type { ListPage } from '../contract/operations.js';
import { hasEmailProblem } from '../domain/answered.js';
import { atRiskRecordsSteps, newestFirst } from '../domain/at-risk.js';
import { limaToday } from '../domain/deadline.js';
import { capText } from '../format/cap.js';
import { plural, readingGap } from '../format/fields.js';
import { formatListText, toListView } from '../format/list.js';
import { redactAnswer, redactListItem } from '../format/redact.js';
import { inSlices } from '../slices.js';
import { filterInputs } from './filter-inputs.js';
import { wholeNumber } from './input-rules.js';
import { listFilterInputs, readListFilters } from './list-filters.js';
import { defineTool, REPLY_IN_MEMBERS_LANGUAGE } from './tool.js';

/** Pages a filter the API lacks (emailProblem) searches at most, newest first: as many records as the unresolved ones read. */
const MAX_SEARCHED_PAGES = MAX_UNRESOLVED_RECORDS / PAGE_SIZE;

export const listComplaints = defineTool({
  name: 'list_complaints',
  title: 'List complaints and claims',
  summary: 'List claims and complaints, newest first, with filters and pagination.',
  description: [
    'List records of the complaints book (Libro de Reclamaciones): claims (reclamos) and complaints (quejas), newest first, 20 a page (pageSize up to 100); the result names the next page.',
    REPLY_IN_MEMBERS_LANGUAGE,
    'Use it for "which records are open", "what was filed this week", or to find records by correlative, tracking code or consumer name (search).',
    "Each row: correlative, type, status, store, consumer, filed, the law's response deadline (business days left, DUE SOON, OVERDUE), flags, and the id get_complaint takes.",
    `Every record at risk, whatever its filing date: overdue=true, or dueBy (overdue included), earliest deadline first. emailProblem=true reads the newest ${MAX_UNRESOLVED_RECORDS.toLocaleString('en-US')} records of the other filters.`,
    'For counts and what is at risk across the book, use complaints_overview; for one record in full, get_complaint; for a file, export_complaints.',
    'Examples: {"status":"open","period":"this_week"} · {"search":"000000481-2026"} · {"overdue":true,"pageSize":100}',
  ].join('\n'),
  inputSchema: {
    page: wholeNumber({ min: 1, max: PAGE_MAX, fallback: 1 }),
    pageSize: wholeNumber({ min: 1, max: PAGE_SIZE_MAX, fallback: PAGE_SIZE_DEFAULT }),
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
          filters.overdue || filters.dueBy
            ? (await inSlices(atRiskRecordsSteps(matching, limaToday(clock.now()), filters))).map(({ item }) => item)
            : newestFirst(matching);
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
