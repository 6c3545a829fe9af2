import type { RequestHandler } from 'express';
import type { Context } from '@vigil/core';
import { authOf } from '../http/request-auth.js';
import { FixedWindowLimiter, limiterNamespace } from '../limits/fixed-window-limiter.js';
import { endpointLimit } from '../middleware/endpoint-limit.js';

/** decisions §2: on-demand scans (POST /scan and POST /scans together), per account. */
export const SCAN_TRIGGERS_PER_HOUR = 20;
const NAME = 'scan-trigger';
const WINDOW_SEC = 3600;

/**
 * The on-demand scan limit: 429 limit_type per_hour past 20 per hour. Only requests that queue
 * a scan (202) count: a request answered otherwise (invalid, unknown domain, concurrent limit,
 * this very limit) gives its point back.
 */
export function scanTriggerLimit(ctx: Context): RequestHandler[] {
  const limiter = new FixedWindowLimiter(ctx.redis, limiterNamespace(ctx.config.redisPrefix, NAME), WINDOW_SEC);
  const key = (accountId: number) => `account:${accountId}`;
  const giveBackUnlessQueued: RequestHandler = (req, res, next) => {
    const accountId = authOf(req).account.id;
    res.on('finish', () => {
      if (res.statusCode === 202) return;
      limiter.reward(key(accountId), SCAN_TRIGGERS_PER_HOUR).catch((e: Error) =>
        ctx.logger.warn('could not give back a scan-trigger point', { error: e.message }),
      );
    });
    next();
  };
  return [
    giveBackUnlessQueued,
    endpointLimit(ctx, {
      name: NAME,
      windowSec: WINDOW_SEC,
      limitType: 'per_hour',
      points: () => SCAN_TRIGGERS_PER_HOUR,
      key: (req) => key(authOf(req).account.id),
      describe: (n) => `On-demand scan limit of ${n} per hour`,
      givesPointsBack: true,
    }),
  ];
}
