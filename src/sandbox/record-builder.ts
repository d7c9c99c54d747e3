// Builds one complaint record: the detail of the contract and the flat list item derived from it.
// Every choice comes from the seeded PRNG, so the same inputs give the same record.
import type { ComplaintDetail, ComplaintListItem, HistoryEvent } from '../contract/records.js';
import { isoUtc, limaDate } from './lima-time.js';
import type { Organization, Store } from './organizations.js';
import type { Random } from './prng.js';
import { txt } from './text.js';
import {
  ADMINS,
  AGENTS,
  ATTACHMENTS,
  CATALOG,
  COMPANY_PREFIXES,
  COMPANY_SUFFIXES,
  EMAIL_DOMAINS,
  FEMALE_NAMES,
  FOLLOW_UP_NOTES,
  LONG_PARAGRAPH,
  MALE_NAMES,
  REASONS,
  REVIEW_NOTES,
  type Reason,
  STEERING_TEXT,
  STREETS,
  SURNAMES,
  type TextContext,
} from './vocabulary.js';

export type Status = 'open' | 'in_review' | 'resolved';
export type RecordType = 'claim' | 'complaint';

export interface SandboxRecord {
  id: string;
  organizationId: string;
  storeId: string;
  status: Status;
  type: RecordType;
  createdAtMs: number;
  /** Lower-cased correlative, first name, last name and tracking code: what `search` matches. */
  searchFields: readonly string[];
  /** Shown in the list only (the contract's detail has no priority). */
  priority: string;
  detail: ComplaintDetail;
}

export interface RecordInput {
  id: string;
  organization: Organization;
  store: Store;
  /** 1-based position of the store in its organization: the series of its receipts (B001, F002...). */
  storeSeries: number;
  correlative: string;
  trackingCode: string;
  createdAtMs: number;
  nowMs: number;
  /** ISO UTC end of the Lima day of the 15th business day after filing. */
  deadline: string;
  deadlineMs: number;
  /** Never resolved: a record still waiting for its official response. */
  awaitingAnswer?: boolean;
  /**
   * The deadline the service sends, when it is not the law's (`deadline`): another ISO instant, or
   * null for none. The big book's mistakes; absent, the service sends the law's.
   */
  serviceDeadline?: string | null;
  /** Status and answer decided ahead (the big book); absent, they are drawn here as in the demo book. */
  plan?: RecordPlan;
}

/** How a response e-mail went: `failed` was never sent; `bounced` was sent and came back. */
export type MailStatus = 'queued' | 'sent' | 'failed' | 'bounced';

/** What the big book decides for a record before it is built. */
export interface RecordPlan {
  status: Status;
  /**
   * An official response is registered. Always for a resolved record, never for an open one; an
   * in_review record with one was answered but not closed.
   */
  answered: boolean;
  /** How the response e-mail went. Default: sent once its instant has passed, queued until then. */
  responseMail?: MailStatus;
}

export const DEADLINE_DAYS = 15;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function buildRecord(rng: Random, input: RecordInput): SandboxRecord {
  const { organization, store, createdAtMs, nowMs } = input;
  const business = organization.business;
  const type: RecordType = rng.chance(0.65) ? 'claim' : 'complaint';
  const reason = rng.pick(REASONS[business][type]);
  const picked = input.plan?.status ?? pickStatus(rng, (nowMs - createdAtMs) / DAY);
  const status = input.awaitingAnswer && picked === 'resolved' ? 'in_review' : picked;

  const consumer = buildConsumer(rng, store, business === 'electronics' ? 0.12 : 0.06);
  const claim = buildClaim(rng, input, type, reason, consumer.personType === 'legal');
  // Resolved records are answered; an in_review one only when the plan says so, and never while awaiting its answer.
  const answered = status === 'resolved' || (status === 'in_review' && input.plan?.answered === true && !input.awaitingAnswer);
  const timeline = buildTimeline(rng, input, status, answered);
  const firstName = consumer.firstName;

  const response =
    timeline.respondedAt === null
      ? { officialResponse: null, respondedAt: null, respondedBy: null }
      : {
          officialResponse: officialResponse(rng, type, reason, firstName, input, claim.context),
          respondedAt: isoUtc(timeline.respondedAt),
          respondedBy: timeline.respondedBy,
        };
  const receipt = receiptDelivery(rng, createdAtMs, nowMs);
  const priority = rng.weighted<string>([
    ['medium', 70],
    ['high', consumer.isMinor || Number(claim.detail.amount) > 1500 ? 45 : 15],
    ['low', 12],
  ]);

  const createdAt = isoUtc(createdAtMs);
  const updatedAt = isoUtc(timeline.events[timeline.events.length - 1]?.at ?? createdAtMs);
  const detail: ComplaintDetail = {
    id: input.id,
    correlative: input.correlative,
    trackingCode: input.trackingCode,
    type,
    status,
    organizationId: organization.id,
    store: { id: store.id, name: store.name },
    reason: reason.label,
    consumer: consumer.detail,
    claim: claim.detail,
    response,
    delivery: { receipt, response: timeline.responseDelivery },
    deadline: { days: DEADLINE_DAYS, date: input.serviceDeadline === undefined ? input.deadline : input.serviceDeadline },
    attachments: buildAttachments(rng, business),
    history: timeline.events.map((event) => event.item),
    createdAt,
    updatedAt,
  };
  return {
    id: input.id,
    organizationId: organization.id,
    storeId: store.id,
    status,
    type,
    createdAtMs,
    searchFields: searchFieldsOf(detail),
    priority,
    detail,
  };
}

