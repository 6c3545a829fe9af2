import { escapeGlob, scanKeys, type Context, type RedisClient } from '@vigil/core';
import { quotaDayKey } from './account-quota.js';

/**
 * Adds a counter of an earlier release's key name to its new key (keeping the longer expiry) and
 * deletes the old one, atomically, so API processes starting together carry it once. Only
 * string counters; anything else is left to expire.
 */
const CARRY = `
if redis.call('TYPE', KEYS[1]).ok ~= 'string' then return 0 end
local value = redis.call('GET', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
redis.call('INCRBY', KEYS[2], value)
if ttl > redis.call('PTTL', KEYS[2]) then redis.call('PEXPIRE', KEYS[2], ttl) end
redis.call('DEL', KEYS[1])
return 1
`;

type RedisWithCarry = RedisClient & { vigilCarryCounter(from: string, to: string): Promise<number> };

/**
 * The new name of a counter an earlier release kept outside the prefix (the prefix without its
 * braces): rate limits `<bare>:rl:…` and daily quotas `<bare>:quota:{a<id>}:d:<day>`; null for
 * anything else (minute windows, which expire within 60 s).
 */
export function renamedCounter(prefix: string, key: string): string | null {
  const bare = prefix.replace(/[{}]/g, '');
  if (key.startsWith(`${bare}:rl:`)) return bare === prefix ? null : `${prefix}:rl:${key.slice(bare.length + 4)}`;
  const day = /^:quota:\{a(\d+)\}:d:(\d{4}-\d{2}-\d{2})$/.exec(key.slice(bare.length));
  return key.startsWith(bare) && day ? quotaDayKey(prefix, Number(day[1]), day[2]) : null;
}

/**
 * Carries the rate-limit and daily-quota counters of releases before every key moved under the
 * prefix to their new names, once, at API start (docs/decisions.md "Every Redis key under the
 * prefix"). Those releases ran on one Redis node (none on a Cluster), so the old and new names share it.
 */
export async function carryLegacyCounters(ctx: Context): Promise<number> {
  const redis = ctx.redis;
  if (ctx.config.redis.mode === 'cluster') return 0;
  if (!('vigilCarryCounter' in redis)) redis.defineCommand('vigilCarryCounter', { numberOfKeys: 2, lua: CARRY });
  const carry = redis as RedisWithCarry;
  const bare = escapeGlob(ctx.config.redisPrefix.replace(/[{}]/g, ''));
  let carried = 0;
  for (const pattern of [`${bare}:rl:*`, `${bare}:quota:{a*}:d:*`]) {
    await scanKeys(redis, pattern, async (keys) => {
      for (const key of keys) {
        const to = renamedCounter(ctx.config.redisPrefix, key);
        if (to !== null) carried += await carry.vigilCarryCounter(key, to);
      }
    });
  }
  return carried;
}
