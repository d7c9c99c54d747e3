// Looking a record up by the number people quote, against a fake list operation.
import { describe, expect, it } from 'vitest';
import { ApiError, NOT_FOUND_TEXT } from '../../src/api/errors.js';
import type { ComplaintsReader, ListPage } from '../../src/contract/operations.js';
import { exactMatches, readReference } from '../../src/domain/reference.js';
import { InvalidArgumentError, UserFacingError } from '../../src/errors.js';
import { readComplaint } from '../../src/tools/get-complaint-run.js';
import { detailBody, listItemBody, mustReadDetail, mustReadList } from '../fixtures/records.js';

/** A fake of the two operations: the list holds `items`; reading a record by id gives a record with that id. */
function apiListing(items: Record<string, unknown>[]): { api: ComplaintsReader; searches: unknown[]; reads: string[] } {
  const searches: unknown[] = [];
  const reads: string[] = [];
  const data = mustReadList({ data: items, pagination: {} }).data;
  const api: ComplaintsReader = {
    async listComplaints(query): Promise<ListPage> {
      searches.push(query);
      return { items: data, sentMore: 0, pagination: { page: 1, pageSize: 100, total: data.length, totalPages: 1 } };
    },
    async getComplaint(id) {
      reads.push(id);
      return mustReadDetail({ data: detailBody({ id }) }).data;
    },
  };
  return { api, searches, reads };
}

const clock = { now: () => new Date('2026-11-20T15:00:00Z'), timeZone: 'America/Lima' };
/** The id get_complaint reads for `reference`, or the error it answers with. */
async function idOfReference(api: ComplaintsReader, reference: string, at = clock): Promise<string> {
  return (await readingOf(api, reference, at)).structured.id!;
}
const readingOf = (api: ComplaintsReader, reference: string, at = clock) =>
  readComplaint(reference, { api: async () => api, clock: at, redactPii: false, signal: new AbortController().signal });

const A = { id: '0b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a11', correlative: '000000481-2026', trackingCode: 'RCL-7KQ2-M9XD' };
const B = { id: '1b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a12', correlative: '000000481-2025', trackingCode: 'RCL-0000-0481' };

describe('a record by reference', () => {
  it('finds the one record whose correlative or tracking code is the reference, ignoring case, among partial matches', async () => {
    const { api, searches } = apiListing([listItemBody(B), listItemBody(A)]);
    expect(await idOfReference(api, '000000481-2026')).toBe(A.id);
    expect(await idOfReference(api, ' rcl-7kq2-m9xd ')).toBe(A.id);
    expect(searches).toEqual([
      { search: '000000481-2026', pageSize: 100 },
      { search: 'rcl-7kq2-m9xd', pageSize: 100 },
    ]);
  });

  it('answers a reference that matches nothing exactly with the same text as a 404', async () => {
    const { api } = apiListing([listItemBody(A)]);
    const error = await idOfReference(api, 'RCL-7KQ2-M9X').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(NOT_FOUND_TEXT);
  });

  it('lists the candidates when several records match exactly', async () => {
    const twin = { ...B, correlative: A.correlative, storeName: 'Tienda Cusco Plaza' };
    const { api } = apiListing([listItemBody(A), listItemBody(twin)]);
    const error = await idOfReference(api, '000000481-2026').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(UserFacingError);
    expect((error as Error).message).toBe(
      [
        '"000000481-2026" names 2 records:',
        `- 000000481-2026 (tracking RCL-7KQ2-M9XD, Tienda Miraflores): id ${A.id}`,
        `- 000000481-2026 (tracking RCL-0000-0481, Tienda Cusco Plaza): id ${B.id}`,
        'Call get_complaint again with the id of the one you mean.',
      ].join('\n'),
    );
  });
});

