// The view's side of MCP Apps (spec 2026-01-26): JSON-RPC 2.0 over postMessage with the host that
// framed it. Written here rather than taken from @modelcontextprotocol/ext-apps, whose App class
// bundles to ~340 KB with its dependencies; the view needs a handful of methods, and the spec says a
// view needs no SDK.

export const PROTOCOL_VERSION = '2026-01-26';

export type Params = Record<string, unknown>;

/** An error answer of the host, or a request the view gave up on. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

const METHOD_NOT_FOUND = -32601;

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

type Message = Record<string, unknown>;

function isMessage(data: unknown): data is Message {
  return typeof data === 'object' && data !== null && !Array.isArray(data) && (data as Message).jsonrpc === '2.0';
}

const isId = (id: unknown): id is string | number => typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));

function paramsOf(message: Message): Params {
  const { params } = message;
  return typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Params) : {};
}

export class HostConnection {
  readonly #host: Window;
  readonly #onNotification: (method: string, params: Params) => void;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;

  /** `onNotification` gets every notification of the host; requests are answered here. */
  constructor(host: Window, onNotification: (method: string, params: Params) => void) {
    this.#host = host;
    this.#onNotification = onNotification;
  }

  start(): void {
    window.addEventListener('message', this.#receive);
  }

  stop(): void {
    window.removeEventListener('message', this.#receive);
    for (const pending of this.#pending.values()) pending.reject(new RpcError(-32000, 'connection closed'));
    this.#pending.clear();
  }

  /** Sends a request; resolves with its result, rejects with an RpcError on an error answer. */
  request(method: string, params: Params): Promise<unknown> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#post({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: Params): void {
    this.#post({ jsonrpc: '2.0', method, params });
  }

  #post(message: Message): void {
    // '*': the view cannot know its host's origin, and a sandboxed srcdoc frame has none of its own.
    // What it sends is its own requests; what it accepts is checked by source below.
    this.#host.postMessage(message, '*');
  }

  readonly #receive = (event: MessageEvent): void => {
    // Only the frame's parent speaks for the host; anything else (another frame, an extension) is ignored.
    if (event.source !== this.#host) return;
    const message = event.data;
    if (!isMessage(message)) return;
    const { id, method } = message;
    if (typeof method === 'string') {
      if (id === undefined) this.#onNotification(method, paramsOf(message));
      else if (isId(id)) this.#answer(id, method);
      return;
    }
    if (typeof id !== 'number') return;
    const pending = this.#pending.get(id);
    if (!pending) return;
    if ('error' in message) {
      this.#pending.delete(id);
      const error = typeof message.error === 'object' && message.error !== null ? (message.error as Message) : {};
      const code = typeof error.code === 'number' ? error.code : -32603;
      const text = typeof error.message === 'string' ? error.message : 'error';
      pending.reject(new RpcError(code, text, error.data));
    } else if ('result' in message) {
      this.#pending.delete(id);
      pending.resolve(message.result);
    }
  };

  /** The host's requests: teardown and ping are acknowledged; the view offers no other method. */
  #answer(id: string | number, method: string): void {
    if (method === 'ui/resource-teardown' || method === 'ping') {
      this.#post({ jsonrpc: '2.0', id, result: {} });
    } else {
      this.#post({ jsonrpc: '2.0', id, error: { code: METHOD_NOT_FOUND, message: 'Method not found' } });
    }
  }
}

/**
 * Tells the host the document's size on start and whenever it changes, as ext-apps' App measures it:
 * the height the content takes (html at max-content), the width of the window. Returns the stop.
 */
export function reportSize(send: (size: { width: number; height: number }) => void): () => void {
  let scheduled = false;
  let lastWidth = -1;
  let lastHeight = -1;
  const measure = () => {
    scheduled = false;
    const root = document.documentElement;
    const height = root.style.height;
    root.style.height = 'max-content';
    const measured = Math.ceil(root.getBoundingClientRect().height);
    root.style.height = height;
    const width = Math.ceil(window.innerWidth);
    if (width === lastWidth && measured === lastHeight) return;
    lastWidth = width;
    lastHeight = measured;
    send({ width, height: measured });
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(measure);
  };
  schedule();
  const observer = new ResizeObserver(schedule);
  observer.observe(document.documentElement);
  observer.observe(document.body);
  return () => observer.disconnect();
}
