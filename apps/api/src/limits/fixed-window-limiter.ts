import type { RedisClient } from '@vigil/core';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface FixedWindowResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  msBeforeNext: number;
}

export interface FixedWindowOptions {
  /**
   * Remember a spent key in this process until its window ends and refuse it without asking
   * Redis: a client hammering a limit it has spent then costs no Redis round trip. Only for
   * limits that never give points back (a point given back in Redis would not lift the block
   * held here).
   */
  spentInMemory: boolean;
}

/**
 * Fixed-window counters on rate-limiter-flexible (burst per IP, endpoint limits, header-check
 * quota). One RateLimiterRedis per distinct limit, created once and reused.
 */
export class FixedWindowLimiter {
  private readonly limiters = new Map<number, RateLimiterRedis>();

  constructor(
    private readonly redis: RedisClient,
    private readonly keyPrefix: string,
    private readonly durationSec: number,
    private readonly options: FixedWindowOptions = { spentInMemory: false },
  ) {}

  private limiter(points: number): RateLimiterRedis {
    let limiter = this.limiters.get(points);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `${this.keyPrefix}:${points}`,
        points,
        duration: this.durationSec,
        // One past the limit is the first refused request: from then on, refused here until the window ends.
        ...(this.options.spentInMemory ? { inMemoryBlockOnConsumed: points + 1 } : {}),
      });
      this.limiters.set(points, limiter);
    }
    return limiter;
  }

  async consume(key: string, points: number): Promise<FixedWindowResult> {
    try {
      const r = await this.limiter(points).consume(key, 1);
      return { allowed: true, limit: points, remaining: r.remainingPoints, msBeforeNext: r.msBeforeNext };
    } catch (e) {
      if (e instanceof RateLimiterRes) {
        return { allowed: false, limit: points, remaining: 0, msBeforeNext: e.msBeforeNext };
      }
      throw e;
    }
  }

  /** Takes one point back (a request that ended up not counting); not for a limiter with `spentInMemory`. */
  async reward(key: string, points: number): Promise<void> {
    await this.limiter(points).reward(key, 1);
  }
}

/** A namespace for limiter keys, under the Redis prefix (in its hash slot). */
export function limiterNamespace(prefix: string, name: string): string {
  return `${prefix}:rl:${name}`;
}
