// The client address of the sign-in request being answered. The SDK's handlers call the client store
// without the request, yet a client's document is fetched on behalf of an address (its share of the
// fetch slots): routes.ts sets it for each request, the store reads it.
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<string>();

/** Runs `answer` (and all it awaits) as answering a request from `address`. */
export function answeringFrom<T>(address: string, answer: () => T): T {
  return current.run(address, answer);
}

/** The address of the request being answered; undefined outside one (a unit test, a background task). */
export function requestAddress(): string | undefined {
  return current.getStore();
}
