// The draft_response prompt: the official response the law requires for one record, drafted from the
// record itself (brought into the prompt: no tool call needed) and the law's required content; or,
// for a record already answered, a review of the response sent. Without the business's decision the
// draft commits to nothing and asks for it; the business's own guide (COMPLAINTS_ANSWER_GUIDE) sets
// its remedies, tone and signature, never above the law.
import { z } from 'zod';
import { couldBeKey } from '../key-shape.js';
import { completeLanguage, languageArgument } from './language.js';
import { definePrompt, type PromptArgs } from './prompt.js';
import { completeReference, referenceArgument } from './record-argument.js';

/** A decision longer than this is not a decision but a letter: the draft is the model's to write. */
const MAX_DECISION_CHARS = 2000;
export const DECISION_RULE = `expected what the business decided, in at most ${MAX_DECISION_CHARS} characters`;

const draftArgs = {
  reference: referenceArgument,
  decision: z
    .string({ error: DECISION_RULE })
    .trim()
    .min(1, DECISION_RULE)
    .max(MAX_DECISION_CHARS, DECISION_RULE)
    // A key pasted by mistake is refused, never repeated into the conversation: by its shape here
    // (full width, escaped, without its "or_"), and in build by the member's own key in any spelling.
    .refine((value) => !couldBeKey(value), `${DECISION_RULE}; it looks like it holds an API key or a token`)
    .optional()
    .describe(
      'What the business decided, in your words: accept, accept in part or reject, and the remedy with its dates, or the reasons (e.g. "accept: refund S/ 120 to the card within 5 business days"). Without it, the draft leaves the remedy blank and asks.',
    ),
  language: languageArgument.describe(
    "The language of the notes to you: es (Spanish) or en (English); default COMPLAINTS_LANGUAGE, itself es. The letter itself is in the consumer's language.",
  ),
};
export type DraftResponseArgs = PromptArgs<typeof draftArgs>;

export const draftResponse = definePrompt({
  name: 'draft_response',
  title: 'Draft the official response to a record',
  description:
    "The written official response the law requires for one record (15 business days), drafted from the record itself and the law's required content, or, for a record already answered, a review of the response sent; with the business's decision if given, else the remedy left blank; in Spanish or English.",
  argsSchema: draftArgs,
  complete: { reference: completeReference, language: completeLanguage },
  build: async (args, context) => (await import('./draft-response-build.js')).buildDraft(args, context),
});
