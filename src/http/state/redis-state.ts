// TEMPORARY stub (not committed): the helper's implementation replaces it.
import type { SharedState } from './shared-state.js';
export async function openRedisState(_url: string): Promise<SharedState> {
  throw new Error('not yet');
}
