// The stdio server's check of its settings at start. A desktop client shows a server "connected" as
// soon as it answers initialize, whatever its key: so when initialize arrives, one list request of
// one record asks the service whether the key, its permission and the URL work (stdio-key-check.ts
// holds the initialize for it, briefly). A key the service refuses fails the initialize with
// `keyRefusal`'s words; any other failure the settings can cause is said in one line on stderr (the
// client's log of the server), naming what to fix.

import { ApiError } from '../api/errors.js';
import { VERDICT_LABELS, verdictOf } from '../api/verdict.js';
import { log } from '../log.js';

const THEN = 'Then run "complaints-book-mcp check" to test the settings; until they pass, every tool call fails.';

/** What the service said of the key in COMPLAINTS_API_KEY, when it refused it (401, 403), and what to do; else undefined. */
function refusedKeyWords(error: unknown): string | undefined {
  switch (verdictOf(error)) {
    case 'key_refused':
      return 'the complaints service refused the key in COMPLAINTS_API_KEY (401): it may be mistyped, expired or revoked. Set COMPLAINTS_API_KEY to your personal API key';
    case 'no_permission':
      return 'the complaints service accepts the key in COMPLAINTS_API_KEY, but its member lacks the permission complaints.view (403). Ask an administrator of your organization to grant it, or set COMPLAINTS_API_KEY to a key that has it';
    default:
      return undefined;
  }
}

/**
 * The error message of an initialize refused for its key (401, 403), or undefined when the service did
 * not refuse it. A client shows it where it says why the server failed: it ends with the restart that
 * the fix needs. Words of ours: they never hold the key.
 */
export function keyRefusal(error: unknown): string | undefined {
  const words = refusedKeyWords(error);
  if (words === undefined) return undefined;
  const advice = verdictOf(error) === 'key_refused' ? `${words} (it starts with or_)` : words;
  return `${advice.charAt(0).toUpperCase()}${advice.slice(1)}, then restart the server.`;
}

/**
 * The line a failed check at start logs, naming the setting to fix, or undefined when the failure
 * says nothing the settings could fix (the service failing for a moment (5xx, 429), the check cancelled): tool
 * calls say those themselves. Messages of errors are ours (api/errors.ts) and never hold the key.
 */
export function startCheckLine(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  switch (verdictOf(error)) {
    case 'key_refused':
    case 'no_permission':
      return `start check: ${refusedKeyWords(error)}. ${THEN}`;
    case 'wrong_url':
      return `start check: ${message} ${THEN}`;
    case 'unreachable':
      // A timeout's message names COMPLAINTS_TIMEOUT_MS only: the URL is as likely the cause.
      return `start check: ${message}${message.includes('COMPLAINTS_API_URL') ? '' : ' Check COMPLAINTS_API_URL and the network.'} ${THEN}`;
    default:
      // An answer, but not the service's (a web page, a redirect to a sign-in): most likely the URL.
      // Said in words of ours, which point at the URL: the settings are what this line is about.
      if (error instanceof ApiError && (error.kind === 'unexpected_body' || error.kind === 'unexpected_status')) {
        const answered = error.kind === 'unexpected_body' ? 'a body that is not a list of complaints' : `HTTP ${error.status}`;
        return `start check: COMPLAINTS_API_URL answered the complaints list with ${answered}, not as the complaints service does: check that it is the service's base URL, without /api/v1. ${THEN}`;
      }
      return undefined;
  }
}

/**
 * One list request (page 1, one record; api/settings-probe.ts), or the one already under way; a
 * failure the settings can cause is logged at warn, once.
 */
export async function checkAtStart(probe: () => Promise<void>): Promise<void> {
  try {
    await probe();
    log.debug('start check: the service accepted the key and its permission');
  } catch (error) {
    const line = startCheckLine(error);
    if (line !== undefined) log.warn(line);
    else log.debug(`start check: ${VERDICT_LABELS[verdictOf(error)]}; tool calls will say what the service answers`);
  }
}
