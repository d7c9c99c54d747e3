// A server process driven by hand: raw JSON-RPC lines over the built server's stdio. Shows what only
// the raw streams show: every stdout line, stderr, the exit. Everything is recorded for the key scan.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { expect } from 'vitest';
import { SERVER_PATH } from './mcp.js';
import { openTranscript, type Transcript } from './transcript.js';

export interface ToolAnswer {
  text: string;
  isError: boolean;
  structured: any;
}

export class RawServer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly stdoutLines: string[] = [];
  stderr = '';
  private nextId = 1;
  private readonly waiting = new Map<number, (message: any) => void>();
  /** Checks of untilStderr, run as each chunk of stderr arrives. */
  private readonly stderrChecks = new Set<() => void>();
  private readonly transcript: Transcript;
  /** The exit code, once the process has ended and its stdout and stderr are read to the end. */
  private readonly exited: Promise<number | null>;

  /** `env` holds only the COMPLAINTS_* settings (plus PATH): nothing of the developer's environment leaks in. */
  constructor(env: Record<string, string>, args: string[] = []) {
    this.transcript = openTranscript('raw', env);
    this.child = spawn(process.execPath, [SERVER_PATH, ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
    // 'close', not 'exit': the last output may still be in the pipes when the process exits.
    this.exited = new Promise((resolve) => this.child.once('close', (code) => resolve(code)));
    this.child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      this.stderr += text;
      this.transcript.record(text);
      for (const check of this.stderrChecks) check();
    });
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      this.stdoutLines.push(line);
      this.transcript.record(`${line}\n`);
      let message: any;
      try {
        message = JSON.parse(line);
      } catch {
        return; // expectJsonRpcOnly reports it
      }
      this.waiting.get(message?.id)?.(message);
    });
  }

  /**
   * Resolves once stderr matches `pattern` (no g flag), as soon as the line arrives: stderr and stdout
   * are two pipes, so an answer on stdout may come before the log lines written ahead of it.
   */
  untilStderr(pattern: RegExp): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!pattern.test(this.stderr)) return;
        this.stderrChecks.delete(check);
        resolve();
      };
      this.stderrChecks.add(check);
      check();
      // 'close' comes after the last chunk of stderr.
      this.child.once('close', () => {
        if (this.stderrChecks.delete(check)) reject(new Error(`the server ended without writing ${pattern} on stderr:\n${this.stderr}`));
      });
    });
  }

  request(method: string, params: Record<string, unknown> = {}): Promise<any> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  }

  notify(method: string, params?: Record<string, unknown>): void {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method, ...(params ? { params } : {}) })}\n`);
  }

  async initialize(): Promise<any> {
    const answer = await this.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw-test', version: '1.0.0' },
    });
    this.notify('notifications/initialized');
    return answer;
  }

  /** tools/call, read as a model would: the text, the error flag, the structured content. */
  async callTool(name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
    const answer = await this.request('tools/call', { name, arguments: args });
    if (answer.error) return { text: String(answer.error.message), isError: true, structured: undefined };
    const text = (answer.result.content ?? []).map((block: { text?: string }) => block.text ?? '').join('\n');
    return { text, isError: answer.result.isError === true, structured: answer.result.structuredContent };
  }

  /** Closes stdin and resolves with the exit code. */
  async endInput(): Promise<number | null> {
    this.child.stdin.end();
    return this.exited;
  }

  /** Sends a signal and resolves with the exit code (null when the signal, not the server, ended it). */
  async signal(name: NodeJS.Signals): Promise<number | null> {
    this.child.kill(name);
    return this.exited;
  }

  /** For finally blocks: ends the process whatever state it is in. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }
}

/** Every stdout line, from the first byte, is a JSON-RPC 2.0 message. */
export function expectJsonRpcOnly(lines: string[]): void {
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    let message: any;
    expect(() => (message = JSON.parse(line)), `stdout line is not JSON: ${line.slice(0, 120)}`).not.toThrow();
    expect(message.jsonrpc).toBe('2.0');
    expect('result' in message || 'error' in message || 'method' in message).toBe(true);
  }
}
