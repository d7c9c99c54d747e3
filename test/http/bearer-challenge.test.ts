import { describe, expect, it } from 'vitest';
import { bearerChallenge, headerDescription } from '../../src/http/bearer-challenge.js';

/** RFC 6750's grammar of a quoted error_description value: %x20-21 / %x23-5B / %x5D-7E. */
const RFC_DESCRIPTION = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

describe('bearerChallenge', () => {
  it('is a bare realm without parameters', () => {
    expect(bearerChallenge({})).toBe('Bearer realm="complaints-book-mcp"');
  });

  it('gives the error, the description and the metadata in that order', () => {
    expect(
      bearerChallenge({
        error: 'invalid_token',
        description: 'The key was refused.',
        resourceMetadata: 'https://mcp.example/.well-known/oauth-protected-resource/mcp',
      }),
    ).toBe(
      'Bearer realm="complaints-book-mcp", error="invalid_token", error_description="The key was refused.", resource_metadata="https://mcp.example/.well-known/oauth-protected-resource/mcp"',
    );
  });

  it('gives a description without an error code (missing credentials)', () => {
    expect(bearerChallenge({ description: 'Send your key.' })).toBe('Bearer realm="complaints-book-mcp", error_description="Send your key."');
  });

  it('leaves out a description that is nothing once made fit for the header', () => {
    expect(bearerChallenge({ error: 'invalid_token', description: '"\\\u00e9' })).toBe(
      'Bearer realm="complaints-book-mcp", error="invalid_token", error_description="\'"',
    );
    expect(bearerChallenge({ error: 'invalid_token', description: '\u00e9\u00e9\n' })).toBe('Bearer realm="complaints-book-mcp", error="invalid_token"');
  });
});

describe('headerDescription', () => {
  it('keeps plain text as it is', () => {
    expect(headerDescription('The complaints service refused this API key: send your current key.')).toBe(
      'The complaints service refused this API key: send your current key.',
    );
  });

  it('cannot close the quoted value or escape out of it', () => {
    const attempts = ['", error="insufficient_scope', 'a\\", b="c', '\u201csmart\u201d quotes', 'line\r\nSet-Cookie: x=1', 'tab\there', 'caf\u00e9 \u{1f600}'];
    for (const text of attempts) {
      const shown = headerDescription(text);
      expect(shown).toMatch(RFC_DESCRIPTION);
      // Whatever came in, the header still reads as one challenge with one description.
      const header = bearerChallenge({ error: 'invalid_token', description: text });
      expect(header.match(/error_description="[^"]*"/g)).toHaveLength(1);
      expect(header.endsWith(`error_description="${shown}"`)).toBe(true);
    }
  });

  it('turns quotes into single quotes, so that a quoted header name still reads', () => {
    expect(headerDescription('send it as "Authorization: Bearer or_..."')).toBe("send it as 'Authorization: Bearer or_...'");
  });

  it('cuts a long text at a word, within 300 characters', () => {
    const long = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const shown = headerDescription(long);
    expect(shown.length).toBeLessThanOrEqual(300);
    expect(shown.endsWith('...')).toBe(true);
    expect(long.startsWith(shown.slice(0, -3))).toBe(true);
    expect(shown.slice(0, -3)).toMatch(/word\d+$/);
  });
});
