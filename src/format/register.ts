// The register of a period as a spreadsheet's rows: its columns, named in the report's language, and
// each record's fields as text. The law's facts (the deadline, whether the answer came on time) are
// counted here as the tools count them (domain/), as of the day the register is made. Pure: the
// records come from api/, already masked when the member asked for masking.
import type { ComplaintDetail, ComplaintListItem } from '../contract/records.js';
import { listedDeadline } from '../domain/at-risk.js';
import { stripUnsafe, truncate } from '../sanitize.js';
import type { Language, Texts } from '../texts.js';
import { guardianOf } from './detail.js';
import { calendarDay, consumerName, dayIn, line, timeIn } from './fields.js';
import { maskInText } from './mask-text.js';

/** Filing and answer times are Lima's: the law's days, whatever zone the member reads times in. */
const LIMA = 'America/Lima';
/** A spreadsheet cell holds at most 32,767 characters: a longer text is cut, and says so. */
const MAX_CELL = 32_000;

interface RegisterWords {
  register: readonly string[];
  sheets: readonly string[];
  types: Readonly<Record<string, string>>;
  statuses: Readonly<Record<string, string>>;
  emails: Readonly<Record<string, string>>;
  items: Readonly<Record<string, string>>;
  yes: string;
  no: string;
  onTime: string;
  late: (days: number) => string;
  answeredUndated: string;
  unanswered: string;
  overdue: (days: number) => string;
  dueIn: (days: number) => string;
  cut: string;
}

const WORDS: Texts<RegisterWords> = {
  es: {
    register: [
      'Correlativo',
      'Código de seguimiento',
      'Tipo',
      'Estado',
      'Fecha y hora de registro (Lima)',
      'Tienda',
      'Motivo',
      'Consumidor',
      'Tipo de documento',
      'Número de documento',
      'Correo electrónico',
      'Plazo legal',
      'Fecha de respuesta',
      'Situación de la respuesta',
      'Correo de constancia',
      'Correo de respuesta',
    ],
    sheets: [
      'Bien contratado',
      'Descripción del bien',
      'Monto',
      'Moneda',
      'Comprobante de pago',
      'Dirección',
      'Teléfono',
      'Padre, madre o representante',
      'Fecha del incidente',
      'Detalle del consumidor',
      'Pedido del consumidor',
      'Respuesta oficial',
      'Respondido por',
      'Adjuntos',
    ],
    types: { claim: 'Reclamo', complaint: 'Queja' },
    statuses: { open: 'Abierto', in_review: 'En revisión', resolved: 'Resuelto' },
    emails: { sent: 'Enviado', queued: 'En cola', failed: 'Fallido', bounced: 'Rebotado' },
    items: { product: 'Producto', service: 'Servicio' },
    yes: 'Sí',
    no: 'No',
    onTime: 'A tiempo',
    late: (days) => `Tarde por ${days} ${days === 1 ? 'día hábil' : 'días hábiles'}`,
    answeredUndated: 'Respondido, sin fecha legible',
    unanswered: 'Sin respuesta',
    overdue: (days) => `Sin respuesta, vencido hace ${days} ${days === 1 ? 'día hábil' : 'días hábiles'}`,
    dueIn: (days) => `Sin respuesta, ${days === 0 ? 'vence hoy' : `vence en ${days} ${days === 1 ? 'día hábil' : 'días hábiles'}`}`,
    cut: '[texto recortado]',
  },
  en: {
    register: [
      'Correlative',
      'Tracking code',
      'Type',
      'Status',
      'Filed (Lima)',
      'Store',
      'Reason',
      'Consumer',
      'Document type',
      'Document number',
      'E-mail',
      'Legal deadline',
      'Response date',
      'Response timing',
      'Receipt e-mail',
      'Response e-mail',
    ],
    sheets: [
      'Item',
      'Item description',
      'Amount',
      'Currency',
      'Proof of payment',
      'Address',
      'Phone',
      'Parent or guardian',
      'Incident date',
      "Consumer's description",
      "Consumer's request",
      'Official response',
      'Responded by',
      'Attachments',
    ],
    types: { claim: 'Claim (reclamo)', complaint: 'Complaint (queja)' },
    statuses: { open: 'Open', in_review: 'In review', resolved: 'Resolved' },
    emails: { sent: 'Sent', queued: 'Queued', failed: 'Failed', bounced: 'Bounced' },
    items: { product: 'Product', service: 'Service' },
    yes: 'Yes',
    no: 'No',
    onTime: 'On time',
    late: (days) => `Late by ${days} business ${days === 1 ? 'day' : 'days'}`,
    answeredUndated: 'Answered, date unreadable',
    unanswered: 'Unanswered',
    overdue: (days) => `Unanswered, overdue by ${days} business ${days === 1 ? 'day' : 'days'}`,
    dueIn: (days) => `Unanswered, ${days === 0 ? 'due today' : `due in ${days} business ${days === 1 ? 'day' : 'days'}`}`,
    cut: '[text cut]',
  },
};

