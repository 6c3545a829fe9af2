import type { RedisTarget } from '../config/redis-target.js';
import type { RedisClient } from '../queue/redis-client.js';
import { targetOptions } from '../queue/redis-target-options.js';

/**
 * A short-lived Redis connection for an admin command that must tell API processes about a
 * change (the auth stamp). ioredis is loaded only when such a command runs, so the other admin
 * commands start without it. No reconnecting: an unreachable Redis ends the command with an error.
 */
export async function withAdminRedis<T>(target: RedisTarget | string, work: (redis: RedisClient) => Promise<T>, unreachable: (e: Error) => Error = (e) => e): Promise<T> {
  const { Cluster, Redis } = await import('ioredis');
  const once = { lazyConnect: true, connectTimeout: 5_000, commandTimeout: 5_000, maxRetriesPerRequest: 1 };
  let redis: RedisClient;
  if (typeof target !== 'string' && target.mode === 'cluster') {
    redis = new Cluster(target.nodes, {
      lazyConnect: true,
      clusterRetryStrategy: () => null,
      redisOptions: { ...once, username: target.username, password: target.password, ...(target.tls ? { tls: {} } : {}) },
    });
  } else {
    const { url, options } = targetOptions(target);
    const all = { ...options, ...once, retryStrategy: () => null };
    redis = url === undefined ? new Redis(all) : new Redis(url, all);
  }
  try {
    await redis.connect().catch((e: Error) => {
      throw unreachable(e);
    });
    return await work(redis);
  } finally {
    redis.disconnect();
  }
}
