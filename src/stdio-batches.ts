// The stdio input, with JSON-RPC batches taken out. A batch (a line holding a JSON array) is no MCP
// message since protocol revision 2025-06-18, and the SDK's stdio transport drops one without an
// answer: it fails to parse it and reports that to no one, so the client waits forever. This filter
// stands in front of the transport: it passes every other line on untouched and, for each batch
// line, drops it (whatever its length: nothing is kept) and calls `onBatch`, which answers. A byte
// order mark before a line, which a Windows tool may write and no JSON parser takes, is dropped too:
// the line it started (an initialize, a batch) would otherwise be dropped unanswered.
import { Transform } from 'node:stream';

/** The answer to a batch: JSON-RPC's Invalid Request, with no id since no one call is answered. */
export const BATCH_REFUSAL = {
  jsonrpc: '2.0',
  id: null,
  error: { code: -32600, message: 'Invalid Request: JSON-RPC batches are not supported in this protocol version; send one message per line.' },
} as const;

const NEWLINE = 0x0a;
const OPEN_BRACKET = 0x5b;
/** JSON's whitespace but the newline, which ends the line. */
const isBlank = (byte: number | undefined) => byte === 0x20 || byte === 0x09 || byte === 0x0d;
/** U+FEFF in UTF-8. */
const BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);

export function withoutBatches(onBatch: () => void): Transform {
  // Where the current line stands: not yet at its first character, a line passed on, or a batch being dropped.
  let place: 'start' | 'message' | 'batch' = 'start';
  // How many bytes of a byte order mark the line's start has shown, held back (a chunk may end inside one).
  let markRead = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const kept: Buffer[] = [];
      let at = 0;
      while (at < chunk.length) {
        if (place === 'start') {
          if (chunk[at] === BYTE_ORDER_MARK[markRead]) {
            markRead = (markRead + 1) % BYTE_ORDER_MARK.length;
            at += 1;
            continue;
          }
          // The start of a mark that is not one is passed on as it came.
          kept.push(BYTE_ORDER_MARK.subarray(0, markRead));
          if (markRead > 0) {
            markRead = 0;
            place = 'message';
            continue;
          }
          // Blanks before the first character are passed on: before a batch, they join the next line, which JSON allows.
          let first = at;
          while (isBlank(chunk[first])) first += 1;
          kept.push(chunk.subarray(at, first));
          at = first;
          if (at < chunk.length && chunk[at] !== BYTE_ORDER_MARK[0]) place = chunk[at] === OPEN_BRACKET ? 'batch' : 'message';
          continue;
        }
        const newline = chunk.indexOf(NEWLINE, at);
        const end = newline === -1 ? chunk.length : newline + 1;
        if (place === 'message') kept.push(chunk.subarray(at, end));
        if (newline !== -1) {
          if (place === 'batch') onBatch();
          place = 'start';
        }
        at = end;
      }
      done(null, Buffer.concat(kept));
    },
    // Input that ends inside what began as a mark: those bytes are passed on as they came.
    flush(done) {
      done(null, BYTE_ORDER_MARK.subarray(0, markRead));
    },
  });
}
