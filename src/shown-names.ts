// The names a client's request gives (of a tool, a prompt, a resource, a prompt's arguments) as fit
// to be repeated: the SDK quotes an unknown name whole in its error ("Tool <name> not found"), a
// megabyte as readily as a word, terminal escapes included. Every name of this server is short and
// clean, so a name that is not can only be unknown: it is replaced, before the SDK reads the request,
// by a short clean form.
import { holdsKeyShape, looksLikeToken } from './key-shape.js';
import { cleanLine, safeCutIndex } from './sanitize.js';

/** How much of a name an error repeats: far above any name of this server. */
export const SHOWN_NAME_CHARS = 64;

/**
 * `name` as it is when short and clean; otherwise its first SHOWN_NAME_CHARS characters, cleaned,
 * then a mark. The mark also keeps a name that cleaning would turn into a real one ("list_complaints"
 * with an invisible character after it) from being taken for that one. A name that looks like a key
 * is not shown at all.
 */
export function shownName(name: string): string {
  // Every call names its tool: the same few names come back, and reading one for a key's shape (its
  // decoded and normalised readings) costs more than the rest of reading the request.
  const known = SHOWN.get(name);
  if (known !== undefined) return known;
  const shown = shownOnce(name);
  if (name.length <= SHOWN_NAME_CHARS) {
    if (SHOWN.size >= SHOWN_KEPT) SHOWN.clear();
    SHOWN.set(name, shown);
  }
  return shown;
}

/** Names already read, short ones only: a pure function's results, so bounded but never stale. */
const SHOWN = new Map<string, string>();
const SHOWN_KEPT = 256;

function shownOnce(name: string): string {
  const shown = shortClean(name);
  // A key sent as a name (a client or a model mixing up its arguments) is not repeated into the
  // transcript. A URI keeps its scheme and stays a URL, one no handler takes for a record, so that
  // its handler still refuses it in its own words.
  if (!holdsKeyShape(shown) && !looksLikeToken(shown)) return shown;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(shown)?.[0];
  return scheme === undefined ? `(a name that looks like a key or a token, not shown: ${name.length} characters)` : `${scheme}looks.like.a.key`;
}

function shortClean(name: string): string {
  if (cleanLine(name, SHOWN_NAME_CHARS) === name) return name;
  // Only the start is cleaned: a name may be megabytes long, and what cleaning removes is rarely much.
  const cleaned = cleanLine(name.slice(0, SHOWN_NAME_CHARS * 16), Number.MAX_SAFE_INTEGER);
  return `${cleaned.slice(0, safeCutIndex(cleaned, SHOWN_NAME_CHARS)).trimEnd()}… [${name.length} characters, cut and cleaned]`;
}

/** Where each request names what it asks for: the name fields of its params. */
const NAME_FIELDS: Record<string, ReadonlyArray<readonly string[]>> = {
  'tools/call': [['name']],
  'prompts/get': [['name']],
  'resources/read': [['uri']],
  'completion/complete': [
    ['ref', 'name'],
    ['ref', 'uri'],
  ],
};

/**
 * Where a request gives names as the keys of an object: a prompt's arguments, and those of a
 * completion's context. The SDK checks that each value is text, and quotes the name of one that is not.
 */
const NAMED_KEYS: Record<string, ReadonlyArray<readonly string[]>> = {
  'prompts/get': [['arguments']],
  'completion/complete': [['context', 'arguments']],
};

/** `message` with every name it gives in shownName's form; the message itself when none changes (the usual case). */
export function withShownNames<T>(message: T): T {
  const method = (message as { method?: unknown }).method;
  const known = (table: typeof NAME_FIELDS) => (typeof method === 'string' && Object.hasOwn(table, method) ? table[method]! : []);
  let result = message;
  for (const path of known(NAME_FIELDS)) result = replaced(result, ['params', ...path], shownString);
  for (const path of known(NAMED_KEYS)) result = replaced(result, ['params', ...path], shownKeys);
  return result;
}

const shownString = (value: unknown) => (typeof value === 'string' ? shownName(value) : value);

/** An object whose keys are names, each in shownName's form; the object itself when none changes. fromEntries keeps "__proto__" a key. */
function shownKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value);
  if (entries.every(([key]) => shownName(key) === key)) return value;
  return Object.fromEntries(entries.map(([key, inner]) => [shownName(key), inner]));
}

/** `value` with what is at `path` in `shown`'s form, copied along the path only when it changes. */
function replaced<T>(value: T, path: readonly string[], shown: (inner: unknown) => unknown): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const [field, ...rest] = path as [string, ...string[]];
  if (!Object.hasOwn(value, field)) return value;
  const inner = (value as Record<string, unknown>)[field];
  const next = rest.length > 0 ? replaced(inner, rest, shown) : shown(inner);
  return next === inner ? value : { ...value, [field]: next };
}
