// The draft_response prompt's message: the record, brought into it, the law's required content, the
// business's guide and decision, and the task (a draft, or a review of the response sent).
import { InvalidArgumentError } from '../errors.js';
import { quoteBlock } from '../format/detail.js';
import { stripUnsafe } from '../sanitize.js';
import { type Language, textsIn } from '../texts.js';
import { readAnswerGuide, shownGuidePath } from './answer-guide.js';
import { DECISION_RULE, type DraftResponseArgs } from './draft-response.js';
import { DRAFT_WORDS } from './draft-response-text.js';
import { recordInPrompt } from './embedded-record.js';
import { REPORT_TEXT } from './language.js';
import type { BuiltPrompt, PromptContext } from './prompt.js';

export async function buildDraft({ reference, decision, language: asked }: DraftResponseArgs, context: PromptContext): Promise<BuiltPrompt> {
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
}

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
