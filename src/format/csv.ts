// CSV as every spreadsheet opens it (RFC 4180): fields separated by commas, a field quoted when it
// holds a comma, a quotation mark or a line break (its quotation marks doubled), records ended by
// CRLF, and the file opened by a UTF-8 byte order mark, without which Excel reads the accents of
// "Miraflores, Lima: atención" as another code page's letters.
//
// A consumer writes the names and texts of a register: a field that a spreadsheet would take for a
// formula (=, +, -, @, or a tab or line break before one of them) is neutralised with a leading
// apostrophe (OWASP's CSV injection), so that "=HYPERLINK(...)" reads as text and runs nothing.

/** The byte order mark that opens the file: Excel reads UTF-8 only when it is there. */
export const CSV_BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;
/**
 * A field a spreadsheet may read as a formula: one that starts with =, +, - or @, or with a tab or a
 * line break (which some read past), or with spaces before any of these.
 */
const FORMULA_START = /^[\s]*[=+\-@]|^[\t\r\n]/;

/** One field, neutralised when it could start a formula, quoted when it must be. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record: its fields, then CRLF. */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