/** What `search` matches, lower-cased: the correlative, first name, last name and tracking code. */
export function searchFieldsOf(detail: ComplaintDetail): string[] {
  return [detail.correlative, detail.consumer.firstName, detail.consumer.lastName, detail.trackingCode].map((field) => (field ?? '').toLowerCase());
}

/** The flat list item of the contract, derived from the detail (built per page, not per record). */
export function listItemOf(record: SandboxRecord): ComplaintListItem {
  const { detail } = record;
  return {
    id: detail.id,
    correlative: detail.correlative,
    trackingCode: detail.trackingCode,
    type: detail.type,
    status: detail.status,
    priority: record.priority,
    storeId: detail.store.id,
    storeName: detail.store.name,
    reasonLabel: detail.reason,
    firstName: detail.consumer.firstName,
    lastName: detail.consumer.lastName,
    personType: detail.consumer.personType,
    legalName: detail.consumer.legalName,
    legalTaxId: detail.consumer.legalTaxId,
    documentType: detail.consumer.documentType,
    documentNumber: detail.consumer.documentNumber,
    email: detail.consumer.email,
    itemType: detail.claim.itemType,
    incidentDate: detail.claim.incidentDate,
    hasResponse: detail.response.officialResponse !== null,
    respondedAt: detail.response.respondedAt,
    responseDeadline: detail.deadline.date,
    receiptDeliveryStatus: detail.delivery.receipt.status,
    responseDeliveryStatus: detail.delivery.response.status,
    createdAt: detail.createdAt,
    updatedAt: detail.updatedAt,
  };
}

/** Recent records are mostly open, old ones mostly resolved; a few old ones stay open (overdue). */
function pickStatus(rng: Random, ageDays: number): Status {
  const weights: [number, number, number] =
    ageDays < 1 ? [92, 8, 0] : ageDays < 3 ? [60, 35, 5] : ageDays < 8 ? [35, 40, 25] : ageDays < 15 ? [15, 35, 50] : ageDays < 25 ? [6, 14, 80] : [2, 3, 95];
  return rng.weighted<Status>([
    ['open', weights[0]],
    ['in_review', weights[1]],
    ['resolved', weights[2]],
  ]);
}

const slugs = new Map<string, string>(); // names repeat: compute each slug once
function slug(text: string): string {
  let value = slugs.get(text);
  if (value === undefined) {
    value = text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '');
    slugs.set(text, value);
  }
  return value;
}

function buildConsumer(rng: Random, store: Store, legalShare: number) {
  const female = rng.chance(0.5);
  const firstName = rng.pick(female ? FEMALE_NAMES : MALE_NAMES);
  const paternal = rng.pick(SURNAMES);
  const lastName = rng.chance(0.7) ? txt`${paternal} ${rng.pick(SURNAMES)}` : paternal;
  const legal = rng.chance(legalShare);
  const isMinor = !legal && rng.chance(0.03);
  const foreigner = !legal && !isMinor && rng.chance(0.04);
  const documentType = foreigner ? 'CE' : 'DNI';
  const documentNumber = foreigner ? `00${rng.digits(7)}` : String(isMinor ? rng.int(80_000_000, 91_999_999) : rng.int(10_000_000, 79_999_999));
  const guardian = isMinor
    ? {
        firstName: rng.pick(rng.chance(0.5) ? FEMALE_NAMES : MALE_NAMES),
        lastName: txt`${paternal} ${rng.pick(SURNAMES)}`,
        documentType: 'DNI',
        documentNumber: String(rng.int(10_000_000, 49_999_999)),
      }
    : null;
  const companySurname = rng.pick(SURNAMES);
  const companyPrefix = rng.pick(COMPANY_PREFIXES);
  const legalName = legal ? txt`${companyPrefix} ${companySurname} ${rng.pick(COMPANY_SUFFIXES)}` : null;
  const legalTaxId = legal ? `20${rng.digits(9)}` : null;
  const email = legal
    ? txt`${rng.pick(['contacto', 'facturacion', 'administracion'])}@${slug(companyPrefix + companySurname)}.com.pe`
    : txt`${slug(firstName)}${rng.pick(['.', '_', ''])}${slug(paternal)}${rng.chance(0.5) ? rng.int(1, 99) : ''}@${rng.weighted(EMAIL_DOMAINS)}`;
  const street = txt`${rng.pick(STREETS)} ${rng.int(100, 3999)}${rng.chance(0.3) ? ` Dpto. ${rng.int(1, 12)}0${rng.int(1, 4)}` : ''}`;
  return {
    firstName,
    personType: legal ? 'legal' : 'natural',
    isMinor,
    detail: {
      personType: legal ? 'legal' : 'natural',
      firstName,
      lastName,
      legalName,
      legalTaxId,
      documentType,
      documentNumber,
      isMinor,
      guardian,
      email,
      dialCode: '+51',
      phone: txt`9${rng.digits(8)}`,
      address: txt`${street}, ${rng.pick(store.districts)}, ${store.province}`,
    },
  };
}

