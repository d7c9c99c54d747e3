// The stdio server's check of its settings at start. A desktop client shows a server "connected" as
// soon as it answers initialize, whatever its key: so once the handshake is done, one list request
// of one record asks the service whether the key, its permission and the URL work, and a failure is
// said in one line on stderr (the client's log of the server), naming what to fix. It runs in the
// background: initialize never waits for it, and a tool call sent meanwhile is answered as usual.

import { VERDICT_LABELS, verdictOf } from '../api/verdict.js';
import type { ComplaintsReader } from '../contract/operations.js';
import { log } from '../log.js';

const THEN = 'Then run "complaints-book-mcp check" to test the settings; until they pass, every tool call fails.';

/**
 * The line a failed check at start logs, naming the setting to fix, or undefined when the failure
 * says nothing the settings could fix (the service failing for a moment, the check cancelled): tool
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
      return undefined;
  }
}

/**
 * One list request (page 1, one record) through `reader`; a failure the settings can cause is logged
 * at warn, once. `running` says whether the server still runs: a request cut short by its shutdown
 * is not a failure of the settings.
 */
export async function checkAtStart(reader: () => Promise<ComplaintsReader>, running: () => boolean): Promise<void> {
  try {
    await (await reader()).listComplaints({ page: 1, pageSize: 1 });
    log.debug('start check: the service accepted the key and its permission');
  } catch (error) {
    if (!running()) return;
    const line = startCheckLine(error);
    if (line !== undefined) log.warn(line);
    else log.debug(`start check: ${VERDICT_LABELS[verdictOf(error)]}; tool calls will say what the service answers`);
  }
}
