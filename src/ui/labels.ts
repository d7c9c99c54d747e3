// Every word the view shows, in Spanish (the complaints book's own language) and English: one table
// per language, so that a label added to one and forgotten in the other fails to compile.
import type { Period } from '../calendar/periods.js';

export type Lang = 'es' | 'en';

type PeriodKey = `period.${Period}`;

const es = {
  title: 'Libro de Reclamaciones · Resumen',
  documentTitle: 'Resumen del Libro de Reclamaciones',
  periodLabel: 'Periodo',
  allRecords: 'todos los registros',
  'period.': 'Todos los registros',
  'period.today': 'Hoy',
  'period.yesterday': 'Ayer',
  'period.this_week': 'Esta semana',
  'period.last_week': 'La semana pasada',
  'period.last_7_days': 'Últimos 7 días',
  'period.this_month': 'Este mes',
  'period.last_month': 'El mes pasado',
  'period.last_30_days': 'Últimos 30 días',
  filedBetween: 'Presentados del {from} al {to}',
  filedOn: 'Presentados el {date}',
  filedAll: 'Todos los registros',
  storeFilter: 'tienda {store}',
  typeFilter: 'tipo {type}',
  waiting: 'Esperando el resumen…',
  loading: 'Cargando…',
  cancelled: 'La consulta se canceló.',
  noData: 'La respuesta no trae datos que mostrar.',
  callFailed: 'No se pudo completar la consulta.',
  empty: 'No hay registros para este periodo y filtros. Pruebe con otro periodo.',
  figureTotal: 'Registros',
  figureUnanswered: 'Sin responder',
  figureOverdue: 'Vencidos',
  figureDueSoon: 'Por vencer',
  dueSoonRule: '3 días hábiles o menos',
  atLeast: 'al menos',
  countedNote: '{n} contados',
  lowerBoundNote: 'Las cifras marcadas con ≥ son mínimos.',
  byStatus: 'Por estado',
  byType: 'Por tipo',
  byStore: 'Por tienda',
  'status.open': 'Abierto',
  'status.in_review': 'En revisión',
  'status.resolved': 'Resuelto',
  'type.claim': 'Reclamo',
  'type.complaint': 'Queja',
  'email.bounced': 'rebotado',
  'email.failed': 'fallido',
  'email.pending': 'pendiente',
  'email.sent': 'enviado',
  'email.queued': 'en cola',
  unnamedStore: 'sin nombre',
  moreStoresOne: '1 tienda más',
  moreStores: '{n} tiendas más',
  moreStoresAtLeast: 'al menos {n} tiendas más',
  noneCounted: 'Ninguno',
  activityTitle: 'Presentados y respondidos',
  'activity.day': 'por día',
  'activity.week': 'por semana',
  'activity.month': 'por mes',
  seriesFiled: 'Presentados',
  seriesAnswered: 'Respondidos',
  stepHeader: 'Periodo',
  'step.week': 'Semana del {date}',
  activityCapped: 'Se muestran los últimos {shown} de {all} periodos.',
  urgentTitle: 'Más urgentes',
  urgentNone: 'Nada vencido ni por vencer.',
  alsoDueSoon: 'También por vencer',
  overdueOne: 'Vencido hace 1 día hábil',
  overdueMany: 'Vencido hace {n} días hábiles',
  dueToday: 'Vence hoy',
  dueInOne: 'Vence en 1 día hábil',
  dueInMany: 'Vence en {n} días hábiles',
  dueUnknown: 'Plazo sin calcular',
  dueOn: 'vence el {date}',
  noCorrelative: 'sin correlativo',
  emailTitle: 'Correos con problemas',
  emailAllFine: 'Todos los correos se enviaron o están en cola.',
  emailRecordsOne: '1 registro con un correo ni enviado ni en cola',
  emailRecordsMany: '{n} registros con correos ni enviados ni en cola',
  emailReceipt: 'constancia: {state}',
  emailResponse: 'respuesta: {state}',
  emailFirst: 'Los primeros {n}',
  detailTitle: 'Registro',
  detailEmpty: 'Elija un registro de la lista para verlo aquí.',
  detailLoading: 'Cargando el registro…',
  detailFailed: 'No se pudo leer el registro.',
  fieldType: 'Tipo',
  fieldStatus: 'Estado',
  fieldStore: 'Tienda',
  fieldFiled: 'Presentado',
  fieldDeadline: 'Plazo',
  fieldConsumer: 'Consumidor',
  fieldReason: 'Motivo',
  fieldAnswered: 'Respondido',
  fieldHistory: 'Últimos movimientos',
  answeredOnTime: 'respondido a tiempo',
  answeredLateOne: 'respondido con 1 día hábil de retraso',
  answeredLateMany: 'respondido con {n} días hábiles de retraso',
} satisfies Record<PeriodKey, string> & Record<string, string>;

export type LabelId = keyof typeof es;

