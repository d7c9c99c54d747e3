// The complaints_overview view (MCP Apps, extension io.modelcontextprotocol/ui) in a real browser:
// Debian's Chromium, driven by playwright-core, opens a host page of the test's own whose host side
// of the extension is ext-apps' AppBridge over its PostMessageTransport (test/helpers/view-host.ts).
// The view is the HTML the built server gives for resources/read (not the file on disk), in an
// <iframe sandbox="allow-scripts">; the tool's input and result are a real complaints_overview call
// against the sandbox, and every tools/call the view sends goes to the same server over stdio.
// Checked, by the view's DOM contract (data-state, data-figure, data-series rows, data-detail):
// - what the server declares: the tool's _meta.ui.resourceUri, the resource's MIME type;
// - that the view shows exactly the structuredContent: what is at risk now (atRisk's figures, the
//   most urgent records in order, the answered ones not delivered), apart from the filings of the
//   period (their total, every status and type, the stores shown, every step of the activity with
//   both numbers, the e-mail problems);
// - that choosing a record reads it with one get_complaint and shows it; that choosing a period asks
//   for one new overview with the other filters and without the dates, and shows it;
// - that the full lists of what is at risk page through every overdue (and due soon) record: one
//   list_complaints per page, with listOverdue's (listDueSoon's) arguments, the same records as
//   list_complaints paged by the test, no next page after the last; a failed page or a refusal of
//   the host shown as the list's error;
// - that a host announcing hostCapabilities.message is offered, for an unanswered record shown, a
//   button that sends one ui/message (role user, one text block naming the record by its correlative
//   and the draft_response prompt, nothing the consumer wrote); none for an answered record, none for
//   a host that does not announce it; a refusal (isError) or a failed request said in the panel;
// - Spanish for a host in es-PE, English in en-US (the browser itself stays en-US); the host's
//   theme, then a change of it; waiting, cancelled and error states; a height that covers the view;
// - hostile data: shown as text, Object.prototype's names kept as keys, 100000 steps, odd counts,
//   results broken as a whole, a list page of 100000 rows or of non-objects, no character that
//   hides or reorders text, right-to-left names that reorder nothing around them, no stacked marks.
// For the whole of every test: no request but the host page's own two (none from the view), no
// console error or warning, no page error, no CSP violation; one test proves those watchers fire.
//
// Screenshots go to test/artifacts/ (not committed). The Spanish one is docs/images/overview-es.png,
// which the README shows: when the view changes, run this file with UPDATE_DOCS_IMAGES=1 to write it
// there too (not on every run: the sandbox's dates follow the clock, so the picture would change,
// and dirty the tree, every day).
//
// The Chromium is found by test/helpers/browser.ts (CHROMIUM_PATH, else PATH); without one, npm test
// leaves this file out and says so. No browser is ever downloaded.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type Browser, type BrowserContext, chromium, type Frame, type FrameLocator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/calendar/calendar-date.js';
import { PERIODS, periodRange } from '../../src/calendar/periods.js';
import type { DetailAnswer } from '../../src/contract/detail-answer.js';
import type { ListAnswer } from '../../src/contract/list-answer.js';
import type { Activity, OverviewAnswer } from '../../src/contract/overview-answer.js';
import { urgencyOf } from '../../src/domain/deadline.js';
import { DEMO_KEYS } from '../../src/sandbox/demo-keys.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { chromiumPath } from '../helpers/browser.js';
import { type Connection, connect } from '../helpers/mcp.js';
import { startViewHost, type ViewHostServer } from '../helpers/view-host.js';
import { Watched } from '../helpers/watched.js';

const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const DOCS_IMAGE = fileURLToPath(new URL('../../docs/images/overview-es.png', import.meta.url));
const VIEW_URI = 'ui://complaints-book/overview.html';
const VIEW_MIME_TYPE = 'text/html;profile=mcp-app';
/** Playwright waits up to its own timeouts (30 s); the tests' limit is only a backstop above them. */
const BACKSTOP = 120_000;
/** For expect.poll, which would otherwise give up after one second: a backstop, not a bound. */
const POLL = { timeout: 30_000 };
/** The arguments of the call the view is first shown for. */
const FIRST_ARGUMENTS = { period: 'last_30_days' };

let sandbox: SandboxHandle;
let mcp: Connection;
let browser: Browser;
let host: ViewHostServer;
/** The view's HTML, as resources/read gave it. */
let viewHtml: string;
/** complaints_overview as tools/list gave it: a real host passes it to the view in toolInfo. */
let overviewTool: Record<string, unknown>;
/** The real result of complaints_overview with FIRST_ARGUMENTS. */
let firstResult: CallToolResult;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  mkdirSync(join(DOCS_IMAGE, '..'), { recursive: true });
  // As root (CI, containers) Chromium's sandbox cannot start.
  [browser, sandbox, host] = await Promise.all([chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] }), startSandbox(), startViewHost()]);
  mcp = await connect({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key });
  const { tools } = await mcp.client.listTools();
  overviewTool = tools.find((tool) => tool.name === 'complaints_overview')! as Record<string, unknown>;
  const read = await mcp.client.readResource({ uri: VIEW_URI });
  const content = read.contents[0]!;
  viewHtml = 'text' in content ? content.text : '';
  firstResult = (await mcp.client.callTool({ name: 'complaints_overview', arguments: FIRST_ARGUMENTS })) as CallToolResult;
}, BACKSTOP);

afterAll(async () => {
  // Each closes even when another throws.
  const closed = await Promise.allSettled([browser?.close(), mcp?.close(), sandbox?.close(), host?.close()]);
  const failed = closed.filter((result) => result.status === 'rejected');
  if (failed.length > 0) throw new AggregateError(failed.map((result) => result.reason));
}, BACKSTOP);

/** One tools/call the view sent, as the host forwarded it to the server, and what came back. */
interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
  result?: CallToolResult;
  error?: string;
}

/** What the browser did in one page, the host's frame and the view's alike. */
interface Seen {
  /** "host|view METHOD URL" */
  requests: string[];
  /** Console errors and warnings, page errors, failed requests. */
  problems: string[];
  /** "host|view: directive blocked-uri source:line" */
  violations: string[];
  calls: ToolCall[];
  /** Told of every change above, so that a test can wait for one without a timer. */
  watched: Watched;
  /**
   * A hostile or failing host: when set and it answers, its result goes to the view instead of the
   * server's; REFUSE makes the host refuse the call (a JSON-RPC error to the view).
   */
  substitute?: (params: CallToolRequest['params']) => CallToolResult | typeof REFUSE | undefined;
}

/** What a substitute answers for the host to refuse a call. */
const REFUSE = 'refuse';

interface Opened {
  context: BrowserContext;
  page: Page;
  seen: Seen;
  /** The view's document, for locators. */
  view: FrameLocator;
  /** The view's frame, for evaluate (which runs there whatever its CSP). */
  frame: Frame;
}

// Runs in every document (the view's srcdoc too) before its own content; a violation is passed to the
// test through a binding that knows which frame called it.
const REPORT_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  window.reportViolation(event.violatedDirective + ' ' + event.blockedURI + ' ' + event.sourceFile + ':' + event.lineNumber);
});`;

interface ViewOptions {
  locale: string;
  theme: 'light' | 'dark';
  /** The host announces that it takes ui/message; by default it does not. */
  takesMessages?: boolean;
}

/**
 * A fresh browser context (in en-US whatever the host's locale: the view must follow the host) with
 * the host page, watched, and the view in it, initialized, with no tool input yet.
 */
async function openHost({ locale, theme, takesMessages = false }: ViewOptions): Promise<Opened> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 760, height: 900 }, deviceScaleFactor: 1, colorScheme: theme });
  const page = await context.newPage();
  const seen: Seen = { requests: [], problems: [], violations: [], calls: [], watched: new Watched() };
  const whose = (frame: Frame) => (frame === page.mainFrame() ? 'host' : 'view');
  const note = (list: string[], entry: string) => {
    list.push(entry);
    seen.watched.changed();
  };
  await page.exposeBinding('reportViolation', ({ frame }, violation: string) => note(seen.violations, `${whose(frame)}: ${violation}`));
  // Playwright exposes a binding in every frame; only the host's may reach the server.
  await page.exposeBinding('callServerTool', async ({ frame }, params: CallToolRequest['params']) => {
    if (whose(frame) !== 'host') {
      note(seen.problems, `callServerTool called from the view's frame: ${JSON.stringify(params)}`);
      throw new Error('not from the view');
    }
    const call: ToolCall = { name: params.name, arguments: params.arguments ?? {} };
    seen.calls.push(call);
    seen.watched.changed();
    try {
      const substituted = seen.substitute?.(params);
      if (substituted === REFUSE) throw new Error('The host refused the call.');
      call.result = substituted ?? ((await mcp.client.callTool(params)) as CallToolResult);
      return JSON.stringify(call.result);
    } catch (error) {
      call.error = (error as Error).message;
      throw error;
    } finally {
      seen.watched.changed();
    }
  });
  await page.addInitScript(REPORT_VIOLATIONS);
  page.on('request', (sent) => note(seen.requests, `${whose(sent.frame())} ${sent.method()} ${sent.url()}`));
  page.on('requestfailed', (failed) => note(seen.problems, `request failed: ${failed.method()} ${failed.url()} ${failed.failure()?.errorText}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      note(seen.problems, `console ${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => note(seen.problems, `page error: ${error.message}`));

  await page.goto(host.url);
  const hostContext = {
    theme,
    locale,
    timeZone: 'America/Lima',
    displayMode: 'inline',
    availableDisplayModes: ['inline'],
    platform: 'web',
    containerDimensions: { width: 742, maxHeight: 6000 },
    toolInfo: { tool: overviewTool },
  };
  await page.evaluate(([html, context, options]) => window.viewHost.open(html, context, options), [
    viewHtml,
    JSON.stringify(hostContext),
    JSON.stringify({ takesMessages }),
  ] as const);
  // Playwright's wait, not a timer of the test's: a view that never initializes fails here, after its 30 s.
  await page.waitForFunction(() => window.viewHost.initialized);
  const frame = await (await page.locator('iframe#view').elementHandle())!.contentFrame();
  return { context, page, seen, view: page.frameLocator('iframe#view'), frame: frame! };
}

async function hostEvaluate<K extends 'sendToolInput' | 'sendToolResult'>(page: Page, method: K, value: unknown): Promise<void> {
  await page.evaluate(([name, json]) => (window.viewHost[name] as (text: string) => Promise<void>)(json), [method, JSON.stringify(value)] as const);
}

/** The host opened and the view given the tool's input and result, shown. */
async function openView(options: ViewOptions, toolArguments: Record<string, unknown>, result: CallToolResult): Promise<Opened> {
  const opened = await openHost(options);
  await hostEvaluate(opened.page, 'sendToolInput', toolArguments);
  await hostEvaluate(opened.page, 'sendToolResult', result);
  await opened.view.locator('#app[data-state="ready"]').waitFor({ state: 'attached' });
  return opened;
}

/** Nothing left the page but the host page's own two requests, and nothing went wrong in it, in the host or the view. */
function expectQuiet(seen: Seen): void {
  expect(seen.requests, 'every request: the host page and its script, none from the view').toEqual([`host GET ${host.url}`, `host GET ${host.scriptUrl}`]);
  expect(seen.problems, 'console errors and warnings, page errors').toEqual([]);
  expect(seen.violations, 'CSP violations').toEqual([]);
}

/** What the view shows, read from its DOM by the contract's attributes. */
interface Shown {
  /** At risk now: unanswered, overdue, dueSoon, answeredNotDelivered. */
  atRisk: Record<string, string | null>;
  /** The filings of the period: total. */
  figures: Record<string, string | null>;
  byStatus: Array<[string, string]>;
  byType: Array<[string, string]>;
  byStore: Array<[string, string]>;
  /** [step, filed, answered] */
  activity: Array<[string, string, string]>;
  /** [id, urgency, the service's differing deadline or ""] */
  urgent: Array<[string, string, string]>;
  notDelivered: string[];
  emailProblems: string[];
  /** How the period's records were answered: the performance block's data attributes, or null when it is not drawn. */
  performance: Record<string, string | null> | null;
  /** The top reasons: [reason, count] */
  byReason: Array<[string, string]>;
  /** Each store shown: [key, on-time share, median days], "" for none. */
  storeAnswering: Array<[string, string, string]>;
}

/** The performance block's data attributes that readShown reads. */
const PERFORMANCE_ATTRIBUTES = [
  'data-records',
  'data-answered',
  'data-on-time-share',
  'data-answered-on-time',
  'data-answered-late',
  'data-unanswered-overdue',
  'data-responses-not-delivered',
  'data-answer-undated',
  'data-median',
  'data-p90',
  'data-from',
  'data-to',
];

async function readShown(frame: Frame): Promise<Shown> {
  return frame.evaluate((performanceAttributes) => {
    const rows = (series: string) =>
      [...document.querySelectorAll(`[data-series="${series}"] [data-key][data-value]`)].map(
        (row) => [row.getAttribute('data-key')!, row.getAttribute('data-value')!] as [string, string],
      );
    const figure = (section: string, names: string[]) =>
      Object.fromEntries(
        names.map((name) => [name, document.querySelector(`[data-section="${section}"] [data-figure="${name}"]`)?.getAttribute('data-value') ?? null]),
      );
    return {
      atRisk: figure('atRisk', ['unanswered', 'overdue', 'dueSoon', 'answeredNotDelivered']),
      figures: figure('filings', ['total']),
      byStatus: rows('byStatus'),
      byType: rows('byType'),
      byStore: rows('byStore'),
      activity: [...document.querySelectorAll('[data-series="activity"] tr[data-step]')].map(
        (row) =>
          [
            row.getAttribute('data-step')!,
            row.querySelector('td[data-filed]')?.getAttribute('data-filed') ?? '',
            row.querySelector('td[data-answered]')?.getAttribute('data-answered') ?? '',
          ] as [string, string, string],
      ),
      urgent: [...document.querySelectorAll('[data-section="atRisk"] [data-series="urgent"] button[data-record-id]')].map(
        (button) =>
          [button.getAttribute('data-record-id')!, button.getAttribute('data-urgency')!, button.getAttribute('data-service-due') ?? ''] as [
            string,
            string,
            string,
          ],
      ),
      notDelivered: [...document.querySelectorAll('[data-section="atRisk"] [data-series="notDelivered"] button[data-record-id]')].map(
        (button) => button.getAttribute('data-record-id')!,
      ),
      emailProblems: [...document.querySelectorAll('[data-section="filings"] [data-series="emailProblems"] button[data-record-id]')].map(
        (button) => button.getAttribute('data-record-id')!,
      ),
      performance: (() => {
        const block = document.querySelector('[data-section="filings"] [data-series="performance"]');
        if (block === null) return null;
        const parts = [block, ...block.querySelectorAll('[data-line], [data-window]')];
        return Object.fromEntries(
          performanceAttributes.map((name) => [name, parts.find((part) => part.hasAttribute(name))?.getAttribute(name) ?? null] as [string, string | null]),
        );
      })(),
      byReason: rows('byReason'),
      storeAnswering: [...document.querySelectorAll('[data-series="byStore"] [data-key][data-value]')].map(
        (row) =>
          [row.getAttribute('data-key')!, row.getAttribute('data-on-time-share') ?? '', row.getAttribute('data-median-days') ?? ''] as [string, string, string],
      ),
    };
  }, PERFORMANCE_ATTRIBUTES);
}

/** The first day of each step of an activity: consecutive days, weeks or months from `from`. */
function stepsOf({ from, step, filed }: Activity): string[] {
  return filed.map((_, index) => {
    if (step === 'day') return addDays(from, index);
    if (step === 'week') return addDays(from, 7 * index);
    const months = Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7)) - 1 + index;
    return `${String(Math.floor(months / 12)).padStart(4, '0')}-${String((months % 12) + 1).padStart(2, '0')}${from.slice(7)}`;
  });
}

