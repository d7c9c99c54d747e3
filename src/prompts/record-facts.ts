// The facts of one record that the law makes matter to its answer, counted by the server rather than
// left to the model: reclamo or queja, the sheet's number, the consumer, the filing day in Lima, the
// law's deadline (15 business days, Código art. 24.1) and the business days left or overdue, whether
// an official response is registered, on time or late, and whether its e-mail went out.
import { wallTimeOf } from '../calendar/date-time.js';
import { isNotDelivered } from '../domain/answered.js';
import { type DeadlineStatus, deadlineStatus, LEGAL_BUSINESS_DAYS, limaToday, NO_SERVICE_DEADLINE } from '../domain/deadline.js';
import { consumerName } from '../format/fields.js';
import { cleanLine, quoted } from '../sanitize.js';
import { type Language, type Texts, textsIn } from '../texts.js';
import type { ComplaintRead } from '../tools/get-complaint-run.js';

/** What the prompts say of one record, from which their words are made. */
export interface RecordFacts {
  /** claim, complaint, or the service's own word (cleaned), or undefined when it sent none. */
  type: string | undefined;
  correlative: string | undefined;
  trackingCode: string | undefined;
  store: string | undefined;
  /** Quoted: the consumer wrote it. */
  consumer: string | undefined;
  /** The filing day and time in Lima, "2026-11-04 09:02"; undefined when the service sent no readable date. */
  filedInLima: string | undefined;
  deadline: DeadlineStatus;
  /** Today in Lima, the day business days are counted from. */
  today: string;
  /** The official response's text is in the record (a record may carry only its date). */
  responseWritten: boolean;
  respondedBy: string | undefined;
  /** The response e-mail's state as sent (cleaned), undefined when there is none. */
  responseEmail: string | undefined;
  emailGiven: boolean;
  addressGiven: boolean;
  /** The answer goes to whoever answers for the consumer: a minor's guardian, a company's representative. */
  addressee: Addressee;
}

/** Who the answer is addressed to, besides the consumer by name. */
export type Addressee = { kind: 'consumer' } | { kind: 'minor'; guardian: string | undefined } | { kind: 'company'; representative: string | undefined };

/** The guardian's fields that hold a name (its shape is not in the contract), joined and quoted; else every value. */
function guardianName(guardian: Record<string, string> | undefined): string | undefined {
  if (guardian === undefined) return undefined;
  const named = Object.entries(guardian).filter(([key]) => /name|nombre|apellido/i.test(key));
  const values = (named.length > 0 ? named : Object.entries(guardian)).map(([, value]) => value);
  return values.length > 0 ? quoted(values.join(' '), 160) : undefined;
}

function addresseeOf(consumer: ComplaintRead['structured']['consumer']): Addressee {
  if (consumer?.isMinor === true) return { kind: 'minor', guardian: guardianName(consumer.guardian) };
  if (consumer?.personType !== undefined && consumer.personType !== 'natural' && consumer.legalName !== undefined) {
    const representative = [consumer.firstName, consumer.lastName].filter(Boolean).join(' ');
    return { kind: 'company', representative: representative === '' ? undefined : quoted(representative, 120) };
  }
  return { kind: 'consumer' };
}

const LIMA = 'America/Lima';

export function recordFacts({ record, structured }: ComplaintRead, now: Date): RecordFacts {
  const today = limaToday(now);
  const filed = record.createdAt === null ? null : wallTimeOf(record.createdAt, LIMA);
  const name =
    structured.consumer &&
    consumerName({
      firstName: structured.consumer.firstName ?? null,
      lastName: structured.consumer.lastName ?? null,
      legalName: structured.consumer.legalName ?? null,
    });
  return {
    type: structured.type,
    correlative: structured.correlative,
    trackingCode: structured.trackingCode,
    store: structured.store?.name,
    consumer: name && quoted(name, 120),
    filedInLima: filed === null ? undefined : filed.time === null ? filed.date : `${filed.date} ${filed.time}`,
    deadline: deadlineStatus({ createdAt: record.createdAt, serviceDeadline: record.deadline.date, response: record.response }, today),
    today,
    responseWritten: structured.response?.officialResponse !== undefined,
    respondedBy: structured.response?.respondedBy,
    responseEmail: structured.delivery?.response?.status,
    emailGiven: structured.consumer?.email !== undefined,
    addressGiven: structured.consumer?.address !== undefined,
    addressee: addresseeOf(structured.consumer),
  };
}

