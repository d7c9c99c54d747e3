import { z } from 'zod';
import { listAllPages, MAX_IN_FLIGHT, MAX_PAGES, OVERVIEW_PAGE_SIZE } from '../api/all-pages.js';
import { capText } from '../format/cap.js';
import { plural } from '../format/deadline.js';
import { formatOverviewText, toOverview } from '../format/overview.js';
import { filterInputs, filtersOutputSchema, readFilters } from './filter-inputs.js';
import { deadlineOutputSchema, todayOutputSchema } from './output-schemas.js';
import { defineTool } from './tool.js';

const counts = z.record(z.string(), z.number().int());
const urgentRecord = z.object({
  id: z.string().nullable(),
  correlative: z.string().nullable(),
  storeName: z.string().nullable(),
  consumer: z.string().nullable(),
  deadline: deadlineOutputSchema,
});

export const complaintsOverview = defineTool({
  name: 'complaints_overview',
  title: 'Overview: counts, legal deadlines and e-mail problems',
  description: [
    'Summarize every record that matches, in one call: counts by status, type and store; how many are unanswered, OVERDUE or DUE SOON by the legal deadline (15 business days; due soon = 3 business days or fewer), with the 10 most urgent; and e-mail deliveries that are neither sent nor queued.',
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
  outputSchema: {
    filters: filtersOutputSchema,
    total: z.number().int().describe('Records that match, as the service counts them.'),
    counted: z.number().int().describe('Records read and counted here; fewer than total when capped.'),
    pagesRead: z.number().int(),
    totalPages: z.number().int(),
    capped: z.boolean().describe(`True when pages beyond ${MAX_PAGES} were left unread.`),
    byStatus: counts,
    byType: counts,
    byStore: z.array(z.object({ storeId: z.string().nullable(), storeName: z.string().nullable(), count: z.number().int() })),
    unanswered: z.number().int(),
    overdue: z.number().int(),
    dueSoon: z.number().int(),
    mostUrgent: z.array(urgentRecord).describe('Overdue (most overdue first), then due soon; at most 10.'),
    dueSoonRecords: z.array(urgentRecord).describe('Due soon (fewest business days left first), at most 10: still answerable in time.'),
    deliveryIssues: z.object({
      records: z.number().int(),
      byState: counts,
      first: z.array(z.object({ id: z.string().nullable(), correlative: z.string().nullable(), receipt: z.string().nullable(), response: z.string().nullable() })),
    }),
    timeZone: z.string(),
    today: todayOutputSchema,
  },
  async run(args, { api, clock, signal, progress }) {
    const { query, filters } = readFilters(args, clock);
    const pages = await listAllPages(await api(), query, {
      signal,
      onPage: (read, toRead) => progress(read, toRead, `read ${read} of ${plural(toRead, 'page')}`),
    });
    const overview = toOverview(pages, filters, clock);
    const text = capText(formatOverviewText(overview), 'structuredContent holds every count.');
    return { text, structured: overview };
  },
});
