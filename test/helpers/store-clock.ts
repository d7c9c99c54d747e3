// Redis's view of time, moved by a test without waiting: the clock the state's scripts read (the
// Redis state's `storeNow`) and its keys' expiry, moved together, as if that much time had passed on
// the Redis host. For a redis-server of the test's own: every key of the server is moved.
import { createClient } from '@redis/client';

export interface StoreClock {
  /** Milliseconds since the epoch, as the scripts read it: pass as `storeNow`. */
  now: () => number;
  /** Moves the store's time by `ms`: the scripts read the later time, and a key whose time to live ran out is gone. */
  advance: (ms: number) => Promise<void>;
  close: () => Promise<void>;
}

/** A store clock starting now, for the redis-server at `url`. */
export async function storeClock(url: string): Promise<StoreClock> {
  const admin = createClient({ url });
  admin.on('error', () => {});
  await admin.connect();
  let ms = Date.now();
  return {
    now: () => ms,
    advance: async (by) => {
      ms += by;
      for await (const keys of admin.scanIterator()) {
        for (const key of keys) {
          const left = await admin.pTTL(key);
          if (left < 0) continue;
          if (left <= by) await admin.del(key);
          else await admin.pExpire(key, left - by);
        }
      }
    },
    close: async () => {
      await admin.close().catch(() => undefined);
    },
  };
}
