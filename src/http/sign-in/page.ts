// The sign-in page of `serve --http`'s OAuth authorization endpoint: where a member pastes their
// personal API key once, so that a custom connector (claude.ai, ChatGPT...) may act for them. Pure:
// it turns what the provider knows into HTML and the headers that page needs, and does no I/O.
// The key itself never reaches this module: a form that comes back with a problem has an empty field.
import { createHash } from 'node:crypto';
import { safeCutIndex, stripUnsafe } from '../../sanitize.js';
import { type Language, textsIn } from '../../texts.js';
import type { DocumentFailureCause } from './client-metadata.js';
import { ERROR_PAGE_TEXT, PAGE_TEXT } from './page-text.js';
import { HIDDEN_URL, shownUrl } from './shown-url.js';

export type PageLanguage = Language;

/** The language ranges of Accept-Language (RFC 4647), or the wildcard; anything else is junk and is skipped. */
const LANGUAGE_RANGE = /^(?:[a-z]{1,8}(?:-[a-z0-9]{1,8})*|\*)$/;
/** RFC 9110's qvalue, read case-insensitively; a weight outside it makes the whole entry junk. */
const WEIGHT = /^q=(?:0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$/;
/** Far above any real range ("zh-hant-tw"), so that a long junk entry is dropped before a pattern reads it. */
const MAX_RANGE_LENGTH = 64;

/** How much the browser wants a language: acceptable (q > 0, earlier wins a tie), not named, or refused with q=0. */
interface Preference {
  q: number;
  at: number;
}
const NOT_NAMED: Preference = { q: -1, at: Number.POSITIVE_INFINITY };
const REFUSED: Preference = { q: -2, at: Number.POSITIVE_INFINITY };

/**
 * From an Accept-Language header (RFC 9110: q-values, wildcards, region tags like es-PE, case-insensitive, junk ignored): 'es' or 'en', whichever the browser prefers more; 'es' when neither is named (the members are in Peru). Must not throw or be slow on a 100 KB header.
 *
 * A language the browser refuses (q=0, or a wildcard at q=0) ranks below one it does not name: a
 * browser that says "es;q=0" gets English. On equal weights the range listed first wins, since
 * browsers list in order of preference; a full tie (as with "*" alone) is Spanish.
 */
export function pageLanguage(acceptLanguage: string | undefined): PageLanguage {
  if (typeof acceptLanguage !== 'string') return 'es';
  const named: Partial<Record<PageLanguage | '*', Preference>> = {};
  let position = 0;
  // One pass of split and short patterns: linear in the header, whatever it holds.
  for (const entry of acceptLanguage.split(',')) {
    const [rawRange = '', ...parameters] = entry.split(';');
    const range = rawRange.trim().toLowerCase();
    if (range.length > MAX_RANGE_LENGTH || !LANGUAGE_RANGE.test(range)) continue;
    let q = 1;
    let junk = false;
    for (const rawParameter of parameters) {
      const parameter = rawParameter.trim().toLowerCase();
      if (!parameter.startsWith('q=')) continue; // no other parameter is defined; it changes nothing
      if (parameter.length > 7 || !WEIGHT.test(parameter)) junk = true;
      else q = Number(parameter.slice(2));
    }
    if (junk) continue;
    const primary = range.split('-', 1)[0] as string;
    if (primary !== 'es' && primary !== 'en' && primary !== '*') continue;
    position++;
    const seen = named[primary];
    // Several ranges of one language (es-PE, es): the most wanted counts.
    if (seen === undefined || q > seen.q) named[primary] = { q, at: position };
  }
  const wildcard = named['*'];
  const preference = (language: PageLanguage): Preference => {
    const found = named[language] ?? wildcard;
    if (found === undefined) return NOT_NAMED;
    return found.q > 0 ? found : REFUSED;
  };
  const es = preference('es');
  const en = preference('en');
  return en.q > es.q || (en.q === es.q && en.at < es.at) ? 'en' : 'es';
}

/** Where a redirect URI leads: a web site, an app listening on this machine's loopback, or an app opened by its own scheme ("vscode:"). */
export type RedirectKind = 'site' | 'local' | 'app';

export type SignInProblem = 'key_shape' | 'key_quoted' | 'key_refused' | 'key_forbidden' | 'service_unreachable' | 'form_expired' | 'too_many_keys';

export interface SignInPageInput {
  language: PageLanguage;
  /**
   * Who asks: the name the client gives itself, in its registration or its metadata document. No one
   * vouches for it, whichever way it came (a document on claude.ai can say "ChatGPT"): the page always
   * quotes it as the client's own claim. Untrusted: may be absent, long, hold HTML, quotation marks,
   * invisible or bidi characters, or words that imitate the page's own.
   */
  clientName: string | undefined;
  /** Where the member will be sent back: the redirect URI's host (or scheme for custom schemes like vscode:) — trusted to be a parsed URL part, still escape it */
  redirectTo: string;
  /** What `redirectTo` names: a site's host, this machine's loopback address (a desktop app or a CLI), or an app's scheme. */
  redirectKind: RedirectKind;
  /** The host of a URL client_id (CIMD), e.g. "claude.ai", when the client is identified by its URL: the host its document was read from. Undefined for registered clients */
  clientIdHost: string | undefined;
  /** The host of the complaints service the key is checked with (the API's URL), e.g. "api.example.pe"; a setting, still escape it. Undefined: not named. */
  serviceHost?: string;
  /** Hidden fields to echo back (OAuth params + csrf), names and values untrusted: escape everything */
  hiddenFields: ReadonlyArray<readonly [string, string]>;
  /** The form's action path, e.g. "/authorize" */
  action: string;
  problem?: SignInProblem;
}

export interface RenderedPage {
  html: string;
  /** The Content-Security-Policy header value for this page */
  contentSecurityPolicy: string;
}

/** The headers the page carries besides its Content-Security-Policy: no framing (clickjacking of the key field), no referrer, no sniffing, no cache of a page that echoes OAuth parameters. */
export const SIGN_IN_PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Type': 'text/html; charset=utf-8',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
});

