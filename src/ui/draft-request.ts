// Asking the conversation for the official response of the record shown: whether the host takes a
// message from the view (MCP Apps' ui/message, announced as hostCapabilities.message in its answer to
// ui/initialize), which records can be drafted and by which reference, and the message's words. No
// DOM and no host here: main.ts sends it, draft-view.ts draws the offer.
import type { DetailAnswer } from '../contract/detail-answer.js';
import type { DetailState } from './detail-view.js';
import { type Lang, label } from './labels.js';
import { fields, objectOf, text } from './read.js';

/** What became of the member's request to draft the response of the record shown. */
export type DraftState = { state: 'idle' } | { state: 'sending' } | { state: 'sent' } | { state: 'failed'; message: string };

/** A record that can be drafted: the reference the message names it by, and its type (a reclamo or a queja), as sent. */
export interface DraftRequest {
  reference: string;
  type: string | undefined;
}

/**
 * Whether the host said, in ui/initialize's hostCapabilities, that it takes ui/message. A host that
 * lists the kinds of content it takes, but not text, would refuse ours; one that lists none takes
 * messages without saying which.
 */
export function takesMessages(hostCapabilities: unknown): boolean {
  const message = objectOf(fields(hostCapabilities).message);
  if (message === undefined) return false;
  return Object.keys(message).length === 0 || objectOf(message.text) !== undefined;
}

/**
 * What draft_response and get_complaint take as a reference: a correlative, a tracking code or an id.
 * Anything else (a service that sent words where a number belongs) is not put in the conversation.
 */
const REFERENCE = /^[\w-]{1,60}$/;

/**
 * The record of a loaded detail panel that has no official response (a response date or text, as the
 * server's detail reads it), with the first reference of it that names it: its correlative, else its
 * tracking code, else its id. Undefined for any other panel. Nothing the consumer wrote goes in.
 */
export function draftRequest(detail: DetailState): DraftRequest | undefined {
  if (detail.state !== 'ready') return undefined;
  const { answer, record } = detail;
  const response = fields<NonNullable<DetailAnswer['response']>>(answer.response);
  if (text(response.respondedAt) !== undefined || text(response.officialResponse) !== undefined) return undefined;
  const reference = [text(answer.correlative), record.correlative, text(answer.trackingCode), record.id ?? text(answer.id)].find(
    (candidate) => candidate !== undefined && REFERENCE.test(candidate),
  );
  return reference === undefined ? undefined : { reference, type: text(answer.type) };
}

/** The message put in the conversation, in the view's language: the prompt to use, and the tool to read the record with. */
export function draftMessage(lang: Lang, { reference, type }: DraftRequest): string {
  const id = type === 'claim' ? 'draftMessageClaim' : type === 'complaint' ? 'draftMessageComplaint' : 'draftMessageRecord';
  return label(lang, id, { reference });
}
