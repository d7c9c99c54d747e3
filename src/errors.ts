// Errors whose message is written by us for the member (and the model) to read: tools, prompts and
// resources turn them into isError results; anything else is logged and only named.

/** An error whose message is meant for the user (and the model); tools turn it into an isError result. */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
}

/** A request the caller must change: refused before anything is sent. */
export class InvalidArgumentError extends UserFacingError {
  override name = 'InvalidArgumentError';
}