/** Where the name the client gives itself is cut: enough to recognise it, not enough to write a message in it. */
const MAX_NAME_LENGTH = 80;
/**
 * The marks a name could hold to close the page's quotation of it early and go on in the page's voice:
 * every opening and closing quotation mark (Pi, Pf), the low and corner ones, and the signs, brackets
 * and primes that look like « » or “ ” (≫, 》, 〉, ❞, ″, ＂...).
 */
const QUOTATION_MARKS = /["\p{Pi}\p{Pf}„‚「」『』〝〞〟＂″‶ˮ❝❞❮❯≪≫《》〈〉⟨⟩⟪⟫]/gu;
/** A host name is at most 253 characters; a custom scheme is far shorter. */
const MAX_PLACE_LENGTH = 253;

// The page's only style. The CSP allows it by hash, not with 'unsafe-inline', so that an injected
// <style> (were escaping ever to fail) would not apply; it must hold no "<" and stay byte-identical.
const STYLE = [
  ':root{color-scheme:light dark;--bg:#fff;--fg:#1a1a1a;--muted:#4a4a4a;--accent:#0b57d0;--on-accent:#fff;--bad:#b3261e;--bad-bg:#fdecea;--line:#767676}',
  '@media (prefers-color-scheme:dark){:root{--bg:#121212;--fg:#ececec;--muted:#c4c4c4;--accent:#8ab4f8;--on-accent:#0b1a33;--bad:#ffb4ab;--bad-bg:#3b1411;--line:#9a9a9a}}',
  '*{box-sizing:border-box}',
  'body{margin:0;background:var(--bg);color:var(--fg);font:1.0625rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  'main{max-width:34rem;margin:0 auto;padding:1.5rem 1rem 2rem}',
  'h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}',
  'b,code{overflow-wrap:anywhere}',
  'code{font-family:ui-monospace,Menlo,Consolas,monospace}',
  '.muted{color:var(--muted)}',
  'label{display:block;font-weight:600;margin-top:1.5rem}',
  '#hint{margin:.25rem 0}',
  'input{display:block;width:100%;padding:.75rem;font:inherit;color:inherit;background:var(--bg);border:2px solid var(--line);border-radius:.375rem}',
  'input[aria-invalid=true]{border:3px solid var(--bad)}',
  'input[aria-invalid=true]:focus-visible{outline-color:var(--bad)}',
  'button{margin-top:1rem;width:100%;padding:.75rem;font:inherit;font-weight:600;color:var(--on-accent);background:var(--accent);border:0;border-radius:.375rem;cursor:pointer}',
  ':focus-visible{outline:3px solid var(--accent);outline-offset:2px}',
  '.problem{border-left:4px solid var(--bad);background:var(--bad-bg);padding:.75rem 1rem;margin:1rem 0 0}',
].join('');
const STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`;

/**
 * A CSP source the form may be sent to, or redirected to after: a scheme ("vscode:") or a scheme and
 * host ("https://claude.ai"). No space, ";" or "," (which would start another source or directive),
 * no quote (a keyword such as 'unsafe-inline') and no "*" (a wildcard host would allow every site).
 */
const FORM_ACTION_SOURCE = /^[a-z][a-z0-9+.-]*:(?:\/\/[^\s;,'"*]+)?$/i;

/** The one HTML escape of the page, for text and attribute values alike. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A value shown to the member, cleaned of what would hide or reorder text, on one line, cut to `max`; undefined when nothing visible is left. */
function shown(text: string | undefined, max: number): string | undefined {
  if (text === undefined) return undefined;
  // The cut comes before the cleaning's regular expressions see a long value, with margin for what they remove.
  let visible = stripUnsafe(text.slice(0, max * 8))
    .replace(/\s+/g, ' ')
    .trim();
  if (visible === '') return undefined;
  if (visible.length > max) visible = `${visible.slice(0, safeCutIndex(visible, max - 1)).trimEnd()}…`;
  return escapeHtml(visible);
}

/** The Content-Security-Policy of the page: nothing but its style, its form (none: no form at all), and no framing. */
function contentSecurityPolicy(formActionSources: string[] | 'none'): string {
  const formAction =
    formActionSources === 'none'
      ? "form-action 'none'"
      : ["form-action 'self'", ...new Set(formActionSources.filter((source) => FORM_ACTION_SOURCE.test(source)))].join(' ');
  return ["default-src 'none'", `style-src ${STYLE_SOURCE}`, formAction, "frame-ancestors 'none'", "base-uri 'none'"].join('; ');
}

/**
 * The sign-in page and its CSP. `formActionSources` are the origins the browser may be redirected to
 * after the POST (Chrome holds redirects after a form submission to form-action too), e.g.
 * "https://claude.ai" or "vscode:"; a value that is not a plain source is dropped.
 */
/** The lines every page of the sign-in opens with, up to its heading: one look, one style (its hash is in the CSP). */
function pageTop(language: PageLanguage, title: string, heading: string): string[] {
  return [
    '<!doctype html>',
    `<html lang="${language}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${title}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${heading}</h1>`,
  ];
}

