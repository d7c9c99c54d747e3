import { listAnswerSchema } from '../contract/list-answer.js';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../contract/list-query.js';
import { capText } from '../format/cap.js';
import { formatListText, toListView } from '../format/list.js';
import { redactAnswer, redactListItem } from '../format/redact.js';
import { filterInputs, readFilters } from './filter-inputs.js';
import { wholeNumber } from './input-rules.js';
import { defineTool, REPLY_IN_MEMBERS_LANGUAGE } from './tool.js';

export const listComplaints = defineTool({
  name: 'list_complaints',
  title: 'List complaints and claims',
  description: [
    "List the records of the organization's complaints book (Libro de Reclamaciones): claims (reclamos) and complaints (quejas), newest first.",
    REPLY_IN_MEMBERS_LANGUAGE,
    'Use it to answer "which records are open", "what was filed this week", or to find a record by correlative, tracking code or consumer first or last name (search).',
    'The result is a table, one tab-separated row per record: correlative, type, status (each left out when filtered on), store, consumer, filed, response deadline (business days left, flagged DUE SOON at 3 or fewer and OVERDUE when past, or when it was answered), id, and flags (priority, failed e-mails) when any; pass the id to get_complaint for the full record and its history. The structured result has the same rows (due, daysLeft: negative when overdue; answered, daysLate), nextPage and a hint.',
    'For counts, or which records are overdue or due soon across the whole book, call complaints_overview instead: it reads every page in one call. For one record in full, call get_complaint.',
    "Dates: use `period` for relative ranges (computed in the member's time zone, weeks start on Monday) or `from`/`to` for exact days (inclusive), not both.",
    'Paging: 20 records per page by default (pageSize up to 100); when more exist the result ends with the page to request next.',
    'Examples: {"status":"open","type":"claim","period":"this_week"} · {"search":"000000481-2026"} · {"status":"open","pageSize":100,"page":2}',
  ].join('\n'),
  inputSchema: {
    page: wholeNumber({ min: 1, max: PAGE_MAX, fallback: 1 }).describe('Page number, from 1.'),
    pageSize: wholeNumber({ min: 1, max: PAGE_SIZE_MAX, fallback: PAGE_SIZE_DEFAULT }).describe(`Records per page, 1 to ${PAGE_SIZE_MAX}.`),
    ...filterInputs,
  },
  outputSchema: listAnswerSchema.shape,
  async run(args, { api, clock, redactPii, signal }) {
    const { page, pageSize } = args;
    const { query, filters } = readFilters(args, clock);
    const result = await (await api()).listComplaints({ page, pageSize, ...query }, signal);
    const built = toListView(redactPii ? { ...result, items: result.items.map(redactListItem) } : result, filters, clock);
    const view = redactPii ? { ...built, answer: redactAnswer(built.answer) } : built;
    const text = capText(
      formatListText(view),
      `Ask for fewer records per call (pageSize ${Math.max(1, Math.floor(pageSize / 2))}) or narrow the filters; structuredContent holds every record of this page.`,
    );
    return { text, structured: view.answer };
  },
});
