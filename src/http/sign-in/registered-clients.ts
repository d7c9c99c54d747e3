// The OAuth clients the sign-in knows, without a store. Two kinds, as clients register today:
// - a client named by an https URL (a Client ID Metadata Document, as claude.ai does): its document
//   is fetched from that URL (client-metadata.ts);
// - a client registered dynamically (RFC 7591, as ChatGPT and VS Code do): its registration is sealed
//   into the client_id itself, so that any replica can read it back.
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import { InvalidClientError, InvalidClientMetadataError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { log } from '../../log.js';
import { stripUnsafe } from '../../sanitize.js';
import { type ClientMetadataDocuments, type DocumentFailure, type DocumentFailureCause, isClientMetadataUrl } from './client-metadata.js';
import { redirectUriProblem } from './redirect-uris.js';
import { requestAddress } from './request-address.js';
import type { TokenSealer } from './sealed-tokens.js';
import { shownDetail, shownUrl } from './shown-url.js';
import { WarningThrottle } from './warning-throttle.js';

/**
 * Enough for a client with web and desktop callbacks (real ones are under 100 characters), and small
 * enough that the client_id, which every code carries, keeps codes and tokens far under their bound.
 */
const MAX_REDIRECT_URIS = 10;
const MAX_REDIRECT_URI_LENGTH = 512;
const MAX_REDIRECT_URIS_LENGTH = 1500;
const MAX_CLIENT_NAME_LENGTH = 100;

/** What a registration keeps, sealed into its client_id: short names, so that the id stays short. */
interface SealedRegistration {
  /** client_name */
  n?: string;
  /** redirect_uris */
  r: string[];
  /** client_secret, for a client that authenticates with one */
  s?: string;
  /** client_secret_expires_at */
  se?: number;
  /** client_id_issued_at */
  t: number;
}

/**
 * A client named by a URL whose document could not be used: an invalid_client to the OAuth client,
 * as before, which also tells the sign-in's page why (routes.ts shows it to a browser).
 */
export class ClientDocumentError extends InvalidClientError {
  constructor(
    readonly documentUrl: string,
    readonly failure: DocumentFailure,
  ) {
    super(`The client's metadata document could not be used: ${failure.reason}`);
  }
}

/** What the warning says of each cause: what went wrong, for whoever runs the server. */
const CAUSE_IN_WORDS: Readonly<Record<DocumentFailureCause, string>> = {
  unresolved: "could not be fetched: its site's name does not resolve from this server (DNS)",
  timeout: 'could not be fetched: its site did not answer in time',
  refused: "could not be fetched: the connection was refused, or the site's address is one this server does not connect to",
  tls: 'could not be fetched: the secure (https) connection failed or its certificate was not accepted',
  network: 'could not be fetched: the connection failed',
  status: 'could not be fetched: its site answered with an error status',
  document: 'is not a usable client metadata document',
  busy: 'was not fetched: too many documents were being fetched at once',
};

export class RegisteredClients implements OAuthRegisteredClientsStore {
  /** One warning per document URL per 10 minutes, and a few per 10 minutes per client address: a client_id is anyone's choice. */
  private readonly warnings: WarningThrottle;

  constructor(
    private readonly sealer: TokenSealer,
    private readonly documents: ClientMetadataDocuments,
    warnings: WarningThrottle = new WarningThrottle(),
  ) {
    this.warnings = warnings;
  }

  async getClient(clientId: string): Promise<OAuthClientInformationFull | undefined> {
    if (isClientMetadataUrl(clientId)) {
      const address = requestAddress();
      const found = await this.documents.get(clientId, address);
      if (!found.ok) {
        this.warn(clientId, found, address);
        throw new ClientDocumentError(clientId, found);
      }
      return found.client;
    }
    const opened = await this.sealer.open('client', clientId);
    if (!opened.ok) return undefined;
    const sealed = opened.claims as unknown as SealedRegistration;
    if (!Array.isArray(sealed.r)) return undefined;
    return {
      client_id: clientId,
      client_id_issued_at: sealed.t,
      redirect_uris: sealed.r,
      ...(sealed.n === undefined ? {} : { client_name: sealed.n }),
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      ...(sealed.s === undefined
        ? { token_endpoint_auth_method: 'none' }
        : { token_endpoint_auth_method: 'client_secret_post', client_secret: sealed.s, client_secret_expires_at: sealed.se }),
    };
  }

  /**
   * Dynamic registration: checks what the client asks for and seals what the sign-in needs into the
   * client_id. The answer states what was registered, which may differ from what was asked (RFC 7591):
   * a client that asked for any secret-based method gets client_secret_post, the one the token
   * endpoint reads.
   */
  async registerClient(asked: Omit<OAuthClientInformationFull, 'client_id' | 'client_id_issued_at'>): Promise<OAuthClientInformationFull> {
    const uris = asked.redirect_uris;
    if (uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
      throw new InvalidClientMetadataError(`redirect_uris must hold 1 to ${MAX_REDIRECT_URIS} URIs.`);
    }
    if (uris.reduce((sum, uri) => sum + uri.length, 0) > MAX_REDIRECT_URIS_LENGTH) {
      throw new InvalidRedirectUriError(`The redirect URIs are longer than ${MAX_REDIRECT_URIS_LENGTH} characters together.`);
    }
    for (const uri of uris) {
      const problem = uri.length > MAX_REDIRECT_URI_LENGTH ? `is longer than ${MAX_REDIRECT_URI_LENGTH} characters` : redirectUriProblem(uri);
      if (problem !== undefined) throw new InvalidRedirectUriError(`A redirect URI ${problem}.`);
    }
    const grants = asked.grant_types ?? ['authorization_code'];
    if (!grants.includes('authorization_code') || grants.some((grant) => grant !== 'authorization_code' && grant !== 'refresh_token')) {
      throw new InvalidClientMetadataError('grant_types may hold only authorization_code and refresh_token, and must hold authorization_code.');
    }
    if ((asked.response_types ?? ['code']).some((type) => type !== 'code')) {
      throw new InvalidClientMetadataError('response_types may hold only code.');
    }
    const name = asked.client_name === undefined ? '' : stripUnsafe(asked.client_name).replace(/\s+/g, ' ').trim().slice(0, MAX_CLIENT_NAME_LENGTH);
    const issuedAt = Math.floor(Date.now() / 1000);
    const sealed: SealedRegistration = {
      ...(name === '' ? {} : { n: name }),
      r: [...uris],
      ...(asked.client_secret === undefined ? {} : { s: asked.client_secret, se: asked.client_secret_expires_at }),
      t: issuedAt,
    };
    const clientId = await this.sealer.seal('client', sealed as unknown as Record<string, unknown>);
    const client = await this.getClient(clientId);
    if (client === undefined) throw new Error('a registration just sealed did not open');
    return client;
  }

  /**
   * A sign-in that fails on a client's document is said at the default log level, where whoever runs
   * the server looks (Claude Code and Codex sign in so, and the server must reach their sites), but
   * throttled: every request for a URL that fails could write a line otherwise. The budget is the
   * asking address's, so that a stranger's flood cannot silence a member's app.
   */
  private warn(clientId: string, failure: DocumentFailure, address: string | undefined): void {
    const decision = this.warnings.decide(failure.cause === 'busy' ? '(busy)' : clientId, address);
    if (decision === 'skip') return;
    if (decision === 'quiet') {
      log.warn(
        `sign-in: more client metadata documents asked for from one client address could not be used; theirs are not logged for up to ${this.warnings.windowMinutes} minutes`,
      );
      return;
    }
    log.warn(`sign-in: an app could not sign in: its client metadata document ${CAUSE_IN_WORDS[failure.cause]}`, {
      url: shownUrl(clientId),
      cause: failure.cause,
      detail: shownDetail(failure.detail),
    });
  }
}

/** RFC 7591's error for a redirect URI the server will not use. */
class InvalidRedirectUriError extends InvalidClientMetadataError {
  static override errorCode = 'invalid_redirect_uri';
}