export function signInPage(input: SignInPageInput, formActionSources: string[]): RenderedPage {
  const text = textsIn(PAGE_TEXT, input.language);
  const name = shown(input.clientName?.replace(QUOTATION_MARKS, "'"), MAX_NAME_LENGTH);
  const site = shown(input.clientIdHost, MAX_PLACE_LENGTH);
  const place = shown(input.redirectTo, MAX_PLACE_LENGTH) ?? '?';
  const problem = input.problem === undefined ? undefined : text.problems[input.problem];
  // Hidden values are escaped but not cleaned: they are not shown, and `state` must come back to
  // the client exactly as it sent it.
  const hidden = input.hiddenFields.map(([field, value]) => `<input type="hidden" name="${escapeHtml(field)}" value="${escapeHtml(value)}">`);
  const html = [
    ...pageTop(input.language, `${problem === undefined ? '' : text.errorTitle}${text.title}`, text.title),
    `<p>${text.asks(name, site)}</p>`,
    `<p>${text.sentBackTo(place, input.redirectKind)}</p>`,
    `<p>${text.keyHandling(shown(input.serviceHost, MAX_PLACE_LENGTH))}</p>`,
    `<form method="post" action="${escapeHtml(input.action)}">`,
    ...hidden,
    problem === undefined ? '' : `<p id="problem" class="problem" role="alert">${problem}</p>`,
    `<label for="api-key">${text.label}</label>`,
    `<p id="hint" class="muted">${text.hint}</p>`,
    `<input type="password" name="api_key" id="api-key" autocomplete="off" required autofocus spellcheck="false" autocapitalize="off" ${
      problem === undefined ? 'aria-describedby="hint"' : 'aria-invalid="true" aria-describedby="problem hint"'
    }>`,
    `<button type="submit">${text.button}</button>`,
    '</form>',
    `<p class="muted">${text.notYou}</p>`,
    '</main>',
    '</body>',
    '</html>',
  ]
    .filter((line) => line !== '')
    .join('\n');
  return { html, contentSecurityPolicy: contentSecurityPolicy(formActionSources) };
}

