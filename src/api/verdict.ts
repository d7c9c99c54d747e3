// What a failed list request of one record says about the settings it was sent with. One reading for
// the three places that ask: the check command (a line and an exit code each), the stdio server's
// check at start (one log line), and serve --http's check of a key at initialize (a refusal or not).
import { ApiError } from './errors.js';

/**
 * `unreachable`: no answer (DNS, connection, timeout); `wrong_url`: an answer, but not the service's
 * (404 on the list, plain HTTP behind https://); `key_refused`: 401; `no_permission`: 403, the key
 * is accepted but its member lacks complaints.view; `cancelled`: stopped by the caller, it says
 * nothing of the settings; `service_error`: anything else (5xx, 429, an unexpected body or status).
 */
export type Verdict = 'unreachable' | 'wrong_url' | 'key_refused' | 'no_permission' | 'cancelled' | 'service_error';

export function verdictOf(error: unknown): Verdict {
  switch (error instanceof ApiError ? error.kind : undefined) {
    case 'network':
    case 'timeout':
      return 'unreachable';
    case 'wrong_url':
      return 'wrong_url';
    case 'unauthorized':
      return 'key_refused';
    case 'forbidden':
      return 'no_permission';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'service_error';
  }
}

/** What failed, in the words of the check command's ✗ lines. */
export const VERDICT_LABELS: Record<Verdict, string> = {
  unreachable: 'URL not reachable',
  wrong_url: 'URL wrong',
  key_refused: 'Key refused',
  no_permission: 'Permission complaints.view missing',
  cancelled: 'The check was cancelled',
  service_error: 'The service failed',
};
