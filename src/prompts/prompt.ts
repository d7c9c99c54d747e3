// The shape of one prompt: adding a prompt means adding one file that exports a `definePrompt(...)`.
// Like the tools, prompts know nothing of the MCP SDK; server.ts registers them.
import type { z } from 'zod';
import type { Language } from './language.js';

/** What the member's settings decide for every prompt: the language of a report not given one. */
export interface PromptDefaults {
  language: Language;
}

export interface PromptDefinition<Args extends z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  argsSchema: Args;
  /** Completions of an argument's value as the user types it, by argument name. */
  complete?: { [K in keyof Args]?: (value: string) => string[] };
  /** The one user message the prompt puts in the conversation. */
  build(args: z.output<z.ZodObject<Args>>, defaults: PromptDefaults): { description: string; text: string };
}

export function definePrompt<Args extends z.ZodRawShape>(definition: PromptDefinition<Args>): PromptDefinition<Args> {
  return definition;
}
