// The log: one line per event on stderr, text or JSON, filtered by level, warnings handed on.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureLog, log } from '../src/log.js';
import { captureStderr } from './helpers/stderr-lines.js';

afterEach(() => {
  vi.restoreAllMocks();
  configureLog({ level: 'warn', format: 'text', forward: undefined });
});

describe('log', () => {
  it('writes warnings and errors by default, one text line each, and drops info and debug', () => {
    const lines = captureStderr();
    log.debug('GET', { status: 200 });
    log.info('started');
    log.warn('slow service', { request: 3 });
    log.error('broke');
    expect(lines).toEqual(['complaints-book-mcp: slow service request=3\n', 'complaints-book-mcp: error: broke\n']);
  });

  // Found by an adversarial probe: a client's metadata document put ` url=… cause=ok` in a field's
  // value and forged fields of its own in the text line.
  it('quotes a text field that is not one plain word, so that no value can forge another field', () => {
    const lines = captureStderr();
    log.warn('sign-in', { url: 'https://a.example/x', detail: 'x" url=https://claude.ai/legit cause=ok', ms: 5000 });
    expect(lines).toEqual(['complaints-book-mcp: sign-in url=https://a.example/x detail="x\\" url=https://claude.ai/legit cause=ok" ms=5000\n']);
    log.warn('more', { a: 'two words', b: "it's", c: 'a=b', d: 'back\\slash', e: '' });
    expect(lines[1]).toBe('complaints-book-mcp: more a="two words" b="it\'s" c="a=b" d="back\\\\slash" e=\n');
  });

  it('writes JSON lines at debug, with the fields, leaving out undefined ones', () => {
    configureLog({ level: 'debug', format: 'json' });
    const lines = captureStderr();
    log.debug('GET', { request: 1, path: '/api/v1/complaints', query: undefined, status: 200, ms: 12 });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      time: expect.any(String),
      level: 'debug',
      message: 'GET',
      request: 1,
      path: '/api/v1/complaints',
      status: 200,
      ms: 12,
    });
  });

  it('hands warnings and errors, not info, to the forwarder', () => {
    const forwarded: string[] = [];
    configureLog({ level: 'debug', forward: (level, message) => forwarded.push(`${level} ${message}`) });
    captureStderr();
    log.info('started');
    log.warn('retrying');
    log.error('broke');
    expect(forwarded).toEqual(['warn retrying', 'error broke']);
  });
});
