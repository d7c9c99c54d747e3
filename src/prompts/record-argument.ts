// The `reference` argument of the prompts about one record: read as get_complaint reads its reference
// (a correlative, its number alone for this year's, a tracking code, or the record's uuid), and completed with the records a manager
// answers first: the unanswered ones nearest to, or past, the law's deadline (reference-completion.ts,
// loaded at the first completion).
import { z } from 'zod';
import { REFERENCE_PATTERN, REFERENCE_RULE } from '../domain/reference.js';
import { couldBeKey } from '../key-shape.js';
import type { PromptContext } from './prompt.js';

export const referenceArgument = z
  .string({ error: REFERENCE_RULE })
  .trim()
  .regex(REFERENCE_PATTERN, `${REFERENCE_RULE}, or a record's uuid`)
  // As get_complaint's reference, and neither the key's body without its "or_" (a token): never sent as a search.
  .refine((value) => !couldBeKey(value), `${REFERENCE_RULE}, or a record's uuid`)
  .describe("The correlative (000000481-2026, or 481 for this year's), tracking code (RCL-7KQ2-M9XD) or id of the record.");

/** The most urgent records that hold what was typed, from reference-completion.ts, loaded at the first completion. */
export async function completeReference(value: string, context: PromptContext): Promise<string[]> {
  return (await import('./reference-completion.js')).completeReference(value, context);
}
