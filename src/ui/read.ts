// Reading a tool's structuredContent without trusting it: a host may pass on anything, a field may be
// missing or of another type, a count may be negative or NaN, a key may be "__proto__". Every reader
// answers something drawable instead of throwing.

import { isCalendarDate } from '../calendar/calendar-date.js';
import type { DetailAnswer } from '../contract/detail-answer.js';
import type { Activity as ActivityField, OverviewAnswer } from '../contract/overview-answer.js';
import { stripUnsafe } from '../sanitize.js';
import { MAX_STEPS, type Step } from './chart.js';

/** An object's fields, each still unchecked. */
export type Unchecked<T> = { [K in keyof T]?: unknown };

/**
 * Fields `K` of a contract's shape as a reader gives them: each one there, undefined when the answer
 * holds no usable value (never null). The types come from the contract (src/contract/, by z.infer), so
 * a field renamed or retyped there fails to compile here rather than being read under its old name.
 */
export type Read<T, K extends keyof T> = Filled<K, { [P in K]-?: Exclude<T[P], undefined | null> }>;
/** Every key of K there, each value possibly undefined (not a homomorphic map: optional keys become required). */
type Filled<K extends PropertyKey, V extends Record<K, unknown>> = { [P in K]: V[P] | undefined };

/** Counts `K` of a contract's shape as a reader gives them: each one there, 0 when the answer holds none. */
export type Counted<T, K extends keyof T> = { [P in K]-?: Extract<T[P], number> };

export type OverviewFields = Unchecked<OverviewAnswer>;
export type DetailFields = Unchecked<DetailAnswer>;

/** A plain object (not an array, not null) as a map of unchecked fields; undefined otherwise. */
export function objectOf<T = Record<string, unknown>>(value: unknown): Unchecked<T> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Unchecked<T>) : undefined;
}

/** A plain object (not an array, not null) as a map of unchecked fields; an empty one otherwise. */
export function fields<T = Record<string, unknown>>(value: unknown): Unchecked<T> {
  return objectOf<T>(value) ?? {};
}

/** A count: a whole number from 0 up to the largest exact one; anything else (NaN, 1e308, -0) counts as 0. */
export function count(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/**
 * Entries drawn at most from one list or map. The server sends at most 50 stores, 20 values per count
 * and 10 records per list; a host that sends 100,000 must not freeze the page.
 */
export const MAX_ENTRIES = 60;

/** A whole number of either sign (days left can be negative), or undefined. */
export function integer(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/**
 * A non-empty string without the characters a reader does not see (the server's cleaning, again:
 * a host may pass on anything), or undefined. A right-to-left override would otherwise show
 * R-1000-2026 as R-6202-0001.
 */
export function text(value: unknown): string | undefined {
  const cleaned = typeof value === 'string' ? stripUnsafe(value) : '';
  return cleaned !== '' ? cleaned : undefined;
}

/** An array, or an empty one. */
export function list(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The entries of an array that are plain objects: a null or a number in a list of records is skipped. */
export function objects(value: unknown): Record<string, unknown>[] {
  return list(value)
    .slice(0, MAX_ENTRIES)
    .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null && !Array.isArray(entry));
}

/**
 * A map of counts as [key, count] pairs, keys as sent: "__proto__" or "constructor" are read as the
 * own keys they are, never looked up through a prototype.
 */
export function counts(value: unknown): [string, number][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.keys(value)
    .slice(0, MAX_ENTRIES)
    .map((key) => [stripUnsafe(key), count((value as Record<string, unknown>)[key])]);
}

/** The answer's activity, its counts checked, and how much of a long series was left out. */
export type Activity = ActivityField & {
  /** Steps before the first one kept (a series longer than MAX_STEPS keeps its latest). */
  skipped: number;
  /** Steps in the whole series. */
  steps: number;
};

const STEPS: readonly Step[] = ['day', 'week', 'month'];

/** The activity series, at most `max` of its latest steps, each count checked; undefined when unusable. */
export function activity(value: unknown, max = MAX_STEPS): Activity | undefined {
  const field = fields<ActivityField>(value);
  const from = text(field.from);
  const step = STEPS.find((candidate) => candidate === field.step);
  const filed = list(field.filed);
  const answered = list(field.answered);
  if (from === undefined || !isCalendarDate(from) || step === undefined) return undefined;
  const steps = Math.max(filed.length, answered.length);
  if (steps === 0) return undefined;
  const skipped = Math.max(0, steps - Math.max(1, max));
  const kept = steps - skipped;
  return {
    from,
    step,
    skipped,
    steps,
    filed: Array.from({ length: kept }, (_, index) => count(filed[skipped + index])),
    answered: Array.from({ length: kept }, (_, index) => count(answered[skipped + index])),
  };
}
