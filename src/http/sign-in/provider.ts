// The OAuth 2.1 authorization server behind the sign-in, as the SDK's handlers call it
// (OAuthServerProvider): they check the requests' shape, the client, PKCE's verifier and rate
// limits; this says what a code and a token are. A member signs in once with their personal key;
// every code and token then carries that key sealed (sealed-tokens.ts), bound to the client, the
// redirect URI and this server (the resource, RFC 8707). Nothing is stored but what a sealed token
// cannot say of itself: a code already used, a refresh token already rotated, a grant withdrawn;
// that is kept in the shared state (state/shared-state.ts), so that every replica knows it at once.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  InvalidGrantError,
  InvalidRequestError,
  InvalidTargetError,
  InvalidTokenError,
  ServerError,
  TemporarilyUnavailableError,
  UnsupportedTokenTypeError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokenRevocationRequest, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Request, Response } from 'express';
import type { JWTPayload } from 'jose';
import { wrappedInQuotes } from '../../key-shape.js';
import { log } from '../../log.js';
import { keyId } from '../key-id.js';
import { BEARER_KEY, LOOPBACK_NAMES, MAX_KEY_LENGTH } from '../request-guards.js';
import { type Owner, type SharedState, StoreUnavailable } from '../state/shared-state.js';
import { type PageLanguage, pageLanguage, SIGN_IN_PAGE_HEADERS, type SignInProblem, signInPage } from './page.js';
import type { RegisteredClients } from './registered-clients.js';
import { requestAddress } from './request-address.js';
import type { TokenSealer } from './sealed-tokens.js';

/** Seconds. An access token is short-lived: it is what every request carries, and its key is asked about again when it is renewed. */
export const LIFETIMES = { code: 120, form: 15 * 60, access: 60 * 60, refresh: 30 * 24 * 60 * 60 } as const;

/** What the complaints service says of a key, asked with one list call of one record. */
export type KeyVerdict = 'accepted' | 'refused' | 'forbidden' | 'unreachable';

export interface SignInOptions {
  sealer: TokenSealer;
  /** Where used codes, refresh generations and withdrawn grants are kept: this process, or a store every replica shares. */
  state: SharedState;
  clients: RegisteredClients;
  /** This server's origin, the issuer: https://mcp.example.com */
  issuer: string;
  /** The MCP endpoint the tokens are for: https://mcp.example.com/mcp */
  resource: string;
  checkKey: (key: string) => Promise<KeyVerdict>;
  /**
   * Whether a key posted on the form may be asked of the service now: one it has not accepted lately
   * spends its client address's budget (http/unverified-budget.ts), as a request to /mcp would, so
   * that the form relays no more made-up keys than /mcp does. Unset: always.
   */
  admitFormKey?: (key: string) => Promise<boolean>;
  /** The host of the complaints service checkKey asks (the API's URL), named on the page. */
  serviceHost?: string;
  /** Seconds since the epoch. */
  now?: () => number;
}

/** What an access token opened on /mcp gives: the member's key for this request, and the grant it belongs to. */
export type AccessCheck = { ok: true; key: string; grant: string; clientId: string; expiresAt: number } | { ok: false; reason: string };

/** The claims each sealed token carries, by kind (short names: every request carries an access token). */
interface GrantClaims extends JWTPayload {
  /** the member's key */
  k: string;
  /** the client: clientRef(client_id), short where a registered client's id is long */
  c: string;
  /** grant id: every token issued from one sign-in shares it */
  g: string;
}
interface CodeClaims extends GrantClaims {
  /** redirect_uri */
  r: string;
  /** PKCE code_challenge */
  pc: string;
}
interface RefreshClaims extends GrantClaims {
  /** how many times this grant's refresh token has been rotated */
  n: number;
}
interface FormClaims extends JWTPayload {
  /** the browser's sign-in cookie */
  b: string;
  c: string;
  pc: string;
}

const PROBLEM_STATUS: Record<SignInProblem, number> = {
  key_shape: 400,
  key_quoted: 400,
  key_refused: 403,
  key_forbidden: 403,
  service_unreachable: 502,
  form_expired: 403,
  too_many_keys: 429,
};

