// A member's MCP client that signs in with OAuth, as claude.ai or ChatGPT would: the SDK's own client
// flow (`auth()` with an OAuthClientProvider) does discovery, registration (dynamic, or a client
// metadata document's URL), PKCE and the token exchange. Where a person would type their key into
// the sign-in page, this reads the page's form over plain HTTP and posts it with the key.
import { randomBytes } from 'node:crypto';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

export const CALLBACK = 'http://127.0.0.1:9/callback';

/** The query of an authorization request of `clientId`, as an OAuth client sends it: PKCE with a fresh challenge, CALLBACK unless `extra` says otherwise. */
export function authorizeQuery(clientId: string, extra: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    client_id: clientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    code_challenge: randomBytes(32).toString('base64url'),
    code_challenge_method: 'S256',
    ...extra,
  });
}

export interface SignedInForm {
  /** The page's status and its HTML. */
  status: number;
  html: string;
  /** The redirect after posting the form, when there was one. */
  location?: string;
}

/** What the provider saw of the page and the redirect, for tests to read. */
export class MemberProvider implements OAuthClientProvider {
  saved: { client?: OAuthClientInformationMixed; tokens?: OAuthTokens; verifier?: string } = {};
  /** The last sign-in page and what posting it gave. */
  lastSignIn?: SignedInForm;
  /** The code the redirect carried, for the second `auth()` call. */
  code?: string;
  returnedState?: string;
  readonly sentState = `state-${Math.random().toString(36).slice(2)}`;

  constructor(
    private readonly key: string,
    readonly clientMetadataUrl?: string,
    private readonly redirect = CALLBACK,
  ) {}

  get redirectUrl(): string {
    return this.redirect;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'E2E member client',
      redirect_uris: [this.redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    return this.sentState;
  }

  clientInformation() {
    return this.saved.client;
  }

  saveClientInformation(client: OAuthClientInformationMixed) {
    this.saved.client = client;
  }

  tokens() {
    return this.saved.tokens;
  }

  saveTokens(tokens: OAuthTokens) {
    this.saved.tokens = tokens;
  }

  saveCodeVerifier(verifier: string) {
    this.saved.verifier = verifier;
  }

  codeVerifier(): string {
    if (this.saved.verifier === undefined) throw new Error('no code verifier saved');
    return this.saved.verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'client') delete this.saved.client;
    if (scope === 'all' || scope === 'tokens') delete this.saved.tokens;
    if (scope === 'all' || scope === 'verifier') delete this.saved.verifier;
  }

  /** The browser's part: open the page, post the key, follow nothing but read where it sends us. */
  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    this.lastSignIn = await signInThroughForm(authorizationUrl, this.key);
    if (this.lastSignIn.location === undefined) return;
    const back = new URL(this.lastSignIn.location);
    this.code = back.searchParams.get('code') ?? undefined;
    this.returnedState = back.searchParams.get('state') ?? undefined;
  }
}

/** GETs the sign-in page, then posts its form with `key`, as a browser does (cookie included). */
export async function signInThroughForm(authorizationUrl: URL, key: string, headers: Record<string, string> = {}): Promise<SignedInForm> {
  const page = await fetch(authorizationUrl, { redirect: 'manual', headers });
  const html = await page.text();
  if (page.status !== 200) return { status: page.status, html, ...locationOf(page) };
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const form = new URLSearchParams(hiddenFields(html));
  form.set('api_key', key);
  const action = new URL(/<form method="post" action="([^"]*)"/.exec(html)?.[1] ?? '/authorize', authorizationUrl);
  const posted = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, ...headers },
    body: form.toString(),
  });
  return { status: posted.status, html: await posted.text(), ...locationOf(posted) };
}

/** The form's hidden fields, unescaped as a browser would read them. */
export function hiddenFields(html: string): Array<[string, string]> {
  return [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((match) => [unescapeHtml(match[1]!), unescapeHtml(match[2]!)]);
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function locationOf(response: Response): { location?: string } {
  const location = response.headers.get('location');
  return location === null ? {} : { location };
}

/** Signs in from nothing: discovery, registration, the form, the code exchange. Returns the provider holding the tokens. */
export async function signIn(mcpUrl: string, key: string, clientMetadataUrl?: string): Promise<MemberProvider> {
  const provider = new MemberProvider(key, clientMetadataUrl);
  const first = await auth(provider, { serverUrl: mcpUrl });
  if (first !== 'REDIRECT') throw new Error(`expected a redirect to sign in, got ${first}`);
  if (provider.code === undefined) throw new Error(`the sign-in gave no code: ${provider.lastSignIn?.status} ${provider.lastSignIn?.html.slice(0, 300)}`);
  const second = await auth(provider, { serverUrl: mcpUrl, authorizationCode: provider.code });
  if (second !== 'AUTHORIZED') throw new Error(`expected tokens, got ${second}`);
  return provider;
}