function buildClaim(rng: Random, input: RecordInput, type: RecordType, reason: Reason, legal: boolean) {
  const catalogItem = rng.pick(CATALOG[input.organization.business]);
  const usd = catalogItem.usd === true && rng.chance(0.35);
  const soles = rng.int(catalogItem.min, catalogItem.max) - 0.1;
  const amount = (usd ? Math.max(Math.round(soles / 37.5) * 10 - 0.01, 9.99) : soles).toFixed(2);
  const hasProof = reason.label !== 'No se entregó comprobante de pago' && rng.chance(0.85);
  const proofType = legal ? 'FACTURA' : 'BOLETA';
  const series = (legal ? 'F' : 'B') + String(input.storeSeries).padStart(3, '0');
  // Quejas are usually about the visit itself; reclamos about something bought days before.
  const incidentMs =
    type === 'complaint' && rng.chance(0.7)
      ? input.createdAtMs - rng.int(10, 180) * MINUTE
      : input.createdAtMs - rng.int(1, 10) * DAY - rng.int(0, 8 * 60) * MINUTE;
  const context: TextContext = {
    item: catalogItem.description,
    store: input.store.name,
    incidentDate: limaDate(incidentMs).split('-').reverse().join('/'),
    amount,
    currencySymbol: usd ? 'US$' : 'S/',
    days: rng.int(2, 20),
    minutes: rng.int(25, 90),
  };
  let description = rng.pick(reason.descriptions)(context);
  // A few awkward texts, so that output code meets long and adversarial consumer input.
  if (rng.chance(0.01)) description = txt`${description}\n\n${LONG_PARAGRAPH.repeat(14)}`;
  if (rng.chance(0.006)) description = txt`${description}\n${STEERING_TEXT}`;
  return {
    context,
    detail: {
      itemType: catalogItem.itemType,
      itemDescription: catalogItem.description,
      currency: usd ? 'USD' : 'PEN',
      amount,
      hasProofOfPayment: hasProof,
      proofOfPaymentType: hasProof ? proofType : null,
      proofOfPaymentNumber: hasProof ? txt`${series}-${rng.digits(6)}` : null,
      incidentDate: isoUtc(incidentMs),
      description,
      request: rng.pick(reason.requests),
    },
  };
}

interface TimedEvent {
  at: number;
  item: HistoryEvent;
}

function event(at: number, eventType: string, from: Status | null, to: Status | null, note: string | null, role: string): TimedEvent {
  return {
    at,
    item: { eventType, fromStatus: from, toStatus: to, publicNote: note, performedByRole: role, createdAt: isoUtc(at) },
  };
}

