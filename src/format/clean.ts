import { stripUnsafe } from '../sanitize.js';

/** Strips control and invisible characters from every string of a parsed record, object keys included (a guardian's keys are the API's to choose). */
export function stripUnsafeDeep<T>(value: T): T {
  if (typeof value === 'string') return stripUnsafe(value) as T;
  if (Array.isArray(value)) return value.map((element) => stripUnsafeDeep(element)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [stripUnsafe(key), stripUnsafeDeep(inner)])) as T;
  }
  return value;
}
