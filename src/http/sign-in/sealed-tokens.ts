// The sign-in's tokens, sealed: encrypted and authenticated (JWE, `dir` + A256GCM, by jose) under
// COMPLAINTS_HTTP_TOKEN_SECRET. What a token carries (the member's key among it) is readable only by a
// server holding the secret, and any change to it is refused. So the server keeps no session store:
// every replica with the secret can open what another sealed.
//
// Each secret gives one key per kind of token (HKDF), so a token of one kind never opens as another:
// a sign-in form's token is not an access token, whatever its claims say. The first secret seals;
// every secret opens, so that a secret can be rotated without signing every member out.
//
// A sign-in's tokens are sealed repeatably (sealRepeatable): the same claims and time give the same
// token, on any replica. A retried renewal then gets the very tokens the first got, and nothing of
// them need be stored. The nonce of AES-GCM is then an HMAC of the whole plaintext under a key of
// its own (as AES-SIV does): it repeats only with the same plaintext, which is safe, and says only
// that two tokens are the same token.
import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { EncryptJWT, errors, type JWTPayload, jwtDecrypt } from 'jose';
import { MAX_TOKEN_LENGTH, SEALED_TOKEN } from '../request-guards.js';

export type TokenKind = 'access' | 'refresh' | 'code' | 'client' | 'form';

export type Opened = { ok: true; claims: JWTPayload } | { ok: false; reason: 'expired' | 'invalid' };

const SALT = 'complaints-book-mcp sign-in';

interface SecretKeys {
  kid: string;
  keys: Record<TokenKind, Uint8Array>;
  /** For repeatable sealing: the key the nonce and the token id are derived with. */
  nonceKey: Uint8Array;
}

function keysOf(secret: string): SecretKeys {
  const derive = (info: string) => new Uint8Array(hkdfSync('sha256', secret, SALT, info, 32));
  // The key id names the secret without revealing it: a hash of a key derived for nothing else.
  const kid = createHash('sha256').update(derive('key id')).digest('base64url').slice(0, 8);
  const kinds: TokenKind[] = ['access', 'refresh', 'code', 'client', 'form'];
  return {
    kid,
    keys: Object.fromEntries(kinds.map((kind) => [kind, derive(`${kind} token v1`)])) as Record<TokenKind, Uint8Array>,
    nonceKey: derive('repeatable nonce v1'),
  };
}

export class TokenSealer {
  private readonly sealing: SecretKeys;
  private readonly opening: Map<string, SecretKeys>;

  /** `secrets`: at least one; the first seals. `now`: milliseconds since the epoch. */
  constructor(
    secrets: readonly string[],
    private readonly now: () => number = Date.now,
  ) {
    if (secrets.length === 0) throw new Error('TokenSealer needs at least one secret');
    const all = secrets.map(keysOf);
    this.sealing = all[0]!;
    this.opening = new Map(all.map((keys) => [keys.kid, keys]));
  }

  /** Seals `claims` as a token of `kind`; `lifetimeSeconds` undefined for a token that does not expire (a client's registration). */
  async seal(kind: TokenKind, claims: JWTPayload, lifetimeSeconds?: number): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    const jwt = new EncryptJWT({ ...claims, jti: randomBytes(12).toString('base64url') })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid: this.sealing.kid })
      .setIssuedAt(issuedAt);
    if (lifetimeSeconds !== undefined) jwt.setExpirationTime(issuedAt + lifetimeSeconds);
    return jwt.encrypt(this.sealing.keys[kind]);
  }

  /**
   * Seals `claims` as a token of `kind` issued at `issuedAt` (seconds): the same arguments give the
   * same token, under the same first secret.
   */
  async sealRepeatable(kind: TokenKind, claims: JWTPayload, lifetimeSeconds: number, issuedAt: number): Promise<string> {
    const { kid, keys, nonceKey } = this.sealing;
    const derived = (what: string, text: string) => createHmac('sha256', nonceKey).update(`${kind}\n${what}\n${text}`).digest();
    const timed = { ...claims, iat: issuedAt, exp: issuedAt + lifetimeSeconds };
    const payload = { ...timed, jti: derived('jti', JSON.stringify(timed)).subarray(0, 12).toString('base64url') };
    const jwt = new EncryptJWT(payload).setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid });
    // jose marks a chosen nonce "for testing": it fears a nonce chosen twice for two plaintexts,
    // which a nonce derived from the plaintext cannot be.
    jwt.setInitializationVector(derived('nonce', JSON.stringify(payload)).subarray(0, 12));
    return jwt.encrypt(keys[kind]);
  }

  /** Opens a token of `kind`: its claims, or why not. `audience`, when given, must be the token's `aud`. */
  async open(kind: TokenKind, token: string, audience?: string): Promise<Opened> {
    if (token.length > MAX_TOKEN_LENGTH || !SEALED_TOKEN.test(token) || !isCanonical(token)) return { ok: false, reason: 'invalid' };
    try {
      const { payload } = await jwtDecrypt(
        token,
        (header) => {
          const keys = header.kid === undefined ? undefined : this.opening.get(header.kid);
          if (keys === undefined) throw new Error('sealed under a secret this server does not hold');
          return keys.keys[kind];
        },
        {
          keyManagementAlgorithms: ['dir'],
          contentEncryptionAlgorithms: ['A256GCM'],
          currentDate: new Date(this.now()),
          ...(audience === undefined ? {} : { audience }),
        },
      );
      return { ok: true, claims: payload };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

/**
 * Whether each part is base64url as it encodes: a part's last character may carry unused bits, and
 * a decoder ignores them, so without this one token would open in up to 16 spellings.
 */
function isCanonical(token: string): boolean {
  return token.split('.').every((part) => Buffer.from(part, 'base64url').toString('base64url') === part);
}
