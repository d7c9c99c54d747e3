// A minimal MCP client over a child's stdio: JSON lines out, JSON lines in. The SDK's client would
// add its own work (result validation, schema caching) to every call; this measures the server.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { launchLine } from './launch.js';
import { memoryMb } from './proc.js';

export class StdioPeer {
  readonly child: ChildProcessWithoutNullStreams;
  private nextId = 1;
  private readonly waiting = new Map<number, (message: any) => void>();
  private readonly exited: Promise<void>;

  constructor(command: string, args: string[], env: Record<string, string>) {
    this.child = spawn(command, args, { env: { PATH: process.env.PATH ?? '', ...env } });
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
    this.child.stderr.resume();
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      const message = JSON.parse(line);
      this.waiting.get(message.id)?.(message);
      this.waiting.delete(message.id);
    });
  }

  /** `scriptPath` started as its launch line says (launch.ts), then `args`. */
  static launch(scriptPath: string, env: Record<string, string>, args: string[] = []): StdioPeer {
    const [command, launchArgs] = launchLine(scriptPath);
    return new StdioPeer(command, [...launchArgs, ...args], env);
  }

  request(method: string, params: Record<string, unknown> = {}): Promise<any> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  }

  async initialize(): Promise<void> {
    await this.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } });
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  }

  /** A tools/call; throws when the result is an error, so that a benchmark never times failures. */
  async callTool(name: string, args: Record<string, unknown>): Promise<{ text: string; structured: any }> {
    const answer = await this.request('tools/call', { name, arguments: args });
    const result = answer.result;
    if (!result || result.isError) throw new Error(`${name} failed: ${JSON.stringify(answer).slice(0, 300)}`);
    return { text: result.content.map((block: { text?: string }) => block.text ?? '').join('\n'), structured: result.structuredContent };
  }

  /** Resident set size of the child and its anonymous part, in MB (Linux /proc). */
  memoryMb(): Promise<{ rss: number; rssAnon: number }> {
    return memoryMb(this.child.pid!);
  }

  async stop(): Promise<void> {
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 2000);
    await this.exited;
    clearTimeout(timer);
  }
}
