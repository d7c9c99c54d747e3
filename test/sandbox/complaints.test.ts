// The sandbox's list over its data set, asked the same filters again and again (as a whole book is read
// page by page) or other filters in between: each answer is the one a fresh filtering gives.
import { describe, expect, it } from 'vitest';
import { listComplaints } from '../../src/sandbox/complaints.js';
import { generateDataset } from '../../src/sandbox/dataset.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import type { ParsedListQuery } from '../../src/sandbox/list-query.js';
import { findMemberByKey } from '../../src/sandbox/members.js';

const NOW = new Date('2026-11-22T15:00:00Z');
const full = findMemberByKey(DEMO_KEYS.full.key)!;
const restricted = findMemberByKey(DEMO_KEYS.storeRestricted.key)!;

describe('the sandbox list, asked again', () => {
  it('gives each member, filter and page what filtering the book afresh gives', () => {
    const dataset = generateDataset({ now: NOW });
    // A copy of the same records: nothing asked of it before, so each answer is filtered afresh.
    const fresh = () => generateDataset({ now: NOW });
    const queries: ParsedListQuery[] = [
      { page: 1, pageSize: 20 },
      { page: 2, pageSize: 20, status: 'open' },
      { page: 1, pageSize: 5, status: 'in_review', type: 'claim' },
      { page: 3, pageSize: 20 },
      { page: 1, pageSize: 100, search: 'a' },
    ];
    // Every member and query twice over, interleaved: the second round is answered from what the first kept.
    for (let round = 0; round < 2; round++) {
      for (const member of [full, restricted]) {
        for (const query of queries) {
          expect(listComplaints(dataset, member, query)).toEqual(listComplaints(fresh(), member, query));
        }
      }
    }
    // The members' answers are kept apart: the store-restricted member sees fewer records.
    const total = (member: typeof full) => listComplaints(dataset, member, { page: 1, pageSize: 100 }).pagination.total!;
    expect(total(restricted)).toBeLessThan(total(full));
  });
});
