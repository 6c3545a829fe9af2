import type { Request, RequestHandler } from 'express';
import { RateLimitError, type Context } from '@vigil/core';
import { FixedWindowLimiter, limiterNamespace } from '../limits/fixed-window-limiter.js';

export interface EndpointLimitOptions {
  /** Distinguishes this limit's counters, e.g. 'scan-trigger'. */
  name: string;
  windowSec: number;
  limitType: 'per_minute' | 'per_hour';
  /** How many requests the caller may make per window (may depend on the tier). */
  points: (req: Request) => number;
  /** Whose counter: the account or the key. */
  key: (req: Request) => string;
  /** Human text, e.g. "On-demand scan limit of 20 per hour". */
  describe: (points: number) => string;
  /** True when the route gives points back (then a spent key is always asked of Redis again). */
  givesPointsBack?: boolean;
}

/**
 * An endpoint's own limit (decisions §2): 429 {error, message, retry_after, limit_type} with
 * Retry-After. Runs after the account limits, whose counters the 429 then takes back.
 */
export function endpointLimit(ctx: Context, opts: EndpointLimitOptions): RequestHandler {
  const limiter = new FixedWindowLimiter(ctx.redis, limiterNamespace(ctx.config.redisPrefix, opts.name), opts.windowSec, { spentInMemory: !opts.givesPointsBack });
  return async (req, _res, next) => {
    const points = opts.points(req);
    const result = await limiter.consume(opts.key(req), points);
    if (result.allowed) return next();
    const retryAfter = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
    throw new RateLimitError(
      'Rate limit exceeded',
      {
        message: `${opts.describe(points)} exceeded; retry in ${retryAfter} seconds`,
        retry_after: retryAfter,
        limit_type: opts.limitType,
      },
      { 'Retry-After': String(retryAfter) },
    );
  };
}
