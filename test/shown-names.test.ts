// The names a request gives, as fit to repeat in an error: short clean names kept, others cut,
// cleaned and marked, so that no changed name becomes a name of this server.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROMPTS } from '../src/prompts/catalog.js';
import { SHOWN_NAME_CHARS, shownName, withShownNames } from '../src/shown-names.js';
import { TOOLS } from '../src/tools/catalog.js';

const OUR_NAMES = [
  ...TOOLS.map((tool) => tool.name),
  ...PROMPTS.map((prompt) => prompt.name),
  'complaint://000000481-2026',
  'ui://complaints-book/overview.html',
];

describe('shownName', () => {
  it('keeps every name of this server, and any short clean name, as it is', () => {
    for (const name of [...OUR_NAMES, 'list_complaint', 'x'.repeat(SHOWN_NAME_CHARS)]) expect(shownName(name)).toBe(name);
  });

  it('cuts a long name to its first characters, cleaned, and says so', () => {
    expect(shownName(`\u001b[31m${'z'.repeat(100_000)}`)).toBe(`${'z'.repeat(SHOWN_NAME_CHARS)}… [100005 characters, cut and cleaned]`);
    expect(shownName('a\nb')).toBe('a b… [3 characters, cut and cleaned]');
    // An emoji across the cut is left out whole, not cut in half.
    expect(shownName(`${'z'.repeat(SHOWN_NAME_CHARS - 1)}😀😀`)).toBe(`${'z'.repeat(SHOWN_NAME_CHARS - 1)}… [67 characters, cut and cleaned]`);
  });

  it('never repeats a name that holds a key or a token', () => {
    for (const name of ['or_live_4f9a1c2b3d4e5f60718293a4b5c6d7e8', 'x_live_4f9a1c2b3d4e5f60718293', 'complaint://or_live_4f9a1c2b3d4e']) {
      expect(shownName(name)).not.toMatch(/4f9a1c2b/);
    }
  });

  it('never turns another name into one of this server', () => {
    const near = fc.tuple(fc.constantFrom(...OUR_NAMES), fc.constantFrom('\u200b', '\u2060', '\u001b[0m', '\n', ' ', '\t', '\u202e'), fc.boolean());
    fc.assert(
      fc.property(near, ([name, extra, before]) => {
        const sent = before ? extra + name : name + extra;
        expect(OUR_NAMES).not.toContain(shownName(sent));
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (sent) => {
        const shown = shownName(sent);
        if (shown !== sent) expect(shown).toMatch(/… \[\d+ characters, cut and cleaned\]$/);
        expect(shown.length).toBeLessThanOrEqual(SHOWN_NAME_CHARS + 40);
      }),
    );
  });
});

describe('withShownNames', () => {
  const long = 'n'.repeat(100);
  it('replaces the names of tools/call, prompts/get, resources/read and completion/complete, and nothing else', () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: long, arguments: { query: long } } };
    expect(withShownNames(call)).toEqual({ ...call, params: { name: shownName(long), arguments: { query: long } } });
    expect(withShownNames({ method: 'prompts/get', params: { name: long } })).toEqual({ method: 'prompts/get', params: { name: shownName(long) } });
    expect(withShownNames({ method: 'resources/read', params: { uri: long } })).toEqual({ method: 'resources/read', params: { uri: shownName(long) } });
    const completion = { method: 'completion/complete', params: { ref: { type: 'ref/prompt', name: long, uri: long }, argument: { name: long, value: long } } };
    expect(withShownNames(completion)).toEqual({
      ...completion,
      params: { ...completion.params, ref: { type: 'ref/prompt', name: shownName(long), uri: shownName(long) } },
    });
    const other = { method: 'tools/list', params: { name: long } };
    expect(withShownNames(other)).toBe(other);
  });

  it('replaces the argument names of prompts/get and of a completion’s context, which the SDK repeats when their value is not text', () => {
    const key = 'or_live_4f9a1c2b3d4e5f60718293a4b5c6d7e8';
    const prompt = { method: 'prompts/get', params: { name: 'draft_response', arguments: { reference: '000000481-2026', [key]: 5, [long]: 6 } } };
    expect(withShownNames(prompt)).toEqual({
      method: 'prompts/get',
      params: { name: 'draft_response', arguments: { reference: '000000481-2026', [shownName(key)]: 5, [shownName(long)]: 6 } },
    });
    const completion = {
      method: 'completion/complete',
      params: { ref: { type: 'ref/prompt', name: 'draft_response' }, argument: { name: 'reference', value: '' }, context: { arguments: { [key]: 5 } } },
    };
    expect(JSON.stringify(withShownNames(completion))).not.toContain('4f9a1c2b');
    const clean = { method: 'prompts/get', params: { name: 'draft_response', arguments: { reference: 'x', language: 'es' } } };
    expect(withShownNames(clean)).toBe(clean);
  });

  it('returns the message itself when nothing changes, and leaves odd shapes alone', () => {
    const call = { method: 'tools/call', params: { name: 'list_complaints', arguments: {} } };
    expect(withShownNames(call)).toBe(call);
    for (const odd of [
      { method: 'tools/call' },
      { method: 'tools/call', params: null },
      { method: 'tools/call', params: { name: 42 } },
      { method: 'completion/complete', params: { ref: 'x' } },
    ]) {
      expect(withShownNames(odd)).toBe(odd);
    }
    // An own "__proto__" key stays a key, and a method named like an Object member is no request of ours.
    expect(withShownNames({ method: 'constructor', params: { name: long } })).toEqual({ method: 'constructor', params: { name: long } });
  });
});
