// Tool schemas every client can take. The MCP Inspector v2's schema portability check (`--strict`)
// runs over the built server's tools/list in --demo mode, through the Inspector's own CLI and a real
// stdio pipe. Our own stricter rule (no `type` array, no union with null), which the Inspector does not
// flag, walks the same schemas in process: test/tools/schema-portability.test.ts.
//
// The Inspector prints nothing at all for a clean list, so a stand-in server with known findings
// (helpers/unportable-server.mjs) shows that the report read here is the one it writes.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/tools/catalog.js';
import { INSPECTOR_V2_CLI, inspectorEnv } from '../helpers/inspector-v2.js';
import { SERVER_PATH } from '../helpers/mcp.js';
import { openTranscript } from '../helpers/transcript.js';

const UNPORTABLE_SERVER = fileURLToPath(new URL('../helpers/unportable-server.mjs', import.meta.url));
const TIMEOUT_MS = 15_000;

interface ListedTool {
  name: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
}

interface InspectorReport {
  code: number | null;
  tools: ListedTool[];
  /** From the JSON answer, one line each, spelled as the Inspector prints them: `Warning: tool "x" at outputSchema.properties.y`. */
  findings: string[];
  /** The same, read from the text report on stderr. */
  printed: string[];
  /** "0 errors, 99 warnings across 3 tools." when there was any finding; the Inspector prints no summary otherwise. */
  summary: string | undefined;
  stderr: string;
}

interface SchemaFinding {
  rule: string;
  severity: 'error' | 'warning';
  schema: string;
  path: string;
}

/** A directory standing in for the Inspector's home: its catalog, client config and OAuth store all point here. */
let inspectorHome: string;

/**
 * `inspector --method tools/list --strict --format json -- <target>`, with the Inspector's state kept
 * in a temporary directory. The Inspector and the server it starts run in a process group of their
 * own, killed whole if anything is left of it once the Inspector exits or the run times out.
 */
function inspectTools(target: string[]): Promise<InspectorReport> {
  const child = spawn(process.execPath, [INSPECTOR_V2_CLI, '--method', 'tools/list', '--strict', '--format', 'json', '--', ...target], {
    cwd: inspectorHome,
    env: inspectorEnv(inspectorHome),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // ESRCH: nothing left of the group.
    }
  };
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise<InspectorReport>((resolve, reject) => {
    const timer = setTimeout(() => {
      killGroup();
      reject(new Error(`The Inspector did not finish within ${TIMEOUT_MS} ms. Its stderr:\n${stderr}`));
    }, TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      killGroup();
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      killGroup();
      openTranscript('inspector-portability', {}).record(stdout + stderr);
      try {
        resolve(readReport(code, stdout, stderr));
      } catch (error) {
        reject(error);
      }
    });
  });
}

function readReport(code: number | null, stdout: string, stderr: string): InspectorReport {
  let answer: { result?: { tools?: ListedTool[] }; schemaFindings?: Array<{ toolName: string; findings: SchemaFinding[] }> };
  try {
    answer = JSON.parse(stdout);
  } catch {
    throw new Error(`The Inspector exited with ${code} without a JSON answer on stdout.\nstdout: ${stdout.slice(0, 500)}\nstderr:\n${stderr}`);
  }
  if (!Array.isArray(answer.result?.tools)) throw new Error(`No tools/list result in the Inspector's answer: ${stdout.slice(0, 500)}`);
  const findings = (answer.schemaFindings ?? []).flatMap(({ toolName, findings: found }) =>
    found.map(
      (finding) =>
        `${finding.severity === 'error' ? 'Error' : 'Warning'}: tool "${toolName}" at ${finding.path === '' ? finding.schema : `${finding.schema}.${finding.path}`} (${finding.rule})`,
    ),
  );
  // The text report: `Warning: tool "x"` then `  Path: outputSchema.properties.y`, per finding.
  const printed: string[] = [];
  const lines = stderr.split('\n');
  lines.forEach((line, index) => {
    const head = /^(Warning|Error): tool "(.*)"$/.exec(line);
    const path = /^ {2}Path: (.*)$/.exec(lines[index + 1] ?? '');
    if (head && path) printed.push(`${head[1]}: tool "${head[2]}" at ${path[1]}`);
  });
  const summary = lines.find((line) => /^\d+ errors?, \d+ warnings? across \d+ tools?\.$/.test(line));
  return { code, tools: answer.result.tools, findings, printed, summary, stderr };
}

/** "1 error, 2 warnings across 1 tool.", as the Inspector spells its summary. */
function expectedSummary(findings: string[]): string | undefined {
  if (findings.length === 0) return undefined;
  const errors = findings.filter((finding) => finding.startsWith('Error:')).length;
  const warnings = findings.length - errors;
  const tools = new Set(findings.map((finding) => /tool "(.*)" at /.exec(finding)?.[1])).size;
  const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')} across ${plural(tools, 'tool')}.`;
}

let ours: InspectorReport;
let unportable: InspectorReport;

beforeAll(async () => {
  inspectorHome = mkdtempSync(join(tmpdir(), 'complaints-mcp-inspector-'));
  [ours, unportable] = await Promise.all([inspectTools([process.execPath, SERVER_PATH, '--demo']), inspectTools([process.execPath, UNPORTABLE_SERVER])]);
});

afterAll(() => {
  if (inspectorHome) rmSync(inspectorHome, { recursive: true, force: true });
});

describe("the MCP Inspector's schema portability check (--strict)", () => {
  it('reads the findings of a server that has some, as the Inspector prints them', () => {
    const expected = [
      'Warning: tool "unportable" at inputSchema.properties.nullable (type-union)',
      'Error: tool "unportable" at inputSchema.properties.anything (boolean-schema)',
      'Warning: tool "unportable" at outputSchema.properties.untyped (untyped-schema)',
    ];
    expect(unportable.findings).toEqual(expected);
    expect(unportable.printed).toEqual(expected.map((finding) => finding.replace(/ \(.*\)$/, '')));
    expect(unportable.summary).toBe('1 error, 2 warnings across 1 tool.');
    expect(unportable.code).toBe(6); // --strict: an error-severity finding
  });

  it('lists every tool of the catalog', () => {
    const names = ours.tools.map((tool) => tool.name);
    expect(names.length).toBeGreaterThanOrEqual(3);
    expect([...names].sort()).toEqual(TOOLS.map((tool) => tool.name).sort());
  });

  it('finds no error and no warning in any tool schema', () => {
    // The Inspector's summary, or nothing when there is no finding: its text report and JSON agree.
    expect(ours.printed, ours.summary).toEqual(ours.findings.map((finding) => finding.replace(/ \(.*\)$/, '')));
    expect(ours.summary).toBe(expectedSummary(ours.findings));
    expect(ours.findings, `The Inspector reports ${ours.summary ?? 'findings'} Fix these schemas`).toEqual([]);
    expect(ours.code, ours.stderr).toBe(0);
  });
});
