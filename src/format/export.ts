// export_complaints' answer and text: where the register is, how many rows it holds or the selection
// holds now, its selection and columns, and what to tell the member. The model never reads the file.
import type { ExportAnswer } from '../contract/export-answer.js';
import type { DeliveredRegister } from '../export/delivery.js';
import { plural, timeIn } from './fields.js';

export interface ExportFacts {
  delivered: DeliveredRegister;
  sheets: boolean;
  selection: { from?: string; to?: string; status?: string; type?: string; storeId?: string };
  columns: string[];
  timeZone: string;
}

export function toExportAnswer({ delivered, sheets, selection, columns }: ExportFacts): ExportAnswer {
  const records = delivered.kind === 'file' ? delivered.rows : delivered.counted;
  const note =
    records === 0
      ? `No record matches this selection: the register holds its header only.${selection.storeId === undefined ? '' : ' A storeId that names no store, or one this key cannot see, matches nothing: complaints_overview lists the stores by id.'}`
      : undefined;
  return {
    delivery: delivered.kind,
    fileName: delivered.fileName,
    ...(delivered.kind === 'file'
      ? { path: delivered.path, rows: delivered.rows }
      : { url: delivered.url, expiresAt: delivered.expiresAt, matchingNow: delivered.counted }),
    sheets,
    ...(selection.from === undefined ? {} : { filedFrom: selection.from }),
    ...(selection.to === undefined ? {} : { filedTo: selection.to }),
    ...(selection.status === undefined ? {} : { status: selection.status }),
    ...(selection.type === undefined ? {} : { type: selection.type }),
    ...(selection.storeId === undefined ? {} : { storeId: selection.storeId }),
    columns,
    ...(note === undefined ? {} : { note }),
  };
}

export function formatExportText(answer: ExportAnswer, facts: ExportFacts): string {
  const what = [
    answer.filedFrom || answer.filedTo ? `filed ${answer.filedFrom ?? '…'}..${answer.filedTo ?? '…'} (Lima days)` : 'every filing date',
    answer.status ? `status ${answer.status}` : 'every status',
    answer.type ? `type ${answer.type}` : undefined,
    answer.storeId ? `store ${answer.storeId}` : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  const kind = `CSV (UTF-8, opens in Excel and LibreOffice), ${answer.sheets ? "one row per record with its sheet's content" : 'one row per record'}`;
  const lines =
    facts.delivered.kind === 'file'
      ? [`Register written: ${facts.delivered.path}`, `${plural(facts.delivered.rows, 'row')} after the header, one per record: ${what}.`, `${kind}.`]
      : [
          `Register ready to download: ${facts.delivered.url}`,
          `The link opens in a browser, without the API key, for ${plural(facts.delivered.minutes, 'minute')} (until ${timeIn(facts.delivered.expiresAt, facts.timeZone)} ${facts.timeZone}); it reads the book when opened, as the member who asked.`,
          `${plural(facts.delivered.counted, 'record')} match now: ${what}.`,
          `${kind}.`,
        ];
  lines.push(`Columns: ${answer.columns.join(', ')}.`);
  if (answer.note) lines.push(answer.note);
  lines.push(
    facts.delivered.kind === 'file'
      ? 'Tell the member where the file is. Do not read it into the conversation: list_complaints and get_complaint answer questions about its records.'
      : 'Give the member the link as it is. Do not open it: list_complaints and get_complaint answer questions about its records.',
  );
  return lines.join('\n');
}
