// What the host tells the view about where it is shown (hostContext): theme, locale, style variables.
// Received whole in ui/initialize's result, then in parts by host-context-changed.
import { fields, text } from './read.js';

export interface HostContext {
  theme?: unknown;
  locale?: unknown;
  styles?: unknown;
  displayMode?: unknown;
  containerDimensions?: unknown;
  [key: string]: unknown;
}

/** A partial context over the one held: each field given replaces the one held, as ext-apps does. */
export function mergeContext(held: HostContext, partial: unknown): HostContext {
  return { ...held, ...fields<HostContext>(partial) };
}

export type Theme = 'light' | 'dark';

export function themeOf(context: HostContext): Theme {
  if (context.theme === 'light' || context.theme === 'dark') return context.theme;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function localeOf(context: HostContext): string {
  return text(context.locale) ?? (navigator.language || 'en');
}

/** The custom properties applied, so that one the host stops sending is removed. */
const applied = new Set<string>();

/** The spec's families of variables (--color-*, --font-*, --border-*, --shadow-*): the page's own are not the host's to set. */
const HOST_VARIABLE = /^--(?:color|font|border|shadow)-[a-z0-9-]{1,60}$/;
/** CSS functions a colour, size or font value needs; any other (url(), image-set(), image()...) could fetch or paint. */
const HARMLESS_FUNCTIONS = new Set([
  'light-dark',
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'hwb',
  'lab',
  'lch',
  'oklab',
  'oklch',
  'color',
  'color-mix',
  'calc',
  'var',
  'min',
  'max',
  'clamp',
]);
/** The spec names about 80; a host sending thousands gets the first of them. */
const MAX_VARIABLES = 200;

function harmless(value: string): boolean {
  if (value.length > 500 || /[\\@;{}<]/.test(value)) return false;
  return [...value.matchAll(/([a-z-]*)\s*\(/gi)].every((match) => HARMLESS_FUNCTIONS.has(match[1]!.toLowerCase()));
}

/**
 * Applies the host's CSS variables of the spec's families to the root; other names, and values with
 * a function that could fetch or paint something or a CSS escape that could spell one, are skipped
 * (the page's CSP would refuse a request anyway). The host's fonts (styles.css.fonts) are not loaded:
 * they come from elsewhere.
 */
export function applyStyleVariables(context: HostContext): void {
  const root = document.documentElement;
  const variables = fields(fields(context.styles).variables);
  const next = new Set<string>();
  for (const name of Object.keys(variables).slice(0, MAX_VARIABLES)) {
    const value = variables[name];
    if (!HOST_VARIABLE.test(name) || typeof value !== 'string' || !harmless(value)) continue;
    root.style.setProperty(name, value);
    next.add(name);
  }
  for (const name of applied) if (!next.has(name)) root.style.removeProperty(name);
  applied.clear();
  for (const name of next) applied.add(name);
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}
