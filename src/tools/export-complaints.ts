// export_complaints as a client lists it; export-complaints-run.ts answers it.
import { exportAnswerSchema } from '../contract/export-answer.js';
import { MAX_REGISTER_ROWS, MOST_REGISTER_MS } from '../export/selection.js';
import { languageArgument } from '../prompts/language.js';
import { thousands } from '../thousands.js';
import { filterInputs } from './filter-inputs.js';
import { booleanInput } from './input-rules.js';
import { listFilterInputs } from './list-filters.js';
import { defineTool, REPLY_IN_MEMBERS_LANGUAGE, type ToolArgs } from './tool.js';

const { period, from, to, type, storeId } = filterInputs;

const exportInput = {
  period,
  from,
  to,
  status: listFilterInputs.status,
  type,
  storeId,
  details: booleanInput().optional().describe("true: each row also holds the record's sheet."),
  language: languageArgument.describe('Of the columns: es or en; default COMPLAINTS_LANGUAGE.'),
};
export type ExportComplaintsArgs = ToolArgs<typeof exportInput>;

export const exportComplaints = defineTool({
  name: 'export_complaints',
  title: "Export the period's register as a spreadsheet file",
  summary: "Write a period's complaints register as a CSV file a spreadsheet opens (for an INDECOPI inspection or a script).",
  description: [
    "Write the register of a selection as a CSV file that Excel and LibreOffice open: every record, a row each (correlative, tracking code, type, status, filing time, store, reason, consumer, document, e-mail, the law's deadline, response date, on time or late, e-mail states).",
    `details=true adds each sheet (item, amount, contact, the consumer's description and request, the official response): a request per record, up to COMPLAINTS_MAX_SHEETS records (3,000); without it, up to ${thousands(MAX_REGISTER_ROWS)}.`,
    REPLY_IN_MEMBERS_LANGUAGE,
    'Use it when the member wants a file ("the register for an INDECOPI inspection", "last month in Excel"): over stdio it writes the file on their computer, over HTTP it gives a download link. Never read the file into the conversation; questions about records go to list_complaints, get_complaint and complaints_overview.',
    'Examples: {"period":"last_month"} · {"from":"2026-10-01","to":"2026-10-31","details":true} · {"status":"unresolved"}',
  ].join('\n'),
  inputSchema: exportInput,
  outputSchema: exportAnswerSchema.shape,
  // A register with the sheets may read for minutes.
  callBoundMs: MOST_REGISTER_MS,
  writesFiles: true,
  run: async (args, context) => (await import('./export-complaints-run.js')).runExportComplaints(args, context),
});
