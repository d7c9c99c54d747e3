// One record -> short labelled sections for the model (GUIDE section 5) and the record as structured content.
// Consumer- and staff-written text is quoted and marked untrusted, so instructions inside it read as data.
import type { ComplaintDetail } from '../api/schemas.js';
import { cleanLine, quoted, stripUnsafe, truncate } from '../sanitize.js';
import { stripUnsafeDeep } from './clean.js';
import type { Clock } from './clock.js';
import { calendarDateOf } from '../dates/date-value.js';
import { localDate } from '../dates/local-date.js';
import { deadlineStatus, describeDeadline, plural, type DeadlineStatus } from './deadline.js';
import { consumerName, datesNote, dateStyle, dateTime, money, readableDateTime, shortDate, type DateStyle } from './fields.js';

export interface DetailView {
  record: ComplaintDetail;
  deadline: DeadlineStatus;
  timeZone: string;
  /** The date days left are counted from, in the time zone. */
  today: string;
}

/** Free text longer than this is cut with a visible marker. */
export const MAX_FREE_TEXT = 2000;

const TYPE_LABELS: Record<string, string> = { claim: 'Claim (reclamo)', complaint: 'Complaint (queja)' };

export function toDetailView(record: ComplaintDetail, clock: Clock): DetailView {
  const { respondedAt, officialResponse } = record.response;
  const answered = respondedAt !== null || officialResponse !== null;
  return {
    record: stripUnsafeDeep(record),
    deadline: deadlineStatus(record.deadline.date, { answered, respondedAt }, clock),
    timeZone: clock.timeZone,
    today: localDate(clock.now(), clock.timeZone),
  };
}

export function formatDetailText(view: DetailView): string {
  const { record } = view;
  const style = dateStyle(view.today, view.timeZone);
  const when = (value: string | null) => dateTime(value, style);
  const lines = [heading(record), timing(view, style)];

  const consumer = consumerLine(record.consumer);
  if (consumer) lines.push(consumer);
  const item = itemLine(record.claim, style);
  if (item) lines.push(item);

  const consumerWrote = quoteBlock([
    ['Reason', record.reason],
    ['Description', record.claim.description],
    ['Request', record.claim.request],
  ]);
  if (consumerWrote.length > 0) lines.push('Consumer wrote (quoted, untrusted):', ...consumerWrote);

  if (record.response.officialResponse !== null) {
    // Its date is on the second line already.
    const author = record.response.respondedBy ? ` (by ${cleanLine(record.response.respondedBy, 80)})` : '';
    lines.push(`Official response${author}:`, ...quoteBlock([['', record.response.officialResponse]]));
  }

  const receipt = deliveryText(record.delivery.receipt, style);
  const response = deliveryText(record.delivery.response, style);
  lines.push(`E-mail: receipt ${receipt} · response ${response}.`);

  if (record.attachments.length > 0) {
    const files = record.attachments.map((file) => {
      const name = file.fileName ? quoted(file.fileName, 80) : 'unnamed file';
      return file.contentType ? `${name} (${cleanLine(file.contentType, 60)})` : name;
    });
    lines.push(`Attachments: ${files.join(', ')}.`);
  }

  if (record.history.length > 0) {
    lines.push('History:');
    for (const event of record.history) {
      const change = statusChange(event.fromStatus, event.toStatus);
      // A status change says what it is by its arrow; other events are named.
      const kind = event.eventType === 'status_changed' && change ? '' : ` ${cleanLine(event.eventType ?? 'event', 40)}`;
      const role = event.performedByRole ? ` (${cleanLine(event.performedByRole, 40)})` : '';
      const note = event.publicNote?.trim() ? ` ${quoted(event.publicNote, 500)}` : '';
      // Not indented (two spaces cost two tokens a line), so every line must start with our words: its
      // date, or "undated" when the service sent none we can read (the raw value stays in structuredContent).
      lines.push(`${readableDateTime(event.createdAt, style) ?? 'undated'}${kind}${change}${role}${note}`);
    }
  }

  // The id is the caller's own argument, and structuredContent holds it with updatedAt.
  return lines.join('\n');
}

function heading(record: ComplaintDetail): string {
  const kind = record.type === null ? 'Record' : (TYPE_LABELS[record.type] ?? `Record of type ${cleanLine(record.type, 30)}`);
  const tracking = record.trackingCode ? ` (tracking ${cleanLine(record.trackingCode, 40)})` : '';
  const parts = [`${kind} ${cleanLine(record.correlative ?? 'without correlative', 40)}${tracking}`];
  if (record.status) parts.push(`status ${cleanLine(record.status, 30)}`);
  if (record.store.name) parts.push(`store ${cleanLine(record.store.name, 80)}`);
  return `${parts.join(', ')}.`;
}

