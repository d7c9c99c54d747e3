// `complaints-book-mcp check`: is this configuration ready? Prints the settings (the key masked), calls
// the API once with pageSize=1, and says in one line each whether the URL answers, the key is
// accepted, the permission is there, and how many records the key sees. The exit code says which
// failed first, so that a script (or a person) can tell without reading.
import { lazyApiClient } from '../api/lazy-client.js';
import { VERDICT_LABELS, verdictOf } from '../api/verdict.js';
import { type Config, loadConfig } from '../config.js';
import { holdsKnownKey, looksLikeToken, wrappedInQuotes } from '../key-shape.js';

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

export async function runCheck(env: Record<string, string | undefined>, print: (line: string) => void): Promise<number> {
  const config = loadConfig(env);
  const rawKey = env.COMPLAINTS_API_KEY?.trim();
  print('Settings:');
  print(`  COMPLAINTS_API_URL     ${shownUrl(config, env.COMPLAINTS_API_URL?.trim(), rawKey)}`);
  print(`  COMPLAINTS_API_KEY     ${rawKey ? maskKey(rawKey) : '(not set)'}`);
  // A refused value is not shown as the default the server would fall back on: the line below says why it is refused.
  const shown = (name: string, value: unknown) =>
    config.problems.some((problem) => problem.startsWith(`${name} `)) ? '(not valid: see below)' : String(value);
  print(`  COMPLAINTS_TIMEOUT_MS  ${shown('COMPLAINTS_TIMEOUT_MS', config.timeoutMs)}`);
  print(`  COMPLAINTS_TIMEZONE    ${shown('COMPLAINTS_TIMEZONE', config.timeZone)}`);
  print(`  COMPLAINTS_REDACT_PII  ${shown('COMPLAINTS_REDACT_PII', config.redactPii)}`);
  print(`  COMPLAINTS_LANGUAGE    ${config.language}`);
  // The same warnings the server logs at start: ignored settings, which do not stop the check.
  for (const warning of config.warnings) print(`! ${warning}`);
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