export class SignInProvider implements OAuthServerProvider {
  private readonly now: () => number;
  /** Over https, the sign-in cookie is a __Host- one, sent only over https. */
  private readonly secureCookies: boolean;

  constructor(private readonly options: SignInOptions) {
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.secureCookies = options.issuer.startsWith('https:');
  }

  get clientsStore(): RegisteredClients {
    return this.options.clients;
  }

  /** GET shows the sign-in page; the page's POST (with the key) signs in and sends the browser back with a code. */
  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response): Promise<void> {
    if (params.resource !== undefined && !this.isOurResource(params.resource.href)) {
      throw new InvalidTargetError(`This server issues tokens only for ${this.options.resource}.`);
    }
    const req = res.req;
    const language = pageLanguage(req.headers['accept-language']);
    const body: unknown = req.method === 'POST' ? req.body : undefined;
    const key = isRecord(body) && typeof body.api_key === 'string' ? body.api_key.trim() : undefined;
    if (key === undefined) return this.showPage(client, params, req, res, language);

    if (!(await this.formIsOurs(client, params, req))) return this.showPage(client, params, req, res, language, 'form_expired');
    if (key.length > MAX_KEY_LENGTH || !BEARER_KEY.test(key)) {
      return this.showPage(client, params, req, res, language, wrappedInQuotes(key) ? 'key_quoted' : 'key_shape');
    }
    if (this.options.admitFormKey !== undefined && !(await this.options.admitFormKey(key))) {
      return this.showPage(client, params, req, res, language, 'too_many_keys');
    }
    const verdict = await this.options.checkKey(key);
    if (verdict !== 'accepted') {
      const problem = verdict === 'refused' ? 'key_refused' : verdict === 'forbidden' ? 'key_forbidden' : 'service_unreachable';
      return this.showPage(client, params, req, res, language, problem);
    }
    const code: CodeClaims = {
      k: key,
      c: clientRef(client.client_id),
      g: randomBytes(12).toString('base64url'),
      r: params.redirectUri,
      pc: params.codeChallenge,
      aud: this.options.resource,
    };
    const back = new URL(params.redirectUri);
    back.searchParams.set('code', await this.options.sealer.seal('code', code, LIFETIMES.code));
    if (params.state !== undefined) back.searchParams.set('state', params.state);
    back.searchParams.set('iss', this.options.issuer);
    // 303: the browser follows with a GET and does not post the form (and the key) again.
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, back.href);
  }

  async challengeForAuthorizationCode(client: OAuthClientInformationFull, authorizationCode: string): Promise<string> {
    return (await this.openCode(client, authorizationCode)).pc;
  }

  async exchangeAuthorizationCode(
    client: OAuthClientInformationFull,
    authorizationCode: string,
    _codeVerifier?: string,
    redirectUri?: string,
    resource?: URL,
  ): Promise<OAuthTokens> {
    const code = await this.openCode(client, authorizationCode);
    if (redirectUri === undefined) throw new InvalidRequestError('redirect_uri is required: send the one the authorization request used.');
    if (redirectUri !== code.r) throw new InvalidGrantError('redirect_uri differs from the one the authorization request used.');
    if (resource !== undefined && !this.isOurResource(resource.href))
      throw new InvalidTargetError(`This server issues tokens only for ${this.options.resource}.`);
    return whenStoreAnswers(async () => {
      const spent = await this.options.state.spendCode({ id: code.jti ?? '', grant: code.g, ...ownerOf(code), until: code.exp ?? 0 });
      // Expired by the store's clock, which decides for every replica (this one's may be behind).
      if (spent === 'expired') throw new InvalidGrantError('The authorization code expired.');
      if (spent !== 'taken' && spent !== 'used before') throw busy(spent);
      if (spent === 'used before') {
        // RFC 6749 (4.1.2): a code used twice may have been stolen; what it gave is withdrawn.
        await this.withdrawGrant(code);
        throw new InvalidGrantError('The authorization code was already used.');
      }
      if (await this.isWithdrawn(code)) throw new InvalidGrantError('The authorization code was withdrawn.');
      // Issued by the store's clock, as every renewal is: their issuedAt meets the store's cutoffs on one clock.
      return this.issueTokens(code, 0, await this.options.state.storeTime());
    });
  }

  async exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string, _scopes?: string[], resource?: URL): Promise<OAuthTokens> {
    const opened = await this.options.sealer.open('refresh', refreshToken, this.options.resource);
    if (!opened.ok)
      throw new InvalidGrantError(opened.reason === 'expired' ? 'The refresh token expired; sign in again.' : 'The refresh token is not valid here.');
    const claims = opened.claims as RefreshClaims;
    if (claims.c !== clientRef(client.client_id)) throw new InvalidGrantError('The refresh token was issued to another client.');
    if (resource !== undefined && !this.isOurResource(resource.href))
      throw new InvalidTargetError(`This server issues tokens only for ${this.options.resource}.`);
    return whenStoreAnswers(async () => {
      if (await this.isWithdrawn(claims)) throw new InvalidGrantError('The sign-in was withdrawn; sign in again.');
      const until = this.now() + LIFETIMES.refresh;
      const taken = await this.options.state.takeRefresh({ grant: claims.g, ...ownerOf(claims), generation: claims.n, expiresAt: claims.exp ?? 0, until });
      if (taken.outcome === 'used before') {
        // A rotated refresh token shown again: one of its two holders is not the member (RFC 9700, 4.14.2).
        await this.withdrawGrant(claims);
        throw new InvalidGrantError('The refresh token was already used; sign in again.');
      }
      // Expired by the store's clock, which decides for every replica (this one's may be behind).
      if (taken.outcome === 'expired') throw new InvalidGrantError('The refresh token expired; sign in again.');
      if (taken.outcome !== 'rotated' && taken.outcome !== 'repeated') throw busy(taken.outcome);
      // A retry (two windows renewing at once, an answer lost on the way) gets what the first got:
      // the same tokens, sealed again from the same claims and time on whichever replica answers.
      if (taken.outcome === 'repeated') return this.issueTokens(claims, claims.n + 1, taken.issuedAt);
      // The service is asked again, so that a key withdrawn there ends the sign-in here within an access token's life.
      const verdict = await this.options.checkKey(claims.k);
      if (verdict === 'refused' || verdict === 'forbidden') {
        await this.withdrawGrant(claims);
        throw new InvalidGrantError('The complaints service no longer accepts the key of this sign-in; sign in again.');
      }
      return this.issueTokens(claims, claims.n + 1, taken.issuedAt);
    });
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const access = await this.openAccessToken(token);
    if (!access.ok) throw new InvalidTokenError(access.reason);
    return { token, clientId: access.clientId, scopes: [], expiresAt: access.expiresAt, resource: new URL(this.options.resource) };
  }

  /** The key an access token carries, for the request that showed it, or why it is refused. Throws StoreUnavailable when the revocations cannot be read. */
  async openAccessToken(token: string): Promise<AccessCheck> {
    const opened = await this.options.sealer.open('access', token, this.options.resource);
    if (!opened.ok) return { ok: false, reason: opened.reason === 'expired' ? 'The access token expired.' : 'The access token is not valid for this server.' };
    const claims = opened.claims as GrantClaims;
    if (await this.isWithdrawn(claims)) return { ok: false, reason: 'The sign-in of this access token was withdrawn.' };
    return { ok: true, key: claims.k, grant: claims.g, clientId: claims.c, expiresAt: claims.exp ?? 0 };
  }

  /** The service refused the key of a signed-in request from `address`: its grant ends, and the client is sent back to sign in. Throws StoreUnavailable. */
  async withdraw(grant: string, key: string, address: string): Promise<void> {
    await this.withdrawGrant({ g: grant, k: key }, address);
  }

  /** RFC 7009: revoking either token of a sign-in withdraws both. An unknown token, or another client's, is no error. */
  async revokeToken(client: OAuthClientInformationFull, request: OAuthTokenRevocationRequest): Promise<void> {
    const hint = request.token_type_hint;
    if (hint !== undefined && hint !== 'access_token' && hint !== 'refresh_token')
      throw new UnsupportedTokenTypeError(`Only access and refresh tokens are revoked here.`);
    const kinds = hint === 'access_token' ? (['access', 'refresh'] as const) : (['refresh', 'access'] as const);
    for (const kind of kinds) {
      const opened = await this.options.sealer.open(kind, request.token, this.options.resource);
      if (!opened.ok) continue;
      const claims = opened.claims as GrantClaims;
      if (claims.c === clientRef(client.client_id)) await whenStoreAnswers(() => this.withdrawGrant(claims));
      return;
    }
  }

  /** Withdraws every token of the grant, for as long as any of them could be opened. */
  private async withdrawGrant(grant: Pick<GrantClaims, 'g' | 'k'>, address?: string): Promise<void> {
    await this.options.state.revoke({ grant: grant.g, ...ownerOf(grant, address), until: this.now() + LIFETIMES.refresh });
  }

  /** Whether the token (a code, an access or a refresh token) was withdrawn: its grant, or every token of its member issued up to then. */
  private isWithdrawn(token: GrantClaims): Promise<boolean> {
    return this.options.state.isRevoked({ grant: token.g, member: memberOf(token), issuedAt: token.iat ?? 0 });
  }

  /**
   * The tokens of generation `generation` of a grant, issued at `issuedAt` (seconds): sealed
   * deterministically, so that the same generation and time give the same tokens on every replica.
   */
  private async issueTokens(grant: GrantClaims, generation: number, issuedAt: number): Promise<OAuthTokens> {
    const { sealer, resource } = this.options;
    const claims: GrantClaims = { k: grant.k, c: grant.c, g: grant.g, aud: resource };
    const refresh: RefreshClaims = { ...claims, n: generation };
    return {
      access_token: await sealer.sealRepeatable('access', claims, LIFETIMES.access, issuedAt),
      token_type: 'Bearer',
      expires_in: LIFETIMES.access,
      refresh_token: await sealer.sealRepeatable('refresh', refresh, LIFETIMES.refresh, issuedAt),
    };
  }

  private async openCode(client: OAuthClientInformationFull, authorizationCode: string): Promise<CodeClaims> {
    const opened = await this.options.sealer.open('code', authorizationCode, this.options.resource);
    if (!opened.ok) throw new InvalidGrantError(opened.reason === 'expired' ? 'The authorization code expired.' : 'The authorization code is not valid.');
    const code = opened.claims as CodeClaims;
    if (code.c !== clientRef(client.client_id)) throw new InvalidGrantError('The authorization code was issued to another client.');
    return code;
  }

  /** The MCP endpoint the tokens are for. */
  get resource(): string {
    return this.options.resource;
  }

  /** The resource a client names is this MCP endpoint (a trailing slash aside). */
  isOurResource(resource: string): boolean {
    return resource.replace(/\/+$/, '') === this.options.resource;
  }

  private async showPage(
    client: OAuthClientInformationFull,
    params: AuthorizationParams,
    req: Request,
    res: Response,
    language: PageLanguage,
    problem?: SignInProblem,
  ): Promise<void> {
    const secure = this.secureCookies;
    const browser = signInCookie(req, secure) ?? randomBytes(18).toString('base64url');
    const form: FormClaims = { b: browser, c: clientRef(client.client_id), pc: params.codeChallenge };
    const hidden: Array<[string, string]> = [
      ['client_id', client.client_id],
      ['redirect_uri', params.redirectUri],
      ['response_type', 'code'],
      ['code_challenge', params.codeChallenge],
      ['code_challenge_method', 'S256'],
    ];
    if (params.state !== undefined) hidden.push(['state', params.state]);
    if (params.scopes !== undefined && params.scopes.length > 0) hidden.push(['scope', params.scopes.join(' ')]);
    if (params.resource !== undefined) hidden.push(['resource', params.resource.href]);
    hidden.push(['form', await this.options.sealer.seal('form', form, LIFETIMES.form)]);

    const back = new URL(params.redirectUri);
    const isWeb = back.protocol === 'https:' || back.protocol === 'http:';
    const page = signInPage(
      {
        language,
        clientName: client.client_name,
        redirectTo: isWeb ? back.host : back.protocol,
        redirectKind: !isWeb ? 'app' : back.protocol === 'http:' && LOOPBACK_NAMES.includes(back.hostname) ? 'local' : 'site',
        clientIdHost: URL.canParse(client.client_id) ? new URL(client.client_id).host : undefined,
        ...(this.options.serviceHost === undefined ? {} : { serviceHost: this.options.serviceHost }),
        hiddenFields: hidden,
        action: '/authorize',
        ...(problem === undefined ? {} : { problem }),
      },
      [isWeb ? back.origin : back.protocol],
    );
    res.status(problem === undefined ? 200 : PROBLEM_STATUS[problem]);
    res.set({ ...SIGN_IN_PAGE_HEADERS, 'Content-Security-Policy': page.contentSecurityPolicy });
    res.append('Set-Cookie', `${cookieName(secure)}=${browser}; Path=/; Max-Age=${LIFETIMES.form}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
    res.send(page.html);
  }

  /**
   * Whether the posted form is the one this server showed to this browser: same-origin (a browser
   * says so in Sec-Fetch-Site and Origin), its sealed token unexpired and made for this client and this PKCE
   * challenge, and the browser's own sign-in cookie inside it. A page elsewhere can post the form's
   * fields, but cannot read or set that cookie, and SameSite keeps it off a cross-site post.
   */
  private async formIsOurs(client: OAuthClientInformationFull, params: AuthorizationParams, req: Request): Promise<boolean> {
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') return false;
    // The page's own post names this origin, or "null" (its Referrer-Policy is no-referrer).
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== 'null' && origin !== this.options.issuer) return false;
    const body = req.body as Record<string, unknown>;
    if (typeof body.form !== 'string') return false;
    const opened = await this.options.sealer.open('form', body.form);
    if (!opened.ok) return false;
    const form = opened.claims as FormClaims;
    const browser = signInCookie(req, this.secureCookies);
    return browser !== undefined && sameText(form.b, browser) && form.c === clientRef(client.client_id) && form.pc === params.codeChallenge;
  }
}

/**
 * The memory of used codes and renewals is full of entries still in force, in all or in this
 * member's share: nothing more can be issued safely (to everyone, or to this member) until some expire.
 */
function busy(full: 'memory full' | 'member full' | 'address full'): ServerError {
  if (full === 'address full') {
    log.warn("sign-in: a client address's share of the memory of used codes and renewals is full; its codes and renewals are refused until entries expire");
    return new ServerError('This address has more sign-ins in force on this server than it may keep; try again later.');
  }
  if (full === 'member full') {
    log.warn("sign-in: a member's share of the memory of used codes and renewals is full; their codes and renewals are refused until entries expire");
    return new ServerError('This key has more sign-ins in force on this server than it may keep; try again later.');
  }
  log.warn('sign-in: the memory of used codes and renewals is full; codes and renewals are refused until entries expire');
  return new ServerError('The sign-in is busy; try again in a few minutes.');
}

/** The member a grant belongs to, as the memory counts them: the hash of its key, never the key. */
function memberOf(grant: Pick<GrantClaims, 'k'>): string {
  return keyId(grant.k);
}

/** Whom an entry is charged to: the grant's member, and the address of the request being answered. */
function ownerOf(grant: Pick<GrantClaims, 'k'>, address = requestAddress()): Owner {
  return { member: memberOf(grant), address: address ?? 'unknown' };
}

/** Runs `work`; a store that does not answer becomes RFC 6749's temporarily_unavailable (routes.ts answers it with 503). */
async function whenStoreAnswers<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StoreUnavailable) throw new TemporarilyUnavailableError('The sign-in cannot be checked right now; try again in a few seconds.');
    throw error;
  }
}

/**
 * A client as its tokens name it: a hash of its client_id. A registered client's id holds its sealed
 * registration (hundreds of characters) and every request carries an access token: the hash keeps
 * tokens short, and tells clients apart as well.
 */
export function clientRef(clientId: string): string {
  return createHash('sha256').update(clientId).digest('base64url').slice(0, 22);
}

function cookieName(secure: boolean): string {
  // __Host-: the browser keeps it to this host and https (RFC 6265bis); on a loopback trial over http, a plain name.
  return secure ? '__Host-sign-in' : 'sign-in';
}

/** The browser's sign-in cookie, by the one name this server sets (over https, only the __Host- one, which no other site can set). */
function signInCookie(req: Request, secure: boolean): string | undefined {
  const header = req.headers.cookie;
  if (header === undefined || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === cookieName(secure) && value !== undefined && /^[\w-]{24}$/.test(value)) return value;
  }
  return undefined;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