/** History in time order; every instant lies between filing and now. */
function buildTimeline(rng: Random, input: RecordInput, status: Status, answered: boolean) {
  const { createdAtMs: created, nowMs: now, deadlineMs } = input;
  const mail = input.plan?.responseMail ?? 'sent';
  const events: TimedEvent[] = [event(created, 'created', null, 'open', null, 'consumer')];
  let respondedAt: number | null = null;
  let respondedBy: string | null = null;
  let responseDelivery: { status: MailStatus | null; sentAt: string | null } = { status: null, sentAt: null };
  if (status === 'open') return { events, respondedAt, respondedBy, responseDelivery };

  const between = (from: number, to: number, low: number, high: number) => Math.floor(from + (to - from) * (low + (high - low) * rng.next()));
  // Mostly answered on time; about 1 in 20 answered late.
  const end = !answered ? now : rng.chance(0.05) ? Math.min(now, deadlineMs + rng.int(1, 4) * DAY) : Math.min(now, deadlineMs);
  // A response still queued was registered minutes ago: the mail queue holds nothing older.
  const answeredAt = !answered
    ? null
    : mail === 'queued'
      ? Math.min(now, Math.max(created + MINUTE, now - rng.int(2, 30) * MINUTE))
      : between(created, end, 0.35, 1);
  const reviewAt = between(created, answeredAt ?? end, 0.05, 0.4);
  events.push(event(reviewAt, 'status_changed', 'open', 'in_review', rng.pick(REVIEW_NOTES), 'agent'));
  if (rng.chance(0.3)) {
    events.push(event(between(reviewAt, answeredAt ?? now, 0.2, 0.8), 'note_added', null, null, rng.pick(FOLLOW_UP_NOTES), 'agent'));
  }
  if (answeredAt !== null) {
    const admin = rng.chance(0.2);
    const role = admin ? 'admin' : 'agent';
    respondedBy = admin ? rng.pick(ADMINS) : rng.pick(AGENTS);
    respondedAt = answeredAt;
    events.push(
      status === 'resolved'
        ? event(answeredAt, 'status_changed', 'in_review', 'resolved', 'Respuesta oficial registrada.', role)
        : event(answeredAt, 'response_registered', null, null, 'Respuesta oficial registrada; el caso sigue en revisión.', role),
    );
    const sentAt = answeredAt + rng.int(5, 120) * 1000;
    responseDelivery = { status: 'queued', sentAt: null };
    if (sentAt <= now && mail === 'failed') {
      responseDelivery = { status: 'failed', sentAt: null };
      events.push(event(sentAt, 'response_failed', null, null, 'No se pudo enviar la respuesta al correo del consumidor.', role));
    } else if (sentAt <= now && mail !== 'queued') {
      responseDelivery = { status: mail, sentAt: isoUtc(sentAt) };
      events.push(event(sentAt, 'response_sent', null, null, 'Respuesta enviada al correo del consumidor.', role));
      if (mail === 'bounced') {
        const bouncedAt = Math.min(now, sentAt + rng.int(1, 20) * MINUTE);
        events.push(event(bouncedAt, 'response_bounced', null, null, 'El correo del consumidor rechazó la respuesta.', role));
      }
    }
  }
  return { events, respondedAt, respondedBy, responseDelivery };
}

function receiptDelivery(rng: Random, created: number, now: number) {
  const sentAt = created + rng.int(3, 90) * 1000;
  // The mail queue lags: receipts of the last minutes are still queued, a few older ones too.
  const age = now - created;
  if (sentAt > now || age < 15 * MINUTE || (age < 6 * HOUR && rng.chance(0.1))) return { status: 'queued', sentAt: null };
  const status = rng.weighted<string>([
    ['sent', 95],
    ['bounced', 3],
    ['failed', 2],
  ]);
  return { status, sentAt: status === 'failed' ? null : isoUtc(sentAt) };
}

function officialResponse(rng: Random, type: RecordType, reason: Reason, firstName: string, input: RecordInput, context: TextContext): string {
  if (type === 'complaint') {
    return txt`Estimado(a) ${firstName}: le pedimos disculpas por lo ocurrido en ${input.store.name}. Atendiendo su queja N.° ${input.correlative}, hemos dispuesto ${reason.remedy(context)}. Gracias por ayudarnos a mejorar.`;
  }
  if (rng.chance(0.75)) {
    return txt`Estimado(a) ${firstName}: lamentamos los inconvenientes. Tras revisar su reclamo N.° ${input.correlative}, procederemos con ${reason.remedy(context)}. Puede coordinar al (01) 615-0000 o acercarse a ${input.store.name} con su documento de identidad.`;
  }
  return txt`Estimado(a) ${firstName}: luego de evaluar su reclamo N.° ${input.correlative} y la documentación presentada, no se encontró responsabilidad de la empresa, por lo que no corresponde lo solicitado. Puede acudir al INDECOPI si no está conforme con esta respuesta.`;
}

function buildAttachments(rng: Random, business: Organization['business']) {
  const count = rng.weighted<number>([
    [0, 45],
    [1, 30],
    [2, 15],
    [3, 10],
  ]);
  const pool = [...ATTACHMENTS[business]];
  const attachments = [];
  for (let i = 0; i < count && pool.length > 0; i += 1) {
    const [file] = pool.splice(rng.int(0, pool.length - 1), 1);
    if (file) attachments.push({ id: rng.uuid(), fileName: file[0], contentType: file[1] });
  }
  return attachments;
}
