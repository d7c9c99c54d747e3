import { listAllPages, MAX_IN_FLIGHT, MAX_PAGES, OVERVIEW_PAGE_SIZE } from '../api/all-pages.js';
import { overviewAnswerSchema } from '../contract/overview-answer.js';
import { capText } from '../format/cap.js';
import { plural } from '../format/fields.js';
import { formatOverviewText, toOverview } from '../format/overview.js';
import { redactAnswer, redactListItem } from '../format/redact.js';
import { overviewView } from '../resources/overview-view.js';
import { filterInputs, readFilters } from './filter-inputs.js';
import { defineTool, REPLY_IN_MEMBERS_LANGUAGE } from './tool.js';

export const complaintsOverview = defineTool({
  name: 'complaints_overview',
  title: 'Overview: counts, legal deadlines and e-mail problems',
  description: [
    "Summarize every record that matches, in one call: counts by status, type and store (with each store's id, which the storeId filter takes); how many are unanswered, OVERDUE or DUE SOON by the legal deadline (15 business days; due soon = 3 business days or fewer), with the 10 most urgent; and e-mail deliveries that are neither sent nor queued.",
    REPLY_IN_MEMBERS_LANGUAGE,
    'Use it for "what is close to its legal deadline", "how are we doing this week", "which store has most claims", or before a report; use list_complaints to see records page by page, get_complaint for one record.',
    `It reads up to ${MAX_PAGES} pages of ${OVERVIEW_PAGE_SIZE} records, ${MAX_IN_FLIGHT} at a time, and says so when there were more; narrow with period/from/to, storeId or type.`,
    'Examples: {} · {"period":"this_week"} · {"type":"claim","period":"last_30_days"} · {"storeId":"a1e5c3d2-7b48-4f19-8e2a-1c3d5e7f9a01"}',
  ].join('\n'),
  inputSchema: {
    period: filterInputs.period,
    from: filterInputs.from,
    to: filterInputs.to,
    storeId: filterInputs.storeId,
    type: filterInputs.type,
  },
  outputSchema: overviewAnswerSchema.shape,
  view: overviewView,
  async run(args, { api, clock, redactPii, signal, progress }) {
    const { query, filters } = readFilters(args, clock);
    const pages = await listAllPages(await api(), query, {
      signal,
      onPage: (read, toRead) => progress(read, toRead, `read ${read} of ${plural(toRead, 'page')}`),
    });
    const built = toOverview(redactPii ? { ...pages, items: pages.items.map(redactListItem) } : pages, filters, clock);
    const view = redactPii ? { ...built, answer: redactAnswer(built.answer) } : built;
    const text = capText(formatOverviewText(view), 'structuredContent holds every count.');
    return { text, structured: view.answer };
  },
});
