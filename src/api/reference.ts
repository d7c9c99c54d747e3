// Records by the numbers people know: a correlative ("000000481-2026") or a tracking code
// ("RCL-7KQ2-M9XD"). The API reads records by id only, so a reference is looked up with the list
// operation's search (partial) and kept only where it matches exactly, ignoring case.
import type { ComplaintsApi } from './client.js';
import { ApiError, NOT_FOUND_TEXT, UserFacingError } from './errors.js';
import type { ComplaintListItem } from '../contract/records.js';
import { cleanLine } from '../sanitize.js';

/** More exact matches than this are not listed one by one. */
const MAX_CANDIDATES = 10;

/** The records whose correlative or tracking code is `reference`, ignoring case and surrounding spaces. */
export function exactMatches(items: readonly ComplaintListItem[], reference: string): ComplaintListItem[] {
  const wanted = reference.trim().toLowerCase();
  return items.filter((item) => [item.correlative, item.trackingCode].some((value) => value?.trim().toLowerCase() === wanted));
}

/**
 * The id of the one record `reference` names. No match reads as a 404 (the same text, so that a
 * reference cannot probe what exists); several matches are listed for the caller to choose from.
 */
export async function idOfReference(api: ComplaintsApi, reference: string, signal?: AbortSignal): Promise<string> {
  const { items } = await api.listComplaints({ search: reference.trim(), pageSize: 100 }, signal);
  const matches = exactMatches(items, reference).filter((item) => item.id !== null);
  if (matches.length === 0) throw new ApiError('not_found', NOT_FOUND_TEXT, 404);
  if (matches.length === 1) return matches[0]!.id!;
  const listed = matches.slice(0, MAX_CANDIDATES).map((item) => {
    const facts = [item.trackingCode && `tracking ${cleanLine(item.trackingCode, 40)}`, item.storeName && cleanLine(item.storeName, 60)].filter(Boolean);
    return `- ${cleanLine(item.correlative ?? 'without correlative', 40)}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}: id ${cleanLine(item.id!, 64)}`;
  });
  const more = matches.length > MAX_CANDIDATES ? `\n(and ${matches.length - MAX_CANDIDATES} more)` : '';
  throw new UserFacingError(
    `"${cleanLine(reference, 60)}" names ${matches.length} records:\n${listed.join('\n')}${more}\nCall get_complaint again with the id of the one you mean.`,
  );
}
