import type { Context } from '@vigil/core';

/** Loses every Redis key under the context's prefix, as FLUSHALL or a Redis restarted without persistence does. */
export async function flushPrefixKeys(ctx: Context): Promise<void> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await ctx.redis.scan(cursor, 'MATCH', `${ctx.config.redisPrefix}*`, 'COUNT', 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  if (keys.length) await ctx.redis.del(...keys);
}
