// Which messages of a request to /mcp may send its key to the complaints service: what a key the
// service has not accepted spends of its address's budget (unverified-budget.ts). An initialize (in
// any casing: its key check, key-check.ts), a tool call, a resource read, a prompt, a completion, and
// any method this server does not know, to be safe. Not the messages answered here alone: the lists,
// ping, notifications and responses, so that a team whose keys the service could not accept yet (the
// service down at their initialize) still connects and lists its tools.

/** Methods, lower-cased, answered without a request to the service. */
const ANSWERED_HERE = new Set(['ping', 'tools/list', 'resources/list', 'resources/templates/list', 'prompts/list', 'logging/setlevel']);

/** How many messages of a JSON-RPC message or batch may send the key to the service. */
export function callsReachingService(body: unknown): number {
  const messages = Array.isArray(body) ? body : [body];
  return messages.filter((message) => {
    if (typeof message !== 'object' || message === null) return false;
    const { method } = message as { method?: unknown };
    if (typeof method !== 'string') return false;
    const name = method.trim().toLowerCase();
    return !name.startsWith('notifications/') && !ANSWERED_HERE.has(name);
  }).length;
}
