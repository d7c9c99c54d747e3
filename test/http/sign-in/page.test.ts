// The sign-in page of the OAuth authorization endpoint: the language read from Accept-Language, the
// texts of both languages, the escaping of everything the client or the request chose, and the CSP
// that lets through the page's one style and its one form, and nothing else.
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { DocumentFailureCause } from '../../../src/http/sign-in/client-metadata.js';
import {
  type PageLanguage,
  pageLanguage,
  SIGN_IN_PAGE_HEADERS,
  type SignInError,
  type SignInPageInput,
  type SignInProblem,
  signInErrorPage,
  signInPage,
} from '../../../src/http/sign-in/page.js';

const PROBLEMS: SignInProblem[] = ['key_shape', 'key_quoted', 'key_refused', 'key_forbidden', 'service_unreachable', 'form_expired'];
const LANGUAGES: PageLanguage[] = ['es', 'en'];

/** Hidden fields as the provider echoes them: the OAuth parameters and the CSRF token. */
const FIELDS: Array<[string, string]> = [
  ['client_id', 'https://claude.ai/oauth/mcp-oauth-client-metadata'],
  ['redirect_uri', 'https://claude.ai/api/mcp/auth_callback'],
  ['response_type', 'code'],
  ['code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'],
  ['code_challenge_method', 'S256'],
  ['state', 'af0ifjsldkj-3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c'],
  ['scope', 'complaints.view'],
  ['resource', 'https://complaints.example.pe/mcp'],
  ['csrf', 'k3Jq9vXwP1sR7tYbN2mL5cH8dF4gA6zE0uI-oWqTeRy'],
];

function input(overrides: Partial<SignInPageInput> = {}): SignInPageInput {
  return {
    language: 'es',
    clientName: 'Claude',
    redirectTo: 'claude.ai',
    redirectKind: 'site',
    clientIdHost: 'claude.ai',
    serviceHost: 'api.reclamos.example.pe',
    hiddenFields: FIELDS,
    action: '/authorize',
    ...overrides,
  };
}

function render(overrides: Partial<SignInPageInput> = {}, sources = ['https://claude.ai']) {
  return signInPage(input(overrides), sources);
}

/** The text a reader sees: tags dropped, the page's character references read back. */
function visibleText(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ');
}

/** Every tag of the page, as written. */
const tags = (html: string, name: string) => html.match(new RegExp(`<${name}\\b[^>]*>`, 'g')) ?? [];

/** The value of an attribute in one tag, undefined when absent. */
function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}(?:="([^"]*)")?(?=[\\s>])`).exec(tag);
  return match === null ? undefined : (match[1] ?? '');
}

describe('pageLanguage', () => {
  it.each<[string | undefined, PageLanguage]>([
    ['es-PE,es;q=0.9,en;q=0.8', 'es'],
    ['en-US,en;q=0.9', 'en'],
    ['en;q=0.5, es;q=0.6', 'es'],
    ['fr-FR, en;q=0.3', 'en'],
    ['*', 'es'],
    ['en, *;q=0.1', 'en'],
    ['es, *;q=0.1', 'es'],
    ['fr, *;q=0.5', 'es'],
    ['EN-gb', 'en'],
    ['ES-pe, EN;Q=0.9', 'es'],
    ['en-US,en;q=0.9,es-PE;q=0.8,es;q=0.7', 'en'],
    ['es-419;q=0.9, en;q=0.8', 'es'],
    ['en , es', 'en'], // equal weights: the one listed first
    ['es , en', 'es'],
    ['en;q=1.000, es;q=0.999', 'en'],
    // q=0 refuses a language: below one the browser does not name, and never above an acceptable one.
    ['en;q=0, es;q=0.1', 'es'],
    ['es;q=0, en;q=0.1', 'en'],
    ['en;q=0', 'es'],
    ['es;q=0', 'en'],
    ['es;q=0, fr', 'en'],
    ['en;q=0, *', 'es'],
    ['es;q=0, *', 'en'],
    ['*;q=0', 'es'],
    ['en-US;q=0, en;q=0.8, es;q=0.5', 'en'],
    // Junk is skipped, entry by entry.
    ['en;q=2, es;q=0.1', 'es'],
    ['en;q=abc, es;q=0.1', 'es'],
    ['en;q=0.1234, es;q=0.1', 'es'],
    ['en;q=-1, es;q=0.1', 'es'],
    ['e n, en;q=0.2', 'en'],
    ['en_US', 'es'],
    ['<script>, en;q=0.3', 'en'],
    ['en;level=1;q=0.4, es;q=0.3', 'en'],
    [';;;,,,', 'es'],
    ['', 'es'],
    ['   ', 'es'],
    [undefined, 'es'],
    ['fr-FR,fr;q=0.9,de;q=0.8', 'es'],
    ['qwertyuiop', 'es'],
    ['\u0000\u202e en', 'es'],
  ])('%j → %s', (header, expected) => {
    expect(pageLanguage(header)).toBe(expected);
  });

  it('does not throw on a value that is not a string', () => {
    expect(pageLanguage(['en'] as unknown as string)).toBe('es');
    expect(pageLanguage(null as unknown as string)).toBe('es');
  });

  it.each<[string, string, PageLanguage]>([
    ['many low entries, then Spanish', `${'en;q=0.1,'.repeat(12_000)}es`, 'es'],
    ['one long junk range', `${'a'.repeat(100_000)}, en`, 'en'],
    ['a long junk weight', `en;q=0.${'1'.repeat(100_000)}, es;q=0.2`, 'es'],
    ['commas only', ','.repeat(100_000), 'es'],
    ['semicolons only', `en${';'.repeat(100_000)}`, 'en'],
    ['hyphens', `es${'-a'.repeat(50_000)}`, 'es'],
    ['near-ranges', `${'x-'.repeat(50_000)}, en`, 'en'],
  ])('reads a 100 KB header in one pass, no pattern ever given more than one short entry: %s', (_, header, expected) => {
    expect(header.length).toBeGreaterThanOrEqual(100_000);
    // Not a time bound (a busy machine breaks those): what makes it fast, that every pattern reads at
    // most one range of 64 characters, so nothing can backtrack over the header.
    const read: number[] = [];
    const test = RegExp.prototype.test;
    const spy = vi.spyOn(RegExp.prototype, 'test').mockImplementation(function (this: RegExp, input: string) {
      read.push(String(input).length);
      return test.call(this, input);
    });
    try {
      expect(pageLanguage(header)).toBe(expected);
    } finally {
      spy.mockRestore();
    }
    expect(Math.max(0, ...read)).toBeLessThanOrEqual(64);
  });
});

