// What the service answered for a member's key is written to the shared state before any answer that
// follows it leaves this replica: the client's next request may go to another replica, which asks the
// store at once whether the key was accepted. A write not awaited could still be on its way then, and
// the key would be checked again (replicas.test.ts, "the memory of accepted keys").

/** Writes still under way for one request. */
export class PendingWrites {
  private readonly writes = new Set<Promise<void>>();

  /** Counts `write` until it settles; a failed write is the store's to report, not the answer's. */
  add(write: Promise<unknown>): void {
    const tracked: Promise<void> = write.then(
      () => undefined,
      () => undefined,
    );
    this.writes.add(tracked);
    void tracked.then(() => this.writes.delete(tracked));
  }

  /** Settles once every write added so far, and those added meanwhile, has settled. */
  async settled(): Promise<void> {
    while (this.writes.size > 0) await Promise.allSettled([...this.writes]);
  }
}

/** The part of an MCP transport that sends a message (StreamableHTTPServerTransport's). */
interface Sender<M, O> {
  send(message: M, options?: O): Promise<void>;
}

/** Makes each message `transport` sends wait for `ready`, in the order they were sent. */
export function sendAfter<M, O>(transport: Sender<M, O>, ready: () => Promise<void>): void {
  const send = transport.send.bind(transport);
  let previous: Promise<unknown> = Promise.resolve();
  transport.send = (message, options) => {
    const sent = previous.then(ready).then(() => send(message, options));
    previous = sent.catch(() => undefined);
    return sent;
  };
}
