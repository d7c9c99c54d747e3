// A minimal stateless MCP client over Streamable HTTP, as a real one behaves: initialize, the
// initialized notification, then tools/call, each a POST with the member's key (or the access token
// of their sign-in). Raw JSON-RPC over a
// shared undici pool: the SDK's client would add its own work to every call; this measures the server.
import type { Pool } from 'undici';

export const PROTOCOL_VERSION = '2025-06-18';

/** Failures by kind ("HTTP 429", "JSON-RPC error -32603", ...), with the first message of each. */
export class ErrorTally {
  readonly counts = new Map<string, number>();
  readonly samples = new Map<string, string>();

  add(kind: string, sample: string): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    if (!this.samples.has(kind)) this.samples.set(kind, sample.slice(0, 300));
  }

  get total(): number {
    let sum = 0;
    for (const count of this.counts.values()) sum += count;
    return sum;
  }
}

/** The JSON-RPC message answering `id` in an SSE body (event: message / data: {...}) or a JSON one. */
function answerIn(body: string, contentType: string, id: number): any {
  if (contentType.includes('application/json')) return JSON.parse(body);
  for (const line of body.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const message = JSON.parse(line.slice(5));
    // The server may send notifications on the stream before the answer; skip them.
    if (message.id === id) return message;
  }
  throw new Error(`no answer to request ${id} in the event stream: ${body.slice(0, 200)}`);
}

export class McpHttpPeer {
  private nextId = 1;
  private readonly headers: Record<string, string>;

  constructor(
    private readonly pool: Pool,
    /** The member's `or_` key, or a sealed access token of the sign-in: sent as the Bearer credential. */
    credential: string,
    private readonly errors: ErrorTally,
  ) {
    this.headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${credential}`,
    };
  }

  /** POSTs one JSON-RPC message; the status and body, or undefined after a network error (counted). */
  private async post(message: object): Promise<{ status: number; contentType: string; body: string } | undefined> {
    try {
      const response = await this.pool.request({ path: '/mcp', method: 'POST', headers: this.headers, body: JSON.stringify(message) });
      // Always read the body: an unread one keeps its connection from being reused.
      const body = await response.body.text();
      return { status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), body };
    } catch (error) {
      const code = (error as { code?: string }).code ?? (error as Error).name;
      this.errors.add(`network ${code}`, String(error));
      return undefined;
    }
  }

  /** A request; its result, or undefined when it failed in any way (counted). */
  private async request(method: string, params: object): Promise<any> {
    const id = this.nextId++;
    const response = await this.post({ jsonrpc: '2.0', id, method, params });
    if (!response) return undefined;
    if (response.status < 200 || response.status > 299) {
      this.errors.add(`${method}: HTTP ${response.status}`, response.body);
      return undefined;
    }
    let answer: any;
    try {
      answer = answerIn(response.body, response.contentType, id);
    } catch (error) {
      this.errors.add(`${method}: unreadable answer`, String(error));
      return undefined;
    }
    if (answer.error) {
      this.errors.add(`${method}: JSON-RPC error ${answer.error.code}`, JSON.stringify(answer.error));
      return undefined;
    }
    return answer.result;
  }

  /** initialize, then notifications/initialized (answered 202 with no body). True when both went through. */
  async handshake(): Promise<boolean> {
    const result = await this.request('initialize', {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 'http-load', version: '1' },
    });
    if (result === undefined) return false;
    const notified = await this.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    if (!notified) return false;
    if (notified.status !== 202) {
      this.errors.add(`notifications/initialized: HTTP ${notified.status} (expected 202)`, notified.body);
      return false;
    }
    return true;
  }

  /** A tools/call; its result, or undefined when it failed, a result with isError included (counted). */
  async callTool(name: string, args: Record<string, unknown>): Promise<any> {
    const result = await this.request('tools/call', { name, arguments: args });
    if (result === undefined) return undefined;
    if (result.isError) {
      const text = (result.content ?? []).map((block: { text?: string }) => block.text ?? '').join(' ');
      this.errors.add(`tools/call ${name}: isError`, text);
      return undefined;
    }
    return result;
  }
}