/**
 * What a browser can meet at /authorize before the sign-in page: the client's metadata document
 * could not be used, the client is not known, the redirect URI is missing or not registered, the
 * request does not say which client asks, or the shared state does not answer (unavailable).
 */
export type SignInErrorKind = 'client_document' | 'unknown_client' | 'redirect_uri' | 'incomplete_request' | 'unavailable';

export type SignInError =
  | {
      kind: 'client_document';
      cause: DocumentFailureCause;
      /** The client_id: a URL the client chose (untrusted: may be long, hold HTML, quotes, invisible or bidi characters, or a key). */
      documentUrl: string;
      /** The status the document's server answered, for cause 'status'. */
      status?: number;
    }
  | { kind: Exclude<SignInErrorKind, 'client_document'> };

export interface SignInErrorPageInput {
  language: PageLanguage;
  error: SignInError;
}

/**
 * The page a browser gets instead of an OAuth error in JSON: what failed, why and what to do, in the
 * member's language. The sign-in page's style, escaping and headers (SIGN_IN_PAGE_HEADERS); its CSP
 * allows no form at all. Pure, as signInPage is.
 */
export function signInErrorPage(input: SignInErrorPageInput): RenderedPage {
  const text = textsIn(ERROR_PAGE_TEXT, input.language);
  const { error } = input;
  const why = (words: string) => `<p class="problem"><b>${text.whyLabel}</b> ${words}</p>`;
  const todo = (words: string) => `<p><b>${text.todoLabel}</b> ${words}</p>`;
  const paragraphs: string[] = [];
  if (error.kind === 'client_document') {
    const url = shownUrl(error.documentUrl);
    // The host as the URL shown has it: a key-shaped part is not in it.
    const host = url === HIDDEN_URL || !URL.canParse(url) ? undefined : shown(new URL(url).host, MAX_PLACE_LENGTH);
    const status = typeof error.status === 'number' && Number.isInteger(error.status) && error.status >= 100 && error.status <= 599 ? error.status : undefined;
    // The site answered, or nothing was asked of it: its network is not the problem.
    const answered = error.cause === 'status' || error.cause === 'document';
    paragraphs.push(`<p>${text.documentIntro(escapeHtml(url))}</p>`, why(text.causes[error.cause](status)));
    if (error.cause === 'busy') paragraphs.push(todo(text.tryAgain));
    else if (answered) paragraphs.push(todo(text.badAnswer));
    else paragraphs.push(todo(text.reachSite(host)), `<p>${text.notAffected}</p>`);
    paragraphs.push(`<p class="muted">${text.logNote}</p>`);
  } else {
    const request = text.requests[error.kind];
    paragraphs.push(`<p>${request.intro ?? text.requestIntro}</p>`, why(request.why), todo(request.todo));
  }
  paragraphs.push(`<p class="muted">${text.close}</p>`);
  const html = [
    ...pageTop(input.language, `${textsIn(PAGE_TEXT, input.language).errorTitle}${text.title}`, text.title),
    ...paragraphs,
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
  return { html, contentSecurityPolicy: contentSecurityPolicy('none') };
}
