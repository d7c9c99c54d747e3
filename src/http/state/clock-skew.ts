// Whether this replica's clock agrees with the shared state store's. The sign-in decides by the
// store's clock (redis-scripts.ts), but each replica still reads a token's lifetime by its own when
// it opens one (sealed-tokens.ts), and an access token's end is never asked of the store: a clock off
// by more than a few seconds stretches or cuts those, and says the host has lost its time source.
// So the operator is told at start and every minute while it is, by how much and what to do.
import { type LogFields, log } from '../../log.js';

/** Past this difference (milliseconds) the operator is warned. */
export const SKEW_WARN_MS = 5000;
/** How often the clocks are compared again. */
export const SKEW_CHECK_EVERY_MS = 60_000;

export interface ClockSkewOptions {
  /** Milliseconds since the epoch by the store's clock (Redis's TIME); throws when it does not answer. */
  storeTime: () => Promise<number>;
  /** Milliseconds since the epoch by this replica's clock. */
  now: () => number;
  /** The store, as the operator knows it (no password). */
  where: string;
  warn?: (message: string, fields: LogFields) => void;
  everyMs?: number;
}

export interface ClockSkewWatch {
  /**
   * Compares the clocks once (warning when they differ by more than SKEW_WARN_MS): how far this one
   * is ahead of the store's (milliseconds, negative when behind), or undefined when the store did not answer.
   */
  check(): Promise<number | undefined>;
  /** Stops the checks every minute. */
  stop(): void;
}

/** Compares the clocks now (answered once done) and every minute after (a timer that keeps no process alive), until stopped. */
export async function watchClockSkew(options: ClockSkewOptions): Promise<ClockSkewWatch> {
  const warn = options.warn ?? log.warn;
  const check = async (): Promise<number | undefined> => {
    let skew: number;
    try {
      // Taken at the middle of the round trip: the store read its clock somewhere within it.
      const before = options.now();
      const store = await options.storeTime();
      skew = (before + options.now()) / 2 - store;
    } catch {
      // The store's own watch says when it does not answer.
      return undefined;
    }
    if (Math.abs(skew) > SKEW_WARN_MS) warn(skewMessage(skew), { store: options.where, skewSeconds: Math.round(skew / 100) / 10 });
    return skew;
  };
  await check();
  const timer = setInterval(() => void check(), options.everyMs ?? SKEW_CHECK_EVERY_MS);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}

function skewMessage(skewMs: number): string {
  const seconds = (Math.abs(skewMs) / 1000).toFixed(1);
  return (
    `this replica's clock is ${seconds} s ${skewMs > 0 ? 'ahead of' : 'behind'} the shared state store's (Redis's TIME): ` +
    "keep every replica and the Redis host in time with NTP (chrony, systemd-timesyncd). The sign-in decides by Redis's clock, " +
    "but this replica reads a token's lifetime by its own, which stretches or cuts it by as much"
  );
}