describe('a record by its number alone', () => {
  const numbered = (correlative: string, index: number, createdAt: string) =>
    listItemBody({ id: `2b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a${String(10 + index)}`, correlative, trackingCode: `RCL-NUM0-000${index}`, createdAt });
  const in2025 = numbered('000000010-2025', 1, '2025-03-04T15:00:00.000Z');
  const in2026 = numbered('000000010-2026', 2, '2026-01-02T15:00:00.000Z');
  const in2027 = numbered('000000010-2027', 3, '2027-01-01T15:00:00.000Z');
  // Partial matches of the search the fake does not make: kept out by the exact match.
  const decoys = [numbered('100000010-2026', 4, '2026-05-05T15:00:00.000Z'), numbered('000000010-20260', 5, '2026-05-05T15:00:00.000Z')];
  /** 22:00 on 31 December in Lima, already 2027 in UTC. */
  const newYearsEve = { now: () => new Date('2027-01-01T03:00:00Z'), timeZone: 'America/Lima' };
  const january = { now: () => new Date('2027-01-04T15:00:00Z'), timeZone: 'America/Lima' };

  it("reads this year's record, the year as the member's time zone has it, with one search for the padded number", async () => {
    const { api, searches } = apiListing([...decoys, in2025, in2026, in2027]);
    const { structured, text } = await readingOf(api, '10', newYearsEve);
    expect(structured.id).toBe(in2026.id);
    expect(searches).toEqual([{ search: '000000010-', pageSize: 100 }]);
    // The other years' records are named, so that the model can ask which one was meant.
    expect(text.split('\n')[0]).toBe(
      `"10" is this year's 000000010-2026; also numbered 000000010: 000000010-2027 (id ${in2027.id}), 000000010-2025 (id ${in2025.id}).`,
    );
  });

  it('reads the one record of another year, saying so: early January, before this year has the number', async () => {
    const { api } = apiListing([...decoys, in2026]);
    const { structured, text } = await readingOf(api, '000000010', january);
    expect(structured.id).toBe(in2026.id);
    expect(text.split('\n')[0]).toBe('No record numbered 000000010 in 2027; the only one is 000000010-2026, below.');
  });

  it('lists the records of other years to choose from when this year has none', async () => {
    const { api } = apiListing([...decoys, in2025, in2026]);
    const error = await readingOf(api, '10', january).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(UserFacingError);
    expect((error as Error).message).toBe(
      [
        'No record numbered 000000010 in 2027; 2 in other years:',
        `- 000000010-2026 (filed 2026-01-02, open, Tienda Miraflores): id ${in2026.id}`,
        `- 000000010-2025 (filed 2025-03-04, open, Tienda Miraflores): id ${in2025.id}`,
        'Call get_complaint again with the id of the one you mean.',
      ].join('\n'),
    );
  });

  it('lists the records of this year to choose from when this year has the number twice (two series)', async () => {
    const twin = { ...in2027, id: '3b6f0c1e-58aa-4c1e-9d0a-5e2f3b7c9a13', storeName: 'Tienda Cusco Plaza' };
    const { api } = apiListing([in2026, in2027, twin]);
    const error = await readingOf(api, '10', january).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(UserFacingError);
    expect((error as Error).message).toBe(
      [
        '"10" names 2 records of 2027:',
        `- 000000010-2027 (filed 2027-01-01, open, Tienda Miraflores): id ${in2027.id}`,
        `- 000000010-2027 (filed 2027-01-01, open, Tienda Cusco Plaza): id ${twin.id}`,
        'Call get_complaint again with the id of the one you mean.',
      ].join('\n'),
    );
  });

  it('answers a number no record has with the 404 text, and what was searched', async () => {
    const { api } = apiListing(decoys);
    const error = await readingOf(api, '10', january).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('not_found');
    expect((error as Error).message).toBe(`${NOT_FOUND_TEXT} No record numbered 000000010 in any year.`);
  });

  it('reads a short number with its year as the full correlative, and refuses what is no correlative before any request', async () => {
    const { api, searches } = apiListing([...decoys, in2025, in2026]);
    expect(await idOfReference(api, '10-2025', january)).toBe(in2025.id);
    expect(searches).toEqual([{ search: '000000010-2025', pageSize: 100 }]);
    for (const reference of ['0', '10-26', '1234567890']) {
      const error = await readingOf(api, reference, january).catch((reason: unknown) => reason);
      expect(error, reference).toBeInstanceOf(InvalidArgumentError);
    }
    expect(searches).toHaveLength(1);
  });
});

describe('exactMatches', () => {
  it('ignores records without either number', () => {
    const items = mustReadList({ data: [{ id: 'x' }, listItemBody(A)], pagination: {} }).data;
    expect(exactMatches(items, 'rcl-7kq2-m9xd').map((item) => item.id)).toEqual([A.id]);
  });
});

describe('readReference: the numbers a manager names a record by', () => {
  it.each([
    ['481', '000000481'],
    [' 000000481 ', '000000481'],
    ['0481', '000000481'],
    ['999999999', '999999999'],
  ])('reads %j as the correlative number %s, of any year', (reference, number) => {
    expect(readReference(reference)).toEqual({ kind: 'number', number });
  });

  it.each([
    ['481-2026', '000000481-2026'],
    ['000000481-2026', '000000481-2026'],
    ['0000481-2025', '000000481-2025'],
  ])('reads %j as the correlative %s', (reference, correlative) => {
    expect(readReference(reference)).toEqual({ kind: 'correlative', correlative });
  });

  it.each(['RCL-7KQ2-M9XD', 'rcl-7kq2-m9xd', 'Quispe'])('leaves %j to be searched as given (a tracking code)', (reference) => {
    expect(readReference(reference)).toEqual({ kind: 'text', text: reference });
  });

  it.each([
    ['0', /numbered from 1/],
    ['000000000', /numbered from 1/],
    ['0-2026', /numbered from 1/],
    ['1234567890', /at most 9 digits/],
    ['0000000481', /at most 9 digits/],
    ['1234567890-2026', /at most 9 digits/],
    // A year of two digits is not guessed, only suggested.
    ['481-26', /year in four digits: 000000481-2026\?/],
    ['481-202', /year in four digits/],
    ['481-20260', /year in four digits/],
    ['481-', /not a correlative/],
    ['-481', /not a correlative/],
    ['481-2026-1', /not a correlative/],
  ])('refuses %j, saying why', (reference, why) => {
    const read = readReference(reference);
    expect(read.kind).toBe('refused');
    expect(read.kind === 'refused' && read.why).toMatch(why);
  });
});
