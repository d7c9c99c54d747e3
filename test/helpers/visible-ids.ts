// What a member's key sees, read straight from the sandbox API: the truth the end-to-end tests
// compare each member's answers with.
import { request } from 'undici';

/** Every record id the key sees, over every page of the list. */
export async function idsVisibleTo(sandboxUrl: string, key: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let page = 1; ; page++) {
    const response = await request(`${sandboxUrl}/api/v1/complaints?page=${page}&pageSize=100`, { headers: { authorization: `Bearer ${key}` } });
    const body = (await response.body.json()) as { data: Array<{ id: string }>; pagination: { totalPages: number } };
    for (const item of body.data) ids.add(item.id);
    if (page >= body.pagination.totalPages) return ids;
  }
}
