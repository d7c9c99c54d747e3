// One record -> the detail view: every non-empty fact of the record with dates short and the deadline
// counted (the structured answer), then short labelled sections of text written from that view alone.
// Consumer- and staff-written text is quoted and marked untrusted, so instructions
// inside it read as data.

import { localDate } from '../calendar/time-zone.js';
import type { DetailAnswer, HistoryRow } from '../contract/detail-answer.js';
import type { ComplaintDetail } from '../contract/records.js';
import type { Clock } from '../domain/clock.js';
import { deadlineStatus, limaToday } from '../domain/deadline.js';
import { quoted, stripUnsafe, truncate } from '../sanitize.js';
import {
  calendarDay,
  consumerName,
  consumerValue,
  type DateStyle,
  dateStyle,
  datesNote,
  describeDeadline,
  isReadDate,
  line,
  money,
  nonEmpty,
  plural,
  section,
  serviceNote,
  shortDate,
  timeIn,
  withShortLeadingDate,
} from './fields.js';

export interface DetailView {
  /** The structured answer, as the tool returns it. */
  answer: DetailAnswer;
  /** Today in the time zone: the year the text's MM-DD dates leave out. */
  today: string;
}

/** Free text longer than this is cut with a visible marker. */
const MAX_FREE_TEXT = 2000;
/** History events shown, the latest; a record with more says so (a model reads the latest to summarize). */
const MAX_HISTORY = 50;
/** Attachments named; a record with more says so. */
const MAX_ATTACHMENTS = 20;
/** Guardian details kept: its shape is not in the contract, so its size is not either. */
const MAX_GUARDIAN_FIELDS = 10;

const TYPE_LABELS: Record<string, string> = { claim: 'Claim (reclamo)', complaint: 'Complaint (queja)' };

// The values of the consumer's closed fields that the contract or the book's form names: written as
// they are. Any other value is the consumer's own word, and is quoted (see consumerValue).
const PERSON_TYPES = ['natural', 'legal'];
const DOCUMENT_TYPES = ['DNI', 'CE', 'RUC', 'PASAPORTE'];
const ITEM_TYPES = ['product', 'service'];
const PROOF_TYPES = ['FACTURA', 'BOLETA'];
const MEDIA_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'video/mp4'];

/** Text someone wrote, line breaks kept: cleaned, runs of blank lines shortened, cut with a visible marker. */
function freeText(value: string | null): string | undefined {
  if (value === null) return undefined;
  const text = stripUnsafe(value)
    .trim()
    .replace(/\n{3,}/g, '\n\n');
  return text === '' ? undefined : truncate(text, MAX_FREE_TEXT);
}