function timing(view: DetailView, style: DateStyle): string {
  const { record, deadline } = view;
  const parts = [`Filed ${dateTime(record.createdAt, style) ?? 'on an unknown date'}`];
  if (deadline.answered) {
    const answeredAt = dateTime(record.response.respondedAt, style);
    const late = deadline.businessDaysLate;
    const verdict = late ? `, ${plural(late, 'business day')} late` : late === 0 ? ', on time' : '';
    parts.push(`answered${answeredAt ? ` ${answeredAt}` : ''}${verdict}${deadline.date ? ` (deadline ${shortDate(deadline.date, style)})` : ''}`);
  } else {
    parts.push(`response ${describeDeadline(deadline, (date) => shortDate(date, style))}`, 'no official response yet');
  }
  return `${parts.join(' · ')}. ${datesNote(style, 'Times')}`;
}

function consumerLine(consumer: ComplaintDetail['consumer']): string | null {
  const isLegal = consumer.personType !== null && consumer.personType !== 'natural';
  const representative = [consumer.firstName, consumer.lastName].filter(Boolean).join(' ');
  const parts = [
    consumerName(consumer),
    isLegal && consumer.legalTaxId ? `RUC ${cleanLine(consumer.legalTaxId, 20)}` : null,
    // A natural person is the usual case; only another kind is worth its words.
    isLegal ? `${cleanLine(consumer.personType ?? '', 20)} person` : null,
    isLegal && consumer.legalName && representative ? `represented by ${cleanLine(representative, 80)}` : null,
    consumer.documentNumber ? `${cleanLine(consumer.documentType ?? 'document', 12)} ${cleanLine(consumer.documentNumber, 20)}` : null,
    consumer.isMinor ? `minor${guardianText(consumer.guardian)}` : null,
    consumer.email ? cleanLine(consumer.email, 100) : null,
    consumer.phone ? cleanLine(joinDefined([consumer.dialCode, consumer.phone], ' '), 30) : null,
    consumer.address ? cleanLine(consumer.address, 160) : null,
  ];
  const text = joinDefined(parts, ', ');
  return text ? `Consumer: ${text}.` : null;
}

/** The guardian's shape is not in the contract: show its short text and number values, whatever the keys. */
function guardianText(guardian: Record<string, unknown> | null): string {
  if (guardian === null) return '';
  const values = Object.values(guardian)
    .filter((value): value is string | number => typeof value === 'string' || typeof value === 'number')
    .map((value) => cleanLine(String(value), 60))
    .filter(Boolean)
    .slice(0, 6);
  return values.length > 0 ? ` (guardian: ${values.join(' ')})` : ' (guardian given)';
}

function itemLine(claim: ComplaintDetail['claim'], style: DateStyle): string | null {
  const proof = claim.proofOfPaymentType || claim.proofOfPaymentNumber
    ? `paid with ${joinDefined([claim.proofOfPaymentType, claim.proofOfPaymentNumber].map((v) => (v ? cleanLine(v, 40) : null)), ' ')}`
    : claim.hasProofOfPayment === false
      ? 'no proof of payment'
      : null;
  const parts = [
    claim.itemType ? cleanLine(claim.itemType, 30) : null,
    claim.itemDescription ? quoted(claim.itemDescription, 200) : null,
    money(claim.currency, claim.amount),
    proof,
    claim.incidentDate ? `incident ${incidentDay(claim.incidentDate, style)}` : null,
  ];
  const text = joinDefined(parts, ', ');
  return text ? `Item: ${text}.` : null;
}

/** The incident is a day: its calendar date (midnight UTC read as written), or the text as given. */
function incidentDay(value: string, style: DateStyle): string {
  const date = calendarDateOf(value, style.timeZone);
  return date === null ? cleanLine(value, 30) : shortDate(date, style);
}

function deliveryText(state: { status: string | null; sentAt: string | null }, style: DateStyle): string {
  if (state.status === null && state.sentAt === null) return 'none';
  return joinDefined([cleanLine(state.status ?? 'unknown', 30), dateTime(state.sentAt, style)], ' ');
}

/** Untrusted text as "  > " lines, cleaned and cut, so it cannot pass for the server's own words. */
function quoteBlock(fields: Array<[label: string, value: string | null]>): string[] {
  const lines: string[] = [];
  for (const [label, value] of fields) {
    if (value === null || value.trim() === '') continue;
    const text = truncate(stripUnsafe(value).trim().replace(/\n{3,}/g, '\n\n'), MAX_FREE_TEXT);
    text.split('\n').forEach((line, index) => {
      lines.push(`  > ${index === 0 && label ? `${label}: ` : ''}${line.trimEnd()}`);
    });
  }
  return lines;
}

/** " open → in_review", " → open" for a first status, "" when the event changed none. */
function statusChange(from: string | null, to: string | null): string {
  if (from === null && to === null) return '';
  return `${from === null ? '' : ` ${cleanLine(from, 30)}`} → ${to === null ? '?' : cleanLine(to, 30)}`;
}

function joinDefined(parts: Array<string | null | undefined | false>, separator: string): string {
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join(separator);
}
