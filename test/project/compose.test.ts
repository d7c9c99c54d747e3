// compose.yaml and its proxy's config, read as Compose and Caddy read them (no Docker engine runs
// where the project is built): Redis that never evicts, keeps its data and asks for a password, on a
// network of its own; two replicas of this repository's image sharing one secret and one store,
// answering only to the public name and trusting X-Forwarded-For only from the proxy's fixed address;
// no secret written in the files; and a proxy whose site address must be given (HTTPS by default),
// that takes turns over both replicas, streams their answers, skips one it cannot reach and sends
// the client's own address, never one the client wrote.
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
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
}
interface Network {
  internal?: boolean;
  ipam?: { config?: Array<{ subnet?: string; ip_range?: string }> };
}

// Compose reads YAML merge keys (<<: *replica), which YAML 1.2 parsers apply only when asked.
const compose = parse(text('compose.yaml'), { merge: true }) as { services: Record<string, Service>; networks?: Record<string, Network | null> };
const services = compose.services;
/** The networks a service is on (Compose's default network when it names none). */
const networksOf = (service: Service): string[] =>
  service.networks === undefined ? ['default'] : Array.isArray(service.networks) ? service.networks : Object.keys(service.networks);
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
/** The name of the variable `${NAME:?message}` refers to, when `value` is such a reference (no default). */
const requiredName = (value: string | undefined) => /^\$\{([A-Z_][A-Z0-9_]*)(:?\?[^}]*)?\}$/.exec(value ?? '')?.[1];
/** `value` as Compose interpolates it from `variables` (${NAME}, ${NAME:?message}, ${NAME:-default}). */
const interpolate = (value: string, variables: Record<string, string>) =>
  value.replace(/\$\{([A-Z_][A-Z0-9_]*)(?::?[?-][^}]*)?\}/g, (_, name: string) => variables[name] ?? '');
/** Whether the IPv4 `address` is in `cidr`. */
const inSubnet = (address: string, cidr: string) => {
  const number = (ip: string) => ip.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
  const [base, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(number(address) / size) === Math.floor(number(base!) / size);
};

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
        if (/SECRET|PASSWORD|_KEY$|_AUTH$/.test(setting)) expect(requiredName(value), `${name}: ${setting}`).toBeDefined();
      }
    }
    // The .env beside it holds the secret: neither git nor the image's build context may take it.
    expect(text('.gitignore').split('\n')).toContain('.env');
  });

  it('runs Redis with a password, given in .env only, that the replicas’ state URL and its health check carry', () => {
    // Without one, any container on its network could FLUSHALL: every revocation forgotten, a
    // withdrawn token working again.
    const redis = services[redisName]!;
    const variable = requiredName(flag(redis.command, '--requirepass'));
    expect(variable, 'redis-server --requirepass ${NAME:?...}').toBeDefined();
    // A value as openssl rand -hex 32 makes it: written into the URL as it is.
    const password = 'c0ffee'.repeat(8);
    for (const name of replicaNames) {
      const state = new URL(interpolate(environment(services[name]!).COMPLAINTS_HTTP_STATE_URL!, { [variable!]: password }));
      expect(decodeURIComponent(state.password), name).toBe(password);
      expect(state.username, name).toBe('');
    }
    // redis-cli reads REDISCLI_AUTH: the health check asks with the password, which no argument shows.
    expect(requiredName(environment(redis).REDISCLI_AUTH)).toBe(variable);
    expect(words(redis.healthcheck?.test).join(' ')).not.toMatch(/\s-a\s|--pass|--user/);
  });

  it('keeps Redis on an internal network of its own: the replicas reach it, the proxy does not', () => {
    const [state, ...more] = networksOf(services[redisName]!);
    expect(more).toEqual([]);
    expect(compose.networks?.[state!]?.internal).toBe(true);
    for (const name of replicaNames) expect(networksOf(services[name]!), name).toContain(state);
    expect(networksOf(services[proxyName]!)).not.toContain(state);
  });

  it('has the replicas answer only to the public name, given in .env', () => {
    for (const name of replicaNames) {
      const env = environment(services[name]!);
      expect(requiredReference(env.COMPLAINTS_HTTP_ALLOWED_HOSTS ?? '', 'COMPLAINTS_HTTP_ALLOWED_HOSTS'), `${name}: ${env.COMPLAINTS_HTTP_ALLOWED_HOSTS}`).toBe(
        true,
      );
    }
  });

  it('gives the proxy a fixed address on a fixed subnet, the one address from which the replicas read X-Forwarded-For', () => {
    const proxy = services[proxyName]!;
    expect(Array.isArray(proxy.networks)).toBe(false);
    const [only, ...more] = Object.entries((proxy.networks ?? {}) as Record<string, { ipv4_address?: string } | null>);
    expect(more).toEqual([]);
    const [edge, settings] = only ?? [];
    const address = settings?.ipv4_address;
    expect(address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const [ipam, ...moreIpam] = compose.networks?.[edge!]?.ipam?.config ?? [];
    expect(moreIpam).toEqual([]);
    expect(inSubnet(address!, ipam!.subnet!)).toBe(true);
    // Docker gives the other containers addresses from ip_range: never the proxy's.
    expect(inSubnet(address!, ipam!.ip_range!)).toBe(false);
    expect(inSubnet(ipam!.ip_range!.split('/')[0]!, ipam!.subnet!)).toBe(true);
    for (const name of replicaNames) {
      expect(networksOf(services[name]!), name).toContain(edge);
      expect(environment(services[name]!).COMPLAINTS_HTTP_TRUSTED_PROXIES, name).toBe(address);
    }
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

  it('has no plain-HTTP default: its site address must be given, and a name there is served over HTTPS', () => {
    expect(requiredReference(environment(proxy).PROXY_SITE_ADDRESS ?? '', 'PROXY_SITE_ADDRESS')).toBe(true);
    const sites = config()
      .split('\n')
      .filter((line) => /^\S.*\{\s*$/.test(line));
    // {$NAME:default} would be Caddy's own default: none, so an empty address fails Caddy's start.
    expect(sites).toEqual(['{$PROXY_SITE_ADDRESS} {']);
  });

  it('sends the replicas the address the client connected from, never an X-Forwarded-For the client wrote', () => {
    const lines = config()
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    // Trusting the peer's X-Forwarded-* (trusted_proxies, in the server options or reverse_proxy) would
    // pass on what a client wrote; without it Caddy replaces the header with the peer's address.
    expect(lines.join('\n')).not.toMatch(/\btrusted_proxies\b|\bclient_ip_headers\b/);
    // Nor a header_up of it: Caddy's own value is the address the connection came from.
    expect(lines.filter((line) => /x-forwarded-for|\{(http\.request\.)?header\./i.test(line))).toEqual([]);
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