describe('signInPage texts', () => {
  it('Spanish page: lang="es", Spanish texts, the client and where the member goes back', () => {
    const { html } = render({ language: 'es' });
    const text = visibleText(html);
    expect(html).toContain('<html lang="es">');
    expect(html).toMatch(/<title>Conectar con el Libro de Reclamaciones<\/title>/);
    expect(text).toContain(
      'Una aplicación del sitio claude.ai que se presenta como «Claude» quiere leer el Libro de Reclamaciones de su organización con su clave personal. Ese nombre lo da la propia aplicación: este servidor no lo ha verificado.',
    );
    expect(text).toContain('volverá a claude.ai');
    expect(text).toContain('La aplicación no puede ver su clave.');
    expect(text).toContain('Empieza con or_');
    expect(text).toContain('Si usted no inició esta conexión, cierre esta página.');
    expect(html).toContain('<button type="submit">Conectar</button>');
  });

  it('English page: lang="en", English texts', () => {
    const { html } = render({ language: 'en' });
    const text = visibleText(html);
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<title>Connect to the complaints book<\/title>/);
    expect(text).toContain(
      "An application from the site claude.ai that calls itself “Claude” wants to read your organization's complaints book (Libro de Reclamaciones) with your personal key. That name is the application's own: this server has not verified it.",
    );
    expect(text).toContain('sent back to claude.ai');
    expect(text).toContain('The application cannot see your key.');
    expect(text).toContain('starts with or_');
    expect(text).toContain('If you did not start this, close this page.');
    expect(html).toContain('<button type="submit">Connect</button>');
  });

  it.each<[PageLanguage, string, string]>([
    ['es', 'Una aplicación del sitio claude.ai quiere leer', 'Una aplicación quiere leer'],
    ['en', 'An application from the site claude.ai wants to read', 'An application wants to read'],
  ])('%s: an absent name is "an application", with or without a site, and nothing is said of a name', (language, withSite, withoutSite) => {
    expect(visibleText(render({ language, clientName: undefined }).html)).toContain(withSite);
    expect(visibleText(render({ language, clientName: undefined, clientIdHost: undefined }).html)).toContain(withoutSite);
    expect(visibleText(render({ language, clientName: undefined }).html)).not.toMatch(/verific|verified/);
  });

  it('a registered client is named without a site, and its scheme is an app, not a site', () => {
    const text = visibleText(render({ language: 'en', clientIdHost: undefined, clientName: 'Some IDE', redirectTo: 'vscode:', redirectKind: 'app' }).html);
    expect(text).toContain('An application that calls itself “Some IDE” wants to read');
    expect(text).not.toContain('from the site');
    expect(text).toContain('sent back to the application on this computer that opens vscode: links (not a website).');
  });

  it.each<[PageLanguage, string, string]>([
    [
      'es',
      'Su clave se comprueba con api.reclamos.example.pe y necesita permiso para ver el Libro de Reclamaciones.',
      'Su clave se comprueba con el servicio del libro y necesita permiso',
    ],
    [
      'en',
      'Your key is checked with api.reclamos.example.pe and needs permission to view the complaints book.',
      "Your key is checked with the book's service and needs",
    ],
  ])('%s: names the service the key is checked with, and the permission in words', (language, named, unnamed) => {
    const { html } = render({ language });
    expect(visibleText(html)).toContain(named);
    expect(html).toContain('<b>api.reclamos.example.pe</b>');
    // The service's code for the permission is for the page that says a key lacks it, after the words.
    expect(visibleText(html.replace(/<input type="hidden"[^>]*>/g, ''))).not.toContain('complaints.view');
    expect(visibleText(render({ language, serviceHost: undefined }).html)).toContain(unnamed);
  });

  it.each(LANGUAGES)('%s: a key without the permission: the words first, the code after them', (language) => {
    const alert = /role="alert">([^\n]*)<\/p>/.exec(render({ language, problem: 'key_forbidden' }).html)![1]!;
    const words = language === 'es' ? 'permiso para ver el Libro de Reclamaciones' : 'permission to view the complaints book';
    expect(alert.indexOf(words)).toBeGreaterThan(-1);
    expect(alert.indexOf('<code>complaints.view</code>')).toBeGreaterThan(alert.indexOf(words));
  });

  const SPANISH_ONLY = ['Conectar', 'clave', 'organización', 'Una aplicación', 'usted', 'volverá', 'servicio'];
  const ENGLISH_ONLY = ['Connect', 'key', 'organization', 'application', 'you', 'sent back', 'service'];
  it.each([undefined, ...PROBLEMS])('no text of one language in the other (problem %s)', (problem) => {
    const spanish = visibleText(render({ language: 'es', clientName: undefined, problem }).html);
    const english = visibleText(render({ language: 'en', clientName: undefined, problem }).html);
    for (const phrase of ENGLISH_ONLY) expect(spanish).not.toMatch(new RegExp(`\\b${phrase}\\b`, 'i'));
    for (const phrase of SPANISH_ONLY) expect(english).not.toMatch(new RegExp(`\\b${phrase}\\b`, 'i'));
  });
});

