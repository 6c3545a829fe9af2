import { ForbiddenError, type MonitoringFrequency, type Tier, type TierLimits } from '@vigil/core';
import { upgradeUrl } from '../http/tier-limit.js';

/**
 * A monitoring_frequency from the list that the tier does not include: 403
 * {error: "Frequency not allowed", allowed_frequencies, upgrade_url} (a value outside the list
 * was already 400 by validation).
 */
export function assertFrequencyAllowed(tierName: Tier, tier: TierLimits, frequency: MonitoringFrequency, baseUrl: string): void {
  if (tier.monitoringFrequencies.includes(frequency)) return;
  throw new ForbiddenError('Frequency not allowed', {
    message: `monitoring_frequency ${frequency} is not available on the ${tierName} plan`,
    allowed_frequencies: [...tier.monitoringFrequencies],
    tier: tierName,
    upgrade_url: upgradeUrl(baseUrl),
  });
}
