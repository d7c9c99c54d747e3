// Reads a request's body, up to a bound, before the request takes one of the in-flight slots: a
// client that sends its body slowly (or never) then holds a socket, not a slot that members need.
import type { IncomingMessage } from 'node:http';

/** The parsed JSON-RPC message or batch, or the status and text to refuse it with. */
export type Body = { ok: true; json: unknown } | { ok: false; status: 400 | 413; message: string };

export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<Body> {
  const tooLarge = { ok: false, status: 413, message: `Payload Too Large: the request body must not exceed ${maxBytes} bytes.` } as const;
  if (Number(req.headers['content-length']) > maxBytes) return tooLarge;
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > maxBytes) return tooLarge;
    chunks.push(chunk);
  }
  try {
    return { ok: true, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { ok: false, status: 400, message: 'Parse error: the request body is not JSON.' };
  }
}

/** The ids of the requests in a JSON-RPC message or batch: the calls that expect an answer. */
export function requestIds(message: unknown): Array<string | number> {
  const messages = Array.isArray(message) ? message : [message];
  return messages.flatMap((item) => {
    if (typeof item !== 'object' || item === null || !('method' in item) || !('id' in item)) return [];
    const { id } = item as { id: unknown };
    return typeof id === 'string' || typeof id === 'number' ? [id] : [];
  });
}
