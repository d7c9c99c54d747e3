// The summarize_complaint prompt: one record, its history and what is still owed, summarized from the
// record itself, which the prompt brings (no tool call needed). summarize-complaint-build.ts writes it.
import { completeLanguage, languageArgument } from './language.js';
import { definePrompt, type PromptArgs } from './prompt.js';
import { completeReference, referenceArgument } from './record-argument.js';

const summaryArgs = {
  reference: referenceArgument,
  language: languageArgument,
};
export type SummarizeComplaintArgs = PromptArgs<typeof summaryArgs>;

export const summarizeComplaint = definePrompt({
  name: 'summarize_complaint',
  title: 'Summarize a complaint or claim',
  description:
    'A summary of one record and its history, from the record itself: what happened, what the consumer asks for, the legal deadline, and what is still owed; in Spanish or English.',
  argsSchema: summaryArgs,
  complete: { reference: completeReference, language: completeLanguage },
  build: async (args, context) => (await import('./summarize-complaint-build.js')).buildSummary(args, context),
});
