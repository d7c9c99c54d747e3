import { describe, expect, it } from 'vitest';
import { pathOf } from '../../src/http/request-path.js';

describe('pathOf', () => {
  it('leaves out the query and trailing slashes, and keeps the root', () => {
    expect(pathOf('/mcp')).toBe('/mcp');
    expect(pathOf('/mcp/')).toBe('/mcp');
    expect(pathOf('/healthz//?probe=1')).toBe('/healthz');
    expect(pathOf('/.well-known/oauth-protected-resource/mcp?x')).toBe('/.well-known/oauth-protected-resource/mcp');
    expect(pathOf('/')).toBe('/');
    expect(pathOf(undefined)).toBe('/');
  });
});
