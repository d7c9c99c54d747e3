// The shape of one prompt: adding a prompt means adding one file that exports a `definePrompt(...)`;
// a build that reads the service goes in <prompt>-build.ts, which `build` imports when first asked for,
// so that start-up loads none of it. Like the tools, prompts know nothing of the MCP SDK; server.ts
// registers them.
import type { z } from 'zod';
import type { Clock } from '../domain/clock.js';
import type { ToolContext } from '../tools/tool.js';
import type { Language } from './language.js';

/**
 * What the member's settings decide for every prompt: the language of a report not given one, and
 * the clock and time zone that a default period (the last full month, say) is counted in.
 */
export interface PromptDefaults {
  language: Language;
  clock: Clock;
  /** COMPLAINTS_ANSWER_GUIDE: the business's own guide to its answers (a file read when a prompt is built), if set. */
  answerGuide: string | undefined;
  /** Whether a text holds the member's key in any form the key check knows (the key itself is not given). */
  holdsMemberKey: (text: string) => boolean;
}

/**
 * What a prompt may use when it is built or completes an argument: the settings, and the service read
 * as a tool reads it (the same key, gates and masking), within a deadline of its own.
 */
export type PromptContext = PromptDefaults & Pick<ToolContext, 'api' | 'redactPii' | 'signal' | 'readBook'>;

/**
 * An argument refused by what only build can check (a month not begun yet by the member's clock):
 * server.ts answers it as the SDK answers an argument its schema refuses (invalid params).
 */
export class PromptArgumentError extends Error {
  override name = 'PromptArgumentError';
}

/** What a prompt puts in the conversation: one user message. */
export interface BuiltPrompt {
  description: string;
  text: string;
}

export interface PromptDefinition<Args extends z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  argsSchema: Args;
  /** Completions of an argument's value as the user types it, by argument name. */
  complete?: { [K in keyof Args]?: (value: string, context: PromptContext) => string[] | Promise<string[]> };
  /** The one user message the prompt puts in the conversation. */
  build(args: PromptArgs<Args>, context: PromptContext): BuiltPrompt | Promise<BuiltPrompt>;
}

/** The arguments a prompt's build is given: what its argument schemas make of the request's. */
export type PromptArgs<Args extends z.ZodRawShape> = z.output<z.ZodObject<Args>>;

export function definePrompt<Args extends z.ZodRawShape>(definition: PromptDefinition<Args>): PromptDefinition<Args> {
  return definition;
}
