import type { Redis } from 'ioredis';

/**
 * A short-lived Redis connection for an admin command that must tell API processes about a
 * change (the auth stamp). ioredis is loaded only when such a command runs, so the other admin
 * commands start without it. No reconnecting: an unreachable Redis ends the command with an error.
 */
export async function withAdminRedis<T>(url: string, work: (redis: Redis) => Promise<T>, unreachable: (e: Error) => Error = (e) => e): Promise<T> {
  const { Redis: RedisClient } = await import('ioredis');
  const redis = new RedisClient(url, { lazyConnect: true, connectTimeout: 5_000, commandTimeout: 5_000, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await redis.connect().catch((e: Error) => {
      throw unreachable(e);
    });
    return await work(redis);
  } finally {
    redis.disconnect();
  }
}
