import { msUntilNextUtcMidnight, type RedisClient } from '@vigil/core';

/** Check-and-count in one step: a request over the limit is not counted. */
const CONSUME = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local limit = tonumber(ARGV[1])
if count >= limit then return {0, count} end
count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return {1, count}
`;

/** Kept a minute past midnight so a request at 23:59:59.999 still finds its count. */
const EXPIRY_MARGIN_MS = 60_000;

type RedisWithDaily = RedisClient & { vigilDailyConsume(key: string, limit: number, ttlMs: number): Promise<[number, number]> };

/**
 * A per-subject counter for one UTC day that resets at 00:00 UTC (the header-check quotas).
 * rate-limiter-flexible's fixed windows start at the first request, not at midnight.
 */
export class DailyCounter {
  private readonly redis: RedisWithDaily;

  constructor(
    redis: RedisClient,
    private readonly namespace: string,
  ) {
    if (!('vigilDailyConsume' in redis)) redis.defineCommand('vigilDailyConsume', { numberOfKeys: 1, lua: CONSUME });
    this.redis = redis as RedisWithDaily;
  }

  async consume(subject: string, limit: number, now: Date): Promise<{ allowed: boolean; count: number }> {
    const day = now.toISOString().slice(0, 10);
    const ttlMs = msUntilNextUtcMidnight(now) + EXPIRY_MARGIN_MS;
    const [allowed, count] = await this.redis.vigilDailyConsume(`${this.namespace}:${subject}:${day}`, limit, ttlMs);
    return { allowed: allowed === 1, count };
  }
}
