// What a virtual client of `npm run bench:http` calls, in which order: shared by the load phase and
// the shared-state phase, so that both measure the same work.

/** The demo keys that can read, which the clients take in turn (noPermission would only measure 403s). */
export const READING_KEYS = ['full', 'storeRestricted', 'otherOrganization'] as const;

export const TOOLS = ['list_complaints', 'get_complaint'] as const;
export type Tool = (typeof TOOLS)[number];

/**
 * The call a client makes next: four lists of 20 over pages 1..5, then the detail of a record from
 * its last list, as a member browsing would. Clients start on different pages, so that the server
 * does not answer the same page in lockstep.
 */
export function nextCall(client: number, call: number, ids: readonly string[]): [Tool, Record<string, unknown>] {
  if (call % 5 === 4 && ids.length > 0) return ['get_complaint', { id: ids[call % ids.length] }];
  return ['list_complaints', { pageSize: 20, page: ((client + call) % 5) + 1 }];
}

/** The ids of a list_complaints result, for the get_complaint calls that follow it. */
export const idsOf = (result: any): string[] => (result?.structuredContent?.items ?? []).map((item: { id: string }) => item.id);

/** The mix in words, as the results file records it. */
export const CALL_MIX = 'list_complaints {pageSize: 20, page: 1..5} four times, then get_complaint of an id from the last list';
