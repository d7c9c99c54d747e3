// How export_complaints answers: the selection fixed from the arguments, the register handed to its
// delivery (a file over stdio, a link over HTTP), and what was delivered said.
import type { ExportAnswer } from '../contract/export-answer.js';
import { UNRESOLVED } from '../contract/list-query.js';
import { UNRESOLVED_STATUSES } from '../domain/answered.js';
import type { ExportSelection } from '../export/selection.js';
import { formatExportText, toExportAnswer } from '../format/export.js';
import { registerHeader } from '../format/register.js';
import type { ExportComplaintsArgs } from './export-complaints.js';
import { readFilters } from './filter-inputs.js';
import type { ToolContext, ToolResult } from './tool.js';

export async function runExportComplaints(args: ExportComplaintsArgs, context: ToolContext): Promise<ToolResult<ExportAnswer>> {
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
}
