import type { Redis } from 'ioredis';
import type { RedisTarget } from '../config/redis-target.js';
import { targetOptions } from '../queue/redis-target-options.js';

/**
 * A short-lived Redis connection for an admin command that must tell API processes about a
 * change (the auth stamp). ioredis is loaded only when such a command runs, so the other admin
 * commands start without it. No reconnecting: an unreachable Redis ends the command with an error.
 */
export async function withAdminRedis<T>(target: RedisTarget | string, work: (redis: Redis) => Promise<T>, unreachable: (e: Error) => Error = (e) => e): Promise<T> {
  const { Redis: RedisClient } = await import('ioredis');
  const { url, options } = targetOptions(target);
  const all = { ...options, lazyConnect: true, connectTimeout: 5_000, commandTimeout: 5_000, maxRetriesPerRequest: 1, retryStrategy: () => null };
  const redis = url === undefined ? new RedisClient(all) : new RedisClient(url, all);
  try {
    await redis.connect().catch((e: Error) => {
      throw unreachable(e);
    });
    return await work(redis);
  } finally {
    redis.disconnect();
  }
}
