// The shared state a server runs with: in this process, or in the Redis server that
// COMPLAINTS_HTTP_STATE_URL names. The Redis client is loaded only then, so stdio and a single
// replica never load it.
import { MemoryState } from './memory-state.js';
import type { SharedState } from './shared-state.js';

/** Opens the state; with a URL, throws (a message for the operator) when its store cannot be used. */
export async function openSharedState(url: string | undefined): Promise<SharedState> {
  if (url === undefined) return new MemoryState();
  const { openRedisState } = await import('./redis-state.js');
  return openRedisState(url);
}
