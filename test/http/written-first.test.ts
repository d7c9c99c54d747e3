// written-first.ts: an answer leaves only once what the service said of the key is written to the
// shared state, so that another replica asked next already knows it.
import { describe, expect, it } from 'vitest';
import { PendingWrites, sendAfter } from '../../src/http/written-first.js';

const flush = () => new Promise((resolve) => setImmediate(resolve));

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A transport that records what it sent. */
function recorder() {
  const sent: string[] = [];
  const transport = {
    send: async (message: string) => {
      sent.push(message);
    },
  };
  return { sent, transport };
}

describe('sendAfter with PendingWrites', () => {
  it('holds every message until the pending writes have settled, then sends them in order', async () => {
    const writes = new PendingWrites();
    const { sent, transport } = recorder();
    sendAfter(transport, () => writes.settled());
    const write = deferred();
    writes.add(write.promise);
    const first = transport.send('progress');
    const second = transport.send('result');
    await flush();
    expect(sent).toEqual([]);
    write.resolve();
    await Promise.all([first, second]);
    expect(sent).toEqual(['progress', 'result']);
  });

  it('waits too for a write added while it waited, and lets a failed write pass', async () => {
    const writes = new PendingWrites();
    const { sent, transport } = recorder();
    sendAfter(transport, () => writes.settled());
    const early = deferred();
    const late = deferred();
    writes.add(early.promise);
    const answered = transport.send('result');
    await flush();
    // Added once the message is already waiting for the first.
    writes.add(late.promise);
    early.reject(new Error('the store did not answer'));
    await flush();
    expect(sent).toEqual([]);
    late.resolve();
    await answered;
    expect(sent).toEqual(['result']);
  });

  it('sends at once when nothing is pending', async () => {
    const writes = new PendingWrites();
    const { sent, transport } = recorder();
    sendAfter(transport, () => writes.settled());
    await transport.send('result');
    expect(sent).toEqual(['result']);
  });
});
