import { ForbiddenError, type TierLimits } from '@vigil/core';
import { upgradeUrl } from '../http/tier-limit.js';

/**
 * decisions §4: an interval from the list that the tier does not include is 403
 * {error: "Interval not allowed", allowed_intervals, upgrade_url}; one outside the list has
 * already been answered 400 Invalid interval by validation.
 */
export function assertIntervalAllowed(tier: TierLimits, interval: number, baseUrl: string): void {
  if (tier.checkIntervals.includes(interval)) return;
  throw new ForbiddenError('Interval not allowed', {
    allowed_intervals: [...tier.checkIntervals].sort((a, b) => a - b),
    upgrade_url: upgradeUrl(baseUrl),
  });
}
