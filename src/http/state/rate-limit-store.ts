// The sign-in's rate limits (express-rate-limit, inside the SDK's handlers) counted in the shared
// state, so that a client meets one limit whichever replica answers it, not one per replica. A store
// that does not answer throws StoreUnavailable: express-rate-limit hands it to the error handler
// (routes.ts), which answers 503, rather than let requests through uncounted.
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { SharedState } from './shared-state.js';

export class SharedRateLimitStore implements Store {
  private windowMs = 60_000;

  /** `name`: the limit's own name (one store per limit: express-rate-limit refuses one store for two). */
  constructor(
    private readonly state: SharedState,
    private readonly name: string,
  ) {}

  /** The counters live outside this process. */
  readonly localKeys = false;

  get prefix(): string {
    return `${this.name}:`;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const { hits, resetAt } = await this.state.countHit(this.prefix + key, this.windowMs);
    return { totalHits: hits, resetTime: new Date(resetAt) };
  }

  async decrement(key: string): Promise<void> {
    await this.state.countHit(this.prefix + key, this.windowMs, -1);
  }

  async resetKey(key: string): Promise<void> {
    await this.state.forgetHits(this.prefix + key);
  }
}
