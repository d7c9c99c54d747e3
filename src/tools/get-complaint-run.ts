// How get_complaint answers, and the reading of one record it shares with the complaint://{id}
// resource and the prompts that bring a record: by id (one request), or by the correlative or
// tracking code people quote (two).
import { ApiError, NOT_FOUND_TEXT } from '../api/errors.js';
import type { DetailAnswer } from '../contract/detail-answer.js';
import type { ComplaintsReader } from '../contract/operations.js';
import type { ComplaintDetail } from '../contract/records.js';
import { isUuid, recordsNamed } from '../domain/reference.js';
import { UserFacingError } from '../errors.js';
import { capText } from '../format/cap.js';
import { formatDetailText, toDetailView } from '../format/detail.js';
import { redactDetail, redactDetailAnswer } from '../format/redact.js';
import { cleanLine, quoted } from '../sanitize.js';
import type { GetComplaintArgs } from './get-complaint.js';
import type { ToolContext, ToolResult } from './tool.js';

/** More records a reference names than this are not listed one by one. */
const MAX_CANDIDATES = 10;

export async function runGetComplaint({ id, reference }: GetComplaintArgs, context: ToolContext): Promise<ToolResult<DetailAnswer>> {
  if ((id === undefined) === (reference === undefined)) {
    throw new UserFacingError('Give get_complaint exactly one of id (a uuid) or reference (a correlative or tracking code).');
  }
  const { text, structured } = await readComplaint((id ?? reference)!, context);
  return { text, structured };
}

/** One record read: as the model reads it, and as the service sent it (masked when masking is on). */
export interface ComplaintRead {
  text: string;
  structured: DetailAnswer;
  /** The record the text and the answer were made from: masked, as they are, when COMPLAINTS_REDACT_PII is on. */
  record: ComplaintDetail;
}

/**
 * One record as the model reads it, by id or by the correlative or tracking code people quote: what
 * get_complaint answers, the complaint://{id} resource's text, and the record a prompt brings. One
 * request for an id, two for a reference.
 */
export async function readComplaint(
  idOrReference: string,
  { api, clock, redactPii, signal }: Pick<ToolContext, 'api' | 'clock' | 'redactPii' | 'signal'>,
  /** What a text cut to size says of the rest: where the reader finds it. */
  cutHint = 'The full record, history included, is in structuredContent.',
): Promise<ComplaintRead> {
  const reader = await api();
  const givenId = isUuid(idOrReference) ? idOrReference : undefined;
  const id = givenId ?? (await idOfReference(reader, idOrReference, signal));
  const sent = await reader.getComplaint(id, signal);
  const record = redactPii ? redactDetail(sent) : sent;
  const built = toDetailView(record, clock, givenId);
  const view = redactPii ? { ...built, answer: redactDetailAnswer(built.answer) } : built;
  const text = capText(formatDetailText(view), cutHint);
  return { text, structured: view.answer, record };
}

/**
 * The id of the one record `reference` names. No match reads as a 404 (the same text, so that a
 * reference cannot probe what exists); several matches are listed for the caller to choose from.
 */
async function idOfReference(reader: ComplaintsReader, reference: string, signal: AbortSignal): Promise<string> {
  const matches = await recordsNamed(reader, reference, signal);
  if (matches.length === 0) throw new ApiError('not_found', NOT_FOUND_TEXT, 404);
  if (matches.length === 1) return matches[0]!.id;
  const listed = matches.slice(0, MAX_CANDIDATES).map((item) => {
    const facts = [item.trackingCode && `tracking ${cleanLine(item.trackingCode, 40)}`, item.storeName && cleanLine(item.storeName, 60)].filter(Boolean);
    return `- ${cleanLine(item.correlative ?? 'without correlative', 40)}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}: id ${cleanLine(item.id, 64)}`;
  });
  const more = matches.length > MAX_CANDIDATES ? `\n(and ${matches.length - MAX_CANDIDATES} more)` : '';
  throw new UserFacingError(
    `${quoted(reference, 60)} names ${matches.length} records:\n${listed.join('\n')}${more}\nCall get_complaint again with the id of the one you mean.`,
  );
}
