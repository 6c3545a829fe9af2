import { prefixKeyPatterns, scanKeys, type Context, type RedisClient } from '@vigil/core';

/**
 * Deletes every Redis key of the deployment with this prefix, those on its tagged prefixes too
 * (an account's counters, `{p:a1}:…`, which `{p}*` does not match), batch by batch as SCAN
 * finds them. The one clean-up of the tests and the benches.
 */
export async function deletePrefixKeys(redis: RedisClient, prefix: string): Promise<void> {
  for (const pattern of prefixKeyPatterns(prefix)) {
    await scanKeys(redis, pattern, async (keys) => {
      await redis.del(...keys);
    });
  }
}

/** Loses every Redis key under the context's prefix, as FLUSHALL or a Redis restarted without persistence does. */
export function flushPrefixKeys(ctx: Context): Promise<void> {
  return deletePrefixKeys(ctx.redis, ctx.config.redisPrefix);
}