const en: Record<LabelId, string> = {
  title: 'Complaints book · Overview',
  documentTitle: 'Complaints book overview',
  periodLabel: 'Period',
  allRecords: 'all records',
  'period.': 'All records',
  'period.today': 'Today',
  'period.yesterday': 'Yesterday',
  'period.this_week': 'This week',
  'period.last_week': 'Last week',
  'period.last_7_days': 'Last 7 days',
  'period.this_month': 'This month',
  'period.last_month': 'Last month',
  'period.last_30_days': 'Last 30 days',
  filedBetween: 'Filed {from} to {to}',
  filedOn: 'Filed on {date}',
  filedAll: 'All records',
  storeFilter: 'store {store}',
  typeFilter: 'type {type}',
  waiting: 'Waiting for the overview…',
  loading: 'Loading…',
  cancelled: 'The request was cancelled.',
  noData: 'The answer holds no data to show.',
  callFailed: 'The request could not be completed.',
  empty: 'No records match this period and filters. Try another period.',
  figureTotal: 'Records',
  figureUnanswered: 'Unanswered',
  figureOverdue: 'Overdue',
  figureDueSoon: 'Due soon',
  dueSoonRule: '3 business days or fewer',
  atLeast: 'at least',
  countedNote: '{n} counted',
  lowerBoundNote: 'Figures marked ≥ are lower bounds.',
  byStatus: 'By status',
  byType: 'By type',
  byStore: 'By store',
  'status.open': 'Open',
  'status.in_review': 'In review',
  'status.resolved': 'Resolved',
  'type.claim': 'Claim',
  'type.complaint': 'Complaint',
  'email.bounced': 'bounced',
  'email.failed': 'failed',
  'email.pending': 'pending',
  'email.sent': 'sent',
  'email.queued': 'queued',
  unnamedStore: 'unnamed',
  moreStoresOne: '1 more store',
  moreStores: '{n} more stores',
  moreStoresAtLeast: 'at least {n} more stores',
  noneCounted: 'None',
  activityTitle: 'Filed and answered',
  'activity.day': 'per day',
  'activity.week': 'per week',
  'activity.month': 'per month',
  seriesFiled: 'Filed',
  seriesAnswered: 'Answered',
  stepHeader: 'Period',
  'step.week': 'Week of {date}',
  activityCapped: 'Showing the last {shown} of {all} periods.',
  urgentTitle: 'Most urgent',
  urgentNone: 'Nothing overdue or due soon.',
  alsoDueSoon: 'Also due soon',
  overdueOne: 'Overdue by 1 business day',
  overdueMany: 'Overdue by {n} business days',
  dueToday: 'Due today',
  dueInOne: 'Due in 1 business day',
  dueInMany: 'Due in {n} business days',
  dueUnknown: 'Deadline not computed',
  dueOn: 'due {date}',
  noCorrelative: 'no correlative',
  emailTitle: 'E-mail problems',
  emailAllFine: 'Every e-mail was sent or is queued.',
  emailRecordsOne: '1 record with an e-mail neither sent nor queued',
  emailRecordsMany: '{n} records with e-mails neither sent nor queued',
  emailReceipt: 'receipt: {state}',
  emailResponse: 'response: {state}',
  emailFirst: 'The first {n}',
  detailTitle: 'Record',
  detailEmpty: 'Choose a record from the list to see it here.',
  detailLoading: 'Loading the record…',
  detailFailed: 'The record could not be read.',
  fieldType: 'Type',
  fieldStatus: 'Status',
  fieldStore: 'Store',
  fieldFiled: 'Filed',
  fieldDeadline: 'Deadline',
  fieldConsumer: 'Consumer',
  fieldReason: 'Reason',
  fieldAnswered: 'Answered',
  fieldHistory: 'Latest events',
  answeredOnTime: 'answered on time',
  answeredLateOne: 'answered 1 business day late',
  answeredLateMany: 'answered {n} business days late',
};

export const LABELS: Readonly<Record<Lang, Readonly<Record<LabelId, string>>>> = { es, en };

/** Spanish for a locale whose language is "es" (es, es-PE, ES_419), English for any other. */
export function languageOf(locale: string | undefined): Lang {
  return typeof locale === 'string' && /^es(?:[-_]|$)/i.test(locale.trim()) ? 'es' : 'en';
}

/** The label, its {name} placeholders filled. Values are inserted as text by the caller, never as markup. */
export function label(lang: Lang, id: LabelId, values?: Readonly<Record<string, string>>): string {
  const template = LABELS[lang][id];
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}

/** A value the service sends (a status, a type, an e-mail state) in words, or as sent when unknown. */
export function valueLabel(lang: Lang, kind: 'status' | 'type' | 'email', value: string): string {
  const id = `${kind}.${value}`;
  return Object.hasOwn(LABELS[lang], id) ? LABELS[lang][id as LabelId] : value;
}

export type Urgency = 'overdue' | 'due_soon';

/** Overdue when the business days left are negative; due soon otherwise (the lists hold nothing else). */
export function urgencyOf(daysLeft: number | undefined): Urgency {
  return daysLeft !== undefined && daysLeft < 0 ? 'overdue' : 'due_soon';
}

/** "Vencido hace 2 días hábiles", "Vence hoy", "Due in 1 business day": the days left, worded. */
export function deadlineWords(lang: Lang, daysLeft: number | undefined, formatNumber: (value: number) => string = String): string {
  if (daysLeft === undefined || !Number.isFinite(daysLeft)) return label(lang, 'dueUnknown');
  if (daysLeft === 0) return label(lang, 'dueToday');
  const days = Math.abs(daysLeft);
  if (daysLeft < 0) return days === 1 ? label(lang, 'overdueOne') : label(lang, 'overdueMany', { n: formatNumber(days) });
  return days === 1 ? label(lang, 'dueInOne') : label(lang, 'dueInMany', { n: formatNumber(days) });
}
