// The register's writer over a fake service: its progress keeps rising from the list's pages into the
// sheets, whatever the pages were (one query per status reads more pages than its records fill).
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { ComplaintsReader } from '../../src/contract/operations.js';
import { writeRegister } from '../../src/export/register-writer.js';
import { detailBody, listItemBody, mustReadDetail, mustReadList } from '../fixtures/records.js';

const clock = { now: () => new Date('2026-11-22T15:00:00Z'), timeZone: 'America/Lima' };

/** `counts` records per status, newest first, each with a sheet. */
function bookApi(counts: Record<string, number>): ComplaintsReader {
  const bodies = Object.entries(counts).flatMap(([status, count]) =>
    Array.from({ length: count }, (_, i) => ({ status, id: `00000000-0000-4000-8000-${status === 'open' ? '0' : '1'}${String(i).padStart(11, '0')}` })),
  );
  const detail = mustReadDetail({ data: detailBody() }).data;
  return {
    async listComplaints(query) {
      await tick();
      const matching = bodies.filter((body) => query.status === undefined || body.status === query.status);
      const size = query.pageSize ?? 100;
      const page = query.page ?? 1;
      const pagination = { page, pageSize: size, total: matching.length, totalPages: Math.ceil(matching.length / size) };
      const { data } = mustReadList({ data: matching.slice((page - 1) * size, page * size).map((body) => listItemBody(body)), pagination });
      return { items: data, pagination, sentMore: 0 };
    },
    async getComplaint(id) {
      await tick();
      return { ...detail, id };
    },
  };
}

describe('writeRegister', () => {
  it('with the sheets of two statuses (150 open, 40 in review: 3 pages for 190 records), progress rises step by step to its total', async () => {
    const steps: Array<[number, number]> = [];
    let text = '';
    const written = await writeRegister(
      bookApi({ open: 150, in_review: 40 }),
      { statuses: ['open', 'in_review'], status: 'unresolved', sheets: true, language: 'en' },
      (piece) => {
        text += piece;
      },
      { clock, redactPii: false, maxSheets: 3000, signal: new AbortController().signal, counted: 190, progress: (done, total) => steps.push([done, total]) },
    );
    expect(written.rows).toBe(190);
    expect(text.split('\r\n').length).toBeGreaterThan(190);
    for (const [index, [done, total]] of steps.entries()) {
      if (index > 0) expect(done, `step ${index}: ${JSON.stringify(steps.slice(index - 1, index + 1))}`).toBeGreaterThan(steps[index - 1]![0]);
      expect(done).toBeLessThanOrEqual(total);
    }
    expect(steps.at(-1)).toEqual([3 + 190, 3 + 190]);
  });
});
