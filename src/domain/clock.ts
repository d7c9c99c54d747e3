/** "Now" and the zone the member reads dates in; injected so that output is deterministic in tests. */
export interface Clock {
  now: () => Date;
  timeZone: string;
}
