// What "answered" means, for a listed record and a record read in full alike. A blank response is no
// response: the legal deadline still runs.
import { cleanLine } from '../sanitize.js';

/** What a record says of its official response. */
export interface ResponseFacts {
  /** The list's hasResponse flag; a record read in full has none. */
  hasResponse?: boolean | null;
  respondedAt: string | null;
  officialResponse?: string | null;
}

/** The service's flag, when it sends one; without it, a response date or an official response that is not blank. */
export function isAnswered({ hasResponse = null, respondedAt, officialResponse = null }: ResponseFacts): boolean {
  if (hasResponse !== null) return hasResponse;
  return isWritten(respondedAt) || isWritten(officialResponse);
}

function isWritten(value: string | null): boolean {
  return value !== null && cleanLine(value, 40) !== '';
}

/** E-mail delivery states that mean the consumer did not get the message. */
const NOT_DELIVERED = new Set(['failed', 'bounced']);

/** Whether an e-mail's delivery state says it did not reach the consumer (failed or bounced). */
export function isNotDelivered(deliveryState: string | null): boolean {
  return deliveryState !== null && NOT_DELIVERED.has(cleanLine(deliveryState, 40).toLowerCase());
}

/** An e-mail delivery state that is neither sent nor queued (failed, bounced, or one the contract does not list). */
export function needsAttention(deliveryState: string | null): deliveryState is string {
  if (deliveryState === null) return false;
  // Read as isNotDelivered reads it: "Sent " is sent, and "Bounced" is bounced.
  const state = cleanLine(deliveryState, 40).toLowerCase();
  return state !== '' && state !== 'sent' && state !== 'queued';
}

/** A record whose receipt or response e-mail needs attention: what list_complaints' emailProblem selects. */
export function hasEmailProblem(item: { receiptDeliveryStatus: string | null; responseDeliveryStatus: string | null }): boolean {
  return needsAttention(item.receiptDeliveryStatus) || needsAttention(item.responseDeliveryStatus);
}

/** The statuses still waiting for the record to be closed: the deadline matters only for these. */
export const UNRESOLVED_STATUSES = ['open', 'in_review'] as const;
