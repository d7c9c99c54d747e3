// The sign-in page of `serve --http`'s OAuth authorization endpoint: where a member pastes their
// personal API key once, so that a custom connector (claude.ai, ChatGPT...) may act for them. Pure:
// no I/O. First, the language the page speaks.

export type PageLanguage = 'es' | 'en';

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
