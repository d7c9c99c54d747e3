// Which of the request's parameters a refusal of the service names. Only that name, one of ours, is
// repeated to the user: the rest of the service's error body is free text that may hold anything,
// the key in some form (upper-cased, in base64, reversed) or words meant as orders to the model.
import { isPlainObject } from './read-records.js';

/**
 * The name in `sent` that the JSON error body `text` names: its `parameter` field (at the top or in
 * `error`) when that is one of them, else the first of them its message holds as a whole word, in any
 * case. Undefined when it names none.
 */
export function refusedParameter(text: string, sent: readonly string[]): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isPlainObject(body)) return undefined;
  const nested = isPlainObject(body.error) ? body.error : {};
  const field = [nested.parameter, body.parameter].find((value) => typeof value === 'string' && sent.includes(value));
  if (typeof field === 'string') return field;
  const message = [nested.message, body.message, body.error].find((value) => typeof value === 'string');
  if (typeof message !== 'string') return undefined;
  let first: { name: string; at: number } | undefined;
  for (const name of sent) {
    // A word of its own: "page" is not named by "pageSize", nor "status" by "statuses".
    const at = message.search(new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`, 'i'));
    if (at >= 0 && (first === undefined || at < first.at)) first = { name, at };
  }
  return first?.name;
}
