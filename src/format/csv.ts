// CSV as every spreadsheet opens it (RFC 4180): fields separated by commas, a field quoted when it
// holds a comma, a quotation mark or a line break (its quotation marks doubled), records ended by
// CRLF, and the file opened by a UTF-8 byte order mark, without which Excel reads the accents of
// "Miraflores, Lima: atención" as another code page's letters.
//
// A consumer writes the names and texts of a register: a field that a spreadsheet would take for a
// formula is neutralised with an apostrophe (OWASP's CSV injection), so that "=HYPERLINK(...)" reads
// as text and runs nothing. So is a formula after a semicolon or a tab inside a field: a spreadsheet
// whose list separator is ";" (Excel on a Spanish Windows, a LibreOffice import) cuts the field there,
// and the part after the cut would start a cell of its own.

/** The byte order mark that opens the file: Excel reads UTF-8 only when it is there. */
export const CSV_BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;
/**
 * A field a spreadsheet may read as a formula: one that starts with =, +, - or @ (spaces before them
 * or not), or with a tab or a line break (which some read past). Read in NFKC, where a full-width
 * "＝" is "=".
 */
const FORMULA_START = /^\s*[=+\-@]|^[\t\r\n]/;
/** A formula after a semicolon or a tab, where a ";"-separated reading starts a new cell. */
const FORMULA_AFTER_CUT = /([;\t]\s*)(?=[=+\-@\uff1d\uff0b\uff0d\uff20])/g;

/** One field, neutralised where it could start a formula, quoted when it must be. */
export function csvField(value: string): string {
  const cut = value.replace(FORMULA_AFTER_CUT, "$1'");
  const safe = FORMULA_START.test(cut.normalize('NFKC')) ? `'${cut}` : cut;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record: its fields, then CRLF. */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
