// compose.yaml and its proxy's config, read as Compose and Caddy read them (no Docker engine runs
// where the project is built): Redis that never evicts and keeps its data, two replicas of this
// repository's image sharing one secret and one store, no secret written in the files, and a proxy
// that takes turns over both replicas, streams their answers and skips one it cannot reach.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { HTTP_DEFAULTS } from '../../src/http/settings.js';
import { holdsKeyShape, looksLikeToken } from '../../src/key-shape.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const text = (path: string) => readFileSync(join(root, path), 'utf8');

interface Service {
  image?: string;
  build?: string | { context: string };
  command?: string[] | string;
  environment?: Record<string, string> | string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test?: string[] | string; disable?: boolean };
  volumes?: string[];
  stop_grace_period?: string;
}

// Compose reads YAML merge keys (<<: *replica), which YAML 1.2 parsers apply only when asked.
const compose = parse(text('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const environment = (service: Service): Record<string, string> =>
  Array.isArray(service.environment)
    ? Object.fromEntries(service.environment.map((entry) => [entry.split('=', 1)[0]!, entry.slice(entry.indexOf('=') + 1)]))
    : (service.environment ?? {});
const words = (command: Service['command']) => (Array.isArray(command) ? command : (command ?? '').split(/\s+/));
/** The value after a flag of a command, as redis-server reads `--name value`. */
const flag = (command: Service['command'], name: string) => {
  const all = words(command);
  const at = all.indexOf(name);
  return at === -1 ? undefined : all[at + 1];
};

const replicaNames = Object.keys(services).filter((name) => {
  const build = services[name]!.build;
  return (typeof build === 'string' ? build : build?.context) === '.';
});
const redisName = Object.keys(services).find((name) => /^redis(:|$)/.test(services[name]!.image ?? ''))!;
const proxyName = Object.keys(services).find((name) => /^(caddy|nginx)(:|$)/.test(services[name]!.image ?? ''))!;
const exposed = /^EXPOSE\s+(\d+)/m.exec(text('Dockerfile'))![1]!;

/** `${NAME}` or `${NAME:?message}`: a value the environment must give, with no default written here. */
const requiredReference = (value: string, name: string) => new RegExp(`^\\$\\{${name}(:?\\?[^}]*)?\\}$`).test(value);

describe('compose.yaml', () => {
  it('runs Redis 7 that never evicts a key, and keeps its data on a volume through a restart', () => {
    const redis = services[redisName]!;
    expect(redis.image).toMatch(/^redis:7(\.|$)/);
    expect(flag(redis.command, '--maxmemory-policy')).toBe('noeviction');
    // A bound, so that a runaway fills Redis (which then refuses writes: sign-in fails closed), not its host.
    expect(flag(redis.command, '--maxmemory')).toMatch(/^\d+(mb|gb)$/);
    expect(flag(redis.command, '--appendonly')).toBe('yes');
    expect(redis.volumes?.some((volume) => volume.endsWith(':/data'))).toBe(true);
    expect(words(redis.healthcheck?.test)).toEqual(expect.arrayContaining(['redis-cli', 'ping']));
  });

  it("runs two replicas of the repository's image, each waiting for Redis to be healthy", () => {
    expect(replicaNames).toHaveLength(2);
    for (const name of replicaNames) {
      const replica = services[name]!;
      expect(replica.depends_on, name).toMatchObject({ [redisName]: { condition: 'service_healthy' } });
      // The image's own health check (HEALTHCHECK on /healthz) is what the proxy's depends_on waits for.
      expect(replica.healthcheck?.disable, name).not.toBe(true);
    }
    // Its CMD on the line after, joined by a backslash.
    expect(text('Dockerfile')).toMatch(/^HEALTHCHECK\b(?:[^\n]*\\\n)*[^\n]*\/healthz/m);
  });

  it('gives both replicas the same secret, from the environment, and the redis service as their state', () => {
    const [first, second] = replicaNames.map((name) => environment(services[name]!));
    expect(first!.COMPLAINTS_HTTP_TOKEN_SECRET).toBe(second!.COMPLAINTS_HTTP_TOKEN_SECRET);
    for (const env of [first!, second!]) {
      for (const name of ['COMPLAINTS_HTTP_TOKEN_SECRET', 'COMPLAINTS_HTTP_PUBLIC_URL', 'COMPLAINTS_API_URL']) {
        expect(requiredReference(env[name] ?? '', name), `${name}=${env[name]}`).toBe(true);
      }
      const state = new URL(env.COMPLAINTS_HTTP_STATE_URL!);
      expect(state.protocol).toBe('redis:');
      expect(state.hostname).toBe(redisName);
      expect(state.port).toBe('6379');
    }
  });

  it('holds no secret: no key, no token-like value, no default for a secret setting', () => {
    for (const path of ['compose.yaml', 'deploy/Caddyfile']) {
      const source = text(path);
      expect(holdsKeyShape(source), path).toBe(false);
      expect(looksLikeToken(source), path).toBe(false);
    }
    for (const [name, service] of Object.entries(services)) {
      for (const [setting, value] of Object.entries(environment(service))) {
        if (/SECRET|PASSWORD|_KEY$/.test(setting)) expect(requiredReference(value, setting), `${name}: ${setting}`).toBe(true);
      }
    }
    // The .env beside it holds the secret: neither git nor the image's build context may take it.
    expect(text('.gitignore').split('\n')).toContain('.env');
  });

  it('stops a replica only after its shutdown grace has had its time', () => {
    for (const name of replicaNames) {
      const grace = /^(\d+)s$/.exec(services[name]!.stop_grace_period ?? '')?.[1];
      expect(Number(grace) * 1000, name).toBeGreaterThan(HTTP_DEFAULTS.shutdownGraceMs);
    }
  });
});

describe('the proxy', () => {
  const proxy = services[proxyName]!;
  const mounted = (proxy.volumes ?? []).map((volume) => volume.split(':')).find(([from]) => from!.startsWith('./'));
  const config = () => text(mounted![0]!);

  it('is the official Caddy image, with its config from the repository', () => {
    expect(proxy.image).toMatch(/^caddy:2(\.|$)/);
    expect(mounted?.[1]).toBe('/etc/caddy/Caddyfile');
    expect(existsSync(join(root, mounted![0]!))).toBe(true);
  });

  it('starts once both replicas are healthy, and sends to both on the port the image exposes', () => {
    expect(proxy.depends_on).toMatchObject(Object.fromEntries(replicaNames.map((name) => [name, { condition: 'service_healthy' }])));
    const upstreams = /reverse_proxy\s+([^{\n]+)/.exec(config())?.[1]?.trim().split(/\s+/);
    expect(upstreams?.sort()).toEqual(replicaNames.map((name) => `${name}:${exposed}`).sort());
  });

  it('takes turns without affinity, streams answers unbuffered, and skips a replica it cannot reach, but not on /healthz', () => {
    const lines = config()
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    expect(lines).toContain('lb_policy round_robin');
    // Caddy's affinity policies, and a sticky cookie, would pin a member to one replica.
    expect(lines.join('\n')).not.toMatch(/\b(ip_hash|client_ip_hash|cookie|header|uri_hash|query)\b/);
    expect(lines).toContain('flush_interval -1');
    // Passive checks: a replica stopped or draining refuses connections, and is skipped.
    expect(lines).toContain('fail_duration 10s');
    // /healthz is 503 on every replica while Redis does not answer: an active check on it would
    // refuse everyone, members with their own key included, whom the replicas still serve.
    expect(lines.join('\n')).not.toMatch(/\bhealth_uri\b/);
  });
});
