// `complaints-book-mcp check`: is this configuration ready? Prints the settings (the key masked), calls
// the API once with pageSize=1, and says in one line each whether the URL answers, the key is
// accepted, the permission is there, and how many records the key sees. The exit code says which
// failed first, so that a script (or a person) can tell without reading. The answer guide's problems are
// said too, as warnings: they never stop a tool call, so they do not change the exit code.
import { access, constants, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { lazyApiClient } from '../api/lazy-client.js';
import { VERDICT_LABELS, verdictOf } from '../api/verdict.js';
import { type Config, loadConfig } from '../config.js';
import { defaultExportFolder } from '../export/file-delivery.js';
import { holdsKnownKey, looksLikeToken, wrappedInQuotes } from '../key-shape.js';
import { type AnswerGuide, readAnswerGuide, shownGuidePath } from '../prompts/answer-guide.js';
import { thousands } from '../thousands.js';

const CHECK_EXIT = {
  ok: 0,
  /** A setting is missing or malformed: nothing was sent. */
  configuration: 3,
  /** The URL did not answer (DNS, connection, timeout), or not as the service's (404 on the list, plain HTTP behind https://). */
  unreachable: 4,
  /** The service refused the key (401). */
  keyRefused: 5,
  /** The key is accepted, but its member lacks complaints.view (403). */
  noPermission: 6,
  /** The service answered otherwise (5xx, an unexpected body or status). */
  serviceError: 7,
} as const;

/** "or_••••1a2b": enough to tell keys apart, not to use one. */
export function maskKey(key: string): string {
  // Its ends would be the quotes and the key's last three characters: said instead (config names the fix).
  if (wrappedInQuotes(key)) return '(wrapped in quotation marks; not shown)';
  // Too short to show any of it: only the prefix, and only when it is the right one.
  if (key.length <= 7) return key.startsWith('or_') ? 'or_••••' : '••••';
  return `${key.slice(0, 3)}••••${key.slice(-4)}`;
}

/** A refused URL is shown as given, but never the credentials or a key in it, in any form (refused too). */
function shownUrl(config: Config, raw: string | undefined, key: string | undefined): string {
  if (config.apiUrl !== undefined) return config.apiUrl;
  if (!raw) return '(not set)';
  if (holdsKnownKey(raw, key)) return '(not shown: it holds a value that looks like an API key)';
  if (looksLikeToken(raw)) return '(not shown: it holds a value that looks like a key or a token)';
  return raw.replace(/\/\/[^/@]*@/, '//••••@');
}

/** Where each setting's value starts: after the longest name and two spaces. */
const VALUE_COLUMN = 'COMPLAINTS_ANSWER_GUIDE'.length + 2;

/** A guide's path that holds the member's key in a form only the key itself tells (holdsKnownKey): hidden in its problem too. */
const GUIDE_PATH_WITH_KEY = '(a path not shown: it holds a value that looks like an API key)';

/**
 * The guide's settings line: its path and size, or why neither is shown. The path is not secret, but
 * a key pasted into it (in any form) or a token is never printed, as for the URL.
 */
async function shownGuide(raw: string | undefined, path: string | undefined, key: string | undefined, guide: AnswerGuide | undefined): Promise<string> {
  if (!raw) return '(not set)';
  // A relative path is refused with the settings' warnings.
  if (path === undefined || guide === undefined || !isAbsolute(path)) return '(not valid: see below)';
  if (holdsKnownKey(path, key)) return '(not shown: it holds a value that looks like an API key)';
  if (looksLikeToken(path)) return '(not shown: it holds a value that looks like a key or a token)';
  if ('problem' in guide) return `${shownGuidePath(path)} (not usable: see below)`;
  // The file's size, which the cap is about; none when it went away since it was read.
  const size = await stat(path).then(
    (found) => ` (${thousands(found.size)} bytes)`,
    () => '',
  );
  return `${shownGuidePath(path)}${size}`;
}

/**
 * Where export_complaints writes registers: the folder set, or the default it falls back on; and,
 * when registers cannot be written there, why, for a `!` line (a warning: the other tools work).
 */
async function exportFolderLine(folder: string | undefined, key: string | undefined): Promise<{ shown: string; problem?: string }> {
  if (folder === undefined) return { shown: `(not set: ${await defaultExportFolder()})` };
  if (folder === '' || holdsKnownKey(folder, key)) return { shown: '(not shown: it holds a value that looks like an API key)' };
  if (!isAbsolute(folder)) return { shown: '(not valid: see below)' };
  const found = await stat(folder).catch(() => undefined);
  const writable =
    found?.isDirectory() === true &&
    (await access(folder, constants.W_OK).then(
      () => true,
      () => false,
    ));
  if (writable) return { shown: folder };
  const why = found === undefined ? 'there is no such folder' : !found.isDirectory() ? 'it is a file, not a folder' : 'this user may not write in it';
  return {
    shown: `${folder} (not usable: see below)`,
    problem: `COMPLAINTS_EXPORT_DIR names ${folder}, but ${why}: export_complaints writes no register until it names a folder you can write to.`,
  };
}

export async function runCheck(env: Record<string, string | undefined>, print: (line: string) => void): Promise<number> {
  const config = loadConfig(env);
  const rawKey = env.COMPLAINTS_API_KEY?.trim();
  const setting = (name: string, value: string) => print(`  ${name.padEnd(VALUE_COLUMN)}${value}`);
  print('Settings:');
  setting('COMPLAINTS_API_URL', shownUrl(config, env.COMPLAINTS_API_URL?.trim(), rawKey));
  setting('COMPLAINTS_API_KEY', rawKey ? maskKey(rawKey) : '(not set)');
  // A refused value is not shown as the default the server would fall back on: the line below says why it is refused.
  const shown = (name: string, value: unknown) =>
    config.problems.some((problem) => problem.startsWith(`${name} `)) ? '(not valid: see below)' : String(value);
  setting('COMPLAINTS_TIMEOUT_MS', shown('COMPLAINTS_TIMEOUT_MS', config.timeoutMs));
  setting('COMPLAINTS_TIMEZONE', shown('COMPLAINTS_TIMEZONE', config.timeZone));
  setting('COMPLAINTS_REDACT_PII', shown('COMPLAINTS_REDACT_PII', config.redactPii));
  setting('COMPLAINTS_LANGUAGE', config.language);
  // Read now, as a prompt would read it.
  const guidePath = config.answerGuide;
  const guide = guidePath === undefined ? undefined : await readAnswerGuide(guidePath);
  setting('COMPLAINTS_ANSWER_GUIDE', await shownGuide(env.COMPLAINTS_ANSWER_GUIDE?.trim(), guidePath, rawKey, guide));
  const exportFolder = await exportFolderLine(config.exportDir, rawKey);
  setting('COMPLAINTS_EXPORT_DIR', exportFolder.shown);
  setting('COMPLAINTS_MAX_SHEETS', String(config.exportMaxSheets));
  // The same warnings the server logs at start: ignored settings, which do not stop the check.
  for (const warning of config.warnings) print(`! ${warning}`);
  if (exportFolder.problem !== undefined) print(`! ${exportFolder.problem}`);
  // A relative path's warning above says it already.
  const guideWarned = config.warnings.some((warning) => warning.startsWith('COMPLAINTS_ANSWER_GUIDE '));
  if (guidePath !== undefined && guide !== undefined && 'problem' in guide && !guideWarned) {
    print(`! ${holdsKnownKey(guidePath, rawKey) ? guide.problem.split(shownGuidePath(guidePath)).join(GUIDE_PATH_WITH_KEY) : guide.problem}`);
  }
  if (config.problems.length > 0 || !config.apiUrl || !config.apiKey) {
    for (const problem of config.problems) print(`✗ ${problem}`);
    print('Nothing was sent. Fix the settings above and run the check again.');
    return CHECK_EXIT.configuration;
  }

  const client = lazyApiClient(config.apiUrl, config.apiKey, config.timeoutMs);
  try {
    const { pagination } = await (await client.api()).listComplaints({ page: 1, pageSize: 1 });
    print(`✓ URL reachable: ${config.apiUrl} answered.`);
    print('✓ Key accepted.');
    print('✓ Permission complaints.view present.');
    print(`✓ ${pagination.total} ${pagination.total === 1 ? 'record' : 'records'} visible to this key.`);
    return CHECK_EXIT.ok;
  } catch (error) {
    const verdict = verdictOf(error);
    const message = error instanceof Error ? error.message : String(error);
    const failed = `✗ ${VERDICT_LABELS[verdict]}: ${message}`;
    if (verdict === 'unreachable' || verdict === 'wrong_url') {
      print(failed);
      return CHECK_EXIT.unreachable;
    }
    print(`✓ URL reachable: ${config.apiUrl} answered.`);
    if (verdict === 'key_refused') {
      print(failed);
      return CHECK_EXIT.keyRefused;
    }
    if (verdict === 'no_permission') {
      print('✓ Key accepted.');
      print(failed);
      return CHECK_EXIT.noPermission;
    }
    print(`✗ ${VERDICT_LABELS.service_error}: ${message}`);
    return CHECK_EXIT.serviceError;
  } finally {
    await client.close();
  }
}
