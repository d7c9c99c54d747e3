// The languages the product speaks to people (es: the complaints book's own, Peru's; en) and the one
// shape of its tables of words: one table per language, each of the same type, so that a text added
// to one and forgotten in the other fails to compile, and each language reads whole. The view's labels
// (ui/labels.ts), the sign-in page's words (http/sign-in/page-text.ts) and the reports' law terms
// (prompts/language.ts) are such tables. Imports nothing: the view (ui/) bundles it into the page.

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * One table of words per language, each of the shape `T`: a record of texts, or of functions that
 * word their arguments (a count, a name, a date).
 */
export type Texts<T> = Readonly<Record<Language, Readonly<T>>>;

/** The table of `language`. */
export function textsIn<T>(texts: Texts<T>, language: Language): Readonly<T> {
  return texts[language];
}
