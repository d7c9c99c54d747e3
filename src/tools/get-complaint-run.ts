// How get_complaint answers, and the reading of one record it shares with the complaint://{id}
// resource and the prompts that bring a record: by id (one request), or by the correlative, tracking
// code or number alone people quote (two: one search, then the record by its id).
import { ApiError, NOT_FOUND_TEXT } from '../api/errors.js';
import { localDate } from '../calendar/time-zone.js';
import type { DetailAnswer } from '../contract/detail-answer.js';
import type { ComplaintsReader } from '../contract/operations.js';
import type { ComplaintDetail, ComplaintListItem } from '../contract/records.js';
import type { Clock } from '../domain/clock.js';
import { isUuid, type NumberedRecord, type ReferenceReading, readReference, recordsNamed, recordsNumbered } from '../domain/reference.js';
import { InvalidArgumentError, UserFacingError } from '../errors.js';
import { capText } from '../format/cap.js';
import { formatDetailText, toDetailView } from '../format/detail.js';
import { dayIn, line } from '../format/fields.js';
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
 * request for an id, two for a reference, none for digits that make no correlative.
 */
export async function readComplaint(
  idOrReference: string,
  { api, clock, redactPii, signal }: Pick<ToolContext, 'api' | 'clock' | 'redactPii' | 'signal'>,
  /** What a text cut to size says of the rest: where the reader finds it. */
  cutHint = 'The full record, history included, is in structuredContent.',
): Promise<ComplaintRead> {
  const givenId = isUuid(idOrReference) ? idOrReference : undefined;
  const read = givenId === undefined ? readReference(idOrReference) : undefined;
  // Digits and dashes that make no correlative ("0", "481-26"): refused before anything is sent.
  if (read?.kind === 'refused') throw new InvalidArgumentError(read.why);
  const reader = await api();
  const found = read === undefined ? { id: givenId! } : await recordOfReference(reader, idOrReference, read, clock, signal);
  const sent = await reader.getComplaint(found.id, signal);
  const record = redactPii ? redactDetail(sent) : sent;
  const built = toDetailView(record, clock, givenId);
  const view = redactPii ? { ...built, answer: redactDetailAnswer(built.answer) } : built;
  const detail = formatDetailText(view);
  const text = capText(found.note === undefined ? detail : `${found.note}\n${detail}`, cutHint);
  return { text, structured: view.answer, record };
}

/** The record a reference names, and a line on how it was chosen when a number alone named it. */
interface FoundRecord {
  id: string;
  note?: string;
}

/**
 * The record `reference` names, as readReference reads it: a correlative or tracking code exactly
 * (recordsNamed), or a number alone, the member's this year (recordsNumbered). One search either way.
 */
async function recordOfReference(
  reader: ComplaintsReader,
  reference: string,
  read: Exclude<ReferenceReading, { kind: 'refused' }>,
  clock: Clock,
  signal: AbortSignal,
): Promise<FoundRecord> {
  if (read.kind === 'number') return recordNumbered(reader, reference, read.number, clock, signal);
  return { id: await idOfReference(reader, read.kind === 'correlative' ? read.correlative : read.text, signal) };
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
    return candidateLine(item, facts);
  });
  throw new UserFacingError(`${quoted(reference, 60)} names ${matches.length} records:\n${listed.join('\n')}${more(matches)}\n${CALL_AGAIN}`);
}

/**
 * The record numbered `number` (nine digits) this year, in the member's time zone; else the one
 * record of another year with that number (early January: this year has not reached it yet), saying
 * so; several of other years (or of this one) are listed to choose from, none reads as a 404.
 */
async function recordNumbered(reader: ComplaintsReader, reference: string, number: string, clock: Clock, signal: AbortSignal): Promise<FoundRecord> {
  const matches = await recordsNumbered(reader, number, signal);
  if (matches.length === 0) throw new ApiError('not_found', `${NOT_FOUND_TEXT} No record numbered ${number} in any year.`, 404);
  const thisYear = localDate(clock.now(), clock.timeZone).slice(0, 4);
  const thisYears = matches.filter((item) => item.year === thisYear);
  const correlative = (item: NumberedRecord) => `${number}-${item.year}`;
  if (thisYears.length === 1) {
    const others = matches.filter((item) => item.year !== thisYear);
    const also = others.slice(0, MAX_CANDIDATES).map((item) => `${correlative(item)} (id ${cleanLine(item.id, 64)})`);
    const note = also.length === 0 ? undefined : `${quoted(reference, 40)} is this year's ${number}-${thisYear}; also numbered ${number}: ${also.join(', ')}.`;
    return { id: thisYears[0]!.id, note };
  }
  if (thisYears.length === 0 && matches.length === 1) {
    return { id: matches[0]!.id, note: `No record numbered ${number} in ${thisYear}; the only one is ${correlative(matches[0]!)}, below.` };
  }
  const candidates = thisYears.length > 1 ? thisYears : matches;
  const listed = candidates.slice(0, MAX_CANDIDATES).map((item) => {
    const filed = dayIn(item.createdAt, clock.timeZone);
    const facts = [filed && `filed ${filed}`, line(item.status, 30), line(item.storeName, 60)];
    return candidateLine({ ...item, correlative: correlative(item) }, facts.filter(Boolean));
  });
  const heading =
    thisYears.length > 1
      ? `${quoted(reference, 40)} names ${thisYears.length} records of ${thisYear}:`
      : `No record numbered ${number} in ${thisYear}; ${matches.length} in other years:`;
  throw new UserFacingError(`${heading}\n${listed.join('\n')}${more(candidates)}\n${CALL_AGAIN}`);
}

const CALL_AGAIN = 'Call get_complaint again with the id of the one you mean.';

/** One record to choose from: its correlative, what tells it apart, and its id. */
function candidateLine(item: ComplaintListItem & { id: string }, facts: unknown[]): string {
  return `- ${cleanLine(item.correlative ?? 'without correlative', 40)}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}: id ${cleanLine(item.id, 64)}`;
}

/** What a list of candidates cut to MAX_CANDIDATES leaves out. */
function more(candidates: readonly unknown[]): string {
  return candidates.length > MAX_CANDIDATES ? `\n(and ${candidates.length - MAX_CANDIDATES} more)` : '';
}
