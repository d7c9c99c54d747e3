import { describe, expect, it } from 'vitest';
import { looksForSignIn, RESOURCE_METADATA_PATH, SIGN_IN_PATHS } from '../../../src/http/sign-in/paths.js';

describe('looksForSignIn', () => {
  it('takes every path the sign-in answers', () => {
    for (const path of SIGN_IN_PATHS) expect(looksForSignIn(path)).toBe(true);
    expect(SIGN_IN_PATHS.has(RESOURCE_METADATA_PATH)).toBe(true);
  });

  it('takes the other places OAuth clients look for metadata', () => {
    for (const path of [
      '/.well-known/oauth-authorization-server/mcp',
      '/.well-known/openid-configuration',
      '/.well-known/openid-configuration/mcp',
      '/.well-known/oauth-protected-resource/anything',
    ]) {
      expect(looksForSignIn(path)).toBe(true);
    }
  });

  it('leaves every other path alone, also ones that merely start alike', () => {
    for (const path of [
      '/',
      '/mcp',
      '/healthz',
      '/exports/abc',
      '/registers',
      '/tokens',
      '/.well-known/oauth-authorization-servers',
      '/.well-known/security.txt',
    ]) {
      expect(looksForSignIn(path)).toBe(false);
    }
  });
});