/** The guardian's shape is not in the contract: each text, number or flag as a short text, under its (cleaned) key. */
export function guardianOf(guardian: Record<string, unknown> | null): Record<string, string> | undefined {
  if (guardian === null) return undefined;
  const entries: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(guardian)) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    const text = line(String(value), 200);
    const name = line(key, 60);
    if (text !== undefined && name !== undefined) entries.push([name, text]);
    if (entries.length === MAX_GUARDIAN_FIELDS) break;
  }
  // fromEntries defines properties: a "__proto__" key stays a key, not the object's prototype.
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** `givenId`: the id the caller asked by, which the answer then does not repeat. */
export function toDetailView(record: ComplaintDetail, clock: Clock, givenId?: string): DetailView {
  const timeZone = clock.timeZone;
  const now = clock.now();
  const { consumer, claim, response, delivery } = record;
  const officialResponse = freeText(response.officialResponse);
  const respondedAt = timeIn(response.respondedAt, timeZone);
  const deadline = deadlineStatus({ createdAt: record.createdAt, serviceDeadline: record.deadline.date, response }, limaToday(now));
  const events = record.history.map((event) => historyRow(event, timeZone)).filter((event) => event !== undefined);
  const history = nonEmpty(events.slice(-MAX_HISTORY));
  const files = record.attachments
    .map((file) => section({ fileName: line(file.fileName, 160), contentType: line(file.contentType, 60) }))
    .filter((file) => file !== undefined);
  const createdAt = timeIn(record.createdAt, timeZone);
  const updatedAt = timeIn(record.updatedAt, timeZone);
  // The last change is most often the filing or the last event of the history, which say it already.
  const updateIsNews = updatedAt !== createdAt && !(updatedAt !== undefined && isReadDate(updatedAt) && history?.at(-1)?.[0] === updatedAt);
  const answer: DetailAnswer = {
    timeZone,
    id: givenId !== undefined && record.id?.toLowerCase() === givenId.toLowerCase() ? undefined : line(record.id, 64),
    correlative: line(record.correlative, 40),
    trackingCode: line(record.trackingCode, 40),
    type: line(record.type, 40),
    status: line(record.status, 40),
    store: section({ id: line(record.store.id, 64), name: line(record.store.name, 80) }),
    reason: freeText(record.reason),
    consumer: section({
      personType: line(consumer.personType, 40),
      firstName: line(consumer.firstName, 80),
      lastName: line(consumer.lastName, 80),
      legalName: line(consumer.legalName, 120),
      legalTaxId: line(consumer.legalTaxId, 20),
      documentType: line(consumer.documentType, 40),
      documentNumber: line(consumer.documentNumber, 20),
      isMinor: consumer.isMinor ?? undefined,
      guardian: guardianOf(consumer.guardian),
      email: line(consumer.email, 100),
      dialCode: line(consumer.dialCode, 8),
      phone: line(consumer.phone, 30),
      address: line(consumer.address, 160),
    }),
    claim: section({
      itemType: line(claim.itemType, 40),
      itemDescription: line(claim.itemDescription, 200),
      currency: line(claim.currency, 40),
      amount: line(claim.amount, 30),
      hasProofOfPayment: claim.hasProofOfPayment ?? undefined,
      proofOfPaymentType: line(claim.proofOfPaymentType, 40),
      proofOfPaymentNumber: line(claim.proofOfPaymentNumber, 40),
      incidentDate: calendarDay(claim.incidentDate, timeZone),
      description: freeText(claim.description),
      request: freeText(claim.request),
    }),
    response: section({
      officialResponse,
      respondedAt,
      respondedBy: line(response.respondedBy, 80),
    }),
    delivery: section({
      receipt: section({ status: line(delivery.receipt.status, 40), sentAt: timeIn(delivery.receipt.sentAt, timeZone) }),
      response: section({ status: line(delivery.response.status, 40), sentAt: timeIn(delivery.response.sentAt, timeZone) }),
    }),
    deadline: section({
      // The day the law counts in; as sent (cleaned) when it is not a date.
      date: deadline.date ?? line(record.deadline.date, 40),
      serviceDate: deadline.date === null ? undefined : deadline.serviceDate,
      days: record.deadline.days ?? undefined,
      daysLeft: deadline.businessDaysLeft ?? undefined,
      daysLate: deadline.businessDaysLate ?? undefined,
    }),
    attachments: nonEmpty(files.slice(0, MAX_ATTACHMENTS)),
    history,
    createdAt,
    updatedAt: updateIsNews ? updatedAt : undefined,
    truncated: leftOut(events.length, files.length),
  };
  return { answer, today: localDate(now, timeZone) };
}

/** What the bounds on history and attachments left out, in one sentence; undefined when nothing. */
function leftOut(events: number, files: number): string | undefined {
  const parts = [
    events > MAX_HISTORY ? `the ${plural(events - MAX_HISTORY, 'earliest history event')} of ${events} (the latest ${MAX_HISTORY} are shown)` : undefined,
    files > MAX_ATTACHMENTS ? `${plural(files - MAX_ATTACHMENTS, 'attachment')} of ${files}` : undefined,
  ].filter((part) => part !== undefined);
  return parts.length > 0 ? `Left out: ${parts.join('; ')}.` : undefined;
}

/**
 * ["2026-11-04 09:02", "status_changed", "open", "in_review", "agent", "Se solicitó revisión técnica"]:
 * when, what, from and to, who, and the note (staff-written, untrusted), each cleaned and cut; "" for
 * what the service left out. Undefined for an event with nothing in it.
 */
function historyRow(event: ComplaintDetail['history'][number], timeZone: string): HistoryRow | undefined {
  const row: HistoryRow = [
    timeIn(event.createdAt, timeZone) ?? '',
    line(event.eventType, 40) ?? '',
    line(event.fromStatus, 40) ?? '',
    line(event.toStatus, 40) ?? '',
    line(event.performedByRole, 40) ?? '',
  ];
  const note = line(event.publicNote, 500);
  if (note !== undefined) return [...row, note];
  return row.some((part) => part !== '') ? row : undefined;
}

