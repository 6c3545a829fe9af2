import type { RequestHandler } from 'express';
import { classifyOutage, type Context } from '@vigil/core';
import { clientIp } from '../http/client-ip.js';
import { FixedWindowLimiter, limiterNamespace } from '../limits/fixed-window-limiter.js';

/** Probes answer even past the burst limit (documented: no 429 on them). */
export const UNLIMITED_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Burst limit per client IP over all paths (decisions §2): 429 {"error":"Rate limit exceeded"}
 * with Retry-After and the X-RateLimit-* headers of the burst window. If Redis does not
 * answer, requests pass: a limiter outage must not become an API outage.
 */
export function burstLimit(ctx: Context): RequestHandler {
  const limiter = new FixedWindowLimiter(ctx.redis, limiterNamespace(ctx.config.redisPrefix, 'burst'), 1);
  const perSecond = ctx.config.burstPerSecond;
  return async (req, res, next) => {
    if (UNLIMITED_PATHS.has(req.path)) return next();
    let result;
    try {
      result = await limiter.consume(clientIp(req), perSecond);
    } catch (e) {
      // An outage is logged once by the DependencyWatch, not once per request.
      ctx.logger.log(classifyOutage(e) ? 'debug' : 'warn', 'burst limiter unavailable; letting the request through', { error: (e as Error).message });
      return next();
    }
    if (result.allowed) return next();
    const retryAfter = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
    res
      .set({
        'Retry-After': String(retryAfter),
        'X-RateLimit-Limit': String(perSecond),
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': String(Math.ceil((ctx.clock.now().getTime() + result.msBeforeNext) / 1000)),
      })
      .status(429)
      .json({ error: 'Rate limit exceeded' });
  };
}
