import { once } from 'node:events';
import type { RedisClient } from '../queue/redis-client.js';

/**
 * PING on the command connection. While it is (re)connecting, the probe waits for it to be
 * ready (up to `timeoutMs`) instead of failing at once, so a start-up does not report an outage
 * for the few milliseconds the first connection takes.
 */
export function createRedisProbe(redis: RedisClient, timeoutMs: number): () => Promise<unknown> {
  return async () => {
    if (redis.status !== 'ready') await once(redis, 'ready', { signal: AbortSignal.timeout(timeoutMs) });
    return redis.ping();
  };
}
