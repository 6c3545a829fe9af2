import { ValidationError, locationNamesOf, majorityOf, seenRegions, type Context, type Tier } from '@vigil/core';
import { tierLimitError } from '../http/tier-limit.js';

/**
 * The regions a monitor may name: the configured ones (VIGIL_REGIONS, VIGIL_DEFAULT_REGIONS,
 * the API's own VIGIL_REGION) and every region a checker has reported from.
 */
export async function knownRegions(ctx: Context): Promise<string[]> {
  return [...new Set([...ctx.config.knownRegions, ...(await seenRegions(ctx.redis, ctx.config.redisPrefix))])].sort();
}

/**
 * The regions among a monitor's regions that have checkers (its buckets, one-off and manual
 * checks go there); the others are the account's private locations and the public regions
 * served by agents (VIGIL_AGENT_REGIONS), whose runs are leased to their agents (docs/agents.md).
 */
export async function publicRegionsOf(ctx: Context, regions: readonly string[]): Promise<string[]> {
  const known = await knownRegions(ctx);
  return regions.filter((r) => known.includes(r) && !ctx.config.agentRegions.includes(r));
}

/**
 * The regions and quorum a monitor ends up with, checked: every region a public one or one of
 * the account's private locations (400 naming the unknown one: another account's location is
 * as unknown as a typo), no more regions than the plan allows (the tier-limit 403), a quorum no
 * larger than the region list (400). `current`: the monitor's values before an update.
 */
export async function resolveRegions(
  ctx: Context,
  account: { id: number; tier: Tier },
  input: { regions?: string[]; min_failing_regions?: number | null },
  current?: { regions: string[]; minFailingRegions: number | null },
): Promise<{ regions: string[]; minFailingRegions: number | null }> {
  const tier = account.tier;
  const regions = input.regions ?? current?.regions ?? ctx.config.defaultRegions;
  const minFailingRegions = input.min_failing_regions !== undefined ? input.min_failing_regions : (current?.minFailingRegions ?? null);
  if (input.regions !== undefined) {
    const known = [...(await knownRegions(ctx)), ...(await locationNamesOf(ctx.db, account.id)).sort()];
    const unknown = input.regions.find((r) => !known.includes(r));
    if (unknown !== undefined) throw new ValidationError(`Invalid regions: unknown region "${unknown}" (known: ${known.join(', ')})`);
    const limit = ctx.config.tiers[tier].regionsPerMonitor;
    if (input.regions.length > limit) {
      throw tierLimitError('Regions per monitor limit reached', { tier, limit, current: input.regions.length, baseUrl: ctx.config.baseUrl });
    }
  }
  if (minFailingRegions !== null && minFailingRegions > regions.length) {
    throw new ValidationError(`Invalid min_failing_regions: must be at most the number of regions (${regions.length})`);
  }
  return { regions, minFailingRegions };
}

/** The quorum a monitor's rounds use. */
export function effectiveMinFailingRegions(m: { regions: string[]; minFailingRegions: number | null }): number {
  return m.minFailingRegions ?? majorityOf(m.regions.length);
}
