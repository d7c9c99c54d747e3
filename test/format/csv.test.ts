// format/csv.ts: fields as RFC 4180 writes them, and the neutralisation of what a spreadsheet would
// run as a formula (OWASP's CSV injection), tried with every way of starting one the tests know.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvField, csvRecord } from '../../src/format/csv.js';

describe('csvField', () => {
  it.each([
    ['plain', 'Tienda Miraflores', 'Tienda Miraflores'],
    ['a comma', 'Av. Larco 123, Miraflores', '"Av. Larco 123, Miraflores"'],
    ['quotation marks, doubled', 'el "mejor" precio', '"el ""mejor"" precio"'],
    ['a line break', 'línea 1\nlínea 2', '"línea 1\nlínea 2"'],
    ['a carriage return inside', 'a\rb', '"a\rb"'],
    ['accents, as they are', 'Jesús María, Áncash', '"Jesús María, Áncash"'],
    ['empty', '', ''],
  ])('%s', (_, value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+51 987654321', "'+51 987654321"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t'=1+1"],
    ['\r=1+1', '"\'\r=1+1"'],
    ['\n=1+1', '"\'\n=1+1"'],
    ['   =1+1', "'   =1+1"],
    ['=HYPERLINK("http://x.example","pulse")', '"\'=HYPERLINK(""http://x.example"",""pulse"")"'],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
  ])('neutralises %j', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it.each([
    ['\uff1d1+1', "'\uff1d1+1"],
    ['\uff0bcmd', "'\uff0bcmd"],
  ])('neutralises the full-width %j, which NFKC reads as a formula sign', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it('neutralises a formula after a semicolon or a tab, where a ";"-separated reading cuts the field', () => {
    expect(csvField('Ana;=1+1 Perez')).toBe("Ana;'=1+1 Perez");
    expect(csvField("a.pdf; =cmd|' /C calc'!A0")).toBe("a.pdf; '=cmd|' /C calc'!A0");
    expect(csvField('x\t@SUM(A1)')).toBe("x\t'@SUM(A1)");
    expect(csvField('Reclamo; pedido')).toBe('Reclamo; pedido');
  });

  it('leaves a value that only holds those characters later alone', () => {
    expect(csvField('Reclamo 1-2')).toBe('Reclamo 1-2');
    expect(csvField('correo@dominio.pe')).toBe('correo@dominio.pe');
  });

  it('never writes a field whose content, as read back, starts a formula', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ' ', '"', ',', ';', 'a', 'ñ', '\uff1d', "'") }), (value) => {
        const field = csvField(value);
        // Read back: the quotes taken off and their doubling undone.
        const content = field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field;
        expect(content.normalize('NFKC')).not.toMatch(/^\s*[=+\-@]|^[\t\r\n]/);
        // Nor any cell a ";"-separated reading would cut from it.
        for (const cell of content.split(/[;\t]/).slice(1)) expect(cell.normalize('NFKC')).not.toMatch(/^\s*[=+\-@]/);
        // Only apostrophes are added.
        expect(content.replace(/'/g, '')).toBe(value.replace(/'/g, ''));
      }),
    );
  });
});

describe('csvRecord', () => {
  it('joins the fields with commas and ends the record with CRLF', () => {
    expect(csvRecord(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
  });

  it("the byte order mark is UTF-8's", () => {
    expect([...Buffer.from(CSV_BOM, 'utf8')]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