/** The register's header: its columns, and with `sheets` the columns of each sheet's content after them. */
export function registerHeader(language: Language, sheets: boolean): string[] {
  const words = WORDS[language];
  return sheets ? [...words.register, ...words.sheets] : [...words.register];
}

export interface RegisterRowOptions {
  language: Language;
  /** Today in Lima: the day an unanswered record's business days are counted from. */
  today: string;
  /** COMPLAINTS_REDACT_PII: every field read once more for identifiers, as an answer is. */
  redactPii: boolean;
}

/**
 * One record's row: its list fields, then, when `sheet` is given, the sheet's content. A field the
 * service did not send is empty; a value outside the contract's words is written as sent, cleaned.
 */
export function registerRow(item: ComplaintListItem, sheet: ComplaintDetail | undefined, options: RegisterRowOptions): string[] {
  const words = WORDS[options.language];
  const { deadline } = listedDeadline(item, options.today);
  const cells = [
    text(item.correlative),
    text(item.trackingCode),
    word(item.type, words.types),
    word(item.status, words.statuses),
    timeIn(item.createdAt, LIMA) ?? '',
    text(item.storeName),
    text(item.reasonLabel),
    consumer(item),
    text(item.documentType),
    text(item.documentNumber),
    text(item.email),
    deadline.date ?? '',
    deadline.answered ? (dayIn(item.respondedAt, LIMA) ?? '') : '',
    timing(deadline, words),
    word(item.receiptDeliveryStatus, words.emails),
    word(item.responseDeliveryStatus, words.emails),
    ...(sheet === undefined ? [] : sheetCells(sheet, words)),
  ];
  return options.redactPii ? cells.map(maskInText) : cells;
}

function sheetCells(sheet: ComplaintDetail, words: RegisterWords): string[] {
  const { claim, consumer, response } = sheet;
  const proof = claim.hasProofOfPayment === null ? '' : claim.hasProofOfPayment ? words.yes : words.no;
  const guardian = guardianOf(consumer.guardian);
  return [
    word(claim.itemType, words.items),
    longText(claim.itemDescription, words),
    text(claim.amount),
    text(claim.currency),
    [proof, text(claim.proofOfPaymentType), text(claim.proofOfPaymentNumber)].filter(Boolean).join(' '),
    text(consumer.address),
    phone(consumer.dialCode, consumer.phone),
    guardian === undefined
      ? ''
      : Object.entries(guardian)
          .map(([name, value]) => `${name}: ${value}`)
          .join('; '),
    calendarDay(claim.incidentDate, LIMA) ?? '',
    longText(claim.description, words),
    longText(claim.request, words),
    longText(response.officialResponse, words),
    text(response.respondedBy),
    sheet.attachments
      .map((attachment) => text(attachment.fileName))
      .filter(Boolean)
      .join('; '),
  ];
}

/** The consumer's name; a company's legal name with its RUC (the document columns are its representative's). */
function consumer(item: ComplaintListItem): string {
  const name = consumerName(item) ?? '';
  const taxId = text(item.legalTaxId);
  return taxId === '' ? name : `${name} (RUC ${taxId})`.trim();
}

/** "A tiempo", "Tarde por 2 días hábiles", or an unanswered record's days as of today. */
function timing(deadline: ReturnType<typeof listedDeadline>['deadline'], words: RegisterWords): string {
  if (deadline.answered) {
    if (deadline.businessDaysLate === null) return words.answeredUndated;
    return deadline.businessDaysLate > 0 ? words.late(deadline.businessDaysLate) : words.onTime;
  }
  const left = deadline.businessDaysLeft;
  if (left === null) return words.unanswered;
  return left < 0 ? words.overdue(-left) : words.dueIn(left);
}

/** "(+51) 987654321": the dial code in brackets, so that the cell does not start with "+", which would be written as a neutralised formula. */
function phone(dialCode: string | null, number: string | null): string {
  const dial = text(dialCode);
  return [dial === '' ? '' : `(${dial})`, text(number)].filter(Boolean).join(' ');
}

/** A short value on one line, cleaned; empty when absent. */
function text(value: string | null): string {
  return line(value, 300) ?? '';
}

/** A value of the contract's words in the register's language; any other as sent, cleaned. */
function word(value: string | null, known: Readonly<Record<string, string>>): string {
  if (value === null) return '';
  const key = value.trim().toLowerCase();
  return Object.hasOwn(known, key) ? known[key]! : text(value);
}

/** What a person wrote, its line breaks kept (a cell holds them), cut only at a cell's size. */
function longText(value: string | null, words: RegisterWords): string {
  if (value === null) return '';
  const clean = stripUnsafe(value).trim();
  return clean.length > MAX_CELL ? `${truncate(clean, MAX_CELL)} ${words.cut}` : clean;
}
