// Input rules shared by the tools. The SDK validates arguments against these before a handler runs,
// so a malformed call gets one isError text naming the field and the rule, and nothing is sent upstream.
import { z } from 'zod';
import { isUuid } from '../domain/reference.js';
import { holdsKeyShape, looksLikeToken } from '../key-shape.js';
import { quoted } from '../sanitize.js';

/**
 * A whole number in [min, max], `fallback` when absent. Some clients send numbers as strings ("2"):
 * a string of digits is read as its number; anything else (true, "2.5", "two") is refused, not guessed.
 */
export function wholeNumber({ min, max, fallback }: { min: number; max?: number; fallback: number }) {
  const rule = max === undefined ? `expected a whole number from ${min}` : `expected a whole number from ${min} to ${max}`;
  const number = z.number({ error: rule }).int(rule).min(min, rule);
  // The default sits inside the pipe so that the JSON Schema clients see still shows it.
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    (max === undefined ? number : number.max(max, rule)).default(fallback),
  );
}

/**
 * A uuid, checked here as zod's guid is, but shown to the model as `format: uuid` alone: the pattern
 * zod would add costs some 40 tokens in every tool definition and tells the model nothing more.
 */
export function uuidInput(rule: string) {
  return z.string({ error: rule }).refine(isUuid, rule).meta({ format: 'uuid' });
}

/**
 * The tool's arguments as a strict object: an unknown argument (say `state` for `status`) is refused
 * with the list of accepted ones, instead of being dropped and silently widening the query.
 */
export function strictArguments<Shape extends z.ZodRawShape>(toolName: string, shape: Shape) {
  const accepted = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown argument ${unknownNames(issue.keys)}: ${toolName} accepts ${accepted}`
        : `expected an object of arguments: ${toolName} accepts ${accepted}`,
  });
}

/**
 * The SDK's parsing of a tools/call request drops an argument named "__proto__" (zod keeps such a key
 * from replacing an object's prototype) before the strict schema above runs, so that one unknown
 * argument would pass unnoticed. Given the arguments exactly as the client sent them: the refusal the
 * strict schema gives when they hold that key, else undefined.
 */
export function protoArgumentRefusal(toolName: string, shape: z.ZodRawShape, args: unknown): string | undefined {
  if (typeof args !== 'object' || args === null || !Object.hasOwn(args, '__proto__')) return undefined;
  const parsed = strictArguments(toolName, shape).safeParse(args);
  if (parsed.success) return undefined;
  return parsed.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.message} at ${issue.path.join('.')}` : issue.message)).join('\n');
}

/** The caller's own argument names, quoted, cleaned and cut: a name is untrusted text like any other; one that holds a key is not shown. */
function unknownNames(names: readonly string[]): string {
  const shown = names
    .slice(0, 5)
    .map((name) => (holdsKeyShape(name) || looksLikeToken(name) ? '(a name that looks like a key or a token, not shown)' : quoted(name, 40)));
  return names.length > shown.length ? `${shown.join(', ')} (and ${names.length - shown.length} more)` : shown.join(', ');
}

/** A flag, true or false; some clients send booleans as strings. */
export const booleanInput = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^(true|false)$/i.test(value.trim()) ? value.trim().toLowerCase() === 'true' : value),
    z.boolean({ error: 'expected true or false' }),
  );