describe('signInPage: where the member is sent back', () => {
  it('says "this computer" for a loopback redirect, in both languages', () => {
    expect(visibleText(render({ language: 'es', redirectTo: '127.0.0.1:33418', redirectKind: 'local' }).html)).toContain(
      'volverá a la aplicación en este equipo ( 127.0.0.1:33418 )',
    );
    expect(visibleText(render({ language: 'en', redirectTo: '127.0.0.1:33418', redirectKind: 'local' }).html)).toContain(
      'the application on this computer ( 127.0.0.1:33418 )',
    );
    expect(visibleText(render({ language: 'en', redirectTo: 'claude.ai' }).html)).toContain('sent back to claude.ai .');
  });

  it.each<[PageLanguage, string]>([
    ['es', 'volverá a la aplicación de este equipo que abre los enlaces claude.ai: (no es un sitio web).'],
    ['en', 'sent back to the application on this computer that opens claude.ai: links (not a website).'],
  ])('%s: a custom scheme named like a site is an app on this computer, never a place to go back to', (language, said) => {
    const { html } = render({ language, redirectTo: 'claude.ai:', redirectKind: 'app' });
    expect(visibleText(html)).toContain(said);
    expect(visibleText(html)).not.toMatch(/volverá a claude\.ai|sent back to claude\.ai/);
    expect(html).toContain('<code>claude.ai:</code>');
  });
});

