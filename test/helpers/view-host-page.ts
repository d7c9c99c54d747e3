// The browser side of the test host of an MCP Apps view (test/helpers/view-host.ts bundles it): the
// host's part of the extension is ext-apps' own AppBridge over its PostMessageTransport, talking to
// the view in an <iframe sandbox="allow-scripts"> whose srcdoc is the HTML the server gave. Every
// tools/call the view sends goes to window.callServerTool, a binding the test exposes (it forwards
// the call to the real server, and answers the result as JSON text); every ui/message is kept, and
// answered as the test says (the host announces that it takes them only when the test opens it so);
// the test drives the rest through window.viewHost.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** How the host answers a ui/message: takes it, answers isError (it would not), or fails the request (a JSON-RPC error). */
export type MessageAnswer = 'take' | 'isError' | 'fail';

/** What the host page is opened with, besides the view and its context. */
export interface HostOptions {
  /** Announce hostCapabilities.message (text) in the answer to ui/initialize. */
  takesMessages?: boolean;
}

/** What the test can do with the host, from page.evaluate. JSON travels as text: an own "__proto__" key survives JSON.parse, not Playwright's serializer. */
export interface ViewHost {
  /** Puts the view's HTML in a sandboxed iframe, listening before it loads. Once per page. `optionsJson`: HostOptions. */
  open(html: string, hostContextJson: string, optionsJson?: string): Promise<void>;
  /** Whether the view said it is initialized (ui/notifications/initialized): then it may be sent the tool's input. */
  initialized: boolean;
  sendToolInput(argumentsJson: string): Promise<void>;
  sendToolResult(resultJson: string): Promise<void>;
  sendToolCancelled(reason: string): Promise<void>;
  /** Merges `changesJson` into the host context; the bridge sends the view what changed. */
  changeHostContext(changesJson: string): void;
  /** Every size the view asked for, in order. */
  sizes: Array<{ width?: number; height?: number }>;
  /** Messages that reached the host window and are not JSON-RPC: what a script smuggled into the view would send. */
  strayMessages: string[];
  /** Notifications the view logged through the host (notifications/message). */
  logs: string[];
  /** Every ui/message the view sent, as JSON text of its params, whatever the answer. */
  messages: string[];
  /** How the next ui/message is answered; 'take' unless the test changes it. */
  messageAnswer: MessageAnswer;
}

/** Named through the constructor: under NodeNext, app-bridge.d.ts's own re-exports of its types do not resolve. */
type HostContext = NonNullable<NonNullable<ConstructorParameters<typeof AppBridge>[3]>['hostContext']>;

declare global {
  interface Window {
    /** The result as JSON text: Playwright's serializer takes seconds over a hostile result of 100,000 rows, JSON.parse milliseconds. */
    callServerTool: (params: CallToolRequest['params']) => Promise<string>;
    viewHost: ViewHost;
  }
}

let bridge: AppBridge | undefined;
let hostContext: HostContext = {};

const host: ViewHost = {
  initialized: false,
  sizes: [],
  strayMessages: [],
  logs: [],
  messages: [],
  messageAnswer: 'take',

  async open(html, hostContextJson, optionsJson = '{}') {
    hostContext = JSON.parse(hostContextJson) as HostContext;
    const options = JSON.parse(optionsJson) as HostOptions;
    if (bridge) throw new Error('the test host shows one view per page');
    const iframe = document.createElement('iframe');
    iframe.id = 'view';
    iframe.title = 'complaints_overview';
    iframe.setAttribute('sandbox', 'allow-scripts');
    document.body.append(iframe);
    const view = iframe.contentWindow!;

    const capabilities = { serverTools: {}, logging: {}, ...(options.takesMessages ? { message: { text: {} } } : {}) };
    bridge = new AppBridge(null, { name: 'test-host', version: '1' }, capabilities, { hostContext });
    bridge.oncalltool = async (params) => JSON.parse(await window.callServerTool(params)) as CallToolResult;
    // Kept even when not announced: a view that sends one anyway is seen.
    bridge.onmessage = async (params) => {
      host.messages.push(JSON.stringify(params));
      if (host.messageAnswer === 'fail') throw new Error('The host could not add the message.');
      return host.messageAnswer === 'isError' ? { isError: true } : {};
    };
    bridge.onsizechange = (size) => {
      host.sizes.push(size);
      // Inline, the host gives the width and the view its height: the whole view shows, nothing scrolls inside it.
      if (size.height !== undefined) iframe.style.height = `${Math.ceil(size.height)}px`;
    };
    bridge.onloggingmessage = (message) => host.logs.push(`${message.level}: ${JSON.stringify(message.data)}`);
    bridge.oninitialized = () => {
      host.initialized = true;
    };
    // Listening before the document loads: the view's ui/initialize is its first message.
    await bridge.connect(new PostMessageTransport(view, view));
    iframe.srcdoc = html;
  },

  sendToolInput: (argumentsJson) => bridge!.sendToolInput({ arguments: JSON.parse(argumentsJson) as Record<string, unknown> }),
  sendToolResult: (resultJson) => bridge!.sendToolResult(JSON.parse(resultJson) as CallToolResult),
  sendToolCancelled: (reason) => bridge!.sendToolCancelled({ reason }),

  changeHostContext(changesJson) {
    hostContext = { ...hostContext, ...(JSON.parse(changesJson) as HostContext) };
    bridge!.setHostContext(hostContext);
  },
};

window.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { jsonrpc?: unknown }).jsonrpc === '2.0') return;
  host.strayMessages.push(typeof data === 'string' ? data : JSON.stringify(data));
});

window.viewHost = host;
