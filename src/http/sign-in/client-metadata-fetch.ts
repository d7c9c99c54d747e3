// The fetch of a client metadata document: the URL is a stranger's, so it reaches allowed addresses
// only (checked at each connection by public-address.ts, and first here for a clear reason), over
// https only, and is bounded in time, size and redirects. Every refusal is a Refused, with its words.
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { quoted } from '../../sanitize.js';
import { maxAgeMs } from './client-metadata-cache.js';
import { DOCUMENT, NOT_PUBLIC, Refused } from './client-metadata-failure.js';
import { guardedConnector } from './public-address.js';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface DocumentFetchLimits {
  /** Which addresses may be reached. */
  isAllowed: (address: string) => boolean;
  /** Extra trusted CA certificate(s), PEM; replaces the default roots (tests only). */
  ca?: string | Buffer;
  /** Each connection, and each wait for headers or body. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export class DocumentFetch {
  private readonly agent: Agent;

  constructor(private readonly limits: DocumentFetchLimits) {
    const { timeoutMs, ca } = limits;
    this.agent = new Agent({
      connect: guardedConnector(limits.isAllowed, { timeout: timeoutMs, ...(ca === undefined ? {} : { ca }) }),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  }

  /** Closes every connection; fetches under way fail. */
  close(): Promise<void> {
    return this.agent.destroy();
  }

  /** The body of the document at `clientId`, following redirects, within the bounds. */
  async download(clientId: string, signal: AbortSignal): Promise<{ text: string; maxAge: number | undefined }> {
    const { maxRedirects, maxBytes } = this.limits;
    let url = new URL(clientId);
    for (let redirects = 0; ; redirects++) {
      // The connector refuses these addresses too; checked here first for a clear reason, no socket.
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(host) !== 0 && !this.limits.isAllowed(host)) throw new Refused(NOT_PUBLIC, 'refused');
      const response = await request(url.href, { dispatcher: this.agent, method: 'GET', headers: { accept: 'application/json' }, signal });
      const { statusCode, headers, body } = response;
      if (statusCode !== 200) discard(body);
      if (REDIRECT_STATUSES.has(statusCode)) {
        if (redirects >= maxRedirects) throw new Refused(`${DOCUMENT}'s server redirected more than ${maxRedirects} times.`);
        const location = headerValue(headers.location);
        if (location === undefined || !URL.canParse(location, url.href)) throw new Refused(`${DOCUMENT}'s server redirected without a valid Location.`);
        url = new URL(location, url);
        url.hash = '';
        if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') {
          throw new Refused(`${DOCUMENT}'s server redirected to an address that is not https.`);
        }
        continue;
      }
      if (statusCode !== 200) throw new Refused(`${DOCUMENT}'s server answered HTTP ${statusCode}.`, 'status', statusCode);
      const contentType = headerValue(headers['content-type']);
      if (!isJsonType(contentType)) {
        discard(body);
        throw new Refused(`${DOCUMENT} is not JSON (content-type ${contentType === undefined ? 'missing' : quoted(contentType, 60)}).`);
      }
      const tooLarge = `${DOCUMENT} is larger than ${maxBytes} bytes.`;
      const length = Number(headerValue(headers['content-length']) ?? 0);
      if (length > maxBytes) {
        discard(body);
        throw new Refused(tooLarge);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of body) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          discard(body);
          throw new Refused(tooLarge);
        }
        chunks.push(chunk as Buffer);
      }
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
      } catch {
        throw new Refused(`${DOCUMENT} is not valid UTF-8.`);
      }
      return { text, maxAge: maxAgeMs(headerValue(headers['cache-control'])) };
    }
  }
}

/** One value of a response header (undici gives a list for a repeated one). */
function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** application/json or any +json type, parameters (charset) ignored. */
function isJsonType(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[!#$&^_.+\w-]+\+json$/.test(type);
}

/** Drops a response body unread. Destroying one emits an abort error: listened to, or it would be uncaught. */
function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}
