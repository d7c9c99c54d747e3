// The stdio server's check of its key, at the first initialize. A client lists a server as connected
// as soon as initialize succeeds, whatever its key: so the first initialize is held while the one
// request of the check at start (cli/start-check.ts) asks the service, for at most `holdMs`.
// - refused (401, or 403 for a missing complaints.view): the initialize is answered with a JSON-RPC
//   error naming COMPLAINTS_API_KEY and what to do, and is not passed on; clients list the server as
//   failed, and say why. Later initializes get the same answer, without asking again.
// - anything else, or no answer within `holdMs` (a slow, unreachable or failing service): the
//   initialize is passed on as usual. The same request runs on; a failure it ends with later is
//   logged once, as before (startCheckLine).
// Messages that arrive while the initialize is held wait behind it, in order. The SDK stays behind
// its seam (index.ts): messages are the transport's, read here only for an initialize's method and id.
import { log } from './log.js';

/**
 * The longest a first initialize waits for the service (COMPLAINTS_TIMEOUT_MS bounds it too): a
 * service slower than this to list one record is slow, not refusing, and the member is better off connected.
 */
export const STDIO_KEY_CHECK_MS = 3000;

/** JSON-RPC's range of errors a server defines; serve --http answers its refusals with the same code. */
const REFUSED_CODE = -32000;

/** A message from the client, as the transport parsed it: JSON-RPC, only its method and id read here. */
type Incoming = object;

/** The answer to a refused initialize: a JSON-RPC error of its id. */
export interface Refusal {
  jsonrpc: '2.0';
  id: string | number;
  error: { code: number; message: string };
}

export interface StdioKeyCheckOptions<Message extends Incoming> {
  /** The check's one request (api/settings-probe.ts): resolves when the service lists a record with the key, rejects with the error a call would get. */
  probe: () => Promise<void>;
  /** The longest the first initialize is held; 0 holds nothing, and the check runs behind the handshake (--demo). */
  holdMs: number;
  /** Hands a message on to the MCP server (the transport's handler, as the SDK set it). */
  pass: (message: Message) => void;
  /** Sends an answer to the client: a refused initialize's error. */
  send: (message: Refusal) => Promise<void>;
}

export class StdioKeyCheck<Message extends Incoming> {
  /** The check, once begun; settles when its outcome is said (never rejects): for the shutdown to wait for. */
  done: Promise<void> | undefined;
  /** The error message of every initialize, once the service refused the key within the hold. */
  private refusal: string | undefined;
  /** Messages waiting behind the held initialize, while it is held. */
  private held: Message[] | undefined;

  constructor(private readonly options: StdioKeyCheckOptions<Message>) {}

  /** Every message from the client comes through here, in the order read. */
  receive(message: Message): void {
    if (this.held !== undefined) {
      this.held.push(message);
      return;
    }
    const id = initializeId(message);
    if (id === undefined) return this.options.pass(message);
    if (this.refusal !== undefined) return this.refuse(id, this.refusal);
    if (this.done === undefined) {
      // Nothing it could throw (its words failing to load) may reach the caller: the shutdown awaits it.
      this.done = this.check().catch(() => undefined);
      if (this.options.holdMs > 0) {
        this.held = [message];
        return;
      }
    }
    this.options.pass(message);
  }

  private async check(): Promise<void> {
    // One request, for both: what the hold reads, and what is logged if it ends after the hold.
    const answer = new Promise<void>((resolve, reject) => this.options.probe().then(resolve, reject));
    const outcome = answer.then(
      () => undefined,
      (error: unknown) => ({ error }),
    );
    // Its words load meanwhile: not at start, which needs none of them.
    const words = import('./cli/start-check.js');
    if (this.options.holdMs > 0) {
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<'bound'>((resolve) => {
        timer = setTimeout(resolve, this.options.holdMs, 'bound');
      });
      try {
        const first = await Promise.race([outcome, bound]);
        clearTimeout(timer);
        if (first !== 'bound' && first !== undefined) this.refusal = (await words).keyRefusal(first.error);
        if (this.refusal !== undefined) log.error(`start check: ${this.refusal}`);
      } finally {
        // Whatever happened, what was held goes on: a held initialize must never be left unanswered.
        this.release();
      }
      if (this.refusal !== undefined) return;
    }
    await (await words).checkAtStart(() => answer);
  }

  /** The held messages, handled in order as if they had just arrived. */
  private release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const message of held) this.receive(message);
  }

  private refuse(id: string | number, message: string): void {
    // A client gone already cannot read it; the shutdown follows from its leaving.
    void this.options.send({ jsonrpc: '2.0', id, error: { code: REFUSED_CODE, message } }).catch(() => undefined);
  }
}

/** The id of an initialize request, the one message the check holds (with an id, as the SDK answers it); else undefined. */
function initializeId(message: Incoming): string | number | undefined {
  const { method, id } = message as { method?: unknown; id?: unknown };
  return method === 'initialize' && (typeof id === 'string' || typeof id === 'number') ? id : undefined;
}
