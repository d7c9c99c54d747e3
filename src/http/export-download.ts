// What a browser gets at an export link (serve --http, GET /exports/<token>): the register streamed
// as CSV with bounded memory, or a short text in Spanish and English saying why not. serve.ts opens
// the link and admits the request; this writes the answer. An error before the first byte is a
// status and its text; after it, the connection is cut, so that the browser marks the download
// failed rather than keeping a truncated file as whole.
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { ApiError } from '../api/errors.js';
import type { ComplaintsReader } from '../contract/operations.js';
import type { Clock } from '../domain/clock.js';
import { UserFacingError } from '../errors.js';
import { registerFileName } from '../export/register-name.js';
import { writeRegister } from '../export/register-writer.js';
import { countWithin, type ExportSelection, MOST_REGISTER_MS } from '../export/selection.js';
import { log } from '../log.js';
import { StoreUnavailable } from './state/shared-state.js';

/**
 * A download holds one of the member's whole-book slots while it runs: a client that reads nothing
 * for this long is cut, and so is one that takes longer in all than a register may (a browser reads
 * as fast as the service answers; a client reading a piece now and then would hold the slot for ever).
 */
export const DOWNLOAD_LIMITS = { stallMs: 20_000, mostMs: MOST_REGISTER_MS };

/** Every answer at /exports: never kept by a cache or a proxy, never sniffed into something else, no Referer onwards. */
const ALWAYS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };

export const DOWNLOAD_TEXT = {
  notFound:
    'Este enlace de descarga no existe o ya venció: pida el registro otra vez.\nThis download link does not exist or has expired: ask for the register again.',
  keyRefused:
    'La clave que creó este enlace ya no es aceptada por el servicio: pida el registro otra vez con una clave vigente.\nThe key that made this link is no longer accepted by the complaints service: ask for the register again with a current key.',
  serviceFailed:
    'El servicio del libro de reclamaciones no respondió como se esperaba: intente otra vez en un momento.\nThe complaints service did not answer as expected: try again in a moment.',
  storeUnavailable:
    'El servidor no puede leer sus enlaces en este momento: intente otra vez en unos segundos.\nThe server cannot read its links right now (its shared state does not answer): try again in a few seconds.',
  busy: 'El servidor está leyendo otros registros: intente otra vez en un momento.\nThe server is reading other registers: try again in a moment.',
  draining: 'El servidor se está apagando: intente otra vez.\nThe server is shutting down: try again.',
  tooMany: 'Demasiadas solicitudes en curso.',
  grew: 'La selección creció más de lo que cabe en un registro.',
  method: 'Solo GET o HEAD.\nGET or HEAD only.',
} as const;

/** A short plain text, and the headers every answer here has. */
export function plainText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  const body = `${text}\n`;
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body), ...ALWAYS, ...headers });
  res.end(body);
}

export interface DownloadRequest {
  method: 'GET' | 'HEAD';
  /** The member's reader, through their gate. */
  reader: ComplaintsReader;
  selection: ExportSelection;
  clock: Clock;
  redactPii: boolean;
  maxSheets: number;
  /** Aborts when the response closes (the browser went away): the reading stops. */
  signal: AbortSignal;
  /** DOWNLOAD_LIMITS unless a test says otherwise. */
  limits?: { stallMs: number; mostMs: number };
}

/** Counts the selection again (the book may have grown since the link was made), then writes the register, or says why not. */
export async function sendRegister(res: ServerResponse, request: DownloadRequest): Promise<void> {
  const { reader, selection, maxSheets, limits = DOWNLOAD_LIMITS } = request;
  const overdue = AbortSignal.timeout(limits.mostMs);
  const signal = AbortSignal.any([request.signal, overdue]);
  let headed = false;
  const head = () => {
    if (headed) return;
    headed = true;
    res.writeHead(200, {
      'Content-Type': 'text/csv; charset=utf-8',
      // The name is ASCII letters, digits, "-", "_" and "." only (register-name.ts): nothing to quote.
      'Content-Disposition': `attachment; filename="${registerFileName(selection)}"`,
      ...ALWAYS,
    });
  };
  try {
    // A selection grown past what a register holds is refused (a UserFacingError: 409 below).
    const total = await countWithin(reader, selection, maxSheets, signal);
    if (request.method === 'HEAD') {
      head();
      res.end();
      return;
    }
    await writeRegister(
      reader,
      selection,
      (piece) => {
        head();
        return res.write(piece) ? undefined : drained(res, signal, limits.stallMs);
      },
      { clock: request.clock, redactPii: request.redactPii, maxSheets, signal, counted: total },
    );
    res.end();
  } catch (error) {
    if (request.signal.aborted) return;
    if (headed) {
      // The file is not whole: the browser must not keep it as if it were.
      log.warn(`export link: the register stopped after its first bytes and the download was cut: ${overdue.aborted ? 'it took too long' : describe(error)}`);
      res.destroy();
      return;
    }
    if (overdue.aborted) return plainText(res, 503, DOWNLOAD_TEXT.busy, { 'Retry-After': '5' });
    failed(res, error);
  }
}

/** Waits for the socket to take more, within `stallMs`; rejects when the browser went away, reads nothing, or the download is overdue. */
function drained(res: ServerResponse, signal: AbortSignal, stallMs: number): Promise<unknown> {
  return once(res, 'drain', { signal: AbortSignal.any([signal, AbortSignal.timeout(stallMs)]) });
}

/** An error before the first byte: its status and text. */
function failed(res: ServerResponse, error: unknown): void {
  if (error instanceof StoreUnavailable) return plainText(res, 503, DOWNLOAD_TEXT.storeUnavailable, { 'Retry-After': '5' });
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403 || error.kind === 'unauthorized' || error.kind === 'forbidden') {
      return plainText(res, 403, DOWNLOAD_TEXT.keyRefused);
    }
    log.warn(
      `export link: the complaints service failed before the register's first byte: ${error.kind}${error.status === undefined ? '' : ` ${error.status}`}`,
    );
    return plainText(res, 502, DOWNLOAD_TEXT.serviceFailed);
  }
  // The selection grew past a register's bound since the link was made (countWithin), or while it was read (every-record.ts).
  if (error instanceof UserFacingError) return plainText(res, 409, `${DOWNLOAD_TEXT.grew}\n${error.message}`);
  throw error;
}

function describe(error: unknown): string {
  if (error instanceof ApiError) return `${error.kind}${error.status === undefined ? '' : ` ${error.status}`}`;
  if (error instanceof Error) return error.name;
  return 'unknown';
}
