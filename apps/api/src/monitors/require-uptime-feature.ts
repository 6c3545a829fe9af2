import type { RequestHandler } from 'express';
import { ForbiddenError, type Context } from '@vigil/core';
import { authOf } from '../http/request-auth.js';
import { upgradeUrl } from '../http/tier-limit.js';

/**
 * Uptime monitoring is a Pro feature (decisions §2, §6): on a plan without it every
 * /api/v1/uptime/... endpoint answers 403 Feature not available, after authentication and
 * before anything else (ids, bodies and queries are not looked at).
 */
export function requireUptimeFeature(ctx: Context): RequestHandler {
  return (req, _res, next) => {
    const { account } = authOf(req);
    if (!ctx.config.tiers[account.tier].uptimeMonitoring) {
      throw new ForbiddenError('Feature not available', {
        message: 'Uptime monitoring requires a Pro plan or above',
        tier: account.tier,
        upgrade_url: upgradeUrl(ctx.config.baseUrl),
      });
    }
    next();
  };
}
