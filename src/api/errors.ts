// Typed errors of the API client. Their messages are written by us and safe to show a model:
// they never carry an upstream body verbatim, a stack, or the key.
import { quoted } from '../sanitize.js';

export type ApiErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'bad_request'
  | 'rate_limited'
  | 'server_error'
  | 'unexpected_status'
  | 'unexpected_body'
  | 'timeout'
  | 'network'
  | 'cancelled';

/** An error whose message is meant for the user (and the model); tools turn it into an isError result. */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
}

/** A request the caller must change: refused before anything is sent. */
export class InvalidArgumentError extends UserFacingError {
  override name = 'InvalidArgumentError';
}

export class ApiError extends UserFacingError {
  override name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The one text for every 404: the API must not be made to reveal whether a record exists. */
export const NOT_FOUND_TEXT =
  'Record not found or not accessible with this API key (404). Check the id or reference; records of other organizations or of stores you cannot access are not shown.';

/**
 * Maps a non-2xx status (after retries) to the error the user reads. `detail` is the upstream message,
 * cleaned: it is the service's wording, not ours, so it is quoted as such, short, and never reads as
 * an instruction of the server's.
 */
export function errorForStatus(status: number, detail: string | undefined, attempts: number): ApiError {
  const tried = attempts > 1 ? ` after ${attempts} attempts` : '';
  const said = detail ? `; its message, quoted: ${quoted(detail, 160)}` : '';
  switch (status) {
    case 400:
      return new ApiError('bad_request', `The complaints service refused the request (400)${said}. Check the arguments and try again.`, status);
    case 401:
      return new ApiError(
        'unauthorized',
        'The complaints service refused the API key (401): it may be mistyped, expired or revoked. Check COMPLAINTS_API_KEY, or the Authorization header when the server is shared over HTTP.',
        status,
      );
    case 403:
      return new ApiError(
        'forbidden',
        'The API key is valid but its member lacks the permission complaints.view (403). Ask an administrator of your organization to grant it.',
        status,
      );
    case 404:
      return new ApiError('not_found', NOT_FOUND_TEXT, status);
    case 429:
      return new ApiError('rate_limited', `The complaints service is rate limiting requests (429)${tried}. Wait a minute before trying again.`, status);
    default:
      if (status >= 500) {
        return new ApiError('server_error', `The complaints service failed (HTTP ${status})${tried}. Try again later.`, status);
      }
      return new ApiError('unexpected_status', `The complaints service answered with an unexpected status (HTTP ${status})${said}.`, status);
  }
}
