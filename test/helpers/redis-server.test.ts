// How the Redis tests find their redis-server (test/helpers/redis-server.ts), and that no Redis test
// escapes the list npm test leaves out when there is none.
import { readdirSync, readFileSync } from 'node:fs';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findRedisServer, REDIS_TEST_FILES } from './redis-server.js';

const TEST_DIR = fileURLToPath(new URL('../', import.meta.url));

/** A file system of the given executables, for findRedisServer. */
const executables =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

describe('findRedisServer', () => {
  it('takes REDIS_SERVER_PATH when it is an executable, before anything on PATH', () => {
    const env = { REDIS_SERVER_PATH: '/opt/redis/redis-server', PATH: '/usr/bin' };
    expect(findRedisServer(env, executables('/opt/redis/redis-server', '/usr/bin/redis-server'))).toEqual({ found: true, path: '/opt/redis/redis-server' });
  });

  it('fails, rather than skips, when REDIS_SERVER_PATH names nothing runnable', () => {
    const env = { REDIS_SERVER_PATH: '/nowhere/redis-server', PATH: '/usr/bin' };
    expect(() => findRedisServer(env, executables('/usr/bin/redis-server'))).toThrow(
      /REDIS_SERVER_PATH is \/nowhere\/redis-server, which is not an executable file/,
    );
  });

  it('looks on PATH, in its order', () => {
    const env = { PATH: ['/a', '/b', '/c'].join(delimiter) };
    expect(findRedisServer(env, executables('/c/redis-server', '/b/redis-server'))).toEqual({ found: true, path: '/b/redis-server' });
  });

  it('an empty REDIS_SERVER_PATH is as if unset', () => {
    expect(findRedisServer({ REDIS_SERVER_PATH: ' ', PATH: '/usr/bin' }, executables('/usr/bin/redis-server'))).toEqual({
      found: true,
      path: '/usr/bin/redis-server',
    });
  });

  it('without one, says in one line which tests are skipped and how to run them', () => {
    const found = findRedisServer({ PATH: '/usr/bin' }, executables());
    expect(found.found).toBe(false);
    const message = found.found ? '' : found.message;
    expect(message).not.toContain('\n');
    for (const file of REDIS_TEST_FILES) expect(message).toContain(file.replace(/^test\//, ''));
    expect(message).toContain('REDIS_SERVER_PATH');
    expect(message).toContain('apt-get install redis-server');
  });
});

describe('the Redis test files', () => {
  it('every test file that starts a redis-server is in the list left out without one', () => {
    const starting = (readdirSync(TEST_DIR, { recursive: true }) as string[])
      .filter((name) => name.endsWith('.test.ts') && /from '(\.\.?\/)+helpers\/redis-server\.js'/.test(readFileSync(`${TEST_DIR}${name}`, 'utf8')))
      .filter((name) => /\bstartRedis\b/.test(readFileSync(`${TEST_DIR}${name}`, 'utf8')))
      .map((name) => `test/${name}`);
    expect(starting).toContain('test/http/state/redis-state.test.ts');
    for (const file of starting) expect(REDIS_TEST_FILES).toContain(file);
  });
});