const byKey = (rows: Array<[string, string]>) => [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
const counted = (counts: Record<string, number> | undefined) => byKey(Object.entries(counts ?? {}).map(([key, value]) => [key, String(value)]));

/** What the view must show for an overview answer. */
function expectedShown(answer: OverviewAnswer): Shown {
  const { activity, atRisk } = answer;
  return {
    atRisk: {
      unanswered: String(atRisk.unanswered),
      overdue: String(atRisk.overdue),
      dueSoon: String(atRisk.dueSoon),
      answeredNotDelivered: String(atRisk.answeredNotDelivered),
    },
    figures: { total: String(answer.total) },
    byStatus: counted(answer.byStatus),
    byType: counted(answer.byType),
    byStore: (answer.byStore ?? []).slice(0, 10).map((store) => [store.storeId ?? store.store ?? '', String(store.count)]),
    activity: activity ? stepsOf(activity).map((step, index) => [step, String(activity.filed[index]), String(activity.answered[index])]) : [],
    urgent: [
      ...(atRisk.mostUrgent ?? []).map((record) => [record.id!, urgencyOf(record.daysLeft)!, record.serviceDue ?? ''] as [string, string, string]),
      ...(atRisk.alsoDueSoon ?? []).map((record) => [record.id!, 'due_soon', ''] as [string, string, string]),
    ],
    notDelivered: (atRisk.notDelivered ?? []).map((record) => record.id!),
    emailProblems: (answer.emailProblems?.first ?? []).map((record) => record.id!),
    performance: expectedPerformance(answer),
    byReason: topReasons(answer).map(({ reason, count }) => [reason, String(count)]),
    storeAnswering: (answer.byStore ?? [])
      .slice(0, 10)
      .map((store) => [
        store.storeId ?? store.store ?? '',
        store.onTimeShare === undefined ? '' : String(store.onTimeShare),
        String(store.medianDaysToAnswer ?? ''),
      ]),
  };
}

/** The reasons the view lists: most first (the order sent among equals), at most 5. */
function topReasons(answer: OverviewAnswer): Array<{ reason: string; count: number }> {
  const named = (answer.performance?.byReason ?? []).filter(({ count }) => count > 0);
  return named.sort((a, b) => b.count - a.count).slice(0, 5);
}

/** The performance block's attributes for an answer, as readShown reads them; null when there is nothing to draw it from. */
function expectedPerformance(answer: OverviewAnswer): Shown['performance'] {
  const { performance } = answer;
  if (performance === undefined || answer.total === 0) return null;
  const values: Record<string, number | string | undefined> = {
    'data-records': performance.records,
    'data-answered': performance.answered,
    'data-on-time-share': performance.onTimeShare,
    'data-answered-on-time': performance.answeredOnTime,
    'data-answered-late': performance.answeredLate,
    'data-unanswered-overdue': performance.unansweredOverdue,
    'data-responses-not-delivered': performance.responsesNotDelivered,
    'data-answer-undated': performance.answerUndated ?? 0,
    'data-median': performance.daysToAnswer?.median,
    'data-p90': performance.daysToAnswer?.p90,
    'data-from': performance.window?.from,
    'data-to': performance.window?.to,
  };
  return Object.fromEntries(PERFORMANCE_ATTRIBUTES.map((name) => [name, values[name] === undefined ? null : String(values[name])]));
}

/** The view's rows in the order the comparison takes: statuses and types by key, the rest as shown. */
function comparable(shown: Shown): Shown {
  return { ...shown, byStatus: byKey(shown.byStatus), byType: byKey(shown.byType) };
}

/**
 * The iframe as shown, whole. The page is first made as tall as the iframe: Chromium paints an
 * out-of-process frame (the sandboxed view is one) only within the viewport, and leaves the rest blank.
 */
/** The left edge of where each of `pieces` is first drawn in the element `selector` names, in their order (NaN for one not drawn). */
async function leftEdges(frame: Frame, selector: string, pieces: string[]): Promise<number[]> {
  return frame.evaluate(
    ({ selector, pieces }) => {
      const element = document.querySelector(selector)!;
      const leftOf = (piece: string) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf(piece);
          if (at === -1) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + piece.length);
          return range.getBoundingClientRect().left;
        }
        return Number.NaN;
      };
      return pieces.map(leftOf);
    },
    { selector, pieces },
  );
}

async function screenshot(page: Page, name: string): Promise<string> {
  const path = join(ARTIFACTS, name);
  const iframe = page.locator('iframe#view');
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: page.viewportSize()!.width, height: Math.max(height, 900) });
  await iframe.screenshot({ path });
  return path;
}

/** Waits until the host has sized the iframe to the whole view (the view reports its size as it changes). */
async function expectWholeViewShown(page: Page, frame: Frame): Promise<void> {
  expect((await page.evaluate(() => window.viewHost.sizes)).length, 'sizes the view asked the host for').toBeGreaterThan(0);
  // The pixels of the view's document below the iframe's bottom: ones a person would have to scroll the view itself to see.
  await expect
    .poll(
      async () => {
        const wanted = await frame.evaluate(() => document.documentElement.scrollHeight);
        const given = await page.locator('iframe#view').evaluate((iframe) => (iframe as HTMLIFrameElement).clientHeight);
        return Math.max(0, wanted - given);
      },
      { ...POLL, message: 'pixels of the view the iframe leaves out' },
    )
    .toBe(0);
}

const structured = (result: CallToolResult) => result.structuredContent as OverviewAnswer;

describe('what the server declares', () => {
  it('complaints_overview names the view, and the view is an MCP App page', async () => {
    expect((overviewTool._meta as { ui?: { resourceUri?: string } } | undefined)?.ui?.resourceUri).toBe(VIEW_URI);
    const read = await mcp.client.readResource({ uri: VIEW_URI });
    expect(read.contents).toHaveLength(1);
    expect(read.contents[0]).toMatchObject({ uri: VIEW_URI, mimeType: VIEW_MIME_TYPE });
    expect(viewHtml).toMatch(/^<!doctype html>/i);
    expect(firstResult.isError).toBeFalsy();
    const answer = structured(firstResult);
    // The sandbox has enough for every part of the view to show something.
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.atRisk.mostUrgent?.length).toBeGreaterThan(0);
    // Enough overdue records for their full list to take more than one page of the view's 10.
    expect(answer.atRisk.overdue).toBeGreaterThan(10);
    expect(answer.atRisk.listOverdue).toEqual({ overdue: true });
    expect(answer.activity?.filed.length).toBeGreaterThan(1);
    // How the period was answered, and each store's share: the view's performance block draws from these.
    expect(answer.performance?.records).toBeGreaterThan(0);
    expect(answer.performance?.onTimeShare).toBeDefined();
    expect(answer.performance?.daysToAnswer).toBeDefined();
    expect(answer.performance?.byReason.length).toBeGreaterThan(1);
    expect(answer.byStore?.some((store) => store.onTimeShare !== undefined && store.medianDaysToAnswer !== undefined)).toBe(true);
  });
});

