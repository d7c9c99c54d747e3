// The one pool of connections to the API that serve --http shares among members: sockets are shared,
// keys are per request. It must never be the limit on requests in flight: the gates are (admission.ts,
// api/request-gate.ts). A pool smaller than what the gates let through makes one member's whole-book
// reading (8 requests in flight) queue another member's small call behind it, inside the pool.
import { Agent } from 'undici';
import { MAX_BOOK_READS, MEMBER_MAX_IN_FLIGHT } from '../api/request-gate.js';
import type { InFlightCaps } from './in-flight.js';

/**
 * The most requests the gates let be in flight to the API at once: a call has one at a time, but a
 * whole-book read (MAX_BOOK_READS of them in the process) up to its member's gate. Sockets are opened
 * only as requests need them, so a large bound costs nothing while they are few.
 */
export function apiConnections(caps: InFlightCaps): number {
  return caps.total + MAX_BOOK_READS * MEMBER_MAX_IN_FLIGHT;
}

/** The keep-alive pool to the API, with a socket for every request the gates let through. */
export function apiDispatcher(caps: InFlightCaps): Agent {
  return new Agent({ keepAliveTimeout: 10_000, connections: apiConnections(caps) });
}
