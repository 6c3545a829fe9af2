import type { Request, RequestHandler, Response } from 'express';
import { classifyOutage, type Context } from '@vigil/core';
import { bearerToken } from '../auth/authenticate-key.js';
import { clientIp } from '../http/client-ip.js';
import { whenClosed } from '../http/response-end.js';
import { BurstCounter } from '../limits/burst-counter.js';
import { limiterNamespace } from '../limits/fixed-window-limiter.js';

/** Probes answer even past the burst limit (documented: no 429 on them). */
export const UNLIMITED_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/** Requests whose burst limit the API-key step checks, in its own Redis call (see below). */
const deferred = new WeakSet<Request>();

/**
 * The client's burst counter: BurstCounter's key for this limit and IP, so the admission script
 * and the middleware count in one window.
 */
export function burstCounter(ctx: Context, req: Request): { key: string; limit: number } {
  const limit = ctx.config.burstPerSecond;
  return { key: `${limiterNamespace(ctx.config.redisPrefix, 'burst-window')}:${limit}:${clientIp(req)}`, limit };
}

/** Counts `req` against its client's burst limit at the clock's now. */
export function consumeBurst(ctx: Context, counter: BurstCounter, req: Request): ReturnType<BurstCounter['consume']> {
  const { key, limit } = burstCounter(ctx, req);
  return counter.consume(key, limit, ctx.clock.now());
}

/** True once for a request whose burst limit was left to the caller (who must check it now). */
export function takeDeferredBurst(req: Request): boolean {
  return deferred.delete(req);
}

/** A burst count Redis did not answer: the request goes on (an outage is logged once by the DependencyWatch, not once per request). */
export function burstLimiterUnavailable(ctx: Context, e: unknown): void {
  ctx.logger.log(classifyOutage(e) ? 'debug' : 'warn', 'burst limiter unavailable; letting the request through', { error: (e as Error).message });
}

/** The burst limit's 429: {"error":"Rate limit exceeded"}, Retry-After and the burst window's X-RateLimit-*. */
export function sendBurstLimited(ctx: Context, res: Response, msBeforeNext: number): void {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  res
    .set({
      'Retry-After': String(retryAfter),
      'X-RateLimit-Limit': String(ctx.config.burstPerSecond),
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(Math.ceil((ctx.clock.now().getTime() + msBeforeNext) / 1000)),
    })
    .status(429)
    .json({ error: 'Rate limit exceeded' });
}

/**
 * Burst limit per client IP over all paths (decisions §2), per second of the injected clock: 429 {"error":"Rate limit exceeded"}
 * with Retry-After and the X-RateLimit-* headers of the burst window. If Redis does not
 * answer, requests pass: a limiter outage must not become an API outage.
 *
 * A request with a Bearer key for a route that takes one (`takesApiKey`) is not checked here:
 * the API-key step checks it in the same Redis call as the key's stamp and quota, before
 * anything else, so the answer is the same and the request makes one Redis round trip instead
 * of two. Should such a request end without reaching that step (the client left while waiting
 * for its turn in the fair scheduler), it is counted when it ends. A request for a route that
 * counts the burst itself (`ownBurst`: the pings and the agent routes, `checksOwnBurst`) is left
 * to its handler the same way, with or without a key: the ping's one Redis call counts its burst
 * and its token's limit, an agent's its burst and the agent-key stamp. On a Redis Cluster the burst
 * limit is always checked here, in its own call (its key and the account's are in different slots).
 */
export function burstLimit(
  ctx: Context,
  takesApiKey: (method: string, path: string) => boolean = () => false,
  checksOwnBurst: (method: string, path: string) => boolean = () => false,
): RequestHandler {
  const counter = new BurstCounter(ctx.redis, ctx.config.redis.mode === 'cluster');
  const consume = (req: Request) => consumeBurst(ctx, counter, req);
  // On a Redis Cluster the per-IP counter and the account's keys are in different slots: one script cannot touch both.
  const combined = ctx.config.redis.mode !== 'cluster';
  const unavailable = (e: unknown) => burstLimiterUnavailable(ctx, e);
  return async (req, res, next) => {
    if (UNLIMITED_PATHS.has(req.path)) return next();
    if (combined && ((bearerToken(req.get('authorization')) && takesApiKey(req.method, req.path)) || checksOwnBurst(req.method, req.path))) {
      deferred.add(req);
      whenClosed(res, () => {
        if (takeDeferredBurst(req)) consume(req).catch(unavailable);
      });
      return next();
    }
    let result;
    try {
      result = await consume(req);
    } catch (e) {
      unavailable(e);
      return next();
    }
    if (result.allowed) return next();
    sendBurstLimited(ctx, res, result.msBeforeNext);
  };
}
