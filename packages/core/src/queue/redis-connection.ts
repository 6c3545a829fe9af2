import { Redis, type RedisOptions } from 'ioredis';

/**
 * - `worker`: blocking BullMQ connections (Workers, QueueEvents). maxRetriesPerRequest must be
 *   null and commands must not time out, so a worker waits out a Redis restart and resumes
 *   (BullMQ's production guide).
 * - `client`: producers, counters and limits in request paths. Fails fast: no offline queue (a
 *   command while disconnected is rejected at once, BullMQ's advice for producers behind an
 *   API) and a command timeout, so a frozen Redis cannot hang a request.
 */
export type RedisRole = 'worker' | 'client';

export interface RedisConnectionOptions {
  /** `client` only: a command not answered by then is rejected. */
  commandTimeoutMs?: number;
}

export function createRedisConnection(url: string, role: RedisRole, opts: RedisConnectionOptions = {}): Redis {
  const failFast: RedisOptions =
    role === 'client' ? { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: opts.commandTimeoutMs ?? 1_000 } : { maxRetriesPerRequest: null };
  return new Redis(url, {
    ...failFast,
    enableReadyCheck: true,
    connectTimeout: 5_000,
    keepAlive: 10_000,
    // Reconnect with capped exponential backoff, forever.
    retryStrategy: (attempt) => Math.min(2 ** attempt * 50, 2_000),
    lazyConnect: false,
  });
}
