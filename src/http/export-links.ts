// A register's download link (serve --http): opened by a browser without the key, for a limited
// time, on any replica. The link's token is 32 random bytes; the shared state keeps the link's entry
// under the token's SHA-256, so that the store alone never yields a link. The entry holds the member
// (the key's id), where the key came from, the selection and the end, and the key sealed with
// AES-256-GCM under a key derived from the token, the rest of the entry bound to it as additional
// data. So the link holds no key, the store holds none readable, any replica sharing the state opens
// it, a changed character finds nothing, and a changed entry fails its authentication.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { DeliveryContext, LinkDelivered, RegisterDelivery, RegisterRequest } from '../export/delivery.js';
import { registerFileName } from '../export/register-name.js';
import { countWithin, type ExportSelection, exportSelectionSchema } from '../export/selection.js';
import { keyId } from './key-id.js';
import type { SharedState } from './state/shared-state.js';

/** A link's path: /exports/<token>, then the file's name for the browser (not read when opening). */
export const EXPORTS_PATH = '/exports/';

const TOKEN_BYTES = 32;
/** 32 bytes in base64url, unpadded. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Binds the derived key to this use: the same bytes used elsewhere would give another key. */
const HKDF_INFO = 'complaints-book-mcp export link v1: the API key sealed';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type KeyFrom = 'request' | 'sign-in';

/** What the entry says in the clear (the additional data the seal authenticates). */
interface Facts {
  member: string;
  keyFrom: KeyFrom;
  selection: ExportSelection;
  /** Milliseconds since the epoch, by the app's clock. */
  expiresAt: number;
}

/** A link opened: whose it is, and what it gives. */
export interface OpenedLink extends Facts {
  key: string;
}

export interface NewExportLink {
  key: string;
  keyFrom: KeyFrom;
  selection: ExportSelection;
  now: Date;
  minutes: number;
  state: Pick<SharedState, 'saveExportLink'>;
}

/** Makes a link's token and keeps its entry; throws StoreUnavailable when the store cannot keep it (no link is given then). */
export async function createExportLink(link: NewExportLink): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const expiresAt = link.now.getTime() + link.minutes * 60_000;
  const facts = JSON.stringify({ member: keyId(link.key), keyFrom: link.keyFrom, selection: link.selection, expiresAt } satisfies Facts);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealKey(token), iv);
  cipher.setAAD(Buffer.from(facts, 'utf8'));
  const sealed = Buffer.concat([iv, cipher.update(link.key, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64url');
  await link.state.saveExportLink({
    id: linkId(token),
    member: keyId(link.key),
    entry: JSON.stringify({ facts, sealed }),
    until: Math.ceil(expiresAt / 1000),
  });
  return { token, expiresAt: new Date(expiresAt) };
}

/**
 * The link's entry, opened; undefined for a token of no link, changed, expired, or whose entry does
 * not open as it was sealed (one answer for all: nothing says which). Throws StoreUnavailable when
 * the store cannot say.
 */
export async function openExportLink(token: string, state: Pick<SharedState, 'readExportLink'>, now: Date): Promise<OpenedLink | undefined> {
  // Canonical only: the last character's two spare bits, changed, would decode to the same bytes.
  if (!TOKEN.test(token) || Buffer.from(token, 'base64url').toString('base64url') !== token) return undefined;
  const entry = await state.readExportLink(linkId(token));
  if (entry === undefined) return undefined;
  try {
    const { facts, sealed } = JSON.parse(entry) as { facts: unknown; sealed: unknown };
    if (typeof facts !== 'string' || typeof sealed !== 'string') return undefined;
    const bytes = Buffer.from(sealed, 'base64url');
    if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', sealKey(token), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(facts, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const key = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    const read = JSON.parse(facts) as Partial<Facts>;
    const selection = exportSelectionSchema.safeParse(read.selection);
    if (!selection.success || typeof read.expiresAt !== 'number' || (read.keyFrom !== 'request' && read.keyFrom !== 'sign-in')) return undefined;
    if (read.expiresAt <= now.getTime() || read.member !== keyId(key)) return undefined;
    return { key, keyFrom: read.keyFrom, member: read.member, selection: selection.data, expiresAt: read.expiresAt };
  } catch {
    // Not JSON, or the seal does not open: not a link.
    return undefined;
  }
}

/** The token of a request's path under /exports/: the part after it, up to the file name. */
export function tokenOfPath(path: string): string {
  return path.slice(EXPORTS_PATH.length).split('/')[0] ?? '';
}

export interface LinkDeliveryOptions {
  key: string;
  keyFrom: KeyFrom;
  /** The origin the link names (COMPLAINTS_HTTP_PUBLIC_URL, or the Host the request came to). */
  origin: string;
  minutes: number;
  /** COMPLAINTS_MAX_SHEETS. */
  maxSheets: number;
  state: Pick<SharedState, 'saveExportLink'>;
}

/**
 * serve --http's delivery of a register: a link, made for the member who asked. Only the selection is
 * counted now (one too large is refused with how to split it); the register is read when the link is
 * opened (serve.ts), so the link costs the store one entry.
 */
export function linkDelivery(options: LinkDeliveryOptions): RegisterDelivery {
  return {
    async deliver(request: RegisterRequest, context: Pick<DeliveryContext, 'api' | 'clock' | 'signal'>): Promise<LinkDelivered> {
      const { key, keyFrom, minutes, state } = options;
      const counted = await countWithin(await context.api(), request.selection, options.maxSheets, context.signal);
      const { token, expiresAt } = await createExportLink({ key, keyFrom, selection: request.selection, now: context.clock.now(), minutes, state });
      const fileName = registerFileName(request.selection);
      const url = `${options.origin}${EXPORTS_PATH}${token}/${fileName}`;
      return { kind: 'link', url, fileName, expiresAt: expiresAt.toISOString(), minutes, counted };
    },
  };
}

/** Where the entry is kept: the token's hash, from which no token is made back. */
function linkId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function sealKey(token: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(token, 'base64url'), Buffer.alloc(0), HKDF_INFO, 32));
}
