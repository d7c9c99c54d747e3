// connectInProcess reads the settings as the command does, and hears what the server logs: the
// tests that run in process may lean on both.
import { describe, expect, it, vi } from 'vitest';
import { log } from '../../src/log.js';
import { connectInProcess } from './in-process.js';

describe('connectInProcess', () => {
  it('starts with the problems of its settings said on its stderr, and answers a call with them', async () => {
    const mcp = await connectInProcess({ COMPLAINTS_API_URL: 'ftp://example.invalid' });
    try {
      expect(mcp.stderr()).toMatch(/^complaints-book-mcp: .*COMPLAINTS_API_KEY/m);
      expect(mcp.stderr()).toMatch(/COMPLAINTS_API_URL must be an http:\/\/ or https:\/\/ URL/);
      const { isError, text } = await mcp.call('list_complaints');
      expect(isError).toBe(true);
      expect(text).toMatch(/^complaints-book-mcp is not configured:\n- /);
    } finally {
      await mcp.close();
    }
  });

  it('logs at the level and in the format COMPLAINTS_LOG_LEVEL and COMPLAINTS_LOG_FORMAT set', async () => {
    const quiet = await connectInProcess({ COMPLAINTS_LOG_LEVEL: 'error' });
    try {
      expect(quiet.stderr()).toBe('');
    } finally {
      await quiet.close();
    }
    const json = await connectInProcess({ COMPLAINTS_LOG_FORMAT: 'json' });
    try {
      const lines = json.stderr().trim().split('\n');
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(JSON.parse(line)).toMatchObject({ level: 'warn', message: expect.any(String) });
    } finally {
      await json.close();
    }
  });

  it('hears stderr only while a connection is open, and leaves the log as it found it', async () => {
    const mcp = await connectInProcess({ COMPLAINTS_LOG_LEVEL: 'debug' });
    log.debug('heard while open');
    await mcp.close();
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      log.debug('not logged: the level is back to warn');
      log.warn('after close');
      expect(write.mock.calls.map(([chunk]) => String(chunk))).toEqual(['complaints-book-mcp: after close\n']);
    } finally {
      write.mockRestore();
    }
    expect(mcp.stderr()).toContain('complaints-book-mcp: debug: heard while open');
    expect(mcp.stderr()).not.toContain('after close');
  });
});
