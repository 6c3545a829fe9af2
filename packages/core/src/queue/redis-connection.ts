import { Redis, type RedisOptions } from 'ioredis';

/**
 * - `worker`: blocking BullMQ consumers. maxRetriesPerRequest must be null so a worker waits
 *   out a Redis restart instead of failing its commands (BullMQ production guide).
 * - `client`: producers, counters and limits in request paths. Commands fail after a few
 *   retries rather than hang a request forever.
 */
export type RedisRole = 'worker' | 'client';

export function createRedisConnection(url: string, role: RedisRole, extra: RedisOptions = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: role === 'worker' ? null : 3,
    enableReadyCheck: true,
    // Reconnect with capped exponential backoff, forever. The 1 s cap bounds how long workers
    // stay idle after Redis is back (one connection attempt a second while it is down).
    retryStrategy: (attempt) => Math.min(2 ** attempt * 50, 1_000),
    lazyConnect: false,
    ...extra,
  });
}
