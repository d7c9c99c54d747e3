// The sign-in's HTTP endpoints, assembled from the SDK's handlers: authorize, token, register, revoke
// (each with its own request checks, PKCE verification, CORS and rate limit) and the two metadata
// documents. Written here: the metadata themselves (the SDK's builder has no field for Client ID
// Metadata Documents, nor the protected resource's document at the root), and a check before
// /authorize that holds redirect URIs to an exact match (the SDK's lets any loopback port through)
// and keeps the state in the errors it sends back.

import type { IncomingMessage } from 'node:http';
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { authorizationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/authorize.js';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import { clientRegistrationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/register.js';
import { revocationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/revoke.js';
import { tokenHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/token.js';
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { rateLimit as expressRateLimit } from 'express-rate-limit';
import { log } from '../../log.js';
import { SharedRateLimitStore } from '../state/rate-limit-store.js';
import { type SharedState, StoreUnavailable } from '../state/shared-state.js';
import { pageLanguage, SIGN_IN_PAGE_HEADERS, type SignInError, signInErrorPage } from './page.js';
import { RESOURCE_METADATA_PATH } from './paths.js';
import type { SignInProvider } from './provider.js';
import { redirectUriMatches } from './redirect-uris.js';
import { ClientDocumentError } from './registered-clients.js';
import { answeringFrom } from './request-address.js';

/**
 * Requests per client address and window, counted in the shared state (one count for all
 * replicas). Wider than the SDK's defaults, since a team behind one proxy shares an address; still
 * far below what would let anyone guess a key or tire the service (each sign-in posts one call to it).
 */
export const RATE_LIMITS = {
  authorize: { windowMs: 15 * 60_000, limit: 600 },
  token: { windowMs: 15 * 60_000, limit: 600 },
  register: { windowMs: 60 * 60_000, limit: 120 },
  revoke: { windowMs: 15 * 60_000, limit: 300 },
} as const;

/** The body of a 429, as the SDK's handlers write theirs. */
function tooMany(what: string) {
  return { error: 'too_many_requests', error_description: `You have exceeded the rate limit for ${what} requests.` };
}

export function authorizationServerMetadata(issuer: string): OAuthMetadata {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    registration_endpoint: `${issuer}/register`,
    revocation_endpoint: `${issuer}/revoke`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
    revocation_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
  };
}

export function protectedResourceMetadata(issuer: string, resource: string): OAuthProtectedResourceMetadata {
  return {
    resource,
    authorization_servers: [issuer],
    bearer_methods_supported: ['header'],
    resource_name: 'Complaints book (Libro de Reclamaciones)',
  };
}

/** The sign-in's endpoints as one request listener. */
export function signInRoutes(
  provider: SignInProvider,
  issuer: string,
  resource: string,
  state: SharedState,
  clientOf: (req: IncomingMessage) => string,
): Express {
  const app = express();
  app.disable('x-powered-by');
  // Each request's client (its address, or what a trusted proxy forwards: client-address.ts), read
  // once: the rate limits count it, and what the handlers do on its behalf (fetch its document) is
  // charged to it. express's own req.ip and its X-Forwarded-For checks are not used.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const client = clientOf(req);
    res.locals.client = client;
    answeringFrom(client, next);
  });
  const rateLimit = (name: keyof typeof RATE_LIMITS) => ({
    ...RATE_LIMITS[name],
    store: new SharedRateLimitStore(state, name),
    keyGenerator: (_req: Request, res: Response) => res.locals.client as string,
    validate: { xForwardedForHeader: false },
  });

  // The limit comes before the precheck, which may fetch a client's metadata document: counted by
  // the SDK's handler alone, requests refused early would fetch without limit.
  app.use(
    '/authorize',
    expressRateLimit({ ...rateLimit('authorize'), standardHeaders: true, legacyHeaders: false, message: tooMany('authorization') }),
    express.urlencoded({ extended: false, limit: '16kb' }),
    authorizationPrecheck(provider, issuer),
  );
  app.use('/authorize', authorizationHandler({ provider, rateLimit: false }));
  app.use('/token', unavailableAs503, tokenHandler({ provider, rateLimit: rateLimit('token') }));
  app.use('/register', express.json({ limit: '16kb' }), clientRegistrationHandler({ clientsStore: provider.clientsStore, rateLimit: rateLimit('register') }));
  app.use('/revoke', unavailableAs503, revocationHandler({ provider, rateLimit: rateLimit('revoke') }));
  app.use('/.well-known/oauth-authorization-server', metadataHandler(authorizationServerMetadata(issuer)));
  const resourceMetadata = metadataHandler(protectedResourceMetadata(issuer, resource));
  app.use(RESOURCE_METADATA_PATH, resourceMetadata);
  app.use('/.well-known/oauth-protected-resource', resourceMetadata);
  // A body too large or not parseable: an OAuth error, not express's page (which shows a stack).
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // A rate limit that could not be counted: refused, not let through uncounted.
    if (error instanceof StoreUnavailable) return void storeUnavailable(req, res);
    const status = typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : 500;
    if (status >= 500)
      log.error(`sign-in: answering ${req.method} ${req.path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    if (res.headersSent) return void res.destroy();
    res.status(status >= 400 && status < 500 ? status : 500).json({
      error: status < 500 ? 'invalid_request' : 'server_error',
      error_description: status === 413 ? 'The request body is too large.' : 'The request could not be read.',
    });
  });
  return app;
}

/**
 * The SDK's handlers answer every OAuth error but server_error with 400. temporarily_unavailable (the
 * shared state did not answer: the provider throws it) is the server's state, not the request's:
 * 503, with when to retry, so that a client retries rather than give up.
 */
function unavailableAs503(_req: Request, res: Response, next: NextFunction): void {
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    if (field(body, 'error') === 'temporarily_unavailable') res.status(503).setHeader('Retry-After', STORE_RETRY_AFTER);
    return json(body);
  };
  next();
}

/** Seconds a client is asked to wait when the shared state does not answer. */
const STORE_RETRY_AFTER = '5';

/** 503: to a member's browser (at /authorize), a page that says so; to an app, the OAuth error. */
function storeUnavailable(req: Request, res: Response): void {
  if (res.headersSent) return void res.destroy();
  res.setHeader('Retry-After', STORE_RETRY_AFTER);
  if (wantsPage(req)) return showError(req, res, { kind: 'unavailable' }, 503);
  answeredByAccept(res);
  res.status(503).json({ error: 'temporarily_unavailable', error_description: 'The sign-in cannot be checked right now; try again in a few seconds.' });
}

/**
 * Before the SDK's authorization handler, what it does not hold as the RFCs ask:
 * - redirect_uri is required, and must be one the client registered, exactly (redirect-uris.ts);
 *   otherwise a 400 here, never a redirect to it (RFC 6749, 4.1.2.1);
 * - a request without PKCE S256, with another response_type or for another resource goes back to
 *   the client with its `state` (the SDK's handler drops the state when the request does not parse)
 *   and `iss` (RFC 9207 wants it on errors too).
 * The errors that cannot go back to the client (no client, no redirect URI to trust) are answered
 * here, all of them: in JSON, as the SDK's handler would, to an OAuth client; as a page that says
 * why and what to do to a browser, which is where a member signing in meets them.
 */
function authorizationPrecheck(provider: SignInProvider, issuer: string) {
  return async (req: Request, res: Response, next: NextFunction) => {
    // Other methods: the SDK's handler answers 405.
    if (req.method !== 'GET' && req.method !== 'POST') return next();
    const params: unknown = req.method === 'POST' ? req.body : req.query;
    const clientId = field(params, 'client_id');
    const redirectUri = field(params, 'redirect_uri');
    const browser = wantsPage(req);
    // Without a client_id (or with several), the SDK's handler answers the OAuth client.
    if (typeof clientId !== 'string') return browser ? showError(req, res, { kind: 'incomplete_request' }) : next();
    if (redirectUri === undefined) return browser ? showError(req, res, { kind: 'redirect_uri' }) : refuse(res, 'redirect_uri is required.');
    let client: Awaited<ReturnType<typeof provider.clientsStore.getClient>>;
    try {
      client = await provider.clientsStore.getClient(clientId);
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      if (browser && error instanceof ClientDocumentError) {
        const { cause, status } = error.failure;
        return showError(req, res, { kind: 'client_document', cause, documentUrl: error.documentUrl, ...(status === undefined ? {} : { status }) });
      }
      answeredByAccept(res);
      return void res.status(400).json(error.toResponseObject());
    }
    if (client === undefined) {
      if (browser) return showError(req, res, { kind: 'unknown_client' });
      answeredByAccept(res);
      return void res.status(400).json({ error: 'invalid_client', error_description: 'Invalid client_id' });
    }
    if (typeof redirectUri !== 'string' || !client.redirect_uris.some((known) => redirectUriMatches(redirectUri, known))) {
      return browser ? showError(req, res, { kind: 'redirect_uri' }) : refuse(res, 'redirect_uri is not one this client registered.');
    }
    const state = field(params, 'state');
    const error = (code: string, description: string) => {
      const back = new URL(redirectUri);
      back.searchParams.set('error', code);
      back.searchParams.set('error_description', description);
      if (typeof state === 'string') back.searchParams.set('state', state);
      back.searchParams.set('iss', issuer);
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, back.href);
    };
    if (field(params, 'response_type') !== 'code') return error('unsupported_response_type', 'response_type must be code.');
    if (typeof field(params, 'code_challenge') !== 'string' || field(params, 'code_challenge_method') !== 'S256') {
      return error('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method S256.');
    }
    const resource = field(params, 'resource');
    if (resource !== undefined && (typeof resource !== 'string' || !provider.isOurResource(resource))) {
      return error('invalid_target', `This server issues tokens only for ${provider.resource}.`);
    }
    next();
  };
}

/**
 * Whether the request is a browser's (a member's navigation): it asks for HTML before JSON. An
 * OAuth client sends no Accept, a wildcard or JSON, and gets the error in JSON as before.
 */
function wantsPage(req: Request): boolean {
  return req.accepts(['application/json', 'text/html']) === 'text/html';
}

/** An error answered in HTML or JSON by Accept, in Spanish or English by Accept-Language: never a cache's to share. */
function answeredByAccept(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Vary', 'Accept, Accept-Language');
}

/** The error page: 400 (or `status`), as the JSON it stands for, with the sign-in page's headers. */
function showError(req: Request, res: Response, error: SignInError, status = 400): void {
  const page = signInErrorPage({ language: pageLanguage(req.headers['accept-language']), error });
  answeredByAccept(res);
  res.status(status).set({ ...SIGN_IN_PAGE_HEADERS, 'Content-Security-Policy': page.contentSecurityPolicy });
  res.send(page.html);
}

function field(params: unknown, name: string): unknown {
  return typeof params === 'object' && params !== null && Object.hasOwn(params, name) ? (params as Record<string, unknown>)[name] : undefined;
}

function refuse(res: Response, description: string): void {
  answeredByAccept(res);
  res.status(400).json({ error: 'invalid_request', error_description: description });
}
