// The shared state a server runs with: in this process, or in the Redis server that
// COMPLAINTS_HTTP_STATE_URL names. The Redis client is loaded only then, so stdio and a single
// replica never load it; it is an optional dependency, left out of the Claude Desktop bundle.
import { MemoryState } from './memory-state.js';
import { type SharedState, StateStoreRefused } from './shared-state.js';

/** Opens the state; with a URL, throws (a message for the operator) when its store cannot be used. */
export async function openSharedState(url: string | undefined): Promise<SharedState> {
  if (url === undefined) return new MemoryState();
  const { openRedisState } = await import('./redis-state.js').catch((error: unknown) => {
    if (!isMissingRedisClient(error)) throw error;
    throw new StateStoreRefused(
      'COMPLAINTS_HTTP_STATE_URL is set, but this installation has no Redis client (@redis/client, an optional dependency, was left out): install the package with its optional dependencies (npm install complaints-book-mcp, without --omit=optional).',
    );
  });
  return openRedisState(url);
}

function isMissingRedisClient(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ERR_MODULE_NOT_FOUND' && error.message.includes('@redis/client');
}
