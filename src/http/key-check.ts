// serve --http's check of a member's key at `initialize`. A client shows a server as connected when
// initialize succeeds, whatever the key; answered with a 401 and a challenge it says the server needs
// authentication instead (and a client signed in through OAuth signs in again). So an initialize
// with a key this server has not seen accepted lately costs one list request of one record, through
// the member's own gated reader (the member's gate and the in-flight caps apply as to any call, as
// does the client address's budget of requests with keys not accepted, unverified-budget.ts, and the
// reader's onStatus keeps what the service answered in the memory of accepted keys).
//
// - 401: refused, with a challenge (error="invalid_token"). A signed-in key's grant is withdrawn by
//   onStatus, so the client is sent back to sign in.
// - 403: refused with a plain 403 naming the permission, and no challenge: error="insufficient_scope"
//   would send OAuth clients to sign in again for a wider scope, which cannot help (the permission is
//   granted in the complaints service) and loops.
// - anything else (the service down, slow, failing, a wrong COMPLAINTS_API_URL): initialize is answered
//   as usual. The service may be down for a moment, and each tool call says what it answers.

import { ApiError } from '../api/errors.js';
import { verdictOf } from '../api/verdict.js';
import { callSignal } from '../call-signal.js';
import type { ComplaintsReader } from '../contract/operations.js';
import type { Challenge } from './bearer-challenge.js';
import type { SharedState } from './state/shared-state.js';

/**
 * The longest an initialize waits for the check (COMPLAINTS_TIMEOUT_MS bounds it too): a service
 * slower than this to list one record is slow, not refusing, and the member is better off connected.
 */
export const KEY_CHECK_MS = 5000;

/** What to do with the request: answer it as usual, refuse it, or nothing (its client went away). */
export type KeyCheckResult =
  | { outcome: 'answer' }
  | {
      outcome: 'refuse';
      status: 401 | 403;
      /** The JSON-RPC error's message: what the service said of the key, and what to do. Never the key. */
      message: string;
      /** The 401's WWW-Authenticate challenge (bearer-challenge.ts); none for a 403. */
      challenge?: Challenge;
    }
  | { outcome: 'gone' };

export interface KeyCheckRequest {
  /** The request's parsed body: a JSON-RPC message or batch. */
  body: unknown;
  /** The key's id (key-id.ts), as the memory of accepted keys knows it. */
  member: string;
  /** The member's reader for the check, made only when the key is checked. */
  api: () => ComplaintsReader;
  keyFrom: 'request' | 'sign-in';
  /** Aborts when the client goes away. */
  signal: AbortSignal;
}

/** The challenge's description: what a client that shows it says of the refusal, and what to do. */
const REFUSED_DESCRIPTION = {
  request:
    'The complaints service refused this API key: it may be mistyped, expired or revoked. Send your current personal API key in the Authorization header.',
  'sign-in': 'The complaints service no longer accepts the key you signed in with. Sign in again with your current personal API key.',
} as const;

export class KeyCheck {
  constructor(
    private readonly accepted: Pick<SharedState, 'isAccepted'>,
    private readonly budgetMs = KEY_CHECK_MS,
  ) {}

  /** Checks the key when the body holds an initialize and the key is not remembered as accepted. */
  async beforeAnswering(request: KeyCheckRequest): Promise<KeyCheckResult> {
    const { body, member, api, keyFrom, signal } = request;
    if (!holdsInitialize(body) || (await this.accepted.isAccepted(member))) return { outcome: 'answer' };
    let error: unknown;
    // A timer of our own, cleared at the end (call-signal.ts says why not AbortSignal.timeout/any).
    const budget = callSignal(this.budgetMs, signal);
    try {
      await api().listComplaints({ page: 1, pageSize: 1 }, budget.signal);
      return { outcome: 'answer' };
    } catch (caught) {
      error = caught;
    } finally {
      budget.done();
    }
    if (signal.aborted) return { outcome: 'gone' };
    // Messages of ours (api/errors.ts), written for where the key came from: they never hold it.
    const message = error instanceof ApiError ? error.message : '';
    switch (verdictOf(error)) {
      case 'key_refused':
        return {
          outcome: 'refuse',
          status: 401,
          message: `Unauthorized: ${message}`,
          challenge: { error: 'invalid_token', description: REFUSED_DESCRIPTION[keyFrom] },
        };
      case 'no_permission':
        return { outcome: 'refuse', status: 403, message: `Forbidden: ${message}` };
      default:
        return { outcome: 'answer' };
    }
  }
}

/**
 * Whether a JSON-RPC message or batch holds an initialize: in any casing and with or without an id,
 * so that no spelling lets a client past the check (the SDK answers only the exact one; checking the
 * others costs the same single request, bounded by the same caps).
 */
export function holdsInitialize(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((message) => {
    if (typeof message !== 'object' || message === null) return false;
    const { method } = message as { method?: unknown };
    return typeof method === 'string' && method.trim().toLowerCase() === 'initialize';
  });
}
