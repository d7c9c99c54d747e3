// Runs `complaints-book-mcp check` from the built server as a user would, asynchronously (a sandbox
// or a fault server may answer from the test's own process), and records its output for the key scan.
import { spawn } from 'node:child_process';
import { SERVER_PATH } from './mcp.js';
import { openTranscript } from './transcript.js';

/** `env` holds only the COMPLAINTS_* settings (and PATH): nothing of the developer's own environment leaks in. */
export async function runCheck(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const transcript = openTranscript('check', env);
  const child = spawn(process.execPath, [SERVER_PATH, 'check'], { env: { PATH: process.env.PATH ?? '', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  transcript.record(stdout + stderr);
  return { code, stdout, stderr };
}
