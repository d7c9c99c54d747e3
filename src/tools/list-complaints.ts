// list_complaints as a client lists it; list-complaints-run.ts answers it.
import { MAX_UNRESOLVED_RECORDS } from '../api/reading-bounds.js';
import { listAnswerSchema } from '../contract/list-answer.js';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../contract/list-query.js';
import { thousands } from '../thousands.js';
import { filterInputs } from './filter-inputs.js';
import { wholeNumber } from './input-rules.js';
import { listFilterInputs } from './list-filters.js';
import { defineTool, REPLY_IN_MEMBERS_LANGUAGE, type ToolArgs } from './tool.js';

const listInput = {
  page: wholeNumber({ min: 1, max: PAGE_MAX, fallback: 1 }),
  pageSize: wholeNumber({ min: 1, max: PAGE_SIZE_MAX, fallback: PAGE_SIZE_DEFAULT }),
  ...filterInputs,
  ...listFilterInputs,
};
export type ListComplaintsArgs = ToolArgs<typeof listInput>;

export const listComplaints = defineTool({
  name: 'list_complaints',
  title: 'List complaints and claims',
  summary: 'List claims and complaints, newest first, with filters and pagination.',
  description: [
    'List records of the complaints book (Libro de Reclamaciones): claims (reclamos) and complaints (quejas), newest first, 20 a page (pageSize up to 100); the result names the next page.',
    REPLY_IN_MEMBERS_LANGUAGE,
    'Use it for "which records are open", "what was filed this week", or to find records by correlative, tracking code or consumer name (search).',
    "Each row: correlative, type, status, store, consumer, filed, the law's response deadline (business days left, DUE SOON, OVERDUE), flags, and the id get_complaint takes.",
    `Every record at risk, whatever its filing date: overdue=true, or dueBy (overdue included), earliest deadline first. emailProblem=true reads the newest ${thousands(MAX_UNRESOLVED_RECORDS)} records of the other filters.`,
    'For counts and what is at risk across the book, use complaints_overview; for one record in full, get_complaint; for a file, export_complaints.',
    'Examples: {"status":"open","period":"this_week"} · {"search":"000000481-2026"} · {"overdue":true,"pageSize":100}',
  ].join('\n'),
  inputSchema: listInput,
  outputSchema: listAnswerSchema.shape,
  run: async (args, context) => (await import('./list-complaints-run.js')).runListComplaints(args, context),
});
