import { statusVersionKey, type Context } from '@vigil/core';

/** An account's status version (see bumpStatusVersions), '0' before any bump, null when Redis cannot say. */
export function statusVersionReader(ctx: Context): (accountId: number) => Promise<string | null> {
  return async (accountId) => {
    try {
      return (await ctx.redis.get(statusVersionKey(ctx.config.redisPrefix, accountId))) ?? '0';
    } catch {
      return null;
    }
  };
}
