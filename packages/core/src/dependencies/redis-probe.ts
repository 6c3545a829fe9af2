import { once } from 'node:events';
import type { RedisClient } from '../queue/redis-client.js';

/**
 * PING on the command connection. While it is (re)connecting, the probe waits for it to be
 * ready (up to `timeoutMs`) instead of failing at once, so a start-up does not report an outage
 * for the few milliseconds the first connection takes. A connection that ioredis has given up
 * on ('end': seen once after a Sentinel failover, when the failover detector's reconnect met
 * the connection's own) is connected again, so the process heals without a restart.
 */
export function createRedisProbe(redis: RedisClient, timeoutMs: number): () => Promise<unknown> {
  return async () => {
    if (redis.status === 'end') redis.connect().catch(() => undefined);
    if (redis.status !== 'ready') await once(redis, 'ready', { signal: AbortSignal.timeout(timeoutMs) });
    return redis.ping();
  };
}
