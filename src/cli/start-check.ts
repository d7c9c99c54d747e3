// The stdio server's check of its settings at start. A desktop client shows a server "connected" as
// soon as it answers initialize, whatever its key: so once the handshake is done, one list request
// of one record asks the service whether the key, its permission and the URL work, and a failure is
// said in one line on stderr (the client's log of the server), naming what to fix. It runs in the
// background: initialize never waits for it, and a tool call sent meanwhile is answered as usual.

import { ApiError } from '../api/errors.js';
import { VERDICT_LABELS, verdictOf } from '../api/verdict.js';
import { log } from '../log.js';

const THEN = 'Then run "complaints-book-mcp check" to test the settings; until they pass, every tool call fails.';

/**
 * The line a failed check at start logs, naming the setting to fix, or undefined when the failure
 * says nothing the settings could fix (the service failing for a moment (5xx, 429), the check cancelled): tool
 * calls say those themselves. Messages of errors are ours (api/errors.ts) and never hold the key.
 */
export function startCheckLine(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  switch (verdictOf(error)) {
    case 'key_refused':
      return `start check: the complaints service refused the key in COMPLAINTS_API_KEY (401): it may be mistyped, expired or revoked. Set COMPLAINTS_API_KEY to your personal API key. ${THEN}`;
    case 'no_permission':
      return `start check: the complaints service accepts the key in COMPLAINTS_API_KEY, but its member lacks the permission complaints.view (403). Ask an administrator of your organization to grant it, or set COMPLAINTS_API_KEY to a key that has it. ${THEN}`;
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

/** One list request (page 1, one record; api/settings-probe.ts); a failure the settings can cause is logged at warn, once. */
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
