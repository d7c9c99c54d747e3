// The tests' CSV reader (helpers/csv.ts): what RFC 4180 allows is read as a spreadsheet reads it,
// and each way a file can be malformed is refused, so that a register the reader accepts is well formed.
import { describe, expect, it } from 'vitest';
import { CsvError, csvObjects, parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('strips and reports the byte order mark', () => {
    expect(parseCsv('\uFEFFa,b\r\n1,2\r\n')).toEqual({
      bom: true,
      rows: [
        ['a', 'b'],
        ['1', '2'],
      ],
    });
    expect(parseCsv('a,b\r\n1,2\r\n')).toEqual({
      bom: false,
      rows: [
        ['a', 'b'],
        ['1', '2'],
      ],
    });
  });

  it('reads bare and quoted fields, doubled quotation marks, and commas and line breaks inside quotes', () => {
    const text = 'name,note,empty\r\n"Pérez, Ana","she said ""no""\r\nthen left",\r\nbare,"a\nb\rc",""\r\n';
    expect(parseCsv(text).rows).toEqual([
      ['name', 'note', 'empty'],
      ['Pérez, Ana', 'she said "no"\r\nthen left', ''],
      ['bare', 'a\nb\rc', ''],
    ]);
  });

  it('reads an empty file as no records, and a lone empty field per record', () => {
    expect(parseCsv('').rows).toEqual([]);
    expect(parseCsv('\uFEFF').rows).toEqual([]);
    expect(parseCsv('\r\n\r\n').rows).toEqual([[''], ['']]);
  });

  it('keeps every character of a field as it is: spaces, apostrophes, accents and other scripts', () => {
    expect(parseCsv(" ñandú ,'=1+1,山田 Иван\r\n").rows).toEqual([[' ñandú ', "'=1+1", '山田 Иван']]);
  });

  it('gives the rows as objects by the header', () => {
    expect(csvObjects(parseCsv('a,b\r\n1,2\r\n3,4\r\n').rows)).toEqual([
      { a: '1', b: '2' },
      { a: '3', b: '4' },
    ]);
    expect(() => csvObjects(parseCsv('a,a\r\n1,2\r\n').rows)).toThrow(CsvError);
  });

  describe('refuses a malformed file', () => {
    const malformed: Array<[string, string, RegExp]> = [
      ['a quotation mark in a bare field', 'a,b"c\r\n', /quotation mark inside a field that is not quoted/],
      ['a quotation mark at the end of a bare field', 'abc"\r\n', /quotation mark inside a field that is not quoted/],
      ['a quoted field never closed', 'a,"b\r\nc\r\n', /never closed/],
      ['a quoted field never closed at the end of the file', '"abc', /never closed/],
      ['text after a closing quotation mark', '"a"b,c\r\n', /followed by "b"/],
      ['a space after a closing quotation mark', '"a" ,c\r\n', /followed by " "/],
      ['a last record not ended by CRLF', 'a,b\r\n1,2', /not ended by CRLF/],
      ['a last quoted field not ended by CRLF', 'a,b\r\n1,"2"', /not ended by CRLF/],
      ['records ended by LF alone', 'a,b\n1,2\n', /line break inside a field that is not quoted/],
      ['a record ended by CR alone', 'a,b\r1,2\r\n', /carriage return inside a field that is not quoted/],
      ['a record ended by LF CR', 'a,b\n\r1,2\r\n', /line break inside a field that is not quoted/],
      ['a record with fewer fields', 'a,b,c\r\n1,2\r\n', /record 2 has 2 fields, the first has 3/],
      ['a record with more fields', 'a,b\r\n1,2\r\n3,4,5\r\n', /record 3 has 3 fields, the first has 2/],
      ['a trailing comma that adds a field', 'a,b\r\n1,2,\r\n', /record 2 has 3 fields/],
      ['a byte order mark inside the file', 'a\r\n\uFEFFb"\r\n', /quotation mark inside a field that is not quoted/],
    ];
    it.each(malformed)('%s', (_why, text, message) => {
      expect(() => parseCsv(text)).toThrow(CsvError);
      expect(() => parseCsv(text)).toThrow(message);
    });
  });
});