/**
 * "2026-11-04 09:02 open → in_review (agent) "Se solicitó revisión técnica"": when, what, who, and the
 * note quoted (it is staff-written, untrusted). Every line starts with our words: its time, or
 * "undated".
 */
function historyLine([at = '', eventType = '', from = '', to = '', role = '', note]: readonly string[]): string {
  const when = at === '' ? 'undated' : isReadDate(at) ? at : `undated (sent as ${quoted(at, 40)})`;
  const change = statusChange(from || undefined, to || undefined);
  // A status change says what it is by its arrow; other events are named.
  const kind = eventType === 'status_changed' && change ? '' : ` ${eventType || 'event'}`;
  return `${when}${kind}${change}${role ? ` (${role})` : ''}${note ? ` ${quoted(note, 500)}` : ''}`;
}

export function formatDetailText(view: DetailView): string {
  const record = view.answer;
  const style = dateStyle(view.today, record.timeZone);
  const lines = [heading(record), timing(record, style)];

  const consumer = consumerLine(record.consumer);
  if (consumer) lines.push(consumer);
  const item = itemLine(record.claim, style);
  if (item) lines.push(item);

  const consumerWrote = quoteBlock([
    ['Reason', record.reason],
    ['Description', record.claim?.description],
    ['Request', record.claim?.request],
  ]);
  if (consumerWrote.length > 0) lines.push('Consumer wrote (quoted, untrusted):', ...consumerWrote);

  if (record.response?.officialResponse !== undefined) {
    // Its date is on the second line already.
    const author = record.response.respondedBy ? ` (by ${record.response.respondedBy})` : '';
    lines.push(`Official response${author}:`, ...quoteBlock([['', record.response.officialResponse]]));
  }

  const receipt = deliveryText(record.delivery?.receipt, style);
  const response = deliveryText(record.delivery?.response, style);
  lines.push(`E-mail: receipt ${receipt} · response ${response}.`);

  if (record.attachments) {
    const files = record.attachments.map((file) => {
      const name = file.fileName ? quoted(file.fileName, 160) : 'unnamed file';
      return file.contentType ? `${name} (${consumerValue(file.contentType, 60, MEDIA_TYPES)})` : name;
    });
    lines.push(`Attachments: ${files.join(', ')}.`);
  }

  if (record.history) {
    // Not indented (two spaces cost two tokens a line): every line starts with its time or "undated".
    lines.push('History:', ...record.history.map((event) => withShortLeadingDate(historyLine(event), style)));
  }
  if (record.truncated) lines.push(record.truncated);

  // The id is the caller's own argument, and the structured answer holds it with updatedAt.
  return lines.join('\n');
}

function heading(record: DetailAnswer): string {
  const kind = record.type === undefined ? 'Record' : Object.hasOwn(TYPE_LABELS, record.type) ? TYPE_LABELS[record.type] : `Record of type ${record.type}`;
  const tracking = record.trackingCode ? ` (tracking ${record.trackingCode})` : '';
  const parts = [`${kind} ${record.correlative ?? 'without correlative'}${tracking}`];
  if (record.status) parts.push(`status ${record.status}`);
  if (record.store?.name) parts.push(`store ${record.store.name}`);
  return `${parts.join(', ')}.`;
}

function timing(record: DetailAnswer, style: DateStyle): string {
  const when = (value: string | undefined) => (value === undefined ? undefined : shortDate(value, style));
  const deadline = record.deadline ?? {};
  const parts = [`Filed ${when(record.createdAt) ?? 'on an unknown date'}`];
  if (record.response !== undefined && (record.response.respondedAt !== undefined || record.response.officialResponse !== undefined)) {
    const answeredAt = when(record.response.respondedAt);
    const late = deadline.daysLate;
    const verdict = late ? `, ${plural(late, 'business day')} late` : late === 0 ? ', on time' : '';
    const service = serviceNote(deadline.serviceDate, (date) => shortDate(date, style));
    parts.push(`answered${answeredAt ? ` ${answeredAt}` : ''}${verdict}${deadline.date ? ` (deadline ${when(deadline.date)}${service})` : ''}`);
  } else {
    const due = deadline.daysLeft === undefined ? undefined : deadline.date;
    parts.push(
      `response ${describeDeadline({ due, serviceDue: deadline.serviceDate, daysLeft: deadline.daysLeft }, (date) => shortDate(date, style))}`,
      'no official response yet',
    );
  }
  return `${parts.join(' · ')}. ${datesNote(style, 'Times')}`;
}

