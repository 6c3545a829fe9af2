import type { Response } from 'express';
import { ForbiddenError, RateLimitError, nextUtcMidnight, type Account, type Context } from '@vigil/core';
import { whenFinished } from '../http/response-end.js';
import type { AccountQuota, QuotaDecision } from '../limits/account-quota.js';
import { dailyQuotaBody, perMinuteRetryAfter, quotaHeaders, type QuotaLimits } from '../limits/rate-limit-headers.js';
import type { RequestUsage } from '../usage/request-usage.js';

/** The caller's tier's requests/minute (per key) and requests/day (per account). */
export function quotaLimits(ctx: Context, account: Account): QuotaLimits {
  const tier = ctx.config.tiers[account.tier];
  return { perMinute: tier.requestsPerMinute, perDay: tier.requestsPerDay };
}

/**
 * Acts on the quota script's decision: the X-RateLimit-* and X-Daily-* headers, then the
 * deactivated account's 403 (let through authentication so that it carries the headers; its
 * request does not count), the daily or per-minute 429. An admitted request is recorded for the
 * usage flush (the script counted it), and taken back from every counter if its answer turns
 * out to be a 429 after all (an endpoint limit).
 */
export async function enforceQuota(
  ctx: Context,
  deps: { quota: AccountQuota; usage: RequestUsage },
  res: Response,
  account: Account,
  decision: QuotaDecision,
  limits: QuotaLimits,
  now: Date,
): Promise<void> {
  const { quota, usage } = deps;
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
  whenFinished(res, () => {
    if (res.statusCode !== 429) return;
    quota.release(decision.token).then(
      () => usage.touched(account.id),
      (e: Error) => ctx.logger.warn('could not take back a 429 from the quota', { error: e.message }),
    );
  });
}
