// The filters list_complaints has beyond the API's, as the tool reads them: booleans however a client
// spells them, and what each one makes the tool read.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listComplaints } from '../../src/tools/list-complaints.js';
import { readListFilters } from '../../src/tools/list-filters.js';

const clock = { now: () => new Date('2026-11-26T15:00:00Z'), timeZone: 'America/Lima' };
const input = z.object(listComplaints.inputSchema);

describe('list_complaints filters beyond the API', () => {
  it('takes true and false as booleans or as strings in any case, and refuses anything else', () => {
    for (const value of [true, 'true', 'TRUE', ' True '])
      expect(input.parse({ emailProblem: value, overdue: value })).toMatchObject({ emailProblem: true, overdue: true });
    for (const value of [false, 'false', 'FALSE']) expect(input.parse({ emailProblem: value }).emailProblem).toBe(false);
    for (const value of ['1', 'yes', 1, null, 'truthy']) expect(input.safeParse({ emailProblem: value }).success, String(value)).toBe(false);
  });

  it('reads the unresolved records for the deadline filters, and the query itself for emailProblem alone', () => {
    const alone = readListFilters(input.parse({ emailProblem: true, period: 'last_month' }), clock);
    expect(alone.unresolved).toBeUndefined();
    expect(alone.filters).toMatchObject({ emailProblem: true, from: '2026-10-01', to: '2026-10-31' });
    const withOverdue = readListFilters(input.parse({ emailProblem: true, overdue: true }), clock);
    expect(withOverdue.unresolved).toEqual({});
    expect(withOverdue.filters).toMatchObject({ emailProblem: true, overdue: true });
    expect(readListFilters(input.parse({ emailProblem: false }), clock).filters.emailProblem).toBeUndefined();
  });
});