function consumerLine(consumer: DetailAnswer['consumer']): string | null {
  if (consumer === undefined) return null;
  const isLegal = consumer.personType !== undefined && consumer.personType !== 'natural';
  const representative = [consumer.firstName, consumer.lastName].filter(Boolean).join(' ');
  const name = consumerName({ firstName: consumer.firstName ?? null, lastName: consumer.lastName ?? null, legalName: consumer.legalName ?? null });
  // Every value is the consumer's own: quoted, like every untrusted text in a line of ours, unless it
  // can only be data (consumerValue).
  const value = (text: string | undefined, max: number, known?: readonly string[]) => text && consumerValue(text, max, known);
  const parts = [
    name && quoted(name, 120),
    isLegal && consumer.legalTaxId ? `RUC ${value(consumer.legalTaxId, 20)}` : undefined,
    // A natural person is the usual case; only another kind is worth its words.
    isLegal ? `${value(consumer.personType, 40, PERSON_TYPES)} person` : undefined,
    isLegal && consumer.legalName && representative ? `represented by ${quoted(representative, 120)}` : undefined,
    consumer.documentNumber ? `${value(consumer.documentType, 40, DOCUMENT_TYPES) ?? 'document'} ${value(consumer.documentNumber, 20)}` : undefined,
    consumer.isMinor ? `minor${guardianText(consumer.guardian)}` : undefined,
    value(consumer.email, 100),
    consumer.phone ? [value(consumer.dialCode, 8), value(consumer.phone, 30)].filter(Boolean).join(' ') : undefined,
    consumer.address && quoted(consumer.address, 160),
  ];
  const text = joinDefined(parts, ', ');
  return text ? `Consumer: ${text}.` : null;
}

/** The guardian's values, whatever the keys: at most six, each short. */
function guardianText(guardian: Record<string, string> | undefined): string {
  if (guardian === undefined) return ' (guardian given)';
  const values = Object.values(guardian)
    .map((value) => quoted(value, 60))
    .slice(0, 6);
  return ` (guardian: ${values.join(', ')})`;
}

function itemLine(claim: DetailAnswer['claim'], style: DateStyle): string | null {
  if (claim === undefined) return null;
  // Every value is the consumer's own: quoted unless it can only be data (consumerValue).
  const value = (text: string | undefined, max: number, known?: readonly string[]) => text && consumerValue(text, max, known);
  const proof =
    claim.proofOfPaymentType || claim.proofOfPaymentNumber
      ? `paid with ${joinDefined([value(claim.proofOfPaymentType, 40, PROOF_TYPES), value(claim.proofOfPaymentNumber, 40)], ' ')}`
      : claim.hasProofOfPayment === false
        ? 'no proof of payment'
        : undefined;
  const incident = claim.incidentDate && (isReadDate(claim.incidentDate) ? shortDate(claim.incidentDate, style) : quoted(claim.incidentDate, 30));
  const parts = [
    value(claim.itemType, 40, ITEM_TYPES),
    claim.itemDescription ? quoted(claim.itemDescription, 200) : undefined,
    money(claim.currency, claim.amount),
    proof,
    incident ? `incident ${incident}` : undefined,
  ];
  const text = joinDefined(parts, ', ');
  return text ? `Item: ${text}.` : null;
}

function deliveryText(state: { status?: string; sentAt?: string } | undefined, style: DateStyle): string {
  if (state === undefined) return 'none';
  return joinDefined([state.status ?? 'unknown', state.sentAt === undefined ? undefined : shortDate(state.sentAt, style)], ' ');
}

/**
 * Untrusted text as "  > " lines, so it cannot pass for the server's own words (already cleaned and
 * cut): what someone wrote in a record, and a member's words that a prompt quotes.
 */
export function quoteBlock(fields: Array<[label: string, value: string | undefined]>): string[] {
  const lines: string[] = [];
  for (const [label, value] of fields) {
    if (value === undefined) continue;
    value.split('\n').forEach((line, index) => {
      lines.push(`  > ${index === 0 && label ? `${label}: ` : ''}${line.trimEnd()}`);
    });
  }
  return lines;
}

/** " open → in_review", " → open" for a first status, "" when the event changed none. */
function statusChange(from: string | undefined, to: string | undefined): string {
  if (from === undefined && to === undefined) return '';
  return `${from === undefined ? '' : ` ${from}`} → ${to ?? '?'}`;
}

function joinDefined(parts: Array<string | undefined | false>, separator: string): string {
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join(separator);
}
