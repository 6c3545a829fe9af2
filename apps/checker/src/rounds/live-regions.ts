import { connectedLocationNames, regionLiveness, type Context } from '@vigil/core';

/** How long a checker reuses its view of which regions have a live checker. */
export const LIVE_REGIONS_TTL_MS = 2_000;

/**
 * The regions with at least one live checker, and the locations with a connected agent (a poll in
 * the last 60 s: private locations, whose agents write no checker heartbeat), read at most every
 * `ttlMs` (one read in flight at a time). A round waits for exactly these of its regions. Unknown (undefined) until the first read succeeds or when
 * Redis cannot answer: a round then waits for every region until its deadline.
 */
export function createLiveRegions(ctx: Pick<Context, 'redis' | 'config' | 'clock'>, ttlMs = LIVE_REGIONS_TTL_MS): () => Promise<string[] | undefined> {
  let value: string[] | undefined;
  let readAt = -Infinity;
  let reading: Promise<void> | undefined;
  const refresh = async () => {
    try {
      const regions = await regionLiveness(ctx.redis, ctx.config.redisPrefix);
      const locations = await connectedLocationNames(ctx.redis, ctx.config.redisPrefix, ctx.clock.now().getTime());
      value = [...new Set([...regions.filter((r) => r.liveCheckers > 0).map((r) => r.name), ...locations])];
    } catch {
      value = undefined;
    }
    readAt = ctx.clock.now().getTime();
  };
  return async () => {
    if (ctx.clock.now().getTime() - readAt >= ttlMs) {
      reading ??= refresh().finally(() => {
        reading = undefined;
      });
      await reading;
    }
    return value;
  };
}
