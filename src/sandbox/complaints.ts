// The two read operations over a data set, with the access rules of the contract: organization
// scope, store restriction, combined filters, newest first, pagination.
import type { ComplaintDetail, ComplaintListItem, Pagination } from '../contract/records.js';
import type { Dataset, SandboxRecord } from './dataset.js';
import type { ParsedListQuery } from './list-query.js';
import { canSeeStore, type Member } from './members.js';
import { listItemOf } from './record-builder.js';

export interface ListResult {
  data: ComplaintListItem[];
  pagination: Pagination;
}

// Records of each organization, newest first, computed once per data set (100k records stay fast).
const byOrganization = new WeakMap<Dataset, Map<string, SandboxRecord[]>>();

function recordsOf(dataset: Dataset, organizationId: string): readonly SandboxRecord[] {
  let index = byOrganization.get(dataset);
  if (!index) {
    index = new Map();
    for (const record of dataset.records) {
      const list = index.get(record.organizationId) ?? [];
      list.push(record);
      index.set(record.organizationId, list);
    }
    byOrganization.set(dataset, index);
  }
  return index.get(organizationId) ?? [];
}

/**
 * The matches of the latest queries, by member and filters (not by page), for each data set: a book
 * read page by page is filtered once, as a service's index would serve it, not once per page. (A data
 * set does not change once made.)
 */
const recentMatches = new WeakMap<Dataset, Map<string, readonly SandboxRecord[]>>();
const MATCHES_KEPT = 16;

function matchesOf(dataset: Dataset, member: Member, query: ParsedListQuery): readonly SandboxRecord[] {
  const key = JSON.stringify([member.id, query.status, query.type, query.storeId, query.fromMs, query.toMs, query.search]);
  let recent = recentMatches.get(dataset);
  if (!recent) {
    recent = new Map();
    recentMatches.set(dataset, recent);
  }
  const kept = recent.get(key);
  if (kept) {
    // The latest used is the last evicted.
    recent.delete(key);
    recent.set(key, kept);
    return kept;
  }
  const matches = recordsOf(dataset, member.organizationId).filter(
    (record) =>
      canSeeStore(member, record.storeId) &&
      (query.status === undefined || record.status === query.status) &&
      (query.type === undefined || record.type === query.type) &&
      (query.storeId === undefined || record.storeId === query.storeId) &&
      (query.fromMs === undefined || record.createdAtMs >= query.fromMs) &&
      (query.toMs === undefined || record.createdAtMs <= query.toMs) &&
      (query.search === undefined || record.searchFields.some((field) => field.includes(query.search ?? ''))),
  );
  recent.set(key, matches);
  if (recent.size > MATCHES_KEPT) recent.delete(recent.keys().next().value!);
  return matches;
}

export function listComplaints(dataset: Dataset, member: Member, query: ParsedListQuery): ListResult {
  const matches = matchesOf(dataset, member, query);
  const start = (query.page - 1) * query.pageSize;
  return {
    data: matches.slice(start, start + query.pageSize).map(listItemOf),
    pagination: {
      page: query.page,
      pageSize: query.pageSize,
      total: matches.length,
      totalPages: Math.ceil(matches.length / query.pageSize),
    },
  };
}

/**
 * The record if the member may read it. Undefined for a missing record, a record of another
 * organization and a record of a store the member cannot access alike: the caller answers all
 * three with the same 404, so that existence is not revealed.
 */
export function findComplaint(dataset: Dataset, member: Member, id: string): ComplaintDetail | undefined {
  const record = dataset.byId.get(id.toLowerCase());
  if (!record || record.organizationId !== member.organizationId || !canSeeStore(member, record.storeId)) return undefined;
  return record.detail;
}
