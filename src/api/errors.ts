// Typed errors of the API client. Their messages are written by us and safe to show a model:
// they never carry an upstream body verbatim, a stack, or the key.
import { UserFacingError } from '../errors.js';
import { holdsKeyShape } from '../key-shape.js';

export type ApiErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'wrong_url'
  | 'bad_request'
  | 'rate_limited'
  | 'server_error'
  | 'unexpected_status'
  | 'unexpected_body'
  | 'timeout'
  | 'network'
  | 'cancelled';

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

/**
 * Why a request was stopped from outside: a tool call's own deadline aborts with an ApiError as the
 * reason (it names COMPLAINTS_TIMEOUT_MS); anything else is the caller cancelling.
 */
export function abortReason(signal: AbortSignal | undefined): ApiError {
  const reason: unknown = signal?.reason;
  return reason instanceof ApiError ? reason : new ApiError('cancelled', 'The request was cancelled.');
}

/**
 * Where the key of a request comes from: COMPLAINTS_API_KEY (stdio, check), each member's
 * Authorization header (serve --http), or the key a member gave at sign-in (serve --http with sign-in).
 */
export type KeySource = 'environment' | 'request' | 'sign-in';

/** What a 401 tells the member to check: only where their key comes from in this mode. */
const WHERE_THE_KEY_IS: Record<KeySource, string> = {
  environment: 'Check COMPLAINTS_API_KEY.',
  request: 'Check the key in the Authorization header your MCP client sends (Bearer or_...).',
  'sign-in': 'The key you signed in with is no longer accepted: your MCP client asks you to sign in again on its next request.',
};

/** What a status answered, for its text. */
export interface StatusContext {
  /** A 404 of the list (which has no id to miss) means the URL is wrong; of the detail, that the record is not there. */
  operation: 'list' | 'detail';
  /** The base URL as configured (without /api/v1). */
  baseUrl: string;
  keyFrom: KeySource;
}

/**
 * The base URL as a message may show it: without credentials, query or fragment, and not at all
 * (undefined) when it holds something shaped like an API key.
 */
export function shownBaseUrl(baseUrl: string): string | undefined {
  if (holdsKeyShape(baseUrl) || !URL.canParse(baseUrl)) return undefined;
  const url = new URL(baseUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The one text for every 404 of a record: the API must not be made to reveal whether a record exists. */
export const NOT_FOUND_TEXT =
  'Record not found or not accessible with this API key (404). Check the id or reference; records of other organizations or of stores you cannot access are not shown.';

/**
 * Maps a non-2xx status (after retries) to the error the user reads. The service's own message is
 * never repeated (it may hold the key in some form, or words meant as orders to the model): only
 * `refused`, the name of one of our parameters that it names (api/refused-parameter.ts), if any.
 */
export function errorForStatus(status: number, refused: string | undefined, attempts: number, context: StatusContext): ApiError {
  const tried = attempts > 1 ? ` after ${attempts} attempts` : '';
  const named = refused ? `; it names the parameter ${refused}` : '';
  switch (status) {
    case 400:
      return new ApiError('bad_request', `The complaints service refused the request (400)${named}. Check the arguments and try again.`, status);
    case 401:
      return new ApiError(
        'unauthorized',
        `The complaints service refused the API key (401): it may be mistyped, expired or revoked. ${WHERE_THE_KEY_IS[context.keyFrom]}`,
        status,
      );
    case 403:
      return new ApiError(
        'forbidden',
        'The API key is valid but its member lacks the permission complaints.view (403). Ask an administrator of your organization to grant it.',
        status,
      );
    case 404:
      return context.operation === 'list' ? wrongUrlError(context.baseUrl) : new ApiError('not_found', NOT_FOUND_TEXT, status);
    case 429:
      return new ApiError('rate_limited', `The complaints service is rate limiting requests (429)${tried}. Wait a minute before trying again.`, status);
    default:
      if (status >= 500) {
        return new ApiError('server_error', `The complaints service failed (HTTP ${status})${tried}. Try again later.`, status);
      }
      return new ApiError(
        'unexpected_status',
        `The complaints service answered with an unexpected status (HTTP ${status})${named}. Check the arguments, and that COMPLAINTS_API_URL is the service's base URL, then try again.`,
        status,
      );
  }
}

/**
 * A 404 of GET /api/v1/complaints: the list exists whatever the key may see, so the URL is wrong (a
 * wrong base path, or the URL of an MCP server instead of the service's).
 */
function wrongUrlError(baseUrl: string): ApiError {
  const shown = shownBaseUrl(baseUrl);
  const where =
    shown === undefined
      ? 'at /api/v1/complaints of COMPLAINTS_API_URL (the URL is not shown: it holds a value that looks like an API key)'
      : `at ${shown}/api/v1/complaints`;
  return new ApiError(
    'wrong_url',
    `The server answered 404 Not Found ${where}, where the complaints list should be: COMPLAINTS_API_URL is probably wrong (it must be the complaints service's base URL, without /api/v1).`,
    404,
  );
}
