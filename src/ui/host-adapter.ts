// What speaks to the host, over host-connection.ts's JSON-RPC: the handshake (ui/initialize, then
// initialized and the size reports), the tools called through tools/call, the member's messages put
// in the conversation through ui/message, and the host's notifications routed by name. Results are
// read without trust here (a host may pass on anything), so the rest of the view handles an outcome,
// never a raw message.
import { HostConnection, type Params, PROTOCOL_VERSION, RpcError, reportSize } from './host-connection.js';
import { fields, list, objectOf, text } from './read.js';

/** A host's error text is shown, but not without end. */
export const MAX_ERROR_CHARS = 2000;

/** What a tools/call answered: whether it succeeded, its structuredContent, its text (for errors). */
export interface ToolOutcome {
  ok: boolean;
  structured: unknown;
  message: string;
}

/** What the host tells the view of its own accord. */
export interface HostEvents {
  /** The arguments of the tool call the view shows. */
  toolInput(args: unknown): void;
  /** The tool call's result (a CallToolResult, unchecked). */
  toolResult(result: Params): void;
  toolCancelled(): void;
  /** Part of the host's context (theme, locale, style variables) changed. */
  contextChanged(partial: Params): void;
}

/** A CallToolResult read without trust: its text blocks joined (for errors), its structuredContent. */
export function outcomeOf(result: unknown): ToolOutcome {
  const fieldsOf = fields<{ content: unknown; structuredContent: unknown; isError: unknown }>(result);
  const message = list(fieldsOf.content)
    .map((block) => fields<{ type: unknown; text: unknown }>(block))
    .filter((block) => block.type === 'text')
    .map((block) => text(block.text) ?? '')
    .join('\n')
    .slice(0, MAX_ERROR_CHARS);
  return { ok: fieldsOf.isError !== true, structured: fieldsOf.structuredContent, message };
}

/** The message of a failed request (the host's error, or the view's giving up), cut; '' when it has none. */
export function errorMessage(error: unknown): string {
  const message = error instanceof RpcError || error instanceof Error ? error.message : '';
  return message.slice(0, MAX_ERROR_CHARS);
}

/** A plain object (read.ts's objectOf), as the parameters of a message. */
export const isObject = (value: unknown): value is Params => objectOf(value) !== undefined;

export class Host {
  private readonly connection: HostConnection;

  constructor(events: HostEvents, target: Window = window.parent) {
    this.connection = new HostConnection(target, (method, params) => {
      switch (method) {
        case 'ui/notifications/tool-input':
          events.toolInput(params.arguments);
          return;
        case 'ui/notifications/tool-result':
          events.toolResult(params);
          return;
        case 'ui/notifications/tool-cancelled':
          events.toolCancelled();
          return;
        case 'ui/notifications/host-context-changed':
          events.contextChanged(params);
          return;
        default:
          // tool-input-partial and anything newer: nothing to draw from.
          return;
      }
    });
  }

  /** Listens and asks ui/initialize. Answers the host's context and capabilities, each unchecked. */
  async initialize(): Promise<{ hostContext: unknown; hostCapabilities: unknown }> {
    this.connection.start();
    const result = fields<{ hostContext: unknown; hostCapabilities: unknown }>(
      await this.connection.request('ui/initialize', {
        protocolVersion: PROTOCOL_VERSION,
        appInfo: { name: 'complaints-book-mcp overview', version: '1' },
        appCapabilities: { availableDisplayModes: ['inline'] },
      }),
    );
    return { hostContext: result.hostContext, hostCapabilities: result.hostCapabilities };
  }

  /** Says initialized and starts the size reports: after the caller has taken the context initialize answered. */
  initialized(): void {
    this.connection.notify('ui/notifications/initialized', {});
    reportSize((size) => this.connection.notify('ui/notifications/size-changed', size));
  }

  /**
   * Puts `text` in the conversation as the member's message (ui/message: role user, one text block).
   * True when the host took it, false when it answered isError; rejects when the request fails.
   */
  async sendMessage(text: string): Promise<boolean> {
    const result = await this.connection.request('ui/message', { role: 'user', content: [{ type: 'text', text }] });
    return fields<{ isError: unknown }>(result).isError !== true;
  }

  /** One tools/call through the host, its result read by outcomeOf. Rejects when the request fails. */
  async callTool(name: string, args: Params): Promise<ToolOutcome> {
    return outcomeOf(await this.connection.request('tools/call', { name, arguments: args }));
  }
}
