import type { Redis } from 'ioredis';

/** Check-and-count in one step: a request over the limit is not counted. */
const CONSUME = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local limit = tonumber(ARGV[1])
if count >= limit then return {0, count} end
count = redis.call('INCR', KEYS[1])
redis.call('PEXPIREAT', KEYS[1], tonumber(ARGV[2]))
return {1, count}
`;

const DAY_MS = 86_400_000;

type RedisWithDaily = Redis & { vigilDailyConsume(key: string, limit: number, expireAt: number): Promise<[number, number]> };

/**
 * A per-subject counter for one UTC day that resets at 00:00 UTC (the header-check quotas).
 * rate-limiter-flexible's fixed windows start at the first request, not at midnight.
 */
export class DailyCounter {
  private readonly redis: RedisWithDaily;

  constructor(
    redis: Redis,
    private readonly namespace: string,
  ) {
    if (!('vigilDailyConsume' in redis)) redis.defineCommand('vigilDailyConsume', { numberOfKeys: 1, lua: CONSUME });
    this.redis = redis as RedisWithDaily;
  }

  async consume(subject: string, limit: number, now: Date): Promise<{ allowed: boolean; count: number }> {
    const day = now.toISOString().slice(0, 10);
    const expireAt = Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS + 60_000;
    const [allowed, count] = await this.redis.vigilDailyConsume(`${this.namespace}:${subject}:${day}`, limit, expireAt);
    return { allowed: allowed === 1, count };
  }
}
