import { Redis, type RedisOptions } from 'ioredis';
import type { RedisTarget } from '../config/redis-target.js';
import { reconnectOnReadOnly, targetOptions } from './redis-target-options.js';

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

/** The one place every Redis connection of every process is made (queues, workers, counters, CLI). */
export function createRedisConnection(target: RedisTarget | string, role: RedisRole, opts: RedisConnectionOptions = {}): Redis {
  const failFast: RedisOptions =
    role === 'client' ? { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: opts.commandTimeoutMs ?? 1_000 } : { maxRetriesPerRequest: null };
  const { url, options } = targetOptions(target);
  const all: RedisOptions = {
    ...failFast,
    ...options,
    enableReadyCheck: true,
    connectTimeout: 5_000,
    keepAlive: 10_000,
    // Reconnect with capped exponential backoff, forever.
    retryStrategy: (attempt) => Math.min(2 ** attempt * 50, 2_000),
    reconnectOnError: reconnectOnReadOnly,
    lazyConnect: false,
  };
  return url === undefined ? new Redis(all) : new Redis(url, all);
}

/**
 * QUIT, then disconnect: QUIT alone leaves the connections a Sentinel setup keeps to the
 * Sentinels (the failover detector) reconnecting after the process is done with Redis.
 */
export async function closeRedisConnection(c: Redis): Promise<void> {
  await c.quit().catch(() => undefined);
  c.disconnect();
}
