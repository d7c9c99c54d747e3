// The rules of a client metadata document (draft-ietf-oauth-client-id-metadata-document): what a
// client ID URL looks like, and which documents describe a client this server signs in. Pure: the
// text in, the client or a Refused (client-metadata-failure.ts) out.
import { z } from 'zod';
import { quoted, safeCutIndex, stripUnsafe } from '../../sanitize.js';
import { DOCUMENT, Refused } from './client-metadata-failure.js';
import { redirectUriProblem } from './redirect-uris.js';

/**
 * The client a document describes. Structurally an OAuthClientInformationFull of
 * @modelcontextprotocol/sdk/shared/auth.js (the tests check it is assignable), declared here because
 * only the seams import the SDK (test/architecture.test.ts). A URL-named client has no secret.
 */
export interface MetadataDocumentClient {
  client_id: string;
  redirect_uris: string[];
  token_endpoint_auth_method: 'none';
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
  scope?: string;
  grant_types?: string[];
  response_types?: string[];
}

/**
 * Whether `clientId` is what the draft requires of a client ID URL: https, a path other than "/", no
 * fragment, no user name or password, at most 2048 characters; and written as the URL parser writes
 * it back, which also rules out "." and ".." segments and any other spelling of the same URL (the
 * client_id is compared as a string).
 */
export function isClientMetadataUrl(clientId: string): boolean {
  if (clientId.length > 2048 || !URL.canParse(clientId)) return false;
  const url = new URL(clientId);
  return url.protocol === 'https:' && url.pathname !== '/' && url.username === '' && url.password === '' && !clientId.includes('#') && url.href === clientId;
}

/** A redirect URI OAuth 2.1 allows, by the rules dynamic registration uses too. */
const isRedirectUri = (text: string) => redirectUriProblem(text) === undefined;

const isHttpsUrl = (text: string) => /^[\x21-\x7e]+$/.test(text) && URL.canParse(text) && new URL(text).protocol === 'https:';
// RFC 6749 section 3.3: scope tokens of printable ASCII but space, '"' and '\\', one space apart.
const SCOPE = /^[\x21\x23-\x5b\x5d-\x7e]+(?: [\x21\x23-\x5b\x5d-\x7e]+)*$/;

// What a refusal says of a field; any other issue of a field becomes "has an invalid <field>".
const ISSUES = {
  clientId: 'has no client_id string',
  redirectUris: 'has no redirect_uris list',
  noRedirectUri: 'has no redirect_uris',
  tooManyRedirectUris: 'lists more than 20 redirect_uris',
  badRedirectUri: 'has a redirect_uri that is not an absolute https, loopback http or app URL of at most 2000 characters',
  clientName: 'has a client_name that is not a string',
} as const;
const KNOWN_ISSUES = new Set<string>(Object.values(ISSUES));

// Fields a sign-in reads are required to be right; display-only ones (client_uri, logo_uri, scope) are
// dropped when they are not. Unknown fields, "__proto__" included, are not copied (z.object strips).
const DocumentSchema = z.object({
  client_id: z.string({ error: ISSUES.clientId }),
  redirect_uris: z
    .array(z.string({ error: ISSUES.badRedirectUri }).max(2000, { error: ISSUES.badRedirectUri }).refine(isRedirectUri, { error: ISSUES.badRedirectUri }), {
      error: ISSUES.redirectUris,
    })
    .min(1, { error: ISSUES.noRedirectUri })
    .max(20, { error: ISSUES.tooManyRedirectUris }),
  token_endpoint_auth_method: z.string().optional(),
  client_name: z.string({ error: ISSUES.clientName }).optional(),
  grant_types: z.array(z.string().max(100)).max(20).optional(),
  response_types: z.array(z.string().max(100)).max(20).optional(),
  client_uri: z.string().max(2000).refine(isHttpsUrl).optional().catch(undefined),
  logo_uri: z.string().max(2000).refine(isHttpsUrl).optional().catch(undefined),
  scope: z.string().max(1000).regex(SCOPE).optional().catch(undefined),
});

/** client_name as shown to a person: one line, no control or invisible characters, at most 100 characters. */
function cleanName(name: string): string | undefined {
  const line = stripUnsafe(name).replace(/\s+/g, ' ').trim();
  const cut = line.slice(0, safeCutIndex(line, 100)).trimEnd();
  return cut === '' ? undefined : cut;
}

/** The client `text` describes, when it is a valid document for `clientId`; else a Refused. */
export function readDocument(clientId: string, text: string): MetadataDocumentClient {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Refused(`${DOCUMENT} is not valid JSON.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Refused(`${DOCUMENT} is not a JSON object.`);
  // client_id first: a document for another client is refused whatever else it says.
  if ((value as { client_id?: unknown }).client_id !== clientId) throw new Refused(`${DOCUMENT}'s client_id is not the URL it was fetched from.`);
  const parsed = DocumentSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const what = issue !== undefined && KNOWN_ISSUES.has(issue.message) ? issue.message : `has an invalid ${String(issue?.path[0] ?? 'field')}`;
    throw new Refused(`${DOCUMENT} ${what}.`);
  }
  const document = parsed.data;
  const method = document.token_endpoint_auth_method;
  if (method !== undefined && method !== 'none') {
    // private_key_jwt or a secret: a client named by a URL has no secret we could check.
    throw new Refused(`${DOCUMENT}'s token_endpoint_auth_method ${quoted(method, 40)} is not supported, only "none".`);
  }
  if (document.grant_types !== undefined && !document.grant_types.includes('authorization_code')) {
    throw new Refused(`${DOCUMENT}'s grant_types does not include "authorization_code".`);
  }
  if (document.response_types !== undefined && !document.response_types.includes('code')) {
    throw new Refused(`${DOCUMENT}'s response_types does not include "code".`);
  }
  const client: MetadataDocumentClient = { client_id: clientId, redirect_uris: document.redirect_uris, token_endpoint_auth_method: 'none' };
  const name = document.client_name === undefined ? undefined : cleanName(document.client_name);
  if (name !== undefined) client.client_name = name;
  for (const key of ['client_uri', 'logo_uri', 'scope', 'grant_types', 'response_types'] as const) {
    if (document[key] !== undefined) Object.assign(client, { [key]: document[key] });
  }
  return client;
}
