import { ForbiddenError, type Tier } from '@vigil/core';

/** Where an account can see and change its plan; named in every tier-limit 403. */
export function upgradeUrl(baseUrl: string): string {
  return `${baseUrl}/pricing`;
}

/**
 * The seed's tier-limit 403: {error, limit, current, remaining, tier, upgrade_url}.
 * `message` names the limit, e.g. "Monitor limit reached".
 */
export function tierLimitError(message: string, opts: { tier: Tier; limit: number; current: number; baseUrl: string }): ForbiddenError {
  return new ForbiddenError(message, {
    limit: opts.limit,
    current: opts.current,
    remaining: Math.max(0, opts.limit - opts.current),
    tier: opts.tier,
    upgrade_url: upgradeUrl(opts.baseUrl),
  });
}
