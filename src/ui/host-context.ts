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

/**
 * Applies the host's CSS variables (--color-*, --font-*, --border-radius-*...) to the root. Names
 * that are not custom properties are skipped, and so are values that could fetch something (url(),
 * or a CSS escape that could spell it); the page's CSP would refuse the request anyway. The host's
 * fonts (styles.css.fonts) are not loaded: they come from elsewhere.
 */
export function applyStyleVariables(context: HostContext): void {
  const root = document.documentElement;
  const variables = fields(fields(context.styles).variables);
  const next = new Set<string>();
  for (const [name, value] of Object.entries(variables)) {
    if (!name.startsWith('--') || typeof value !== 'string' || value.length > 1000) continue;
    if (/url\(|\\/i.test(value)) continue;
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
