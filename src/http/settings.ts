// Environment -> the settings of `serve --http` that the member's own settings (config.ts) do not
// have: allow-lists, caps and the shutdown grace. Pure: reads the `env` it is given.
import { readSetting } from '../config.js';
import { gotValue } from '../key-shape.js';
import type { InFlightCaps } from './in-flight.js';
import { type AllowLists, allowLists } from './request-guards.js';

export interface HttpSettings {
  allowLists: AllowLists;
  caps: InFlightCaps;
  /** How long SIGTERM waits for requests in flight before cutting them. */
  shutdownGraceMs: number;
  /** Settings that cannot be used; the server does not start while there are any. */
  problems: string[];
}

export const HTTP_DEFAULTS = { maxInFlight: 64, maxInFlightPerKey: 8, shutdownGraceMs: 10_000 } as const;
/** A request body above this is refused (413): an MCP request is a few hundred bytes. */
export const MAX_REQUEST_BODY_BYTES = 256 * 1024;

export function loadHttpSettings(env: Record<string, string | undefined>, bindHost: string): HttpSettings {
  const problems: string[] = [];
  const setting = (name: string) => readSetting(env, name);

  const list = (name: string, pattern: RegExp, example: string): string[] | undefined => {
    const raw = setting(name);
    if (raw === undefined) return undefined;
    const items = raw
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    const bad = items.find((item) => !pattern.test(item));
    if (bad !== undefined || items.length === 0) problems.push(`${name} must be a comma-separated list such as ${example} (${gotValue(raw)}).`);
    return items;
  };
  const hosts = list('COMPLAINTS_HTTP_ALLOWED_HOSTS', /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i, '"mcp.example.com,localhost"');
  const origins = list('COMPLAINTS_HTTP_ALLOWED_ORIGINS', /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?\/?$/i, '"https://app.example.com"');

  const count = (name: string, fallback: number, max: number): number => {
    const raw = setting(name);
    if (raw === undefined) return fallback;
    if (/^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= max) return Number(raw);
    problems.push(`${name} must be a whole number from 1 to ${max} (${gotValue(raw)}).`);
    return fallback;
  };
  const total = count('COMPLAINTS_HTTP_MAX_IN_FLIGHT', HTTP_DEFAULTS.maxInFlight, 100_000);
  const perKey = count('COMPLAINTS_HTTP_MAX_IN_FLIGHT_PER_KEY', HTTP_DEFAULTS.maxInFlightPerKey, 100_000);
  const shutdownGraceMs = count('COMPLAINTS_HTTP_SHUTDOWN_GRACE_MS', HTTP_DEFAULTS.shutdownGraceMs, 600_000);

  return { allowLists: allowLists(bindHost, hosts, origins), caps: { total, perKey }, shutdownGraceMs, problems };
}
