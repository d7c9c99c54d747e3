// The sign-in's paths, apart from its routes, and what they answer when sign-in is off: serve.ts reads
// them to answer a client that looks for a sign-in where there is none, without loading the sign-in
// (express, the SDK's handlers).

/** Where the protected resource's metadata is: RFC 9728 puts the resource's path after the well-known name. */
export const RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';

/** The paths the sign-in answers; every other path stays with the HTTP server. */
export const SIGN_IN_PATHS: ReadonlySet<string> = new Set([
  '/authorize',
  '/token',
  '/register',
  '/revoke',
  '/.well-known/oauth-authorization-server',
  '/.well-known/oauth-protected-resource',
  RESOURCE_METADATA_PATH,
]);

/**
 * Whether an OAuth client looking for a sign-in asks for `path`: the sign-in's own paths, and the
 * other places clients look for its metadata (a path after the well-known name, OpenID's document).
 */
export function looksForSignIn(path: string): boolean {
  return SIGN_IN_PATHS.has(path) || /^\/\.well-known\/(oauth-authorization-server|oauth-protected-resource|openid-configuration)(\/|$)/.test(path);
}

/**
 * The 404 of a sign-in's path when sign-in is off. Claude Code (answered 401 without a header to
 * send) and mcp-remote (answered 401 for a refused key) look for a sign-in and show this body as the
 * reason they could not connect; nothing here knows which 401 sent them. No double
 * quotes and no paths: it is shown inside the JSON, and paths are shown as [redacted].
 */
export const NO_SIGN_IN =
  'Not Found: this server has no sign-in (OAuth). Send your personal API key with every request, in the header Authorization: Bearer or_... If you did, the complaints service refused it: check the key.';
