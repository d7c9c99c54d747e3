import { exportAnswerSchema } from '../contract/export-answer.js';
import { UNRESOLVED } from '../contract/list-query.js';
import { UNRESOLVED_STATUSES } from '../domain/answered.js';
import type { DeliveredRegister } from '../export/delivery.js';
import { countSelection, type ExportSelection, MAX_REGISTER_ROWS, mostRecords, tooManyRecords } from '../export/selection.js';
import { formatExportText, toExportAnswer } from '../format/export.js';
import { registerHeader } from '../format/register.js';
import { languageArgument } from '../prompts/language.js';
import { filterInputs, readFilters } from './filter-inputs.js';
import { booleanInput } from './input-rules.js';
import { listFilterInputs } from './list-filters.js';
import { defineTool, REPLY_IN_MEMBERS_LANGUAGE } from './tool.js';

/** A register with the sheets may read for minutes: its call is bounded by this, each request still by COMPLAINTS_TIMEOUT_MS. */
const EXPORT_CALL_MS = 15 * 60_000;

const { period, from, to, type, storeId } = filterInputs;

export const exportComplaints = defineTool({
  name: 'export_complaints',
  title: "Export the period's register as a spreadsheet file",
  summary: "Write a period's complaints register as a CSV file a spreadsheet opens (for an INDECOPI inspection or a script).",
  description: [
    "Write the complaints book's register for a selection as a CSV file that Excel and LibreOffice open: every record, one row each (correlative, tracking code, type, status, filing time in Lima, store, reason, consumer and document, e-mail, the law's deadline, response date, on time or late, e-mail states).",
    `details=true adds each record's sheet (item, amount, proof of payment, contact, what the consumer described and asked, the official response): one request per record, up to 3,000 records a call; without it, up to ${MAX_REGISTER_ROWS.toLocaleString('en-US')}.`,
    REPLY_IN_MEMBERS_LANGUAGE,
    'Use it when the member wants a file: "prepare the register for an INDECOPI inspection", "export last month to Excel". Over stdio the file is written on their computer and the answer gives its path; over HTTP it gives a download link that lasts minutes. Never read the file into the conversation.',
    'For questions about records, use list_complaints, get_complaint and complaints_overview instead.',
    'Examples: {"period":"last_month"} · {"from":"2026-10-01","to":"2026-10-31","details":true} · {"status":"unresolved"}',
  ].join('\n'),
  inputSchema: {
    period,
    from,
    to,
    status: listFilterInputs.status,
    type,
    storeId,
    details: booleanInput().optional().describe("true: each row also holds the record's sheet (one request per record, fewer records a call)."),
    language: languageArgument.describe('The language of the column names and words: es or en; default COMPLAINTS_LANGUAGE, itself es.'),
  },
  outputSchema: exportAnswerSchema.shape,
  callBoundMs: EXPORT_CALL_MS,
  async run(args, context) {
    const { clock, signal, register } = context;
    const unresolved = args.status === UNRESOLVED;
    const { query } = readFilters({ period: args.period, from: args.from, to: args.to, type: args.type, storeId: args.storeId }, clock);
    const selection: ExportSelection = {
      ...query,
      ...(unresolved ? { statuses: [...UNRESOLVED_STATUSES] } : args.status === undefined ? {} : { statuses: [args.status] }),
      ...(args.status === undefined ? {} : { status: args.status }),
      ...(args.period === undefined ? {} : { period: args.period }),
      sheets: args.details === true,
      language: args.language ?? context.language,
    };
    // Counted before anything is read: a selection too large is refused with its count and how to split it.
    const counted = await countSelection(await context.api(), selection, signal);
    if (counted > mostRecords(selection, register.maxSheets)) throw tooManyRecords(counted, selection, register.maxSheets);
    const delivered: DeliveredRegister = await register.deliver({ selection, counted }, context);
    const facts = {
      delivered:
        delivered.kind === 'file'
          ? delivered
          : {
              kind: 'link' as const,
              url: delivered.url,
              fileName: delivered.fileName,
              expiresAt: delivered.expiresAt,
              minutes: delivered.minutes,
              matchingNow: counted,
            },
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
