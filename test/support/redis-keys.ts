import { prefixKeyPatterns, scanKeys, type Context } from '@vigil/core';

/** Loses every Redis key under the context's prefix, as FLUSHALL or a Redis restarted without persistence does. */
export async function flushPrefixKeys(ctx: Context): Promise<void> {
  const keys: string[] = [];
  // Its tagged prefixes too (an account's counters, `{p:a1}:…`): FLUSHALL loses those as well.
  for (const pattern of prefixKeyPatterns(ctx.config.redisPrefix)) await scanKeys(ctx.redis, pattern, (batch) => void keys.push(...batch));
  if (keys.length) await ctx.redis.del(...keys);
}
