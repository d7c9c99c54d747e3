// A strict RFC 4180 reader for the tests, written apart from src/format/csv.ts (which writes the
// registers) so that a mistake in the writer is not repeated here and read back as right: the file is
// read as a spreadsheet reads it, and anything a spreadsheet would have to guess at is an error.
//
// Records end with CRLF, the last one too; fields are separated by commas; a field is either bare
// (no quotation mark, comma, CR or LF in it) or wholly quoted, its quotation marks doubled, and may
// then hold commas and line breaks. Every record has as many fields as the first.

/** The UTF-8 byte order mark, as a string's first character once decoded. */
const BOM = '\uFEFF';

export interface ParsedCsv {
  /** The file opened with a byte order mark (stripped from the first field). */
  bom: boolean;
  /** Every record, the header first, each a list of its fields. */
  rows: string[][];
}

export class CsvError extends Error {
  constructor(
    message: string,
    /** Index in the text (after the BOM) where the reading stopped. */
    readonly at: number,
  ) {
    super(`${message} (at character ${at})`);
    this.name = 'CsvError';
  }
}

/** Reads `text` (a file decoded as UTF-8) as RFC 4180 CSV, strictly; throws CsvError on any malformed part. */
export function parseCsv(text: string): ParsedCsv {
  const bom = text.startsWith(BOM);
  const body = bom ? text.slice(BOM.length) : text;
  const rows: string[][] = [];
  let at = 0;
  while (at < body.length) {
    const row: string[] = [];
    for (;;) {
      const { value, next } = body[at] === '"' ? quotedField(body, at) : bareField(body, at);
      row.push(value);
      at = next;
      if (body[at] === ',') {
        at += 1;
        continue;
      }
      if (body.startsWith('\r\n', at)) {
        at += 2;
        break;
      }
      if (at >= body.length) throw new CsvError('the last record is not ended by CRLF', at);
      throw new CsvError(`a field is followed by ${JSON.stringify(body[at])}, not a comma or CRLF`, at);
    }
    if (rows.length > 0 && row.length !== rows[0]!.length) {
      throw new CsvError(`record ${rows.length + 1} has ${row.length} fields, the first has ${rows[0]!.length}`, at);
    }
    rows.push(row);
  }
  return { bom, rows };
}

/** A field without quotation marks: up to the next comma, CR or end; a quotation mark or a lone LF in it is an error. */
function bareField(body: string, start: number): { value: string; next: number } {
  let at = start;
  while (at < body.length && body[at] !== ',' && body[at] !== '\r') {
    if (body[at] === '"') throw new CsvError('a quotation mark inside a field that is not quoted', at);
    if (body[at] === '\n') throw new CsvError('a line break inside a field that is not quoted (or a record ended by LF alone)', at);
    at += 1;
  }
  if (body[at] === '\r' && body[at + 1] !== '\n') throw new CsvError('a carriage return inside a field that is not quoted', at);
  return { value: body.slice(start, at), next: at };
}

/** A quoted field, from its opening quotation mark: "" stands for one; it must be closed. */
function quotedField(body: string, start: number): { value: string; next: number } {
  let value = '';
  let at = start + 1;
  for (;;) {
    const close = body.indexOf('"', at);
    if (close === -1) throw new CsvError('a quoted field is never closed', start);
    value += body.slice(at, close);
    if (body[close + 1] === '"') {
      value += '"';
      at = close + 2;
      continue;
    }
    return { value, next: close + 1 };
  }
}

/** The rows as objects keyed by the header's names (the first row); a name repeated in the header is an error. */
export function csvObjects(rows: readonly string[][]): Array<Record<string, string>> {
  const [header, ...records] = rows;
  if (header === undefined) throw new CsvError('no header row', 0);
  if (new Set(header).size !== header.length) throw new CsvError('a column name is repeated in the header', 0);
  return records.map((record) => Object.fromEntries(header.map((name, index) => [name, record[index]!])));
}
