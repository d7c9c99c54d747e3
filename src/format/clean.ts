import { stripUnsafe } from '../sanitize.js';

/** Strips control and invisible characters from every string of a parsed record, object keys included (a guardian's keys are the API's to choose). */
export function stripUnsafeDeep<T>(value: T): T {
  if (typeof value === 'string') return stripUnsafe(value) as T;
  if (Array.isArray(value)) return value.map((element) => stripUnsafeDeep(element)) as T;
  if (typeof value === 'object' && value !== null) {
    const result: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const inner = stripUnsafeDeep((value as Record<string, unknown>)[key]);
      const cleanKey = stripUnsafe(key);
      // A "__proto__" key parsed from JSON is a plain property; assignment would set the prototype.
      if (cleanKey === '__proto__') Object.defineProperty(result, cleanKey, { value: inner, enumerable: true, writable: true, configurable: true });
      else result[cleanKey] = inner;
    }
    return result as T;
  }
  return value;
}
