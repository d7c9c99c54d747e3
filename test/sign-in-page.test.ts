// The sign-in page of the OAuth authorization endpoint: the language read from Accept-Language.
import { describe, expect, it } from 'vitest';
import { type PageLanguage, pageLanguage } from '../src/http/sign-in/page.js';

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
  ])('reads a 100 KB header quickly: %s', (_, header, expected) => {
    expect(header.length).toBeGreaterThanOrEqual(100_000);
    const started = performance.now();
    expect(pageLanguage(header)).toBe(expected);
    expect(performance.now() - started).toBeLessThan(250);
  });
});