describe('the view in Chromium', () => {
  it(
    'in English, light: shows exactly the structuredContent; a record chosen is read once and shown; a dark host turns it dark',
    async () => {
      const { context, page, seen, view, frame } = await openView({ locale: 'en-US', theme: 'light' }, FIRST_ARGUMENTS, firstResult);
      try {
        expect(await view.locator('html').getAttribute('lang')).toBe('en');
        expect(await view.locator('html').getAttribute('data-theme')).toBe('light');
        expect(await view.locator('#app').textContent()).not.toMatch(/Abierto|En revisión|Resuelto/);
        for (const [status, words] of [
          ['open', /open/i],
          ['in_review', /review/i],
          ['resolved', /resolved/i],
        ] as const) {
          expect(await view.locator(`[data-series="byStatus"] [data-key="${status}"]`).textContent()).toMatch(words);
        }
        const answer = structured(firstResult);
        expect(comparable(await readShown(frame))).toEqual(expectedShown(answer));
        // The real answer's performance, drawn: its figures (compared above) and its words.
        const shown = await readShown(frame);
        expect(shown.performance).not.toBeNull();
        expect(shown.byReason.length).toBeGreaterThan(0);
        expect(shown.storeAnswering.some(([, share, days]) => share !== '' && days !== '')).toBe(true);
        const { performance } = answer;
        expect((await view.locator('[data-series="performance"] [data-line="onTime"]').textContent())?.replace(/\s+/g, ' ')).toContain(
          `(${performance!.answeredOnTime} of ${performance!.answeredOnTime + performance!.answeredLate}) · late ${performance!.answeredLate}`,
        );
        expect(await view.locator('[data-series="performance"] [data-line="days"]').textContent()).toBe(
          `Days to answer: median ${performance!.daysToAnswer!.median} · 90th percentile ${performance!.daysToAnswer!.p90} (business days)`,
        );
        expect(await view.locator('select[name="period"]').inputValue()).toBe(FIRST_ARGUMENTS.period);
        expect(
          await view.locator('select[name="period"] option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
        ).toEqual(['', ...PERIODS]);
        expect(await view.locator('[data-detail]').getAttribute('data-state')).toBe('empty');
        expect(seen.calls).toEqual([]);
        await expectWholeViewShown(page, frame);
        await screenshot(page, 'overview-light-en.png');

        await page.evaluate(() => window.viewHost.changeHostContext(JSON.stringify({ theme: 'dark' })));
        await view.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
        await screenshot(page, 'overview-dark-en.png');

        const first = answer.atRisk.mostUrgent![0]!;
        await view.locator('[data-series="urgent"] button[data-record-id]').first().click();
        await seen.watched.until(() => seen.calls.length > 0 && (seen.calls[0]!.result !== undefined || seen.calls[0]!.error !== undefined));
        const detail = view.locator(`[data-detail][data-state="ready"][data-record-id="${first.id}"]`);
        await detail.waitFor({ state: 'attached' });
        expect(seen.calls.map(({ name, arguments: args }) => ({ name, arguments: args }))).toEqual([{ name: 'get_complaint', arguments: { id: first.id } }]);
        const read = seen.calls[0]!.result!;
        expect(read.isError).toBeFalsy();
        expect((read.structuredContent as { correlative?: string }).correlative).toBe(first.correlative);
        expect(await detail.textContent()).toContain(first.correlative);
        // The history worded from the answer's codes, newest first: a demo record begins with its filing.
        const events = (read.structuredContent as { history: string[][] }).history;
        const history = await detail.locator('ol.history li').allTextContents();
        expect(history).toHaveLength(Math.min(events.length, 5));
        if (events.length <= 5) expect(history.at(-1)).toMatch(/ · Filed → Open \(consumer\)$/);
        for (const line of history) expect(line).not.toMatch(/created|status_changed|note_added|in_review|_/);
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );

  it(
    'in Spanish for a host in es-PE: the title and the statuses in Spanish, the same figures; a record chosen is shown',
    async () => {
      const { context, page, seen, view, frame } = await openView({ locale: 'es-PE', theme: 'light' }, FIRST_ARGUMENTS, firstResult);
      try {
        expect(await view.locator('html').getAttribute('lang')).toBe('es');
        expect(await view.locator('html').getAttribute('data-theme')).toBe('light');
        const answer = structured(firstResult);
        expect(comparable(await readShown(frame))).toEqual(expectedShown(answer));
        const title = await frame.evaluate(() => `${document.title}\n${document.querySelector('h1')?.textContent ?? ''}`);
        expect(title).toContain('Libro de Reclamaciones');
        const labels: Record<string, string> = { open: 'Abierto', in_review: 'En revisión', resolved: 'Resuelto' };
        const statuses = Object.keys(answer.byStatus ?? {});
        expect(statuses.filter((status) => status in labels).length).toBeGreaterThanOrEqual(2);
        for (const status of statuses.filter((key) => key in labels)) {
          expect(await view.locator(`[data-series="byStatus"] [data-key="${status}"]`).textContent()).toContain(labels[status]);
        }
        await expectWholeViewShown(page, frame);
        const spanish = await screenshot(page, 'overview-es.png');
        if (process.env.UPDATE_DOCS_IMAGES === '1') copyFileSync(spanish, DOCS_IMAGE);

        const first = answer.atRisk.mostUrgent![0]!;
        await view.locator('[data-series="urgent"] button[data-record-id]').first().click();
        const detail = view.locator(`[data-detail][data-state="ready"][data-record-id="${first.id}"]`);
        await detail.waitFor({ state: 'attached' });
        expect(await detail.textContent()).toContain(first.correlative);
        expect(seen.calls.map(({ name, arguments: args }) => ({ name, arguments: args }))).toEqual([{ name: 'get_complaint', arguments: { id: first.id } }]);
        // The history in Spanish, from the answer's codes: no English code or role is left.
        const events = (seen.calls[0]!.result!.structuredContent as { history: string[][] }).history;
        const history = await detail.locator('ol.history li').allTextContents();
        expect(history).toHaveLength(Math.min(events.length, 5));
        if (events.length <= 5) expect(history.at(-1)).toMatch(/ · Registrado → Abierto \(consumidor\)$/);
        for (const line of history) expect(line).not.toMatch(/created|status_changed|note_added|in_review|_|\((agent|consumer|admin)\)|Open|Filed/);
        expect(history.join('\n')).toMatch(/Abierto|En revisión/);
        await expectWholeViewShown(page, frame);
        await screenshot(page, 'overview-detail-es.png');
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );

  it(
    'choosing a period asks for one new overview with the same filters but the dates, and shows it; "all records" drops the period',
    async () => {
      const toolArguments = { type: 'claim', ...periodRange('last_30_days', new Date(), 'America/Lima') };
      const result = (await mcp.client.callTool({ name: 'complaints_overview', arguments: toolArguments })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      const { context, seen, view, frame } = await openView({ locale: 'en-US', theme: 'light' }, toolArguments, result);
      try {
        expect(comparable(await readShown(frame))).toEqual(expectedShown(structured(result)));
        const settled = (count: number) => seen.calls.length >= count && seen.calls.every((call) => call.result !== undefined || call.error !== undefined);

        await view.locator('select[name="period"]').selectOption('this_week');
        await seen.watched.until(() => settled(1));
        expect(seen.calls.map(({ name, arguments: args }) => ({ name, arguments: args }))).toEqual([
          { name: 'complaints_overview', arguments: { type: 'claim', period: 'this_week' } },
        ]);
        expect(seen.calls[0]!.result?.isError).toBeFalsy();
        const thisWeek = expectedShown(structured(seen.calls[0]!.result!));
        await expect.poll(async () => comparable(await readShown(frame)), POLL).toEqual(thisWeek);
        expect(await view.locator('#app').getAttribute('data-state')).toBe('ready');

        await view.locator('select[name="period"]').selectOption('');
        await seen.watched.until(() => settled(2));
        expect(seen.calls.map(({ name, arguments: args }) => ({ name, arguments: args }))).toEqual([
          { name: 'complaints_overview', arguments: { type: 'claim', period: 'this_week' } },
          { name: 'complaints_overview', arguments: { type: 'claim' } },
        ]);
        const everything = expectedShown(structured(seen.calls[1]!.result!));
        await expect.poll(async () => comparable(await readShown(frame)), POLL).toEqual(everything);
        expect(await view.locator('#app').getAttribute('data-state')).toBe('ready');
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );

  it(
    'asks the host for a height that covers all it lays out, also for 62 days of few records',
    async () => {
      const today = periodRange('today', new Date(), 'America/Lima').to;
      const smallest = structured(firstResult).byStore!.at(-1)!.storeId!;
      const toolArguments = { storeId: smallest, type: 'complaint', from: addDays(today, -61), to: today };
      const result = (await mcp.client.callTool({ name: 'complaints_overview', arguments: toolArguments })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(structured(result).activity).toMatchObject({ step: 'day', filed: expect.any(Array) });
      expect(structured(result).activity!.filed.length).toBeGreaterThan(50);
      const { context, page, seen, frame } = await openView({ locale: 'en-US', theme: 'light' }, toolArguments, result);
      try {
        expect(comparable(await readShown(frame))).toEqual(expectedShown(structured(result)));
        await screenshot(page, 'overview-long-activity-en.png');
        await expectWholeViewShown(page, frame);
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );

  it(
    'says what it is at: waiting before the call, cancelled when the host cancels it, an error when the call failed',
    async () => {
      const waiting = await openHost({ locale: 'en-US', theme: 'light' });
      try {
        await waiting.view.locator('#app[data-state="waiting"]').waitFor({ state: 'attached' });
        await hostEvaluate(waiting.page, 'sendToolInput', FIRST_ARGUMENTS);
        await waiting.page.evaluate(() => window.viewHost.sendToolCancelled('The user stopped the call.'));
        await waiting.view.locator('#app[data-state="cancelled"]').waitFor({ state: 'attached' });
        expect(waiting.seen.calls).toEqual([]);
        expectQuiet(waiting.seen);
      } finally {
        await waiting.context.close();
      }

      const wrong = { storeId: 'not-a-store' };
      const failed = (await mcp.client.callTool({ name: 'complaints_overview', arguments: wrong })) as CallToolResult;
      expect(failed.isError).toBe(true);
      const failing = await openHost({ locale: 'en-US', theme: 'light' });
      try {
        await hostEvaluate(failing.page, 'sendToolInput', wrong);
        await hostEvaluate(failing.page, 'sendToolResult', failed);
        await failing.view.locator('#app[data-state="error"]').waitFor({ state: 'attached' });
        expect((await failing.view.locator('[data-error]').first().textContent())?.trim()).not.toBe('');
        expect(failing.seen.calls).toEqual([]);
        expectQuiet(failing.seen);
      } finally {
        await failing.context.close();
      }
    },
    BACKSTOP,
  );
});

/** The view's page of its full lists. */
const LIST_PAGE_SIZE = 10;

/** The ids of every record list_complaints lists for `list`, paged to the end by the test itself, 100 a page. */
async function allIds(list: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  for (let page: number | undefined = 1; page !== undefined; ) {
    const result = (await mcp.client.callTool({ name: 'list_complaints', arguments: { ...list, pageSize: 100, page } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent as ListAnswer;
    ids.push(...(answer.items ?? []).map((row) => row.id!));
    page = answer.nextPage;
  }
  return ids;
}

/** The calls the view sent, as the comparison takes them. */
const callsOf = (seen: Seen) => seen.calls.map(({ name, arguments: args }) => ({ name, arguments: args }));

/** Every call answered (or failed), and `count` of them. */
const settled = (seen: Seen, count: number) => seen.calls.length >= count && seen.calls.every((call) => call.result !== undefined || call.error !== undefined);

/** The rows of the full list shown: [id, deadline words, the rest of the button's text]. */
async function listRows(frame: Frame): Promise<Array<[string, string, string]>> {
  return frame.evaluate(() =>
    [...document.querySelectorAll('[data-risk-list] button[data-record-id]')].map(
      (button) =>
        [
          button.getAttribute('data-record-id')!,
          button.querySelector('.badge')?.textContent ?? '',
          button.querySelector('.record-facts')?.textContent ?? '',
        ] as [string, string, string],
    ),
  );
}

const overdueWords = (daysLeft: number) => (daysLeft === -1 ? 'Overdue by 1 business day' : `Overdue by ${-daysLeft} business days`);

describe('the full lists of what is at risk', () => {
  it(
    "pages through every overdue record: one list_complaints per page with listOverdue's arguments, the same records as the test's own paging, no next page after the last",
    async () => {
      const { atRisk } = structured(firstResult);
      const listOverdue = atRisk.listOverdue!;
      const expected = await allIds(listOverdue);
      expect(expected).toHaveLength(atRisk.overdue);
      const { context, page, seen, view, frame } = await openView({ locale: 'en-US', theme: 'light' }, FIRST_ARGUMENTS, firstResult);
      try {
        const control = view.locator('[data-section="atRisk"] button.list-button[data-list="overdue"]');
        expect((await control.textContent())?.trim()).toBe(`See all overdue (${atRisk.overdue})`);
        expect(await control.getAttribute('aria-expanded')).toBe('false');
        expect(await view.locator('[data-risk-list]').isHidden()).toBe(true);
        expect(seen.calls).toEqual([]);

        await control.click();
        const collected: string[] = [];
        const pages = Math.ceil(atRisk.overdue / LIST_PAGE_SIZE);
        for (let number = 1; ; number++) {
          const list = view.locator(`[data-risk-list][data-state="ready"][data-list="overdue"][data-page="${number}"]`);
          await list.waitFor({ state: 'visible' });
          await seen.watched.until(() => settled(seen, number));
          // This page, and every one before it, one call each, in order.
          expect(callsOf(seen)).toEqual(
            Array.from({ length: number }, (_, index) => ({
              name: 'list_complaints',
              arguments: { ...listOverdue, pageSize: LIST_PAGE_SIZE, page: index + 1 },
            })),
          );
          const answer = seen.calls.at(-1)!.result!.structuredContent as ListAnswer;
          expect(await list.getAttribute('data-pages')).toBe(String(answer.pages));
          const rows = await listRows(frame);
          // Each row as the list answered it: its deadline worded as the view words it, its store and consumer.
          expect(rows.map(([id, words]) => [id, words])).toEqual((answer.items ?? []).map((row) => [row.id, overdueWords(row.daysLeft!)]));
          for (const [index, [, , facts]] of rows.entries()) {
            expect(facts).toContain(answer.items![index]!.store);
            expect(facts).toContain(answer.items![index]!.consumer);
          }
          collected.push(...rows.map(([id]) => id));
          expect(await list.locator('[data-page-action="previous"]').count()).toBe(number > 1 ? 1 : 0);
          const next = list.locator('[data-page-action="next"]');
          if (answer.nextPage === undefined) {
            expect(await next.count(), 'a next button on the last page').toBe(0);
            expect(await list.getAttribute('data-next-page')).toBeNull();
            break;
          }
          expect(await next.count()).toBe(1);
          if (number === 1) await screenshot(page, 'overview-overdue-list-en.png');
          await next.click();
        }
        expect(collected).toEqual(expected);
        expect(seen.calls).toHaveLength(pages);
        expect(pages).toBeGreaterThan(1);
        expect(await control.getAttribute('aria-expanded')).toBe('true');
        await expectWholeViewShown(page, frame);

        // A row chosen opens its record, as the other lists do: one get_complaint.
        const last = collected.at(-1)!;
        await view.locator(`[data-risk-list] button[data-record-id="${last}"]`).click();
        await view.locator(`[data-detail][data-state="ready"][data-record-id="${last}"]`).waitFor({ state: 'attached' });
        expect(callsOf(seen).slice(pages)).toEqual([{ name: 'get_complaint', arguments: { id: last } }]);
        expect(await view.locator(`[data-risk-list] button[data-record-id="${last}"]`).getAttribute('aria-current')).toBe('true');
        await screenshot(page, 'overview-overdue-list-detail-en.png');

        // Closed with its own button, the list asks nothing; its control says so and gets the focus.
        await view.locator('[data-risk-list] [data-page-action="close"]').click();
        await view.locator('[data-risk-list][data-state="closed"]').waitFor({ state: 'hidden' });
        expect(await control.getAttribute('aria-expanded')).toBe('false');
        expect(await frame.evaluate(() => document.activeElement?.getAttribute('data-list'))).toBe('overdue');
        expect(seen.calls).toHaveLength(pages + 1);
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );

  it(
    "in Spanish, overdue and due soon: listDueSoon's arguments, next and previous one call each, the Spanish deadline words",
    async () => {
      const { atRisk } = structured(firstResult);
      const listDueSoon = atRisk.listDueSoon!;
      expect(listDueSoon).toEqual({ dueBy: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
      const expected = await allIds(listDueSoon);
      expect(expected).toHaveLength(atRisk.overdue + atRisk.dueSoon);
      const { context, seen, view, frame } = await openView({ locale: 'es-PE', theme: 'light' }, FIRST_ARGUMENTS, firstResult);
      try {
        expect((await view.locator('[data-section="atRisk"] h2').textContent())?.trim()).toBe('En riesgo ahora (todo el libro)');
        expect((await view.locator('[data-section="filings"] h2').textContent())?.trim()).toBe('Registrados en el periodo');
        const control = view.locator('button.list-button[data-list="dueSoon"]');
        expect((await control.textContent())?.trim()).toBe(`Ver vencidos y por vencer (${atRisk.overdue + atRisk.dueSoon})`);
        expect((await view.locator('button.list-button[data-list="overdue"]').textContent())?.trim()).toBe(`Ver todos los vencidos (${atRisk.overdue})`);
        const request = (page: number) => ({ name: 'list_complaints', arguments: { ...listDueSoon, pageSize: LIST_PAGE_SIZE, page } });

        await control.click();
        const list = (page: number) => view.locator(`[data-risk-list][data-state="ready"][data-list="dueSoon"][data-page="${page}"]`);
        await list(1).waitFor({ state: 'visible' });
        const first = await listRows(frame);
        expect(first.map(([id]) => id)).toEqual(expected.slice(0, LIST_PAGE_SIZE));
        for (const [, words] of first) expect(words).toMatch(/^(Vencido hace \d+ días? hábil(es)?|Vence hoy|Vence en \d+ días? hábil(es)?)$/);
        expect((await list(1).locator('h3').textContent())?.trim()).toBe('Vencidos y por vencer');
        expect(await list(1).textContent()).toContain(`Página 1 de ${Math.ceil(expected.length / LIST_PAGE_SIZE)}`);

        await list(1).locator('[data-page-action="next"]').click();
        await list(2).waitFor({ state: 'visible' });
        // The focus stays on the pager for a keyboard user: on Previous when Next is gone.
        expect(await frame.evaluate(() => document.activeElement?.getAttribute('data-page-action'))).toMatch(/^(next|previous)$/);
        expect((await listRows(frame)).map(([id]) => id)).toEqual(expected.slice(LIST_PAGE_SIZE, 2 * LIST_PAGE_SIZE));
        await list(2).locator('[data-page-action="previous"]').click();
        await list(1).waitFor({ state: 'visible' });
        await seen.watched.until(() => settled(seen, 3));
        expect((await listRows(frame)).map(([id]) => id)).toEqual(expected.slice(0, LIST_PAGE_SIZE));
        expect(callsOf(seen)).toEqual([request(1), request(2), request(1)]);

        // The other control shows the other list, from its first page: one call.
        await view.locator('button.list-button[data-list="overdue"]').click();
        await view.locator('[data-risk-list][data-state="ready"][data-list="overdue"][data-page="1"]').waitFor({ state: 'visible' });
        expect(callsOf(seen).slice(3)).toEqual([{ name: 'list_complaints', arguments: { ...atRisk.listOverdue, pageSize: LIST_PAGE_SIZE, page: 1 } }]);
        expect(await control.getAttribute('aria-expanded')).toBe('false');
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );

  it(
    "shows what the sandbox has none of: the service's own deadline, answered records not delivered, an atRisk read only in part",
    async () => {
      const answer = structuredClone(structured(firstResult));
      const [first, second] = answer.atRisk.mostUrgent!;
      first!.serviceDue = 'none';
      second!.serviceDue = '2026-12-31';
      answer.atRisk.serviceDeadlineDiffers = 2;
      answer.atRisk.answeredNotDelivered = 12;
      answer.atRisk.notDelivered = [
        { correlative: '000000100-2026', response: 'bounced', id: 'not-delivered-1' },
        { correlative: '000000101-2026', response: 'failed', id: 'not-delivered-2' },
      ];
      answer.atRisk.read = answer.atRisk.unresolved - 5;
      answer.atRisk.incomplete = `5 unresolved records of ${answer.atRisk.unresolved} could not be read: the service failed.`;
      const result: CallToolResult = { ...firstResult, structuredContent: answer };
      const toolArguments = { ...FIRST_ARGUMENTS, type: 'claim' };
      const { context, page, seen, view, frame } = await openView({ locale: 'en-US', theme: 'light' }, toolArguments, result);
      try {
        expect(comparable(await readShown(frame))).toEqual(expectedShown(answer));
        const section = view.locator('[data-section="atRisk"]');
        // The narrowing named: what is at risk is the book's, of this type only.
        expect((await section.locator('h2').textContent())?.trim()).toBe('At risk now (whole book) · type Claim');
        expect(await section.locator('[data-incomplete]').textContent()).toContain(answer.atRisk.incomplete);
        // Every figure counts only the records read: marked as a lower bound.
        expect(await section.locator('[data-figure="overdue"] .figure-value').textContent()).toContain('≥');
        expect(await section.locator('[data-figure="unanswered"]').textContent()).toContain(`${answer.atRisk.read} read`);
        const urgent = section.locator('[data-series="urgent"] button[data-record-id]');
        expect(await urgent.nth(0).textContent()).toContain('no deadline from the service');
        expect(await urgent.nth(1).textContent()).toContain("service's deadline: Dec 31");
        expect(await section.locator('[data-series="notDelivered"]').textContent()).toContain('The first 2 of 12');
        expect(await section.locator('[data-series="notDelivered"] button[data-record-id="not-delivered-1"]').textContent()).toContain('response: bounced');
        await screenshot(page, 'overview-at-risk-parts-en.png');
        expect(seen.calls).toEqual([]);
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );
});

describe('the full list of the e-mail problems', () => {
  it(
    "pages through every record with e-mail problems below the e-mail panel: emailProblems.list's arguments, the same records as the test's own paging, each row's e-mail states",
    async () => {
      // The whole book: more records with e-mail problems than the answer names one by one.
      const result = (await mcp.client.callTool({ name: 'complaints_overview', arguments: {} })) as CallToolResult;
      const problems = structured(result).emailProblems!;
      expect(problems.list).toEqual({ emailProblem: true });
      expect(problems.records).toBeGreaterThan(problems.first.length);
      const expected = await allIds(problems.list);
      expect(expected).toHaveLength(problems.records);
      const { context, page, seen, view, frame } = await openView({ locale: 'en-US', theme: 'light' }, {}, result);
      try {
        const control = view.locator('[data-section="filings"] [data-series="emailProblems"] button.list-button[data-list="emailProblems"]');
        expect((await control.textContent())?.trim()).toBe(`List them all (${problems.records})`);
        expect(await control.getAttribute('aria-expanded')).toBe('false');
        await control.click();
        const collected: string[] = [];
        for (let number = 1; ; number++) {
          const list = view.locator(`[data-risk-list][data-state="ready"][data-list="emailProblems"][data-page="${number}"]`);
          await list.waitFor({ state: 'visible' });
          await seen.watched.until(() => settled(seen, number));
          expect(callsOf(seen)).toEqual(
            Array.from({ length: number }, (_, index) => ({
              name: 'list_complaints',
              arguments: { ...problems.list, pageSize: LIST_PAGE_SIZE, page: index + 1 },
            })),
          );
          const answer = seen.calls.at(-1)!.result!.structuredContent as ListAnswer;
          // Each row names its record and what its e-mails say; no deadline badge: the list is not of deadlines.
          expect(await listRows(frame)).toEqual(
            (answer.items ?? []).map((row) => [
              row.id,
              '',
              [row.receiptEmail && `receipt: ${row.receiptEmail}`, row.responseEmail && `response: ${row.responseEmail}`].filter(Boolean).join(' · '),
            ]),
          );
          collected.push(...(answer.items ?? []).map((row) => row.id!));
          if (number === 1) {
            expect(await list.textContent()).toContain(`${problems.records} records, newest first`);
            // In the period's part, right below the e-mail panel whose control opened it.
            const place = await frame.evaluate(() => {
              const panel = document.querySelector('[data-risk-list]')!;
              return [panel.closest('[data-section]')?.getAttribute('data-section'), panel.previousElementSibling?.getAttribute('data-series')];
            });
            expect(place).toEqual(['filings', 'emailProblems']);
            await screenshot(page, 'overview-email-list-en.png');
          }
          if (answer.nextPage === undefined) break;
          await list.locator('[data-page-action="next"]').click();
        }
        expect(collected).toEqual(expected);
        expect(await control.getAttribute('aria-expanded')).toBe('true');

        // A row chosen opens its record beside the period's lists.
        const pages = seen.calls.length;
        const last = collected.at(-1)!;
        await view.locator(`[data-risk-list] button[data-record-id="${last}"]`).click();
        await view.locator(`[data-grid="period"] [data-detail][data-state="ready"][data-record-id="${last}"]`).waitFor({ state: 'attached' });
        expect(callsOf(seen).slice(pages)).toEqual([{ name: 'get_complaint', arguments: { id: last } }]);
        await expectWholeViewShown(page, frame);

        // The overdue list takes the panel back to what is at risk, below the most urgent records.
        await view.locator('button.list-button[data-list="overdue"]').click();
        await view.locator('[data-section="atRisk"] [data-risk-list][data-state="ready"][data-list="overdue"]').waitFor({ state: 'visible' });
        expect(await control.getAttribute('aria-expanded')).toBe('false');
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );

  it(
    'offers no full list when the answer names every record already, or gives no arguments',
    async () => {
      const answer = structured(firstResult);
      expect(answer.emailProblems!.records).toBe(answer.emailProblems!.first.length);
      const { context, seen, view } = await openView({ locale: 'en-US', theme: 'light' }, FIRST_ARGUMENTS, firstResult);
      try {
        expect(await view.locator('[data-series="emailProblems"] button.list-button').count()).toBe(0);
        const many = structuredClone(answer);
        many.emailProblems!.records = 40;
        delete (many.emailProblems as { list?: unknown }).list;
        await hostEvaluate(context.pages()[0]!, 'sendToolResult', { ...firstResult, structuredContent: many });
        await view.locator('[data-series="emailProblems"]').getByText('40 records').waitFor();
        expect(await view.locator('[data-series="emailProblems"] button.list-button').count()).toBe(0);
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );
});

/**
 * firstResult with a performance block and stores' answering figures of the test's own (the contract's
 * shapes, round figures a manager would read), whatever the server computed: exact words can be asserted.
 */
function withPerformance(
  reasons: Array<{ reason: string; count: number }> = SAMPLE_REASONS,
  otherReasons = reasons === SAMPLE_REASONS ? SAMPLE_OTHER_REASONS : undefined,
): OverviewAnswer {
  const answer = structuredClone(structured(firstResult));
  answer.performance = {
    window: { from: '2026-11-02', to: '2026-11-20' },
    records: 500,
    answered: 443,
    answeredOnTime: 412,
    answeredLate: 31,
    unansweredOverdue: 5,
    responsesNotDelivered: 4,
    onTimeShare: 0.93,
    daysToAnswer: { median: 9, p90: 14 },
    byReason: reasons,
    otherReasons,
  };
  answer.otherStores = 7;
  answer.byStore = answer.byStore!.map((store, index) =>
    index === 1
      ? { store: store.store, count: store.count, storeId: store.storeId }
      : { ...store, answered: store.count, onTimeShare: index === 0 ? 0.8 : 0.996, medianDaysToAnswer: 11 + index },
  );
  return answer;
}

const SAMPLE_REASONS = [
  { reason: 'Producto defectuoso', count: 120 },
  { reason: 'Demora en la entrega', count: 90 },
  { reason: 'Cobro indebido', count: 60 },
  { reason: 'Mala atención', count: 40 },
  { reason: 'Garantía no respetada', count: 30 },
  { reason: 'Devolución', count: 20 },
];
/** Records of the reasons beyond those the server lists: with Devolución's 20, "Other reasons: 35". */
const SAMPLE_OTHER_REASONS = 15;

const trimmed = async (locator: ReturnType<FrameLocator['locator']>) => (await locator.textContent())?.replace(/\s+/g, ' ').trim();

/** The ui/message requests the view sent, as the host received their params. */
async function messagesSent(page: Page): Promise<unknown[]> {
  return (await page.evaluate(() => window.viewHost.messages)).map((json) => JSON.parse(json) as unknown);
}

/** What the view asks for a record, in Spanish, by its type: the prompt, the reference, and the tool that reads it. */
function spanishDraftMessage(type: string | undefined, reference: string): string {
  const record = type === 'claim' ? 'al reclamo' : type === 'complaint' ? 'a la queja' : 'al registro';
  return `Redacta la respuesta oficial ${record} ${reference} con el prompt draft_response de complaints-book-mcp (o lee el registro con get_complaint).`;
}

describe('drafting the official response of a record shown', () => {
  it(
    "a host that takes messages: an unanswered record offers it, and choosing it sends one ui/message, the member's, in Spanish, naming the record by its correlative only",
    async () => {
      const { context, page, seen, view } = await openView({ locale: 'es-PE', theme: 'light', takesMessages: true }, FIRST_ARGUMENTS, firstResult);
      try {
        const first = structured(firstResult).atRisk.mostUrgent![0]!;
        await view.locator('[data-series="urgent"] button[data-record-id]').first().click();
        const detail = view.locator(`[data-detail][data-state="ready"][data-record-id="${first.id}"]`);
        await detail.waitFor({ state: 'attached' });
        const record = seen.calls[0]!.result!.structuredContent as DetailAnswer;
        expect(record.response).toBeUndefined();
        const button = detail.locator('button[data-draft]');
        expect(await button.textContent()).toBe('Redactar la respuesta');
        expect(await messagesSent(page)).toEqual([]);

        await button.click();
        await detail.locator('[data-draft-state="sent"]').waitFor({ state: 'attached' });
        expect(await messagesSent(page)).toEqual([{ role: 'user', content: [{ type: 'text', text: spanishDraftMessage(record.type, first.correlative!) }] }]);
        // Nothing the consumer wrote, nor any other fact of the record, goes in.
        const sent = JSON.stringify(await messagesSent(page));
        for (const fact of [first.consumer, first.store, record.claim?.description, record.consumer?.email, record.trackingCode, first.id]) {
          if (fact) expect(sent).not.toContain(fact);
        }
        expect(await detail.locator('.draft').textContent()).toContain('Pedido enviado a la conversación.');
        // Redrawn, the button keeps the focus the click gave it.
        expect(await view.locator('button[data-draft]').evaluate((element) => element === document.activeElement)).toBe(true);
        // A ui/message is no tool call: the host was asked for the record and nothing else.
        expect(callsOf(seen)).toEqual([{ name: 'get_complaint', arguments: { id: first.id } }]);
        await screenshot(page, 'overview-draft-es.png');
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );

  it(
    'an answered record offers no draft; the next record shown starts afresh',
    async () => {
      const { context, page, seen, view } = await openView({ locale: 'en-US', theme: 'light', takesMessages: true }, FIRST_ARGUMENTS, firstResult);
      try {
        const [first, second] = structured(firstResult).atRisk.mostUrgent!;
        // The second record, as the server reads it, but with an official response: the host passes on what the server said.
        const read = (await mcp.client.callTool({ name: 'get_complaint', arguments: { id: second!.id } })) as CallToolResult;
        expect(read.isError).toBeFalsy();
        const answered = {
          ...read,
          structuredContent: { ...read.structuredContent, response: { officialResponse: 'Se cambió el producto.', respondedAt: '2026-11-20 10:02' } },
        };
        seen.substitute = (params) => (params.name === 'get_complaint' && params.arguments?.id === second!.id ? answered : undefined);

        await view.locator(`[data-series="urgent"] button[data-record-id="${first!.id}"]`).click();
        await view.locator(`[data-detail][data-state="ready"][data-record-id="${first!.id}"] button[data-draft]`).click();
        await view.locator('[data-detail] [data-draft-state="sent"]').waitFor({ state: 'attached' });
        expect(await view.locator('button[data-draft]').textContent()).toBe('Draft the response');

        await view.locator(`[data-series="urgent"] button[data-record-id="${second!.id}"]`).click();
        await view.locator(`[data-detail][data-state="ready"][data-record-id="${second!.id}"]`).waitFor({ state: 'attached' });
        expect(await view.locator('[data-detail] [data-draft-state]').count()).toBe(0);
        expect(await view.locator('button[data-draft]').count()).toBe(0);

        await view.locator(`[data-series="urgent"] button[data-record-id="${first!.id}"]`).click();
        await view.locator(`[data-detail][data-state="ready"][data-record-id="${first!.id}"]`).waitFor({ state: 'attached' });
        expect(await view.locator('[data-detail] [data-draft-state]').getAttribute('data-draft-state')).toBe('idle');
        expect((await messagesSent(page)).length).toBe(1);
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );

  it(
    'a host that does not say it takes messages gets no button, and no ui/message',
    async () => {
      const { context, page, seen, view } = await openView({ locale: 'en-US', theme: 'light' }, FIRST_ARGUMENTS, firstResult);
      try {
        const first = structured(firstResult).atRisk.mostUrgent![0]!;
        await view.locator('[data-series="urgent"] button[data-record-id]').first().click();
        const detail = view.locator(`[data-detail][data-state="ready"][data-record-id="${first.id}"]`);
        await detail.waitFor({ state: 'attached' });
        // Unanswered, so only the host's silence keeps the button away.
        expect((seen.calls[0]!.result!.structuredContent as DetailAnswer).response).toBeUndefined();
        expect(await detail.locator('button[data-draft]').count()).toBe(0);
        expect(await detail.textContent()).not.toContain('Draft the response');
        expect(await messagesSent(page)).toEqual([]);
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );

  it(
    'a host that refuses the message, or fails it, is said in the panel under the button; taken later, the error goes',
    async () => {
      const { context, page, seen, view } = await openView({ locale: 'en-US', theme: 'light', takesMessages: true }, FIRST_ARGUMENTS, firstResult);
      try {
        const first = structured(firstResult).atRisk.mostUrgent![0]!;
        await view.locator('[data-series="urgent"] button[data-record-id]').first().click();
        const draft = view.locator(`[data-detail][data-state="ready"][data-record-id="${first.id}"] .draft`);
        await draft.waitFor({ state: 'attached' });

        await page.evaluate(() => {
          window.viewHost.messageAnswer = 'isError';
        });
        await draft.locator('button[data-draft]').click();
        await view.locator('[data-detail] [data-draft-state="failed"]').waitFor({ state: 'attached' });
        expect(await view.locator('[data-detail] .draft .error-text').textContent()).toBe('The app did not take the request to draft the response.');
        expect(await view.locator('[data-detail] [data-draft-error]').count()).toBe(0);

        await page.evaluate(() => {
          window.viewHost.messageAnswer = 'fail';
        });
        await view.locator('[data-detail] button[data-draft]').click();
        await expect.poll(async () => (await messagesSent(page)).length, POLL).toBe(2);
        await view.locator('[data-detail] [data-draft-state="failed"] [data-draft-error]').waitFor({ state: 'attached' });
        expect(await view.locator('[data-detail] .draft .error-text').textContent()).toBe('The app did not take the request to draft the response.');
        expect(await view.locator('[data-detail] [data-draft-error]').textContent()).toContain('The host could not add the message.');
        // The record stays shown, as read.
        expect(await view.locator('[data-detail]').getAttribute('data-state')).toBe('ready');

        await page.evaluate(() => {
          window.viewHost.messageAnswer = 'take';
        });
        await view.locator('[data-detail] button[data-draft]').click();
        await view.locator('[data-detail] [data-draft-state="sent"]').waitFor({ state: 'attached' });
        expect(await view.locator('[data-detail] .draft .error-text').count()).toBe(0);
        expect((await messagesSent(page)).length).toBe(3);
        await screenshot(page, 'overview-draft-failed-en.png');
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );
});

describe('how the period was answered', () => {
  it(
    "in English: on time, late, unanswered past deadline, not delivered, days to answer, the top 5 reasons, the window, each store's share and median, the other stores' records",
    async () => {
      const answer = withPerformance();
      const result: CallToolResult = { ...firstResult, structuredContent: answer };
      const { context, page, seen, view, frame } = await openView({ locale: 'en-US', theme: 'light' }, FIRST_ARGUMENTS, result);
      try {
        expect(comparable(await readShown(frame))).toEqual(expectedShown(answer));
        const block = view.locator('[data-section="filings"] [data-series="performance"]');
        expect(await trimmed(block.locator('h3'))).toBe('How they were answered');
        expect(await trimmed(block.locator('[data-line="onTime"]'))).toBe(
          'Answered on time: 93% (412 of 443) · late 31 · still unanswered past deadline 5 · not delivered 4',
        );
        expect(await trimmed(block.locator('[data-line="days"]'))).toBe('Days to answer: median 9 · 90th percentile 14 (business days)');
        expect(await trimmed(block.locator('[data-window]'))).toBe(
          'These figures count the 500 records filed Nov 2 to Nov 20: the period holds more than one call reads.',
        );
        expect(await trimmed(block.locator('h4'))).toBe('Top reasons');
        expect((await readShown(frame)).byReason).toEqual([
          ['Producto defectuoso', '120'],
          ['Demora en la entrega', '90'],
          ['Cobro indebido', '60'],
          ['Mala atención', '40'],
          ['Garantía no respetada', '30'],
        ]);
        expect(await trimmed(block.locator('[data-other-reasons]'))).toBe('Other reasons: 35 records');
        // Above the bars by status, type and store, below the period's total.
        const order = await frame.evaluate(() =>
          [...document.querySelectorAll('[data-section="filings"] [data-figure="total"], [data-series="performance"], [data-series="byStatus"]')].map(
            (element) => element.getAttribute('data-figure') ?? element.getAttribute('data-series'),
          ),
        );
        expect(order).toEqual(['total', 'performance', 'byStatus']);

        // Each store: its count, then its on-time share and median days (0.996 reads 99%, not 100%).
        const stores = view.locator('[data-series="byStore"] li[data-key]');
        const [first, second, third] = answer.byStore!;
        expect(await trimmed(stores.nth(0).locator('.bar-after [aria-hidden="true"]'))).toBe('80% · 11 d');
        expect(await trimmed(stores.nth(0).locator('.bar-after .visually-hidden'))).toBe('80% answered on time, median 11 business days to answer');
        expect(await trimmed(stores.nth(0).locator('.bar-value'))).toBe(String(first!.count));
        expect(await trimmed(stores.nth(1).locator('.bar-after'))).toBe('');
        expect(await stores.nth(1).getAttribute('data-key')).toBe(second!.storeId);
        expect(await trimmed(stores.nth(2).locator('.bar-after [aria-hidden="true"]'))).toBe(`99% · ${13} d`);
        expect(await stores.nth(2).getAttribute('data-key')).toBe(third!.storeId);
        expect(await trimmed(view.locator('[data-series="byStore"] .note').first())).toBe('7 records in other stores');
        expect(await trimmed(view.locator('[data-series="byStore"] .note').last())).toBe(
          'Beside each store: share answered on time · median business days to answer.',
        );
        // The columns after the counts line up, store by store.
        const rights = await stores.evaluateAll((rows) => rows.map((row) => Math.round(row.querySelector('.bar-after')!.getBoundingClientRect().right)));
        expect(new Set(rights).size).toBe(1);
        await expectWholeViewShown(page, frame);
        await screenshot(page, 'overview-performance-en.png');
        expect(seen.calls).toEqual([]);
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );

  it(
    'in Spanish, the same figures in Spanish words; without dated answers it says so, and without reasons too',
    async () => {
      const answer = withPerformance();
      const { context, page, seen, view, frame } = await openView({ locale: 'es-PE', theme: 'dark' }, FIRST_ARGUMENTS, {
        ...firstResult,
        structuredContent: answer,
      });
      try {
        const block = view.locator('[data-series="performance"]');
        expect(await trimmed(block.locator('h3'))).toBe('Cómo se respondieron');
        expect(await trimmed(block.locator('[data-line="onTime"]'))).toMatch(
          /^Respondidos a tiempo: 93\s?% \(412 de 443\) · con retraso 31 · sin responder y vencidos 5 · sin entregar 4$/u,
        );
        expect(await trimmed(block.locator('[data-line="days"]'))).toBe('Días para responder: mediana 9 · percentil 90 14 (días hábiles)');
        expect(await trimmed(block.locator('[data-window]'))).toMatch(/^Estas cifras cuentan los 500 registros presentados del 2 nov\.? al 20 nov\.?:/u);
        expect(await trimmed(block.locator('h4'))).toBe('Motivos más frecuentes');
        expect(await trimmed(block.locator('[data-other-reasons]'))).toBe('Otros motivos: 35 registros');
        await expectWholeViewShown(page, frame);
        await screenshot(page, 'overview-performance-es-dark.png');

        // Nothing answered with a date, no reason, all filed in the period: no share, no days, no window.
        const none = withPerformance([]);
        none.performance = {
          records: 12,
          answered: 2,
          answeredOnTime: 0,
          answeredLate: 0,
          answerUndated: 2,
          unansweredOverdue: 3,
          responsesNotDelivered: 0,
          byReason: [],
        };
        await hostEvaluate(page, 'sendToolResult', { ...firstResult, structuredContent: none });
        await expect.poll(async () => (await readShown(frame)).performance, POLL).toEqual(expectedShown(none).performance);
        expect(await trimmed(block.locator('[data-line="onTime"]'))).toBe(
          'Respondidos a tiempo: ninguna respuesta con fecha todavía · con retraso 0 · sin responder y vencidos 3 · sin entregar 0 · sin fecha 2',
        );
        expect(await block.locator('[data-line="days"]').count()).toBe(0);
        expect(await block.locator('[data-window]').count()).toBe(0);
        expect(await block.locator('.share-track').count()).toBe(0);
        expect(await trimmed(block.locator('[data-series="byReason"] p'))).toBe('Ningún motivo indicado.');
        expect(seen.calls).toEqual([]);
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );

  it(
    'shows hostile reasons as one cut line of text: no markup run, nothing hidden or reordered, the layout as wide as ever',
    async () => {
      const answer = withPerformance(HOSTILE_REASONS.map((reason, index) => ({ reason, count: 50 - index })));
      const { context, page, seen, view, frame } = await openView({ locale: 'en-US', theme: 'light' }, FIRST_ARGUMENTS, {
        ...firstResult,
        structuredContent: answer,
      });
      try {
        expect(await view.locator('#app img').count()).toBe(0);
        const reasons = await frame.evaluate(() =>
          [...document.querySelectorAll('[data-series="byReason"] li[data-key]')].map((row) => {
            const name = row.querySelector('.bar-name')!;
            return { text: name.textContent ?? '', title: name.getAttribute('title') ?? '', height: Math.round(row.getBoundingClientRect().height) };
          }),
        );
        expect(reasons.map(({ text }) => text)).toEqual([
          HOSTILE_STORE,
          'Cobro odibedni',
          `${'x'.repeat(79)}…`,
          `${'palabra '.repeat(10).trim()}…`,
          'Primera línea Segunda línea',
        ]);
        for (const { text, title, height } of reasons) {
          expect(text.length).toBeLessThanOrEqual(80);
          expect(title).toBe(text);
          expect(text).not.toMatch(/[\p{Default_Ignorable_Code_Point}\p{Cf}\n\u2028]/u);
          // One line each, as high as the others.
          expect(height).toBe(reasons[0]!.height);
        }
        // Nothing wider than the view: no scrolling sideways, the panel inside the filings part.
        const widths = await frame.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          view: document.documentElement.clientWidth,
          panel: document.querySelector('[data-series="performance"]')!.getBoundingClientRect().right,
          part: document.querySelector('[data-section="filings"]')!.getBoundingClientRect().right,
        }));
        expect(widths.page).toBeLessThanOrEqual(widths.view);
        expect(widths.panel).toBeLessThanOrEqual(widths.part);
        await expectWholeViewShown(page, frame);
        await screenshot(page, 'overview-performance-hostile-en.png');
        // On a phone's width too: the reasons and the stores' columns shrink, the page does not scroll sideways.
        await page.setViewportSize({ width: 360, height: 900 });
        await expect.poll(() => frame.evaluate(() => document.documentElement.clientWidth), POLL).toBeLessThan(360);
        const narrow = await frame.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          view: document.documentElement.clientWidth,
          rows: [...document.querySelectorAll('[data-series="byReason"] li, [data-series="byStore"] li')].map((row) =>
            Math.round(row.getBoundingClientRect().right),
          ),
        }));
        expect(narrow.page).toBeLessThanOrEqual(narrow.view);
        for (const right of narrow.rows) expect(right).toBeLessThanOrEqual(narrow.view);
        await expectWholeViewShown(page, frame);
        await screenshot(page, 'overview-performance-hostile-narrow-en.png');
        expect(await page.evaluate(() => window.viewHost.strayMessages)).toEqual([]);
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );
});

/** A store name that runs script wherever it is put into HTML rather than text. */
const HOSTILE_STORE = `<img src=x onerror="window.top.postMessage('x','*')">`;
/** A correlative that reads backwards and hides characters: right-to-left override, zero-width space, isolate. */
const HOSTILE_CORRELATIVE = 'R-\u202e1000-2026\u200b\u2066';
/** Reasons no service should send: markup, text that reads backwards, 10,000 characters without a space and with, a line break. */
const HOSTILE_REASONS = [HOSTILE_STORE, 'Cobro \u202eodibedni\u200b\u2066', 'x'.repeat(10_000), 'palabra '.repeat(1250), 'Primera línea\n\u2028Segunda línea'];
const HUGE = 100_000;

/**
 * A tool result no real server sends: hostile strings, keys that name Object.prototype's, counts that
 * are negative or not whole, fields missing, an activity of HUGE steps. The total is a real count, so
 * that the view draws every part. As JSON text (see ViewHost).
 */
function hostileResultJson(): string {
  const structuredContent = {
    total: 7,
    atRisk: {
      unanswered: -3,
      overdue: 2.5,
      // unresolved, dueSoon and answeredNotDelivered missing.
      mostUrgent: [
        {
          correlative: HOSTILE_CORRELATIVE,
          store: HOSTILE_STORE,
          consumer: HOSTILE_STORE,
          id: 'hostile-1',
          daysLeft: -4,
          due: '2026-01-02',
          serviceDue: HOSTILE_STORE,
        },
        { daysLeft: 1 },
      ],
      alsoDueSoon: [{ id: 'hostile-2', correlative: '<b>bold</b>', daysLeft: 2.5 }],
      notDelivered: [null, { correlative: HOSTILE_CORRELATIVE, response: HOSTILE_STORE, id: 'hostile-3' }],
      incomplete: HOSTILE_STORE,
      listOverdue: { overdue: true, storeId: HOSTILE_STORE, page: 99, nested: { no: 1 } },
    },
    // timeZone missing.
    byStatus: { constructor: 2, open: -1, resolved: 0.5 },
    byType: { toString: 3, hasOwnProperty: 1 },
    byStore: [
      { store: HOSTILE_STORE, count: 5 },
      { count: 1 },
      { store: 'Tienda \u202eacitsoH', storeId: "\"><script>window.top.postMessage('x','*')</script>", count: -2 },
      ...Array.from({ length: 9 }, (_, index) => ({ store: `Tienda ${index + 4}`, storeId: `store-${index + 4}`, count: 9 - index })),
    ],
    emailProblems: { records: 1, byState: {}, first: [{ id: '" onmouseover="x', correlative: HOSTILE_CORRELATIVE }] },
    performance: {
      records: 7,
      answered: -2,
      answeredOnTime: 3,
      answeredLate: 1.5,
      onTimeShare: 7,
      daysToAnswer: { median: HOSTILE_STORE, p90: 2 },
      window: { from: HOSTILE_STORE, to: '2026-01-01' },
      byReason: [...HOSTILE_REASONS.map((reason, index) => ({ reason, count: 5 - index })), null, { reason: { no: 1 }, count: 1 }],
      incomplete: HOSTILE_STORE,
    },
    activity: {
      from: '1990-01-01',
      step: 'day',
      filed: Array.from({ length: HUGE }, (_, index) => (index % 3 === 0 ? -1 : index % 7)),
      answered: Array.from({ length: HUGE }, (_, index) => (index % 5 === 0 ? 0.5 : index % 4)),
    },
  };
  const json = JSON.stringify({ content: [{ type: 'text', text: HOSTILE_STORE }], structuredContent, isError: false });
  // An object literal cannot hold an own "__proto__" key (it sets the prototype); JSON.parse makes one, as from the wire.
  return json.replace('"byStatus":{', '"byStatus":{"__proto__":4,').replace('"byState":{', '"byState":{"__proto__":1');
}

/** Results broken as a whole: a total that is no count and nothing else, a structuredContent that is a list, none at all. */
const BROKEN_RESULTS = [
  {
    content: [{ type: 'text', text: 'odd' }],
    structuredContent: {
      total: -1.5,
      atRisk: { overdue: '15', mostUrgent: 'none', listOverdue: [true], listDueSoon: 'dueBy' },
      byStatus: [],
      byStore: {},
      activity: { from: 'yesterday', step: 'year' },
    },
  },
  { content: [{ type: 'text', text: 'atRisk a list' }], structuredContent: { total: 1, atRisk: [1, 2] } },
  { content: [{ type: 'text', text: 'a list' }], structuredContent: [1, 2, 3] },
  { content: [{ type: 'text', text: 'text only' }] },
];

describe('the counts by status, type and store', () => {
  it(
    'are called lower bounds only when the server says so (countsAreLowerBounds), not whenever fewer records were read than filed',
    async () => {
      for (const lowerBounds of [false, true]) {
        const answer = structuredClone(structured(firstResult));
        // More filed than read: the service's own counts stand for the period, exact (countsAreLowerBounds unset) or not.
        answer.counted = answer.total - 1;
        if (lowerBounds) answer.countsAreLowerBounds = true;
        else delete answer.countsAreLowerBounds;
        const result: CallToolResult = { ...firstResult, structuredContent: answer };
        const { context, view, seen } = await openView({ locale: 'en-US', theme: 'light' }, FIRST_ARGUMENTS, result);
        try {
          const note = view.locator('[data-section="filings"] p.hint');
          const shown = (await note.count()) === 0 ? '' : ((await trimmed(note)) ?? '');
          if (lowerBounds) expect(shown).toContain('The counts by status, type and store are lower bounds.');
          else expect(shown).not.toContain('lower bounds');
          expectQuiet(seen);
        } finally {
          await context.close();
        }
      }
    },
    BACKSTOP,
  );
});

describe('hostile data', () => {
  it(
    'takes from a hostile host only what it can draw: 100,000 entries cut, style values that could fetch or paint skipped, the focus kept',
    async () => {
      const { context, page, seen, view, frame } = await openHost({ locale: 'en-US', theme: 'light' });
      try {
        const variables = {
          '--color-background-primary': 'image-set("http://127.0.0.1:9/a.png" 1x)',
          '--color-text-primary': 'url(http://127.0.0.1:9/b.png)',
          '--color-background-secondary': 'light-dark(rgb(1, 2, 3), #000)',
          // The page's own variable, not the host's to set.
          '--bg': 'red',
          ...Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`--color-extra-${index}`, 'red'])),
        };
        await page.evaluate((json) => window.viewHost.changeHostContext(json), JSON.stringify({ styles: { variables } }));
        const many = Object.fromEntries(Array.from({ length: HUGE }, (_, index) => [`state-${index}`, index]));
        const structuredContent = {
          total: 3,
          atRisk: {
            mostUrgent: Array.from({ length: 10_000 }, (_, index) => ({ id: `r${index}`, correlative: `C-${index}`, daysLeft: -1 })),
            notDelivered: Array.from({ length: HUGE }, (_, index) => (index % 2 === 0 ? { id: `n${index}` } : index)),
          },
          byStatus: many,
          emailProblems: { records: 1, byState: many, first: [] },
        };
        await hostEvaluate(page, 'sendToolInput', FIRST_ARGUMENTS);
        await hostEvaluate(page, 'sendToolResult', { content: [{ type: 'text', text: 'many' }], structuredContent });
        await view.locator('#app[data-state="ready"]').waitFor({ state: 'attached' });
        expect(await view.locator('[data-series="byStatus"] [data-key]').count()).toBeLessThanOrEqual(60);
        expect(await view.locator('[data-series="urgent"] button[data-record-id]').count()).toBeLessThanOrEqual(60);
        expect(await view.locator('[data-series="notDelivered"] button[data-record-id]').count()).toBeLessThanOrEqual(60);
        const applied = await frame.evaluate(() => {
          const style = document.documentElement.style;
          const custom = [...Array.from({ length: style.length }, (_, index) => style.item(index))].filter((name) => name.startsWith('--'));
          return {
            custom: custom.length,
            background: style.getPropertyValue('--color-background-primary'),
            text: style.getPropertyValue('--color-text-primary'),
            secondary: style.getPropertyValue('--color-background-secondary'),
            bg: style.getPropertyValue('--bg'),
          };
        });
        expect(applied).toMatchObject({ background: '', text: '', secondary: 'light-dark(rgb(1, 2, 3), #000)', bg: '' });
        expect(applied.custom).toBeLessThanOrEqual(200);

        // A redraw (here, another language) gives the focus back to the record that had it.
        await view.locator('[data-series="urgent"] button[data-record-id="r1"]').focus();
        await page.evaluate(() => window.viewHost.changeHostContext(JSON.stringify({ locale: 'es-PE' })));
        await view.locator('html[lang="es"]').waitFor({ state: 'attached' });
        expect(await frame.evaluate(() => document.activeElement?.getAttribute('data-record-id'))).toBe('r1');
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );

  it(
    "shows hostile strings as text, keeps Object.prototype's names as keys, survives 100000 steps and odd counts, and stays usable",
    async () => {
      const { context, page, seen, view, frame } = await openHost({ locale: 'en-US', theme: 'light' });
      try {
        await hostEvaluate(page, 'sendToolInput', FIRST_ARGUMENTS);
        await page.evaluate((json) => window.viewHost.sendToolResult(json), hostileResultJson());
        await view.locator('#app[data-state="ready"]').waitFor({ state: 'attached' });
        expect(await view.locator('#app img').count()).toBe(0);
        expect(await view.locator('#app script').count()).toBe(0);
        const store = await frame.evaluate(
          (name) =>
            [...document.querySelectorAll('[data-series="byStore"] [data-key]')].find((row) => row.getAttribute('data-key') === name)?.textContent ?? null,
          HOSTILE_STORE,
        );
        expect(store).toContain(HOSTILE_STORE);
        // Twelve stores sent, the first ten shown, in the order sent.
        expect((await readShown(frame)).byStore.map(([key]) => key)).toEqual([
          HOSTILE_STORE,
          '',
          "\"><script>window.top.postMessage('x','*')</script>",
          ...Array.from({ length: 7 }, (_, index) => `store-${index + 4}`),
        ]);
        const statuses = new Map((await readShown(frame)).byStatus);
        expect(statuses.get('__proto__')).toBe('4');
        expect(statuses.get('constructor')).toBe('2');
        expect(await view.locator('[data-series="urgent"] button[data-record-id="hostile-1"]').count()).toBe(1);
        // Drawn, but not all 100000 steps as rows.
        const steps = await view.locator('[data-series="activity"] tr[data-step]').count();
        expect(steps).toBeGreaterThan(0);
        expect(steps).toBeLessThan(HUGE);
        // A record the server does not know: one get_complaint, refused, and the panel says so.
        await view.locator('[data-series="urgent"] button[data-record-id="hostile-1"]').click();
        await view.locator('[data-detail][data-state="error"]').waitFor({ state: 'attached' });
        expect(seen.calls.map(({ name, arguments: args }) => ({ name, arguments: args }))).toEqual([{ name: 'get_complaint', arguments: { id: 'hostile-1' } }]);
        expect(seen.calls[0]!.error ?? seen.calls[0]!.result?.isError).toBeTruthy();
        expect(await view.locator('[data-detail]').getAttribute('data-record-id')).not.toBe('hostile-1');
        expect((await view.locator('[data-detail]').textContent())?.trim()).not.toBe('');
        // The hostile listOverdue goes back as sent, but for the page it names (the view's own) and what is
        // no text, flag or number; the server refuses its store, and the list says so.
        await view.locator('button.list-button[data-list="overdue"]').click();
        await view.locator('[data-risk-list][data-state="error"]').waitFor({ state: 'visible' });
        expect(callsOf(seen).slice(1)).toEqual([
          { name: 'list_complaints', arguments: { overdue: true, storeId: HOSTILE_STORE, pageSize: LIST_PAGE_SIZE, page: 1 } },
        ]);
        expect(seen.calls[1]!.result?.isError).toBe(true);
        expect((await view.locator('[data-risk-list] [data-list-error]').textContent())?.trim()).not.toBe('');
        expect(await view.locator('#app img').count()).toBe(0);
        // Broken as a whole, the result still leaves the view standing, saying ready or error.
        for (const broken of BROKEN_RESULTS) {
          await hostEvaluate(page, 'sendToolResult', broken);
          await view.locator('#app[data-state="ready"], #app[data-state="error"]').waitFor({ state: 'attached' });
        }
        // No full list is offered from arguments that are no object.
        expect(await view.locator('button.list-button').count()).toBe(0);
        // Still answering: a period chosen asks the server, and its real answer replaces the hostile one.
        await view.locator('select[name="period"]').selectOption('this_month');
        await seen.watched.until(() => seen.calls.length > 2 && (seen.calls[2]!.result !== undefined || seen.calls[2]!.error !== undefined));
        expect(callsOf(seen).slice(2)).toEqual([{ name: 'complaints_overview', arguments: { period: 'this_month' } }]);
        await expect.poll(async () => comparable(await readShown(frame)), POLL).toEqual(expectedShown(structured(seen.calls[2]!.result!)));
        expect(await page.evaluate(() => window.viewHost.strayMessages)).toEqual([]);
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );

  it(
    "pages a hostile host's list without freezing: 100,000 rows cut, non-objects skipped, a failed page and a refusal shown as the list's error, one call per click",
    async () => {
      const { context, page, seen, view, frame } = await openView({ locale: 'en-US', theme: 'light' }, FIRST_ARGUMENTS, firstResult);
      try {
        const listOverdue = structured(firstResult).atRisk.listOverdue!;
        const request = (number: number) => ({ name: 'list_complaints', arguments: { ...listOverdue, pageSize: LIST_PAGE_SIZE, page: number } });
        const rows = Array.from({ length: HUGE }, (_, index) =>
          index % 4 === 3 ? [null, 5, 'x', [1]][index % 3] : { id: `h${index}`, correlative: `C-${index}`, daysLeft: -1 - (index % 9), store: HOSTILE_STORE },
        );
        const many: CallToolResult = {
          content: [{ type: 'text', text: 'many' }],
          structuredContent: { total: HUGE, page: 1, pages: 'x', nextPage: 2, items: rows },
        };
        // The host's answers to the view's list_complaints calls, in turn.
        const answers: Array<CallToolResult | typeof REFUSE> = [
          many,
          { content: [{ type: 'text', text: 'The service failed (HTTP 503).' }], isError: true },
          REFUSE,
          // Rows that are no objects, a next page that goes back, and what the list leaves out in markup.
          {
            content: [{ type: 'text', text: 'odd' }],
            structuredContent: { total: 2, page: 2, pages: 2, nextPage: 1, items: [null, 7, 'row', [{ id: 'x' }]], truncated: HOSTILE_STORE },
          },
          {
            content: [{ type: 'text', text: 'one' }],
            structuredContent: { total: 1, page: 1, pages: 1, items: [{ id: 'h0', correlative: 'C-0', daysLeft: -1 }] },
          },
        ];
        seen.substitute = (params) => (params.name === 'list_complaints' ? answers.shift() : undefined);
        const list = view.locator('[data-risk-list]');
        const state = (name: string, number?: number) =>
          view.locator(`[data-risk-list][data-state="${name}"]${number === undefined ? '' : `[data-page="${number}"]`}`).waitFor({ state: 'visible' });

        // The view's own work on the answer, apart from the browser's reading of the message (its data
        // getter deserializes 9 MB, seconds on a slow machine, whatever the page does with it).
        await frame.evaluate(() => {
          const times = { read: 0, drawn: 0 };
          (window as unknown as { listTimes: typeof times }).listTimes = times;
          const data = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data')!;
          Object.defineProperty(MessageEvent.prototype, 'data', {
            get() {
              const value: unknown = data.get!.call(this);
              if (!times.drawn) times.read = performance.now();
              return value;
            },
          });
          new MutationObserver(() => {
            if (!times.drawn && document.querySelector('[data-risk-list][data-state="ready"]')) times.drawn = performance.now();
          }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
        });
        await view.locator('button.list-button[data-list="overdue"]').click();
        await state('ready', 1);
        const shown = await listRows(frame);
        expect(shown.length).toBeGreaterThan(0);
        expect(shown.length).toBeLessThanOrEqual(60);
        expect(shown[0]![0]).toBe('h0');
        expect(await view.locator('#app img').count()).toBe(0);
        // What the view does does not grow with what is sent: a few milliseconds for 100,000 rows.
        const times = await frame.evaluate(() => (window as unknown as { listTimes: { read: number; drawn: number } }).listTimes);
        expect(times.read).toBeGreaterThan(0);
        expect(times.drawn).toBeGreaterThanOrEqual(times.read);
        expect(times.drawn - times.read).toBeLessThan(500);
        expect(callsOf(seen)).toEqual([request(1)]);

        // A failed page: the list says so, with the service's words, and keeps page 1 to go on from.
        await list.locator('[data-page-action="next"]').click();
        await state('error');
        expect(await list.locator('[data-list-error]').textContent()).toContain('The service failed (HTTP 503).');
        expect(await list.locator('[data-list-error]').getAttribute('role')).toBe('alert');
        expect(await listRows(frame)).toEqual(shown);
        expect(callsOf(seen)).toEqual([request(1), request(2)]);

        // Refused by the host (a JSON-RPC error): shown the same way.
        await list.locator('[data-page-action="next"]').click();
        await seen.watched.until(() => settled(seen, 3));
        await state('error');
        expect((await list.locator('[data-list-error]').textContent())?.trim()).not.toBe('');
        expect(callsOf(seen)).toEqual([request(1), request(2), request(2)]);

        // Rows that are no objects: none drawn; a next page that goes back is none.
        await list.locator('[data-page-action="next"]').click();
        await state('ready', 2);
        expect(await listRows(frame)).toEqual([]);
        expect(await list.locator('[data-page-action="next"]').count()).toBe(0);
        expect(await list.locator('[data-truncated]').textContent()).toBe(HOSTILE_STORE);
        expect(await view.locator('#app img').count()).toBe(0);

        // Still answering: Previous is one more call.
        await list.locator('[data-page-action="previous"]').click();
        await state('ready', 1);
        expect((await listRows(frame)).map(([id]) => id)).toEqual(['h0']);
        await seen.watched.until(() => settled(seen, 5));
        expect(callsOf(seen)).toEqual([request(1), request(2), request(2), request(2), request(1)]);
        expect(await page.evaluate(() => window.viewHost.strayMessages)).toEqual([]);
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );

  it(
    'keeps names apart and codes, numbers and dates left to right beside right-to-left text, and stacks no more than three marks',
    async () => {
      const { context, page, seen, view, frame } = await openHost({ locale: 'en-US', theme: 'light' });
      try {
        // Arabic letters and no bidi control at all: the Unicode bidi algorithm alone would draw the
        // consumer before the store, and digits after them as Arabic numbers, right to left.
        const row = { id: 'rtl-1', correlative: '1000-2026', store: 'متجر', consumer: 'أحمد', due: '2026-11-18', daysLeft: -3 };
        const zalgo = { id: 'zalgo-1', correlative: `Z${'\u0301\u0316\u0352'.repeat(20)}-1`, daysLeft: -1 };
        const structuredContent = {
          total: 0,
          atRisk: { unresolved: 2, unanswered: 2, overdue: 2, dueSoon: 0, answeredNotDelivered: 0, mostUrgent: [row, zalgo] },
        };
        await hostEvaluate(page, 'sendToolInput', FIRST_ARGUMENTS);
        await hostEvaluate(page, 'sendToolResult', { content: [{ type: 'text', text: 'rtl' }], structuredContent });
        await view.locator('#app[data-state="ready"]').waitFor({ state: 'attached' });
        const drawn = await frame.evaluate(() => {
          const button = document.querySelector('[data-series="urgent"] button[data-record-id="rtl-1"]')!;
          const direction = (element: Element | null) => element && `${getComputedStyle(element).direction} ${getComputedStyle(element).unicodeBidi}`;
          const due = [...button.querySelectorAll('*')].find((element) => element.textContent === 'due Nov 18') ?? null;
          const marks = [...document.querySelectorAll('[data-series="urgent"] .correlative')].map((element) => element.textContent!.match(/\p{M}+/gu) ?? []);
          return {
            correlative: direction(button.querySelector('.correlative')),
            due: direction(due),
            longestMarks: Math.max(...marks.flat().map((run) => run.length)),
          };
        });
        const [store, consumer, date] = await leftEdges(frame, '[data-series="urgent"] button[data-record-id="rtl-1"]', ['متجر', 'أحمد', 'Nov 18']);
        expect(store).toBeLessThan(consumer!);
        expect(consumer).toBeLessThan(date!);
        expect(drawn.correlative).toBe('ltr isolate');
        expect(drawn.due).toBe('ltr isolate');
        expect(drawn.longestMarks).toBe(3);

        // The record, with an event of a type it does not know and a note, both in Arabic: each stays
        // in its place after the time (unisolated, the note would be drawn before the event).
        const detail = { timeZone: 'America/Lima', id: 'rtl-1', correlative: '1000-2026', history: [['2026-11-18 10:05', 'حدث', '', '', '', 'ملاحظة']] };
        seen.substitute = (params) => (params.name === 'get_complaint' ? { content: [{ type: 'text', text: 'rtl' }], structuredContent: detail } : undefined);
        await view.locator('[data-series="urgent"] button[data-record-id="rtl-1"]').click();
        await view.locator('[data-detail][data-state="ready"]').waitFor({ state: 'attached' });
        const history = await frame.evaluate(() => {
          const heading = [...document.querySelectorAll('[data-detail] h3 *')].find((element) => element.textContent === '1000-2026') ?? null;
          return {
            heading: heading && `${getComputedStyle(heading).direction} ${getComputedStyle(heading).unicodeBidi}`,
          };
        });
        const [time, event, note] = await leftEdges(frame, '[data-detail] .history li', ['10:05', 'حدث', 'ملاحظة']);
        expect(time).toBeLessThan(event!);
        expect(event).toBeLessThan(note!);
        expect(history.heading).toBe('ltr isolate');
        await screenshot(page, 'overview-rtl-en.png');
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );

  it(
    'does not show the characters that hide or reorder text, as the server strips them (src/sanitize.ts)',
    async () => {
      const { context, page, seen, view, frame } = await openHost({ locale: 'en-US', theme: 'light' });
      try {
        await hostEvaluate(page, 'sendToolInput', FIRST_ARGUMENTS);
        await page.evaluate((json) => window.viewHost.sendToolResult(json), hostileResultJson());
        await view.locator('#app[data-state="ready"]').waitFor({ state: 'attached' });
        await screenshot(page, 'overview-hostile-en.png');
        // Each text that holds one, with the code points: a right-to-left override shows the
        // correlative R-1000-2026 as R-6202-0001, and "Tienda acitsoH" as "Tienda Hostica".
        const shown = await frame.evaluate(() => {
          const found: string[] = [];
          const walker = document.createTreeWalker(document.getElementById('app')!, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const characters = [...(node.textContent ?? '').matchAll(/[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu)];
            if (characters.length === 0) continue;
            const where = node.parentElement?.closest('[data-series]')?.getAttribute('data-series') ?? node.parentElement?.tagName;
            const codes = characters.map(([character]) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
            found.push(`${where}: ${JSON.stringify(node.textContent)} (${codes.join(' ')})`);
          }
          return found;
        });
        expect(shown, 'texts with invisible or reordering characters').toEqual([]);
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );
});

describe("the record's request and official response", () => {
  it(
    "shows what the consumer asked for and the organization's official response, quoted with its date, as the server masked them",
    async () => {
      // An answered record whose request and response hold the consumer's DNI and e-mail: read by a
      // server that masks personal data (COMPLAINTS_REDACT_PII), the view shows the masked text.
      const record = sandbox.dataset.records.find((candidate) => candidate.status === 'resolved' && candidate.detail.response.respondedAt !== null)!;
      const { claim, response, consumer } = record.detail;
      const dni = '45871236';
      claim.request = `Que me devuelvan el dinero. Mi DNI es ${dni}.`;
      response.officialResponse = `Estimado cliente: le devolvimos el importe. Le escribimos a ${consumer.email}.`;
      const masking = await connect({ COMPLAINTS_API_URL: sandbox.url, COMPLAINTS_API_KEY: DEMO_KEYS.full.key, COMPLAINTS_REDACT_PII: 'true' });
      let read: CallToolResult;
      try {
        read = (await masking.client.callTool({ name: 'get_complaint', arguments: { id: record.id } })) as CallToolResult;
      } finally {
        await masking.close();
      }
      const answer = read.structuredContent as DetailAnswer;
      expect(answer.claim?.request).toBeDefined();
      expect(answer.claim?.request).not.toContain(dni);
      expect(answer.response?.officialResponse).not.toContain(consumer.email!);
      for (const [locale, caption] of [
        ['en-US', /^The organization's official response · \w{3} \d{1,2} \d{2}:\d{2}$/],
        ['es-PE', /^Respuesta oficial de la organización · \d{1,2} \w{3,4}\.? \d{2}:\d{2}$/],
      ] as const) {
        const { context, page, seen, view } = await openView({ locale, theme: 'light' }, FIRST_ARGUMENTS, firstResult);
        try {
          seen.substitute = (params) => (params.name === 'get_complaint' ? read : undefined);
          await view.locator('[data-series="urgent"] button[data-record-id]').first().click();
          const detail = view.locator('[data-detail][data-state="ready"]');
          await detail.waitFor({ state: 'attached' });
          expect(await detail.locator('[data-request] p').textContent()).toBe(answer.claim!.request);
          expect(await detail.locator('[data-request] h4').textContent()).toBe(locale === 'en-US' ? 'What the consumer asks for' : 'Pedido del consumidor');
          expect(await detail.locator('[data-official-response] blockquote').textContent()).toBe(answer.response!.officialResponse);
          expect(await detail.locator('[data-official-response] figcaption').textContent()).toMatch(caption);
          expect(await detail.textContent()).not.toContain(dni);
          await screenshot(page, `overview-detail-response-${locale.slice(0, 2)}.png`);
          expectQuiet(seen);
        } finally {
          await context.close();
        }
      }
    },
    BACKSTOP,
  );

  it(
    'shows a hostile request and response as text: no markup run, nothing hidden or reordered; an unanswered record shows no response',
    async () => {
      const { context, page, seen, view, frame } = await openView({ locale: 'en-US', theme: 'light' }, FIRST_ARGUMENTS, firstResult);
      try {
        const request = '<img src=x onerror="document.title=\'pwned\'">Devolver \u202Eacitsoh\u202C el dinero';
        const official = '</blockquote><script>document.title="pwned"</script>\u200bListo';
        const hostile = {
          timeZone: 'America/Lima',
          correlative: '1000-2026',
          claim: { request },
          response: { officialResponse: official, respondedAt: 'yesterday<b>' },
        };
        seen.substitute = (params) =>
          params.name === 'get_complaint' ? { content: [{ type: 'text', text: 'hostile' }], structuredContent: hostile } : undefined;
        await view.locator('[data-series="urgent"] button[data-record-id]').first().click();
        const detail = view.locator('[data-detail][data-state="ready"]');
        await detail.waitFor({ state: 'attached' });
        expect(await detail.locator('[data-request] p').textContent()).toBe('<img src=x onerror="document.title=\'pwned\'">Devolver acitsoh el dinero');
        expect(await detail.locator('[data-official-response] blockquote').textContent()).toBe('</blockquote><script>document.title="pwned"</script>Listo');
        expect(await detail.locator('[data-official-response] figcaption').textContent()).toBe("The organization's official response · yesterday<b>");
        expect(await detail.locator('img, script, b').count()).toBe(0);
        expect(await frame.evaluate(() => document.title)).not.toBe('pwned');
        await screenshot(page, 'overview-detail-response-hostile-en.png');

        // A record with no official response: its request, and no response part at all.
        seen.substitute = (params) =>
          params.name === 'get_complaint'
            ? {
                content: [{ type: 'text', text: 'open' }],
                structuredContent: { timeZone: 'America/Lima', correlative: '1001-2026', claim: { request: 'Cambio del equipo' } },
              }
            : undefined;
        await view.locator('[data-series="urgent"] button[data-record-id]').nth(1).click();
        await view.locator('[data-detail][data-state="ready"] h3', { hasText: '1001-2026' }).waitFor({ state: 'attached' });
        expect(await view.locator('[data-detail] [data-request] p').textContent()).toBe('Cambio del equipo');
        expect(await view.locator('[data-detail] [data-official-response]').count()).toBe(0);
        expectQuiet(seen);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );
});

describe('the watchers', () => {
  it(
    'catch a request beyond the host page, a console error, a page error, a CSP violation and a stray message, from the host or the view',
    async () => {
      const { context, page, seen, frame } = await openView({ locale: 'en-US', theme: 'light' }, FIRST_ARGUMENTS, firstResult);
      try {
        expectQuiet(seen);
        await page.evaluate(() => console.error('deliberate, in the host'));
        await page.evaluate(() => fetch('/elsewhere').then((response) => response.text()));
        // frame.evaluate runs in the view whatever its CSP; what the script does there is held to it.
        await frame.evaluate((url) => fetch(url).catch(() => 'refused'), `${host.url}from-view`);
        await frame.evaluate(() => {
          setTimeout(() => {
            throw new Error('deliberate, in the view');
          });
          window.top!.postMessage('stray', '*');
        });
        await seen.watched.until(
          () =>
            seen.problems.some((problem) => problem.includes('deliberate, in the view')) && seen.violations.some((violation) => violation.startsWith('view: ')),
        );
        // A navigation is a request the view's CSP does not stop: it is seen, and as the view's.
        await frame.evaluate((url) => setTimeout(() => window.location.assign(url)), `${host.url}navigated-from-view`);
        await seen.watched.until(() => seen.requests.some((request) => request.startsWith('view ')));

        expect(() => expectQuiet(seen)).toThrow();
        expect(seen.requests).toContain(`host GET ${host.url}elsewhere`);
        expect(seen.requests).toContain(`view GET ${host.url}navigated-from-view`);
        expect(seen.requests.filter((request) => request.includes('from-view') && !request.includes('navigated'))).toEqual([]);
        expect(seen.problems).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^console error: deliberate, in the host/),
            expect.stringMatching(/^page error: deliberate, in the view/),
            expect.stringMatching(/^console error: .*Content Security Policy/),
          ]),
        );
        expect(seen.violations).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^view: connect-src ${host.url}from-view`))]));
        expect(await page.evaluate(() => window.viewHost.strayMessages)).toEqual(['stray']);
      } finally {
        await context.close();
      }
    },
    BACKSTOP,
  );
});
