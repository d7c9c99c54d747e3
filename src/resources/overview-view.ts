// The view complaints_overview declares for hosts that render MCP Apps (claude.ai, Claude Desktop,
// VS Code, ChatGPT, Goose...): one self-contained HTML file, made at build time from src/ui/ into
// dist/ui/overview.html, served as the ui:// resource the tool names. Hosts without Apps never read it
// and see the tool's result as before. Knows nothing of the MCP SDK; server.ts registers it.
import { readFile } from 'node:fs/promises';

/** What the MCP Apps extension (io.modelcontextprotocol/ui, 2026-01-26) calls an HTML view. */
export const APP_VIEW_MIME_TYPE = 'text/html;profile=mcp-app';

export interface AppView {
  uri: `ui://${string}`;
  name: string;
  title: string;
  description: string;
  /** The page; read once, then kept (serve --http makes a server per request). */
  html: () => Promise<string>;
}

/** In dist/ui/, beside the bundle's files in dist/ (scripts/build-server.mjs). */
const OVERVIEW_HTML = new URL('./ui/overview.html', import.meta.url);
let overviewHtml: Promise<string> | undefined;

export const overviewView: AppView = {
  uri: 'ui://complaints-book/overview.html',
  name: 'complaints_overview_view',
  title: 'Overview of the complaints book, as charts',
  description:
    "The interactive view of complaints_overview for hosts that render MCP Apps: records by status and store, filed and answered per day, overdue and due-soon records (choosing one opens it with get_complaint) and e-mail problems, in the host's language and theme. It loads nothing from the network.",
  html: () => {
    overviewHtml ??= readFile(OVERVIEW_HTML, 'utf8').catch((error: unknown) => {
      overviewHtml = undefined; // a later read may find the file (a build in progress)
      throw error;
    });
    return overviewHtml;
  },
};
