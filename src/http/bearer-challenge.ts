// The WWW-Authenticate header of /mcp's 401s (RFC 6750, 3). Every 401 carries our reason in
// error_description, also when no credentials came at all, where RFC 6750 suggests a bare challenge:
// a client that shows anything of a failed connection shows the challenge's description (or the
// body's message), and "needs a key" is what a member without one has to read. The error code stays
// RFC 6750's: none for missing credentials, so that an OAuth client still simply starts its sign-in.

/** The challenge's realm: what clients may show as the name of what refused them. */
const REALM = 'complaints-book-mcp';

/** The most of a description kept: a sentence, not a document. */
const MAX_DESCRIPTION_LENGTH = 300;

export interface Challenge {
  /** RFC 6750's error code: invalid_token for a token or key that cannot be used; none for missing credentials. */
  error?: 'invalid_token';
  /** Why, and what to do, in a sentence (any text: it is made fit for the header here). */
  description?: string;
  /** The protected resource's metadata, where a client learns how to sign in (RFC 9728, 5.1). */
  resourceMetadata?: string;
}

/** The header's value: `Bearer realm="…"`, then the parameters given. */
export function bearerChallenge({ error, description, resourceMetadata }: Challenge): string {
  const params = [`realm="${REALM}"`];
  if (error !== undefined) params.push(`error="${error}"`);
  const shown = description === undefined ? '' : headerDescription(description);
  if (shown !== '') params.push(`error_description="${shown}"`);
  if (resourceMetadata !== undefined) params.push(`resource_metadata="${resourceMetadata}"`);
  return `Bearer ${params.join(', ')}`;
}

/**
 * A description as RFC 6750 allows it in the header: printable ASCII without `"` or `\` (%x20-21,
 * %x23-5B, %x5D-7E). Double quotes become single ones, other characters a space; at most
 * MAX_DESCRIPTION_LENGTH characters, cut at a word.
 */
export function headerDescription(text: string): string {
  const plain = text
    .replace(/["\u201c\u201d]/g, "'")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  if (plain.length <= MAX_DESCRIPTION_LENGTH) return plain;
  const cut = plain.slice(0, MAX_DESCRIPTION_LENGTH - 3);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > 0 ? cut.slice(0, atWord) : cut).trimEnd()}...`;
}
