import type { RequestHandler } from 'express';
import { ForbiddenError, RateLimitError, nextUtcMidnight, type Context } from '@vigil/core';
import { authOf } from '../http/request-auth.js';
import type { AccountQuota } from '../limits/account-quota.js';
import { dailyQuotaBody, perMinuteRetryAfter, quotaHeaders } from '../limits/rate-limit-headers.js';
import type { RequestUsage } from '../usage/request-usage.js';

/**
 * Per-key requests/minute and per-account requests/day of the caller's tier, the X-RateLimit-*
 * and X-Daily-* headers, and the usage record (counted by the quota script in Redis, flushed to
 * daily_usage by RequestUsage). A request whose answer is 429, here or later (an endpoint
 * limit), is taken back from every counter. A deactivated account
 * (let through by requireApiKey with allowInactive) gets its 403 here, after the headers.
 */
export function accountLimits(ctx: Context, quota: AccountQuota, usage: RequestUsage): RequestHandler {
  return async (req, res, next) => {
    const { account, apiKey } = authOf(req);
    const tier = ctx.config.tiers[account.tier];
    const limits = { perMinute: tier.requestsPerMinute, perDay: tier.requestsPerDay };
    const now = ctx.clock.now();
    const decision = await quota.consume({ accountId: account.id, apiKeyId: apiKey.id, now, ...limits });
    res.set(quotaHeaders(decision, limits, now));
    if (!account.isActive) {
      // Every answer to an authenticated request carries the headers; this one does not count.
      if (decision.outcome === 'allowed') await quota.release(decision.token);
      throw new ForbiddenError('Account inactive');
    }
    if (decision.outcome === 'daily') {
      const { error, ...body } = dailyQuotaBody(decision, limits.perDay ?? 0, now);
      const retryAfter = Math.max(1, Math.ceil((nextUtcMidnight(now).getTime() - now.getTime()) / 1000));
      throw new RateLimitError(error, body, { 'Retry-After': String(retryAfter) });
    }
    if (decision.outcome === 'per_minute') {
      const retryAfter = perMinuteRetryAfter(decision, now);
      throw new RateLimitError(
        'Rate limit exceeded',
        {
          message: `Per-minute limit of ${limits.perMinute} requests exceeded; retry in ${retryAfter} seconds`,
          retry_after: retryAfter,
          limit_type: 'per_minute',
        },
        { 'Retry-After': String(retryAfter) },
      );
    }
    usage.touched(account.id);
    res.on('finish', () => {
      if (res.statusCode !== 429) return;
      quota.release(decision.token).then(
        () => usage.touched(account.id),
        (e: Error) => ctx.logger.warn('could not take back a 429 from the quota', { error: e.message }),
      );
    });
    next();
  };
}
