// The shape of one tool: a file that exports a `defineTool(...)` (what a client lists: name,
// description, arguments, answer), the file of its `run` beside it (what answers, loaded at the
// tool's first call, so that start-up loads only what the handshake and tools/list need), and its line
// in catalog.ts (CONTRIBUTING.md's "Adding a tool" has the rest). Tools know nothing of the MCP SDK:
// server.ts registers them.
import type { z } from 'zod';
import type { MemberReadings } from '../api/recent-readings.js';
import type { ComplaintsReader } from '../contract/operations.js';
import type { Clock } from '../domain/clock.js';
import type { RegisterDelivery } from '../export/delivery.js';
import type { AppView } from '../resources/overview-view.js';
import type { Language } from '../texts.js';

/** Every description says it: the output is written for the model, and the member reads the model's reply. */
export const REPLY_IN_MEMBERS_LANGUAGE = "Reply in the member's language; in Spanish, with the law's terms (reclamo, queja, días hábiles, respuesta oficial).";

export interface ToolContext {
  /** The API client; rejects with a UserFacingError naming the setting when the server is not configured. */
  api: () => Promise<ComplaintsReader>;
  clock: Clock;
  /** COMPLAINTS_REDACT_PII: mask the consumer's identifiers and contact data before formatting. */
  redactPii: boolean;
  /** Aborted when the client cancels the call or the transport closes. */
  signal: AbortSignal;
  /**
   * Runs a read of every unresolved record or every page of a period (the heavy reads) once one of the
   * process's few slots for them is free: what such reads hold in memory stays bounded however many
   * members run them at once. Rejects with a text for the member when no slot frees in time.
   */
  readBook: <T>(read: () => Promise<T>) => Promise<T>;
  /** The readings a deadline list's first page made, kept a minute for its next pages (api/recent-readings.ts). */
  listReadings: MemberReadings;
  /** Sends notifications/progress when the client asked for them (a progress token); a no-op otherwise. */
  progress: (done: number, total: number, message?: string) => void;
  /** COMPLAINTS_LANGUAGE: the language of what a tool writes for people (a register's columns). */
  language: Language;
  /** Where a register goes: a file over stdio, a download link over HTTP. */
  register: RegisterDelivery;
}

/** A file or link the answer points to, beside its text (MCP's resource_link). */
export interface AnswerLink {
  uri: string;
  name: string;
  mimeType: string;
  description?: string;
  size?: number;
}

export interface ToolResult<Structured> {
  /** What the model reads. */
  text: string;
  /** The same facts, typed, matching the tool's outputSchema. */
  structured: Structured;
  /** What the answer made, to open (a register's file or download link). */
  links?: AnswerLink[];
}

export interface ToolDefinition<Input extends z.ZodRawShape, Output extends z.ZodRawShape> {
  name: string;
  title: string;
  /** One sentence for the lists a person reads beside other programs' tools (the .mcpb's manifest.json). */
  summary: string;
  /** Says when to use the tool rather than another, how to page, and shows example calls. */
  description: string;
  inputSchema: Input;
  outputSchema: Output;
  /** The view (MCP Apps) that hosts able to render one show with the result; its data is the structured answer. */
  view?: AppView;
  /** How long a call may take, when more than COMPLAINTS_TIMEOUT_MS (a whole register); each request is still bounded by it. */
  callBoundMs?: number;
  /** The tool writes a new file on the member's computer (never over one): not read-only, for the client's hints. */
  writesFiles?: true;
  /** Answers a call: a dynamic import of the tool's run file, then its function (catalog.test.ts checks it is loaded no earlier). */
  run(args: ToolArgs<Input>, context: ToolContext): Promise<ToolAnswer<Output>>;
}

/** The arguments a tool's run is given: what its input schema makes of the call's arguments. */
export type ToolArgs<Input extends z.ZodRawShape> = z.output<z.ZodObject<Input>>;

/** What a tool's run answers: the text, and the structured answer its output schema declares. */
export type ToolAnswer<Output extends z.ZodRawShape> = ToolResult<z.output<z.ZodObject<Output>>>;

export function defineTool<Input extends z.ZodRawShape, Output extends z.ZodRawShape>(
  definition: ToolDefinition<Input, Output>,
): ToolDefinition<Input, Output> {
  return definition;
}
