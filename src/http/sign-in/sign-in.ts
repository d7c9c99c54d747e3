// The sign-in as the HTTP server sees it: built from its settings once the server knows its own
// address, it answers the OAuth endpoints, opens the access tokens that reach /mcp, and names its
// metadata in the 401 that sends a client to sign in.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import { ComplaintsApi } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import { keyId } from '../key-id.js';
import type { SignInSettings } from '../settings.js';
import type { SharedState } from '../state/shared-state.js';
import type { UnverifiedBudget } from '../unverified-budget.js';
import { PendingWrites } from '../written-first.js';
import { ClientMetadataDocuments } from './client-metadata.js';
import { RESOURCE_METADATA_PATH, SIGN_IN_PATHS } from './paths.js';
import { type AccessCheck, type KeyVerdict, SignInProvider } from './provider.js';
import { RegisteredClients } from './registered-clients.js';
import { requestAddress } from './request-address.js';
import { signInRoutes } from './routes.js';
import { TokenSealer } from './sealed-tokens.js';

export interface SignIn {
  /** Whether `path` is one of the sign-in's endpoints. */
  answers(path: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** The member's key behind an access token, or why the token is refused. */
  openAccessToken(token: string): Promise<AccessCheck>;
  /** Ends a grant whose key the service refused (a request from `address`): the client's next request is sent to sign in again. */
  withdraw(grant: string, key: string, address: string): Promise<void>;
  /** The `resource_metadata` parameter of a 401's WWW-Authenticate (RFC 9728, 5.1). */
  resourceMetadataUrl: string;
  /** The MCP endpoint the tokens are for: the URL members give their apps. */
  resource: string;
  close(): Promise<void>;
}

export interface SignInOptions {
  settings: SignInSettings;
  /** The origin the server listens at, used when no public URL is set (a trial on loopback). */
  listeningOrigin: string;
  apiUrl: string;
  timeoutMs: number;
  dispatcher: Dispatcher;
  /** What every replica shares: used codes, refresh generations, withdrawn grants, rate counters. */
  state: SharedState;
  /** The client a request is for (client-address.ts): what the rate limits and the fetch shares count. */
  clientOf: (req: IncomingMessage) => string;
  /** The per-address budget of keys the service has not accepted, /mcp's: a key posted on the form spends it too. */
  unverifiedBudget?: UnverifiedBudget;
  /** Told what the service answered for a key checked at sign-in (so that serve --http remembers an accepted one). */
  onKeyStatus?: (key: string, status: number) => Promise<void> | void;
}

export function createSignIn(options: SignInOptions): SignIn {
  const { settings } = options;
  const issuer = settings.publicUrl ?? options.listeningOrigin;
  const resource = `${issuer}/mcp`;
  const sealer = new TokenSealer(settings.secrets);
  const documents = new ClientMetadataDocuments({ allowPrivateAddresses: settings.allowPrivateClientMetadata });

  const provider = new SignInProvider({
    sealer,
    state: options.state,
    clients: new RegisteredClients(sealer, documents),
    issuer,
    resource,
    checkKey: signInKeyCheck(options),
    ...(options.unverifiedBudget === undefined ? {} : { admitFormKey: formKeyAdmission(options.state, options.unverifiedBudget) }),
    // The host alone is enough for a member to recognise the service (the settings checked the URL).
    ...(URL.canParse(options.apiUrl) ? { serviceHost: new URL(options.apiUrl).host } : {}),
  });
  const routes = signInRoutes(provider, issuer, resource, options.state, options.clientOf);

  return {
    answers: (path) => SIGN_IN_PATHS.has(path),
    handle: (req, res) => routes(req, res),
    openAccessToken: (token) => provider.openAccessToken(token),
    withdraw: (grant, key, address) => provider.withdraw(grant, key, address),
    resourceMetadataUrl: `${issuer}${RESOURCE_METADATA_PATH}`,
    resource,
    close: () => documents.close(),
  };
}

/** A key posted on the form is asked of the service when it was accepted lately, or within its address's budget. */
function formKeyAdmission(state: Pick<SharedState, 'isAccepted'>, budget: UnverifiedBudget): (key: string) => Promise<boolean> {
  return async (key) => (await state.isAccepted(keyId(key))) || (await budget.spend(requestAddress() ?? 'unknown', 1)).ok;
}

/**
 * The key a member signs in with, asked of the service with one list call of one record (the cheapest
 * question that the key and its permission must answer). What the service answered is written
 * (onKeyStatus) before the verdict is given, so the client's first call, on any replica, finds the
 * key accepted.
 */
export function signInKeyCheck(options: Pick<SignInOptions, 'apiUrl' | 'timeoutMs' | 'dispatcher' | 'onKeyStatus'>): (key: string) => Promise<KeyVerdict> {
  return async (key) => {
    const writes = new PendingWrites();
    const api = new ComplaintsApi({
      baseUrl: options.apiUrl,
      apiKey: key,
      keyFrom: 'sign-in',
      timeoutMs: options.timeoutMs,
      dispatcher: options.dispatcher,
      onStatus: (status) => writes.add(Promise.resolve(options.onKeyStatus?.(key, status))),
    });
    try {
      await api.listComplaints({ pageSize: 1 });
      return 'accepted';
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return 'refused';
      if (error instanceof ApiError && error.status === 403) return 'forbidden';
      return 'unreachable';
    } finally {
      await writes.settled();
    }
  };
}
