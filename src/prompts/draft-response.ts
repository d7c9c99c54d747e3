// The draft_response prompt: the official response the law requires for one record, drafted from the
// record itself (brought into the prompt: no tool call needed) and the law's required content; or,
// for a record already answered, a review of the response sent. Without the business's decision the
// draft commits to nothing and asks for it; the business's own guide (COMPLAINTS_ANSWER_GUIDE) sets
// its remedies, tone and signature, never above the law.
import { z } from 'zod';
import { InvalidArgumentError } from '../errors.js';
import { quoteBlock } from '../format/detail.js';
import { couldBeKey } from '../key-shape.js';
import { stripUnsafe } from '../sanitize.js';
import { type Language, textsIn } from '../texts.js';
import { readAnswerGuide, shownGuidePath } from './answer-guide.js';
import { DRAFT_WORDS } from './draft-response-text.js';
import { recordInPrompt } from './embedded-record.js';
import { completeLanguage, languageArgument, REPORT_TEXT } from './language.js';
import { definePrompt, type PromptContext } from './prompt.js';
import { completeReference, referenceArgument } from './record-argument.js';

/** A decision longer than this is not a decision but a letter: the draft is the model's to write. */
const MAX_DECISION_CHARS = 2000;
const DECISION_RULE = `expected what the business decided, in at most ${MAX_DECISION_CHARS} characters`;

export const draftResponse = definePrompt({
  name: 'draft_response',
  title: 'Draft the official response to a record',
  description:
    "The written official response the law requires for one record (15 business days), drafted from the record itself and the law's required content, or, for a record already answered, a review of the response sent; with the business's decision if given, else the remedy left blank; in Spanish or English.",
  argsSchema: {
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
  },
  complete: { reference: completeReference, language: completeLanguage },
  async build({ reference, decision, language: asked }, context) {
    // Before any request: the key in a form only the key itself tells is refused as its shape is.
    if (decision !== undefined && context.holdsMemberKey(decision)) throw new InvalidArgumentError(`draft_response: ${DECISION_RULE}; it holds your API key`);
    const language = asked ?? context.language;
    const words = textsIn(DRAFT_WORDS, language);
    const { facts, sheet, lines: record } = await recordInPrompt(reference, context, language);
    const answered = facts.deadline.answered;
    const overdueBy = facts.deadline.businessDaysLeft !== null && facts.deadline.businessDaysLeft < 0 ? -facts.deadline.businessDaysLeft : 0;
    const guide = await guideLines(context, language);
    // The member's own words, as written: masking is for what the service sends (a business's own
    // account or line, masked here, would leave the draft with blanks).
    const decided = decision === undefined ? [] : ['', words.decisionHeading, ...quoteBlock([['', stripUnsafe(decision)]])];
    const task = answered
      ? words.review(decision !== undefined)
      : [
          ...(decision === undefined ? words.draftUndecided : words.draftDecided),
          ...(facts.type === 'complaint' ? [words.quejaCheck] : []),
          ...(overdueBy > 0 ? [words.overdue(overdueBy)] : []),
          ...words.draftAlways,
        ];
    const text = [
      answered ? words.reviewOpening(sheet) : words.draftOpening(sheet),
      '',
      ...record,
      ...guide,
      ...decided,
      '',
      ...words.lawContent,
      '',
      ...task,
      '',
      textsIn(REPORT_TEXT, language).legalTerms,
      answered ? words.reviewClosing : words.closing,
    ];
    return { description: answered ? words.reviewDescription(sheet) : words.draftDescription(sheet), text: text.join('\n') };
  },
});

/** The business's guide between lines of ours, read now (an edit applies at once); why it is left out when it cannot be used. */
async function guideLines({ answerGuide, holdsMemberKey }: PromptContext, language: Language): Promise<string[]> {
  if (answerGuide === undefined) return [];
  const words = textsIn(DRAFT_WORDS, language);
  const guide = await readAnswerGuide(answerGuide);
  if ('problem' in guide) return ['', words.guideProblem(guide.problem)];
  // The member's key in a form no shape shows (without its or_, in base64) is known only here.
  if (holdsMemberKey(guide.text)) return ['', words.guideProblem(`${shownGuidePath(answerGuide)} holds your API key in some form: take it out of the guide.`)];
  return ['', words.guideHeading, guide.text, words.guideEnd];
}
