// complaints_overview as a client lists it; complaints-overview-run.ts answers it.
import { PAGE_SIZE } from '../api/reading-bounds.js';
import { overviewAnswerSchema } from '../contract/overview-answer.js';
import { overviewView } from '../resources/overview-view.js';
import { thousands } from '../thousands.js';
import { filterInputs } from './filter-inputs.js';
import { defineTool, REPLY_IN_MEMBERS_LANGUAGE, type ToolArgs } from './tool.js';

/**
 * Pages of the filings read at most (the newest first) when no period is asked: the whole book's
 * overview is the law's question (what is at risk now), asked often, and with a book's unresolved
 * pages and the service's counts it stays near 80 requests. Beyond, the counts are the service's own,
 * and the figures about answers cover the newest whole days read.
 */
export const MAX_FILING_PAGES = 40;

/**
 * Pages of a period's filings read at most: a year of a big chain whole (50,000 records), so that a
 * yearly report's figures about answers cover every filing. Held as filingFields keeps them (about
 * 0.6 KB a record), read 8 pages at a time within the member's gate and the call's deadline.
 */
export const MAX_PERIOD_FILING_PAGES = 500;

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
    'Use it for "what is close to its deadline", "what is overdue", "how did we do last month", "which store answers late", or before a report; list_complaints pages through records, get_complaint reads one, export_complaints writes a file.',
    `Answer figures cover up to ${thousands(MAX_PERIOD_FILING_PAGES * PAGE_SIZE)} filings of a period (${thousands(MAX_FILING_PAGES * PAGE_SIZE)} without), else the newest days (performance.window).`,
    'Examples: {} · {"period":"last_month"} · {"from":"2026-01-01","to":"2026-06-30","type":"claim"}',
  ].join('\n'),
  inputSchema: overviewInput,
  outputSchema: overviewAnswerSchema.shape,
  view: overviewView,
  run: async (args, context) => (await import('./complaints-overview-run.js')).runComplaintsOverview(args, context),
});
