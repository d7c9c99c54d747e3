// The service's bodies read by the contract's field specs. The envelope is checked strictly
// ({ data: {...} } or { data: [...], pagination: {...} }), the fields leniently: a field of an
// unexpected type becomes null, unknown keys are dropped, and a missing section reads as an object
// of nulls, so that no view needs guards.

import { PAGE_SIZE_MAX } from '../contract/list-query.js';
import {
  type ComplaintDetail,
  type ComplaintListItem,
  DETAIL_SPEC,
  type FieldSpec,
  LIST_ITEM_SPEC,
  type ObjectSpec,
  PAGINATION_SPEC,
  type Pagination,
} from '../contract/records.js';
import { cutIndex } from '../sanitize.js';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseScalar(kind: 'text' | 'flag' | 'integer' | 'object', value: unknown, maxText: number): unknown {
  switch (kind) {
    case 'text':
      // Numbers and booleans become strings; anything else (objects, arrays) becomes null.
      if (typeof value === 'string') return value.length > maxText ? copyOf(value.slice(0, cutIndex(value, maxText))) : value;
      return typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
    case 'flag':
      if (typeof value === 'boolean') return value;
      return value === 'true' ? true : value === 'false' ? false : null;
    case 'integer': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof number === 'number' && Number.isSafeInteger(number) ? number : null;
    }
    case 'object':
      // The contract does not show the guardian's shape: any object is kept.
      return isPlainObject(value) ? value : null;
  }
}

/**
 * A string of its own: V8 keeps a long string's slice pointing into the whole, so a cut value would
 * keep every character it was cut from in memory.
 */
function copyOf(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

/**
 * Lenient parse: a missing or null section reads as an object of nulls, so callers need no guards.
 * Texts longer than `maxText` are cut.
 */
function parseWith(spec: FieldSpec, value: unknown, maxText = Infinity): unknown {
  if (typeof spec === 'string') return parseScalar(spec, value, maxText);
  if (Array.isArray(spec)) {
    const item = (spec as readonly [ObjectSpec])[0];
    return Array.isArray(value) ? value.map((element) => parseWith(item, element, maxText)) : [];
  }
  const source = isPlainObject(value) ? value : {};
  const { fields, blank } = shapeOf(spec as ObjectSpec);
  // A copy of an object that already has every field, then each field set: V8 keeps such an object
  // in its fast form. Adding more than a dozen fields by computed name turns one into a hash table,
  // four times the memory, and slower to read in every view.
  const result: Record<string, unknown> = { ...blank };
  for (const [field, fieldSpec] of fields) result[field] = parseWith(fieldSpec, source[field], maxText);
  return result;
}

/**
 * A listed record's fields are short (names, codes, dates) and no view shows more than 200 characters
 * of one: longer values are cut as they are read, so that the overview, which holds up to 5,000
 * records, holds them small whatever the service sends.
 */
export const MAX_LIST_TEXT = 256;

/** A spec's fields, and an object with each of them (null), in its order: made once per spec, since parsing runs for every record of every page. */
interface Shape {
  fields: ReadonlyArray<readonly [string, FieldSpec]>;
  blank: Readonly<Record<string, null>>;
}
const SHAPES = new WeakMap<ObjectSpec, Shape>();
function shapeOf(spec: ObjectSpec): Shape {
  let shape = SHAPES.get(spec);
  if (shape === undefined) {
    const fields = Object.entries(spec);
    shape = { fields, blank: Object.fromEntries(fields.map(([field]) => [field, null])) };
    SHAPES.set(spec, shape);
  }
  return shape;
}

/**
 * GET /api/v1/complaints/{id}: the envelope must hold an object under `data`; null when it does not.
 * Checked by hand rather than by a zod schema: one pass over each record, on every call.
 */
export function readDetailEnvelope(body: unknown): { data: ComplaintDetail } | null {
  if (!isPlainObject(body) || !isPlainObject(body.data)) return null;
  return { data: parseWith(DETAIL_SPEC, body.data) as ComplaintDetail };
}

/**
 * GET /api/v1/complaints: `data` must be an array and `pagination` an object; null when they are not.
 * At most `maxItems` records are read (the page size asked): a service that sends more must not make
 * the answer, or the work, grow with it. `sentMore` counts the records left unread.
 */
export function readListEnvelope(body: unknown, maxItems = PAGE_SIZE_MAX): { data: ComplaintListItem[]; pagination: Pagination; sentMore: number } | null {
  if (!isPlainObject(body) || !Array.isArray(body.data) || !isPlainObject(body.pagination)) return null;
  const items = body.data.length > maxItems ? body.data.slice(0, maxItems) : body.data;
  return {
    data: items.map((item: unknown) => parseWith(LIST_ITEM_SPEC, item, MAX_LIST_TEXT) as ComplaintListItem),
    pagination: parseWith(PAGINATION_SPEC, body.pagination) as Pagination,
    sentMore: body.data.length - items.length,
  };
}
