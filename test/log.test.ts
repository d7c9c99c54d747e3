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
