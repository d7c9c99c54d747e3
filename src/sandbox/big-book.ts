// The big book: a year of a mid-size chain for organization A (30,000 records over 365 days), for
// figures over the whole book. Beyond the demo book it holds what such a year holds: a backlog of old
// records nobody answered (the overdue ones, the oldest the most overdue), answers registered while
// the record stays in review, answers whose e-mail failed or bounced, and a few deadlines the service
// got wrong (15 calendar days instead of 15 business days) or left out.
//
// Its choices come from PRNG streams of their own, seeded apart from the organizations' streams, so
// that the demo book's draws are untouched, and one per kind of choice, so that retuning the statuses
// leaves the service's deadline mistakes where they were (and the reverse).
import { addDays } from '../calendar/calendar-date.js';
import { isoUtc, limaDate, limaDayEnd } from './lima-time.js';
import { createRandom, type Random } from './prng.js';
import { DEADLINE_DAYS, type MailStatus, type RecordPlan, type Status } from './record-builder.js';

/** The books the sandbox can serve: `demo`, the small one the README quotes; `big`, a year of organization A. */
export const BOOKS = ['demo', 'big'] as const;
export type Book = (typeof BOOKS)[number];

/** Organization A's size in the big book; organization B keeps its demo records. */
export const BIG_BOOK = { records: 30_000, days: 365 } as const;

export interface Filing {
  createdAtMs: number;
  /** End of the Lima day of the 15th business day after filing. */
  lawDeadlineMs: number;
}

export interface BigBookChoice {
  plan: RecordPlan;
  /** The deadline the service sends when it got it wrong (an ISO instant) or left it out (null); absent, the law's. */
  serviceDeadline?: string | null;
}

const DAY = 86_400_000;
// Arbitrary constants that set the big book's streams apart from each other and from the organizations'.
const STATUS_STREAM = 0x5b16_b00c;
const DEADLINE_STREAM = 0x0dea_d11e;

/** The choices for each of the big book's records, in filing order: one call per record. */
export function bigBookPlanner(seed: number, nowMs: number): (filing: Filing) => BigBookChoice {
  const statuses = createRandom((seed ^ STATUS_STREAM) >>> 0);
  const deadlines = createRandom((seed ^ DEADLINE_STREAM) >>> 0);
  return ({ createdAtMs, lawDeadlineMs }) => {
    const ageDays = (nowMs - createdAtMs) / DAY;
    const plan = lawDeadlineMs < nowMs ? pastDeadlinePlan(statuses, ageDays) : runningDeadlinePlan(statuses, ageDays);
    const serviceDeadline = serviceDeadlineMistake(deadlines, createdAtMs, plan);
    return serviceDeadline === undefined ? { plan } : { plan, serviceDeadline };
  };
}

/**
 * A record whose legal deadline still runs (filed within about the last three weeks): mostly not yet
 * answered, fewer the older it is. An answered one is usually closed at once; one in five stays in
 * review (waiting for the consumer, say), its response e-mail mostly sent.
 */
function runningDeadlinePlan(rng: Random, ageDays: number): RecordPlan {
  const unanswered = ageDays < 2 ? 0.98 : ageDays < 7 ? 0.94 : ageDays < 14 ? 0.86 : 0.7;
  if (rng.chance(unanswered)) return { status: unansweredStatus(rng, ageDays), answered: false };
  if (rng.chance(0.2)) return { status: 'in_review', answered: true, responseMail: rng.weighted(IN_REVIEW_MAIL) };
  return resolvedPlan(rng);
}

/**
 * A record past its legal deadline: nearly all resolved. A few stay unanswered, the more the more
 * recent (a backlog decays as old cases get closed), a floor of them months old; a few dozen in the
 * year were answered but stay in review because the response e-mail failed or bounced.
 */
function pastDeadlinePlan(rng: Random, ageDays: number): RecordPlan {
  const backlog = 0.025 * Math.exp(-(ageDays - 21) / 120) + 0.004;
  if (rng.chance(backlog)) return { status: rng.chance(0.4) ? 'open' : 'in_review', answered: false };
  if (rng.chance(0.0015)) return { status: 'in_review', answered: true, responseMail: rng.chance(0.5) ? 'failed' : 'bounced' };
  if (rng.chance(0.001)) return { status: 'in_review', answered: true, responseMail: 'sent' };
  return resolvedPlan(rng);
}

/** Taken up (in review) more often the longer it has waited. */
function unansweredStatus(rng: Random, ageDays: number): Status {
  const open = ageDays < 1 ? 0.92 : ageDays < 3 ? 0.6 : 0.35;
  return rng.chance(open) ? 'open' : 'in_review';
}

/** About 1 in 40 response e-mails of closed records failed or bounced. */
function resolvedPlan(rng: Random): RecordPlan {
  return { status: 'resolved', answered: true, responseMail: rng.weighted(RESOLVED_MAIL) };
}

const RESOLVED_MAIL: readonly (readonly [MailStatus, number])[] = [
  ['sent', 975],
  ['bounced', 15],
  ['failed', 10],
];

const IN_REVIEW_MAIL: readonly (readonly [MailStatus, number])[] = [
  ['sent', 80],
  ['queued', 8],
  ['bounced', 7],
  ['failed', 5],
];

/**
 * About 0.5% of deadlines counted in calendar days and 0.2% missing. Records still unanswered get them
 * a few times more often than the rest, so that every big book has some of each where a wrong deadline
 * changes an answer (what is overdue or due soon); the rates over the whole book stay near 0.5% and 0.2%.
 */
function serviceDeadlineMistake(rng: Random, createdAtMs: number, plan: RecordPlan): string | null | undefined {
  const unanswered = !plan.answered;
  const roll = rng.next();
  const calendarDays = unanswered ? 0.02 : 0.0045;
  const missing = unanswered ? 0.01 : 0.0017;
  if (roll < calendarDays) return isoUtc(limaDayEnd(addDays(limaDate(createdAtMs), DEADLINE_DAYS)));
  if (roll < calendarDays + missing) return null;
  return undefined;
}
