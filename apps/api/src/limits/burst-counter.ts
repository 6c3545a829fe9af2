import type { RedisClient } from '@vigil/core';

/** The burst limit's window: requests per second of the injected clock. */
export const BURST_WINDOW_MS = 1_000;
/**
 * How long an idle client's counter is kept (a relative expiry, on Redis's clock, renewed by each
 * request): far longer than a window, so the counter of a window never vanishes while requests
 * still arrive in it, however slow the host (or frozen the test clock). One key per client IP.
 */
const BURST_KEY_TTL_MS = 60_000;

/**
 * Lua: counts one request in window ARGV-given `window` of the hash at `key` ({w: window,
 * n: count}); a request of another window starts its count again. Returns the count including
 * this request. Shared by BurstCounter and the admission script (account-quota.ts).
 */
export const CONSUME_BURST_LUA = `
local function consumeBurst(key, window)
  if redis.call('HGET', key, 'w') ~= window then
    redis.call('HSET', key, 'w', window, 'n', 0)
  end
  local consumed = redis.call('HINCRBY', key, 'n', 1)
  redis.call('PEXPIRE', key, ${BURST_KEY_TTL_MS})
  return consumed
end
`;

/**
 * The fixed window `now` falls in (whole seconds of the clock, so every request of one clock
 * second counts in one window, whatever the host's speed) and the time until the next one.
 */
export function burstWindow(now: Date): { window: string; msBeforeNext: number } {
  const ms = now.getTime();
  const msIntoWindow = ((ms % BURST_WINDOW_MS) + BURST_WINDOW_MS) % BURST_WINDOW_MS;
  return { window: String(Math.floor(ms / BURST_WINDOW_MS)), msBeforeNext: BURST_WINDOW_MS - msIntoWindow };
}

type RedisWithBurst = RedisClient & { vigilBurstConsume(key: string, window: string): Promise<number> };

/** The per-IP burst counter on its own (the admission script counts it on the same key). */
export class BurstCounter {
  private readonly redis: RedisWithBurst;

  constructor(redis: RedisClient) {
    if (!('vigilBurstConsume' in redis)) {
      redis.defineCommand('vigilBurstConsume', { numberOfKeys: 1, lua: `${CONSUME_BURST_LUA}\nreturn consumeBurst(KEYS[1], ARGV[1])` });
    }
    this.redis = redis as RedisWithBurst;
  }

  /** Counts a request at `now` against `limit` per window. */
  async consume(key: string, limit: number, now: Date): Promise<{ allowed: boolean; msBeforeNext: number }> {
    const { window, msBeforeNext } = burstWindow(now);
    const consumed = await this.redis.vigilBurstConsume(key, window);
    return { allowed: consumed <= limit, msBeforeNext };
  }
}