/** The sheet's name as the facts and the prompts' first line give it: its correlative, else its tracking code. */
export function sheetName(facts: RecordFacts, fallback: string): string {
  return facts.correlative ?? facts.trackingCode ?? fallback;
}

interface FactWords {
  heading: string;
  type(type: string | undefined): string;
  sheet(facts: RecordFacts): string;
  consumer(name: string | undefined): string;
  filed(when: string | undefined): string;
  deadline(facts: RecordFacts): string;
  answer(facts: RecordFacts): string;
  responseEmail(state: string | undefined, answered: boolean): string;
  means(facts: RecordFacts): string;
  /** Undefined for a consumer answered in their own name. */
  addressee(addressee: Addressee): string | undefined;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The service's deadline beside the law's, when they differ: the law's rules. */
function serviceDiffers(status: DeadlineStatus, words: { none: string; differs: (date: string) => string }): string {
  if (status.serviceDate === undefined) return '';
  return ` ${status.serviceDate === NO_SERVICE_DEADLINE ? words.none : words.differs(status.serviceDate)}`;
}

/** Where today stands against an unanswered record's deadline, in `words`; '' once answered, or when unknown. */
function standing({ deadline }: RecordFacts, words: { left: (days: number) => string; dueToday: string; overdue: (days: number) => string }): string {
  const left = deadline.businessDaysLeft;
  if (deadline.answered || left === null) return '';
  return left > 0 ? words.left(left) : left === 0 ? words.dueToday : words.overdue(-left);
}

/** Whether the answer came within the deadline, in `words`; '' when either day is unknown. */
function timing({ businessDaysLate }: DeadlineStatus, words: { onTime: string; late: (days: number) => string }): string {
  return businessDaysLate === null ? '' : businessDaysLate === 0 ? words.onTime : words.late(businessDaysLate);
}

/** The response e-mail's state, in `words`: none, not delivered, one the contract names, or another one quoted. */
function emailState(
  state: string | undefined,
  answered: boolean,
  words: { noneRecorded: string; noneYet: string; notDelivered: (shown: string) => string; sent: string; queued: string; other: (shown: string) => string },
): string {
  if (state === undefined) return answered ? words.noneRecorded : words.noneYet;
  const shown = quoted(state, 40);
  if (isNotDelivered(state)) return words.notDelivered(shown);
  const read = cleanLine(state, 40).toLowerCase();
  return read === 'sent' ? words.sent : read === 'queued' ? words.queued : words.other(shown);
}

const FACT_WORDS: Texts<FactWords> = {
  es: {
    heading: 'Datos del registro según la ley (calculados por el servidor, no por el servicio):',
    type: (type) =>
      type === 'claim'
        ? 'Tipo: reclamo (disconformidad con un producto o servicio).'
        : type === 'complaint'
          ? 'Tipo: queja (disconformidad no relacionada con los productos o servicios, o malestar por la atención al público).'
          : `Tipo: ${type === undefined ? 'no indicado' : quoted(type, 40)}, que no es reclamo ni queja: trátalo como reclamo.`,
    sheet: (facts) =>
      `Hoja de reclamación N.º ${facts.correlative ?? '(sin correlativo)'}${facts.trackingCode ? `, código de seguimiento ${facts.trackingCode}` : ''}${facts.store ? `; tienda: ${facts.store}` : ''}.`,
    consumer: (name) => `Consumidor: ${name ?? '(sin nombre en el registro)'}.`,
    filed: (when) => `Presentado: ${when === undefined ? 'fecha ilegible o ausente' : `${when} (hora de Lima)`}.`,
    deadline: (facts) => {
      const { deadline, today } = facts;
      const rule = `${LEGAL_BUSINESS_DAYS} días hábiles improrrogables (Código de Protección y Defensa del Consumidor, art. 24.1)`;
      const service = serviceDiffers(deadline, {
        none: 'El servicio no indica plazo; rige el de la ley.',
        differs: (date) => `El servicio indica otra fecha (${cleanLine(date, 40)}); rige la de la ley.`,
      });
      if (deadline.date === null) return `Plazo legal: ${rule}; no se puede calcular, porque no se conoce la fecha de presentación.`;
      const now = standing(facts, {
        left: (days) => `; hoy, ${today}, ${days === 1 ? 'queda 1 día hábil' : `quedan ${days} días hábiles`}`,
        dueToday: `; vence hoy, ${today}`,
        overdue: (days) => `; VENCIDO: hoy, ${today}, lleva ${plural(days, 'día hábil', 'días hábiles')} de atraso`,
      });
      const whose = facts.filedInLima === undefined ? ' (la fecha del servicio: no se conoce la de presentación para contarla)' : '';
      return `Plazo legal: ${rule}, hasta el ${deadline.date}${whose}${now}.${service}`;
    },
    answer: ({ deadline, responseWritten, respondedBy }) => {
      if (!deadline.answered) return 'Respuesta oficial registrada: ninguna.';
      const on = deadline.answeredOn ? `, el ${deadline.answeredOn}` : ' (sin fecha legible)';
      const late = timing(deadline, { onTime: ', dentro del plazo', late: (days) => `, ${plural(days, 'día hábil', 'días hábiles')} después del plazo` });
      const by = respondedBy ? `, por ${quoted(respondedBy, 80)}` : '';
      const text = responseWritten ? '' : ' El registro no trae el texto de la respuesta.';
      return `Respuesta oficial registrada: sí${on}${late}${by}.${text}`;
    },
    responseEmail: (state, answered) =>
      `Correo de la respuesta: ${emailState(state, answered, {
        noneRecorded: 'no hay envío registrado',
        noneYet: 'ninguno, porque aún no hay respuesta',
        notDelivered: (shown) => `${shown}: NO se entregó; el consumidor puede no tener la respuesta`,
        sent: 'enviado',
        queued: 'en cola, aún no enviado',
        other: (shown) => `estado ${shown}`,
      })}.`,
    means: ({ emailGiven, addressGiven }) =>
      `Medios que consignó el consumidor: ${[emailGiven && 'correo electrónico', addressGiven && 'domicilio'].filter(Boolean).join(' y ') || 'ninguno en el registro'}.`,
    addressee: (addressee) =>
      addressee.kind === 'minor'
        ? `Consumidor menor de edad: la respuesta se dirige a su padre, madre o representante${addressee.guardian ? `, que en el registro es ${addressee.guardian}` : ', que no figura en el registro'}.`
        : addressee.kind === 'company'
          ? `Consumidor persona jurídica: la respuesta se dirige a la empresa${addressee.representative ? `, a la atención de ${addressee.representative}, quien la representa` : ''}.`
          : undefined,
  },
  en: {
    heading: 'Facts of the record by the law (counted by the server, not by the service):',
    type: (type) =>
      type === 'claim'
        ? 'Type: reclamo (a claim about a product or service).'
        : type === 'complaint'
          ? 'Type: queja (a complaint not about the products or services: about customer service, say).'
          : `Type: ${type === undefined ? 'not given' : quoted(type, 40)}, neither reclamo nor queja: handle it as a reclamo.`,
    sheet: (facts) =>
      `Hoja de reclamación (complaint form) no. ${facts.correlative ?? '(no correlative)'}${facts.trackingCode ? `, tracking code ${facts.trackingCode}` : ''}${facts.store ? `; store: ${facts.store}` : ''}.`,
    consumer: (name) => `Consumer: ${name ?? '(no name in the record)'}.`,
    filed: (when) => `Filed: ${when === undefined ? 'date missing or unreadable' : `${when} (Lima time)`}.`,
    deadline: (facts) => {
      const { deadline, today } = facts;
      const rule = `${LEGAL_BUSINESS_DAYS} business days, not extendable (Código de Protección y Defensa del Consumidor, art. 24.1)`;
      const service = serviceDiffers(deadline, {
        none: 'The service states no deadline; the law’s applies.',
        differs: (date) => `The service states another date (${cleanLine(date, 40)}); the law’s applies.`,
      });
      if (deadline.date === null) return `Legal deadline: ${rule}; it cannot be counted, as the filing date is unknown.`;
      const now = standing(facts, {
        left: (days) => `; today, ${today}, ${plural(days, 'business day is', 'business days are')} left`,
        dueToday: `; it is due today, ${today}`,
        overdue: (days) => `; OVERDUE: today, ${today}, by ${plural(days, 'business day', 'business days')}`,
      });
      const whose = facts.filedInLima === undefined ? " (the service's date: the filing date to count from is unknown)" : '';
      return `Legal deadline: ${rule}, ends ${deadline.date}${whose}${now}.${service}`;
    },
    answer: ({ deadline, responseWritten, respondedBy }) => {
      if (!deadline.answered) return 'Official response registered: none.';
      const on = deadline.answeredOn ? `, on ${deadline.answeredOn}` : ' (no readable date)';
      const late = timing(deadline, {
        onTime: ', within the deadline',
        late: (days) => `, ${plural(days, 'business day', 'business days')} after the deadline`,
      });
      const by = respondedBy ? `, by ${quoted(respondedBy, 80)}` : '';
      const text = responseWritten ? '' : ' The record does not hold the response’s text.';
      return `Official response registered: yes${on}${late}${by}.${text}`;
    },
    responseEmail: (state, answered) =>
      `Response e-mail: ${emailState(state, answered, {
        noneRecorded: 'none recorded',
        noneYet: 'none, as there is no response yet',
        notDelivered: (shown) => `${shown}: NOT delivered; the consumer may not have the response`,
        sent: 'sent',
        queued: 'queued, not sent yet',
        other: (shown) => `state ${shown}`,
      })}.`,
    means: ({ emailGiven, addressGiven }) =>
      `Means the consumer gave: ${[emailGiven && 'e-mail', addressGiven && 'postal address'].filter(Boolean).join(' and ') || 'none in the record'}.`,
    addressee: (addressee) =>
      addressee.kind === 'minor'
        ? `The consumer is a minor: the response is addressed to their parent or guardian${addressee.guardian ? `, in the record ${addressee.guardian}` : ', who is not in the record'}.`
        : addressee.kind === 'company'
          ? `The consumer is a company (persona jurídica): the response is addressed to it${addressee.representative ? `, for the attention of ${addressee.representative}, who represents it` : ''}.`
          : undefined,
  },
};

/** The facts as "- " lines under their heading, in `language`. */
export function factLines(facts: RecordFacts, language: Language): string[] {
  const words = textsIn(FACT_WORDS, language);
  return [
    words.heading,
    ...[
      words.type(facts.type),
      words.sheet(facts),
      words.consumer(facts.consumer),
      words.addressee(facts.addressee),
      words.filed(facts.filedInLima),
      words.deadline(facts),
      words.answer(facts),
      words.responseEmail(facts.responseEmail, facts.deadline.answered),
      words.means(facts),
    ]
      .filter((fact) => fact !== undefined)
      .map((fact) => `- ${fact}`),
  ];
}
