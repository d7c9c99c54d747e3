import { exportAnswerSchema } from '../contract/export-answer.js';
import { UNRESOLVED } from '../contract/list-query.js';
import { UNRESOLVED_STATUSES } from '../domain/answered.js';
import { MOST_REGISTER_MS } from '../export/register-writer.js';
import { type ExportSelection, MAX_REGISTER_ROWS } from '../export/selection.js';
import { formatExportText, toExportAnswer } from '../format/export.js';
import { registerHeader } from '../format/register.js';
import { languageArgument } from '../prompts/language.js';
import { filterInputs, readFilters } from './filter-inputs.js';
import { booleanInput } from './input-rules.js';
import { listFilterInputs } from './list-filters.js';
import { defineTool, REPLY_IN_MEMBERS_LANGUAGE } from './tool.js';

const { period, from, to, type, storeId } = filterInputs;

export const exportComplaints = defineTool({
  name: 'export_complaints',
  title: "Export the period's register as a spreadsheet file",
  summary: "Write a period's complaints register as a CSV file a spreadsheet opens (for an INDECOPI inspection or a script).",
  description: [
    "Write the register of a selection as a CSV file that Excel and LibreOffice open: every record, a row each (correlative, tracking code, type, status, filing time, store, reason, consumer, document, e-mail, the law's deadline, response date, on time or late, e-mail states).",
    `details=true adds each sheet (item, amount, contact, the consumer's description and request, the official response): a request per record, up to COMPLAINTS_MAX_SHEETS records (3,000); without it, up to ${MAX_REGISTER_ROWS.toLocaleString('en-US')}.`,
    REPLY_IN_MEMBERS_LANGUAGE,
    'Use it when the member wants a file ("the register for an INDECOPI inspection", "last month in Excel"): over stdio it writes the file on their computer, over HTTP it gives a download link. Never read the file into the conversation; questions about records go to list_complaints, get_complaint and complaints_overview.',
    'Examples: {"period":"last_month"} · {"from":"2026-10-01","to":"2026-10-31","details":true} · {"status":"unresolved"}',
  ].join('\n'),
  inputSchema: {
    period,
    from,
    to,
    status: listFilterInputs.status,
    type,
    storeId,
    details: booleanInput().optional().describe("true: each row also holds the record's sheet."),
    language: languageArgument.describe('Of the columns: es or en; default COMPLAINTS_LANGUAGE.'),
  },
  outputSchema: exportAnswerSchema.shape,
  // A register with the sheets may read for minutes.
  callBoundMs: MOST_REGISTER_MS,
  writesFiles: true,
  async run(args, context) {
    const { clock, register } = context;
    const unresolved = args.status === UNRESOLVED;
    const { query } = readFilters({ period: args.period, from: args.from, to: args.to, type: args.type, storeId: args.storeId }, clock);
    const selection: ExportSelection = {
      ...query,
      ...(unresolved ? { statuses: [...UNRESOLVED_STATUSES] } : args.status === undefined ? {} : { statuses: [args.status] }),
      ...(args.status === undefined ? {} : { status: args.status }),
      sheets: args.details === true,
      language: args.language ?? context.language,
    };
    const delivered = await register.deliver({ selection }, context);
    const facts = {
      delivered,
      sheets: selection.sheets,
      selection: { from: selection.from, to: selection.to, status: selection.status, type: selection.type, storeId: selection.storeId },
      columns: registerHeader(selection.language, selection.sheets),
      timeZone: clock.timeZone,
    };
    const answer = toExportAnswer(facts);
    const links =
      delivered.kind === 'file'
        ? [{ uri: delivered.uri, name: delivered.fileName, mimeType: 'text/csv', description: 'The register, as a CSV file', size: delivered.bytes }]
        : [{ uri: delivered.url, name: delivered.fileName, mimeType: 'text/csv', description: `The register's download link, until ${delivered.expiresAt}` }];
    return { text: formatExportText(answer, facts), structured: answer, links };
  },
});