describe('signInPage problems', () => {
  const MESSAGES: Record<SignInProblem, Record<PageLanguage, RegExp>> = {
    key_shape: { es: /empieza con or_/, en: /starts with or_/ },
    key_quoted: { es: /entre comillas: quítelas/, en: /with quotes around it: remove them/ },
    key_refused: { es: /no aceptó esta clave.*completa.*revocada/, en: /did not accept this key.*complete.*revoked/ },
    key_forbidden: {
      es: /no tiene permiso para ver el Libro de Reclamaciones \( complaints\.view \)\. .*administrador/,
      en: /lacks permission to view the complaints book \( complaints\.view \)\. .*administrator/,
    },
    service_unreachable: { es: /No se pudo contactar con el servicio.*en un momento/, en: /could not be reached.*in a moment/ },
    form_expired: { es: /venció o se abrió en otra pestaña.*desde la aplicación/, en: /expired or was opened in another tab.*from the application/ },
    too_many_keys: {
      es: /demasiadas claves que el servicio no ha aceptado.*Espere un minuto/,
      en: /Too many keys the service has not accepted.*Wait a minute/,
    },
  };

  for (const problem of PROBLEMS) {
    it.each(LANGUAGES)(`${problem} (%s): a message in role=alert, the field aria-invalid and described by it`, (language) => {
      const { html } = render({ language, problem });
      const alerts = tags(html, 'p').filter((tag) => attribute(tag, 'role') === 'alert');
      expect(alerts).toHaveLength(1);
      const alertId = attribute(alerts[0]!, 'id')!;
      expect(alertId).toBeTruthy();
      const message = /<p[^>]*role="alert"[^>]*>([^\n]*)<\/p>/.exec(html)![1]!;
      expect(visibleText(message)).toMatch(MESSAGES[problem][language]);
      const field = tags(html, 'input').find((tag) => attribute(tag, 'type') === 'password')!;
      expect(attribute(field, 'aria-invalid')).toBe('true');
      expect(attribute(field, 'aria-describedby')!.split(' ')).toContain(alertId);
      expect(html).toMatch(/<title>Error: /);
    });
  }

  it('without a problem: no alert, the field not invalid, the title as usual', () => {
    const { html } = render();
    expect(html).not.toContain('role="alert"');
    expect(tags(html, 'input').filter((tag) => attribute(tag, 'aria-invalid') !== undefined)).toEqual([]);
    expect(html).not.toContain('<title>Error');
  });

  it('the messages of the two languages differ for every problem', () => {
    for (const problem of PROBLEMS) {
      const message = (language: PageLanguage) => /role="alert">([^\n]*)<\/p>/.exec(render({ language, problem }).html)![1];
      expect(message('es')).not.toBe(message('en'));
    }
  });
});

