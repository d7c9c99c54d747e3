// A member's key as the HTTP server keeps it in memory: its SHA-256, never the key itself. The caps
// and the memory of accepted keys tell members apart by this id, so the raw key lives no longer than
// the request that carried it.
import { createHash } from 'node:crypto';

export function keyId(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('base64url');
}
