// complaints_overview as a client lists it; complaints-overview-run.ts answers it.
import { PAGE_SIZE } from '../api/reading-bounds.js';
import { overviewAnswerSchema } from '../contract/overview-answer.js';
import { overviewView } from '../resources/overview-view.js';
import { thousands } from '../thousands.js';
import { filterInputs } from './filter-inputs.js';
import { defineTool, REPLY_IN_MEMBERS_LANGUAGE, type ToolArgs } from './tool.js';

/**
 * Pages of the period's filings read at most (the newest first): a month of a big chain whole. Beyond,
 * the counts are the service's own, and the figures about answers cover the newest whole days read.
 * With a book's unresolved pages and those counts, an overview of the whole book stays near 80 requests.
 */
export const MAX_FILING_PAGES = 40;

const overviewInput = {
  period: filterInputs.period,
  from: filterInputs.from,
  to: filterInputs.to,
  storeId: filterInputs.storeId,
  type: filterInputs.type,
};
export type OverviewArgs = ToolArgs<typeof overviewInput>;

export const complaintsOverview = defineTool({
  name: 'complaints_overview',
  title: 'Overview: legal deadlines at risk, counts and e-mail problems',
  summary: 'Counts, legal deadlines at risk and e-mail problems over every matching record.',
  description: [
    "Two things in one call. 1) At risk NOW, over the whole book (narrowed only by storeId and type): the unresolved records unanswered, OVERDUE or DUE SOON by the law's deadline (15 business days; due soon = 3 or fewer), answered with a failed response e-mail; the 10 most urgent and the list_complaints arguments for all of them.",
    "2) The records FILED in the period (period or from/to; else the whole book): exact counts by status, type and store (with store ids); answers on time or late, unanswered past the deadline, business days to answer (median, p90), top reasons, each store's on-time share; failed e-mails.",
    REPLY_IN_MEMBERS_LANGUAGE,
    'Use it for "what is close to its deadline", "what is overdue", "how did we do last month", "which store answers late", or before a report; list_complaints pages through records, get_complaint reads one, export_complaints writes them to a file.',
    `Figures on answers cover the period whole up to ${thousands(MAX_FILING_PAGES * PAGE_SIZE)} filings, else the newest days read (performance.window).`,
    'Examples: {} · {"period":"last_month"} · {"from":"2026-01-01","to":"2026-06-30","type":"claim"}',
  ].join('\n'),
  inputSchema: overviewInput,
  outputSchema: overviewAnswerSchema.shape,
  view: overviewView,
  run: async (args, context) => (await import('./complaints-overview-run.js')).runComplaintsOverview(args, context),
});
