// Records by the numbers people know: a correlative ("000000481-2026") or a tracking code
// ("RCL-7KQ2-M9XD"). The API reads records by id only, so a reference is looked up with the list
// operation's search (partial) and kept only where it matches exactly, ignoring case.
import type { ComplaintsReader } from '../contract/operations.js';
import type { ComplaintListItem } from '../contract/records.js';

/** Correlatives and tracking codes: letters, digits and dashes (a uuid passes too, and is read as an id). */
export const REFERENCE_PATTERN = /^[\w-]{1,60}$/;
export const REFERENCE_RULE = 'expected a correlative such as 000000481-2026 or a tracking code such as RCL-7KQ2-M9XD';

/** A uuid of any version, as zod's guid reads one (the API's ids and store ids); one regex, cheap over a whole book. */
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const isUuid = (value: string) => UUID.test(value);

/** The records whose correlative or tracking code is `reference`, ignoring case and surrounding spaces. */
export function exactMatches(items: readonly ComplaintListItem[], reference: string): ComplaintListItem[] {
  const wanted = reference.trim().toLowerCase();
  return items.filter((item) => [item.correlative, item.trackingCode].some((value) => value?.trim().toLowerCase() === wanted));
}

/** The records with an id that `reference` names exactly: none, one, or several for the caller to choose from. */
export async function recordsNamed(reader: ComplaintsReader, reference: string, signal?: AbortSignal): Promise<Array<ComplaintListItem & { id: string }>> {
  const { items } = await reader.listComplaints({ search: reference.trim(), pageSize: 100 }, signal);
  return exactMatches(items, reference).filter((item): item is ComplaintListItem & { id: string } => item.id !== null);
}