describe('signInPage escaping', () => {
  it.each([
    ['<script>alert(1)</script>', '<script>alert(1)</script>'],
    ['"><img src=x onerror=alert(1)>', "'><img src=x onerror=alert(1)>"],
    ["Claude' onmouseover='x", "Claude' onmouseover='x"],
    ['Tom &amp; Jerry', 'Tom &amp; Jerry'],
  ])('the client name %j is shown as text', (name, shown) => {
    const { html } = render({ clientName: name });
    // Written as text: no tag, and no quote that could end an attribute.
    expect(html).not.toMatch(/<script|<img|onmouseover='/);
    expect(/«([^»]*)»/.exec(html)![1]).not.toMatch(/[<>"']/);
    expect(visibleText(html)).toContain(shown);
  });

  it.each<[PageLanguage, string]>([
    ['es', 'Una aplicación que se presenta como «Claude (del sitio claude.ai)» quiere leer'],
    ['en', 'An application that calls itself “Claude (from the site claude.ai)” wants to read'],
  ])("%s: a name that imitates the page stays inside its quotation, said to be the client's own", (language, said) => {
    const imitation = language === 'es' ? 'Claude (del sitio claude.ai)' : 'Claude (from the site claude.ai)';
    const { html } = render({ language, clientName: imitation, clientIdHost: undefined, redirectTo: 'callback.example' });
    expect(visibleText(html)).toContain(said);
    expect(visibleText(html)).toMatch(/no lo ha verificado|has not verified it/);
    // The page's own words in bold name no site: the only "site" is inside the quotation.
    expect(html).not.toMatch(/<b>[^<]*claude\.ai[^<]*<\/b>/);
  });

  it.each(['Claude» del sitio claude.ai. Sitio verificado «x', 'Claude” from the site claude.ai. Verified “x', 'a"b„c‟d‹e›f「g」h『i』j«k'])(
    'quotation marks in the name (%j) cannot close the quotation early',
    (name) => {
      for (const language of LANGUAGES) {
        const { html } = render({ language, clientName: name });
        const [open, close] = language === 'es' ? ['«', '»'] : ['“', '”'];
        const text = visibleText(html);
        expect(text.split(open)).toHaveLength(2);
        expect(text.split(close)).toHaveLength(2);
        expect(text.slice(text.indexOf(open), text.indexOf(close))).toContain(name.slice(0, 6).replace(/["«»“”„‟‹›「」『』]/g, "'"));
      }
    },
  );

  // Marks that look like the page's closing « » or “ ”, though no list of quotation marks holds them.
  const LOOKALIKES = ['\u226b', '\u300b', '\u3009', '\u27eb', '\u275e', '\u301e', '\u2033', '\uff02', '\u2019', '\u00bb\u0338', '\u02ee'];
  it.each(LOOKALIKES)('a mark that looks like a closing quotation (%j) is not shown inside the quotation', (mark) => {
    for (const language of LANGUAGES) {
      const { html } = render({ language, clientName: `Claude${mark} del sitio claude.ai, verificado ${mark}x` });
      const [open, close] = language === 'es' ? ['«', '»'] : ['“', '”'];
      const text = visibleText(html);
      const quotation = text.slice(text.indexOf(open) + 1, text.indexOf(close));
      expect(quotation).toContain('Claude');
      expect(quotation, language).not.toContain(mark.slice(0, 1));
    }
  });

  it('bidi overrides, zero-width and control characters are taken out of the name', () => {
    const { html } = render({ clientName: 'Cla\u202eude\u200b\u2066 Desk\u0007top\u200d' });
    expect(html).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u0000-\u0008]/);
    expect(visibleText(html)).toContain('Claude Desktop');
  });

  it.each([['\u200b\u200d\u202e\u2066'], ['   '], ['\u0000\u001b[31m'], ['']])('a name of nothing visible (%j) is "an application"', (name) => {
    expect(visibleText(render({ clientName: name, language: 'en' }).html)).toContain('An application from the site claude.ai wants');
  });

  it('a 10 KB name is cut to 80 characters, marked as cut', () => {
    const { html } = render({ clientName: `Claude${'A'.repeat(10_000)}` });
    const shown = /«([^»]*)»/.exec(html)![1]!;
    expect(shown.length).toBeLessThanOrEqual(80);
    expect(shown).toMatch(/^ClaudeA+…$/);
    expect(html.length).toBeLessThan(6_000);
  });

  it('a long name of many lines becomes one line, cut without splitting an emoji', () => {
    const { html } = render({ clientName: `a\nb\r\nc\t${'😀'.repeat(100)}` });
    const shown = /«([^»]*)»/.exec(html)![1]!;
    expect(shown).toMatch(/^a b c (?:😀)+…$/u);
    expect(shown.length).toBeLessThanOrEqual(80);
  });

  it('the site, the place to go back and the service are escaped and cleaned too', () => {
    const { html } = render({ clientIdHost: 'evil<b>.example', redirectTo: '"x\u202e<i>', serviceHost: 'api<script>.example"\u2066' });
    expect(html).not.toContain('<b>.example');
    expect(html).not.toContain('<i>');
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/[\u202e\u2066]/);
    expect(visibleText(html)).toContain('evil<b>.example');
    expect(visibleText(html)).toContain('api<script>.example"');
  });

  it('hidden field names and values are escaped, and come back as they were', () => {
    const hostile: Array<[string, string]> = [
      ['state', `a"b'c<d>e&f`],
      ['x"><script>alert(1)</script>', `"><img src=x onerror=alert(1)>`],
      ['csrf', 'token'],
    ];
    const { html } = render({ hiddenFields: hostile });
    expect(html).not.toMatch(/<script|<img/);
    const hidden = tags(html, 'input').filter((tag) => attribute(tag, 'type') === 'hidden');
    const readBack = (value: string) => value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    expect(hidden.map((tag) => [readBack(attribute(tag, 'name')!), readBack(attribute(tag, 'value')!)])).toEqual(hostile);
  });

  it('the action is escaped', () => {
    const { html } = render({ action: '/authorize"><script>' });
    expect(html).toContain('action="/authorize&#34;&#62;&#60;script&#62;"');
  });
});

describe('signInPage structure', () => {
  it.each(LANGUAGES)('%s: one form, posted, with one password field named api_key, labelled', (language) => {
    for (const problem of [undefined, ...PROBLEMS]) {
      const { html } = render({ language, problem });
      expect(html.startsWith('<!doctype html>\n')).toBe(true);
      expect(tags(html, 'form')).toHaveLength(1);
      expect(attribute(tags(html, 'form')[0]!, 'method')).toBe('post');
      expect(attribute(tags(html, 'form')[0]!, 'action')).toBe('/authorize');
      expect(html.match(/<\/form>/g)).toHaveLength(1);
      const inputs = tags(html, 'input');
      expect(inputs.filter((tag) => attribute(tag, 'type') === 'hidden')).toHaveLength(FIELDS.length);
      const passwords = inputs.filter((tag) => attribute(tag, 'type') === 'password');
      expect(passwords).toHaveLength(1);
      expect(inputs).toHaveLength(FIELDS.length + 1);
      const field = passwords[0]!;
      expect(attribute(field, 'name')).toBe('api_key');
      expect(attribute(field, 'autocomplete')).toBe('off');
      expect(attribute(field, 'spellcheck')).toBe('false');
      expect(attribute(field, 'autocapitalize')).toBe('off');
      expect(attribute(field, 'required')).toBe('');
      expect(attribute(field, 'autofocus')).toBe('');
      expect(attribute(field, 'value')).toBeUndefined();
      const labels = tags(html, 'label');
      expect(labels).toHaveLength(1);
      expect(attribute(labels[0]!, 'for')).toBe(attribute(field, 'id'));
      // The hint is read with the field: it says how the key starts.
      const hintId = attribute(field, 'aria-describedby')!.split(' ').at(-1)!;
      expect(new RegExp(`<p id="${hintId}"[^>]*>[^\\n]*or_`).test(html)).toBe(true);
      expect(tags(html, 'button')).toHaveLength(1);
      expect(attribute(tags(html, 'button')[0]!, 'type')).toBe('submit');
      expect(tags(html, 'main')).toHaveLength(1);
      expect(tags(html, 'h1')).toHaveLength(1);
      expect(html).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1">/);
      expect(html).toMatch(/<meta charset="utf-8">/);
      expect(html).toContain('prefers-color-scheme:dark');
    }
  });

  it('no JavaScript, no external asset, no style attribute', () => {
    for (const language of LANGUAGES) {
      const { html } = render({ language, problem: 'key_refused' });
      expect(html).not.toMatch(/<script|<link|<img|<iframe|<object|<embed|\bon[a-z]+=|javascript:|@import|url\(/i);
      expect(html).not.toMatch(/\ssrc=|\shref=|\sstyle=/i);
      // The only URLs are the hidden OAuth parameters the provider echoes.
      const withoutHidden = html.replace(/<input type="hidden"[^>]*>/g, '');
      expect(withoutHidden).not.toMatch(/https?:\/\//i);
      expect(tags(html, 'style')).toHaveLength(1);
    }
  });

  it('stays small: under 6 KB with a long name, the usual hidden fields and a problem', () => {
    for (const language of LANGUAGES) {
      const { html } = render({ language, clientName: 'N'.repeat(200), problem: 'form_expired' });
      expect(Buffer.byteLength(html)).toBeLessThan(6_000);
    }
  });

  it('never holds a key: the field has no value, and nothing shaped like one is written', () => {
    const { html } = render({ problem: 'key_refused' });
    expect(html).not.toMatch(/or_[A-Za-z0-9]{6,}/);
  });
});

describe('signInPage headers', () => {
  /** The directives of a CSP, by name. */
  function directives(policy: string): Map<string, string[]> {
    return new Map(
      policy.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
    );
  }

  it('the style hash matches the style element as written, and nothing else is allowed', () => {
    for (const language of LANGUAGES) {
      const { html, contentSecurityPolicy } = render({ language });
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
      const hash = `'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}'`;
      const csp = directives(contentSecurityPolicy);
      expect(csp.get('style-src')).toEqual([hash]);
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('form-action')).toEqual(["'self'", 'https://claude.ai']);
      expect([...csp.keys()].sort()).toEqual(['base-uri', 'default-src', 'form-action', 'frame-ancestors', 'style-src']);
      expect(contentSecurityPolicy).not.toMatch(/unsafe|script-src|\*/);
    }
  });

  it('form-action keeps plain sources and drops every other value', () => {
    const sources = [
      'https://claude.ai',
      'vscode:',
      'http://127.0.0.1:33418',
      'https://claude.ai',
      'https://x; script-src *',
      "'unsafe-inline'",
      'https://*',
      'https://a.example, https://b.example',
      'https://a.example https://b.example',
      '*',
      '',
      'no-scheme.example',
      '1http://x',
      "https://x'",
      'https://x\nscript-src *',
    ];
    const { contentSecurityPolicy } = signInPage(input(), sources);
    expect(directives(contentSecurityPolicy).get('form-action')).toEqual(["'self'", 'https://claude.ai', 'vscode:', 'http://127.0.0.1:33418']);
    expect(contentSecurityPolicy.split(';')).toHaveLength(5);
    expect(contentSecurityPolicy).not.toMatch(/script-src|unsafe|\*|\n/);
  });

  it('form-action is self alone when no source is given', () => {
    expect(signInPage(input(), []).contentSecurityPolicy).toContain("form-action 'self';");
  });

  it('the other headers', () => {
    expect(SIGN_IN_PAGE_HEADERS).toEqual({
      'Content-Type': 'text/html; charset=utf-8',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
    expect(Object.isFrozen(SIGN_IN_PAGE_HEADERS)).toBe(true);
  });
});

describe('signInErrorPage', () => {
  const DOCUMENT = 'https://cliente.example/oauth/client.json';
  const CAUSES: DocumentFailureCause[] = ['unresolved', 'timeout', 'refused', 'tls', 'network', 'status', 'document', 'busy'];
  /** Why, and what to do, as a reader sees them, per cause and language. */
  const EXPECTED: Record<DocumentFailureCause, Record<PageLanguage, [RegExp, RegExp]>> = {
    unresolved: {
      es: [
        /Motivo: este servidor no encuentra el nombre de ese sitio \(DNS\)\./,
        /Qué hacer: pida a quien administra este servidor .* https a cliente\.example : su salida a Internet, su DNS o su proxy\./,
      ],
      en: [
        /Why: this server cannot find that site's name \(DNS\)\./,
        /What to do: ask whoever runs this server to let it connect over https to cliente\.example : its outbound network, DNS or proxy\./,
      ],
    },
    timeout: {
      es: [/Motivo: ese sitio no respondió a tiempo\./, /https a cliente\.example /],
      en: [/Why: that site did not answer in time\./, /https to cliente\.example /],
    },
    refused: {
      es: [/Motivo: la conexión fue rechazada, o la dirección del sitio está en una red privada/, /https a cliente\.example /],
      en: [/Why: the connection was refused, or the site's address is on a private network/, /https to cliente\.example /],
    },
    tls: {
      es: [/Motivo: no se pudo establecer una conexión segura \(https\) con ese sitio, o su certificado no fue aceptado\./, /https a cliente\.example /],
      en: [/Why: a secure \(https\) connection to that site could not be made, or its certificate was not accepted\./, /https to cliente\.example /],
    },
    network: {
      es: [/Motivo: la conexión con ese sitio falló\./, /https a cliente\.example /],
      en: [/Why: the connection to that site failed\./, /https to cliente\.example /],
    },
    status: {
      es: [/Motivo: ese sitio respondió con un error \(HTTP 404\)\./, /Qué hacer: vuelva a intentarlo más tarde\. .*proxy/],
      en: [/Why: that site answered with an error \(HTTP 404\)\./, /What to do: try again later\. .*proxy/],
    },
    document: {
      es: [/Motivo: ese sitio respondió, pero no con un documento de identificación válido\./, /Qué hacer: vuelva a intentarlo más tarde\./],
      en: [/Why: that site answered, but not with a valid identification document\./, /What to do: try again later\./],
    },
    busy: {
      es: [/Motivo: este servidor está leyendo muchos documentos de ese tipo a la vez\./, /Qué hacer: vuelva a intentarlo en un momento desde la aplicación\./],
      en: [/Why: this server is reading many documents of that kind at once\./, /What to do: try again in a moment from the app\./],
    },
  };
  const NETWORK_CAUSES = new Set<DocumentFailureCause>(['unresolved', 'timeout', 'refused', 'tls', 'network']);

  function errorPage(language: PageLanguage, error: SignInError) {
    return signInErrorPage({ language, error });
  }
  const documentError = (cause: DocumentFailureCause, documentUrl = DOCUMENT): SignInError => ({
    kind: 'client_document',
    cause,
    documentUrl,
    ...(cause === 'status' ? { status: 404 } : {}),
  });

  for (const cause of CAUSES) {
    it.each(LANGUAGES)(`${cause} (%s): what failed, why and what to do, in the page's language`, (language) => {
      const { html } = errorPage(language, documentError(cause));
      const text = visibleText(html);
      expect(html).toContain(`<html lang="${language}">`);
      expect(html).toMatch(
        language === 'es' ? /<title>Error: No se pudo iniciar la conexión<\/title>/ : /<title>Error: The connection could not be started<\/title>/,
      );
      expect(html).toContain(`<code>${DOCUMENT}</code>`);
      const [why, todo] = EXPECTED[cause][language];
      expect(text).toMatch(why);
      expect(text).toMatch(todo);
      // Who is not affected is said where the server's network is the problem, and only there.
      const notAffected =
        language === 'es' ? /Esto solo afecta .*Claude Code y Codex.*ChatGPT o VS Code/ : /This only affects .*Claude Code and Codex.*ChatGPT and VS Code/;
      if (NETWORK_CAUSES.has(cause)) expect(text).toMatch(notAffected);
      else expect(text).not.toMatch(notAffected);
      expect(text).toContain(language === 'es' ? 'encontrará el detalle en su registro' : "will find the detail in the server's log");
    });
  }

  it.each<[SignInError['kind'], RegExp, RegExp]>([
    ['unknown_client', /no reconoce a la aplicación .* quite el conector/, /does not recognise the app .* remove the connector/],
    ['redirect_uri', /volver a una dirección que no registró/, /sent back to an address it did not register/],
    [
      'incomplete_request',
      /no dice qué aplicación pide conectarse.*no desde un enlace copiado/,
      /does not say which app asks to connect.*not from a copied or saved link/,
    ],
  ])('%s: says why and what to do, in both languages', (kind, spanish, english) => {
    const error = { kind } as SignInError;
    expect(visibleText(errorPage('es', error).html)).toMatch(spanish);
    expect(visibleText(errorPage('en', error).html)).toMatch(english);
    expect(visibleText(errorPage('es', error).html)).toContain('Este enlace de conexión no se puede usar.');
    expect(visibleText(errorPage('en', error).html)).toContain('This sign-in link cannot be used.');
  });

  it('an odd status is not shown', () => {
    for (const status of [99, 600, 404.5, Number.NaN]) {
      const text = visibleText(errorPage('en', { kind: 'client_document', cause: 'status', documentUrl: DOCUMENT, status }).html);
      expect(text).toContain('that site answered with an error.');
    }
  });

  const SPANISH_ONLY = ['conexión', 'servidor', 'sitio', 'aplicación', 'Qué hacer', 'Motivo', 'registro', 'Puede cerrar'];
  const ENGLISH_ONLY = ['connection', 'server', 'site', 'app', 'What to do', 'Why', 'log', 'You can close'];
  const ALL_ERRORS: SignInError[] = [
    ...CAUSES.map((cause) => documentError(cause)),
    { kind: 'unknown_client' },
    { kind: 'redirect_uri' },
    { kind: 'incomplete_request' },
  ];
  it.each(ALL_ERRORS)('no text of one language in the other (%j)', (error) => {
    const spanish = visibleText(errorPage('es', error).html).replace(DOCUMENT, '');
    const english = visibleText(errorPage('en', error).html).replace(DOCUMENT, '');
    for (const phrase of ENGLISH_ONLY) expect(spanish).not.toMatch(new RegExp(`\\b${phrase}\\b`, 'i'));
    for (const phrase of SPANISH_ONLY) expect(english).not.toMatch(new RegExp(`\\b${phrase}\\b`, 'i'));
  });

  describe('a hostile document URL', () => {
    it.each([
      ['HTML', 'https://evil.example/<script>alert(1)</script>', '<script>alert(1)</script>'],
      // Spaces are written %20: the URL stays one token, as in the log.
      ['an attribute break', 'https://evil.example/"><img src=x onerror=alert(1)>', '"><img%20src=x%20onerror=alert(1)>'],
      ['quotes', `https://evil.example/a'b"c`, `a'b"c`],
      ['an entity', 'https://evil.example/&amp;lt;', '&amp;lt;'],
    ])('with %s: shown as text', (_, url, shown) => {
      for (const language of LANGUAGES) {
        const { html } = errorPage(language, documentError('unresolved', url));
        expect(html).not.toMatch(/<script|<img|onerror=alert\(1\)>/);
        const code = /<code>([^<]*)<\/code>/.exec(html)![1]!;
        expect(code).not.toMatch(/[<>"']/);
        expect(visibleText(code)).toContain(shown);
        // The host in the advice is escaped as well.
        for (const bold of html.match(/<b>([^<]*)<\/b>/g) ?? []) expect(bold.slice(3, -4)).not.toMatch(/[<>"']/);
      }
    });

    it('bidi overrides, zero-width and control characters are taken out', () => {
      const { html } = errorPage('en', documentError('timeout', 'https://evil.example/\u202etxt.exe\u200b\u2066\u0007/doc'));
      expect(html).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u0000-\u0008]/);
      expect(html).toContain('<code>https://evil.example/txt.exe/doc</code>');
    });

    it('a 10 KB URL is cut to 200 characters, marked as cut, and the page stays small', () => {
      const { html } = errorPage('es', documentError('refused', `https://evil.example/${'a'.repeat(10_000)}`));
      const code = /<code>([^<]*)<\/code>/.exec(html)![1]!;
      expect(code.length).toBeLessThanOrEqual(200);
      expect(code).toMatch(/^https:\/\/evil\.example\/a+…$/);
      expect(Buffer.byteLength(html)).toBeLessThan(6_000);
    });

    it('a URL holding something shaped like a key: the key is not shown, anywhere', () => {
      for (const url of [
        'https://evil.example/or_live_4f9a8b7c6d5e4f3a2b1c/doc',
        'https://or_live_4f9a8b7c6d5e.example/doc',
        'https://evil.example/%6Fr_live_4f9a8b7c6d5e',
      ]) {
        const { html } = errorPage('en', documentError('unresolved', url));
        expect(html).not.toMatch(/or_live|%6Fr_/i);
        expect(html).toContain('not-shown:looks-like-an-API-key');
      }
    });
  });

  it('no script, no form, no asset, one style allowed by hash; a CSP that allows no form at all', () => {
    for (const error of ALL_ERRORS) {
      const { html, contentSecurityPolicy } = errorPage('es', error);
      expect(html.startsWith('<!doctype html>\n')).toBe(true);
      expect(html).not.toMatch(/<script|<link|<img|<iframe|<form|<input|\bon[a-z]+=|javascript:|url\(/i);
      expect(html).not.toMatch(/\ssrc=|\shref=|\sstyle=/i);
      expect(tags(html, 'h1')).toHaveLength(1);
      expect(tags(html, 'main')).toHaveLength(1);
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
      const hash = `'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}'`;
      expect(contentSecurityPolicy).toBe(`default-src 'none'; style-src ${hash}; form-action 'none'; frame-ancestors 'none'; base-uri 'none'`);
    }
  });
});
