import { Cluster, Redis, type RedisOptions } from 'ioredis';
import type { RedisTarget } from '../config/redis-target.js';
import type { RedisClient } from './redis-client.js';
import { HealingRedis } from './healing-redis.js';
import { reconnectOnReadOnly, targetOptions } from './redis-target-options.js';
import { installStallSafeCommandTimeout } from './stall-safe-command-timeout.js';

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

/** Reconnect with capped exponential backoff, forever. */
const backoff = (attempt: number) => Math.min(2 ** attempt * 50, 2_000);

/** The one place every Redis connection of every process is made (queues, workers, counters, CLI). */
export function createRedisConnection(target: string, role: RedisRole, opts?: RedisConnectionOptions): Redis;
export function createRedisConnection(target: RedisTarget | string, role: RedisRole, opts?: RedisConnectionOptions): RedisClient;
export function createRedisConnection(target: RedisTarget | string, role: RedisRole, opts: RedisConnectionOptions = {}): RedisClient {
  installStallSafeCommandTimeout();
  const failFast: RedisOptions =
    role === 'client' ? { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: opts.commandTimeoutMs ?? 1_000 } : { maxRetriesPerRequest: null };
  const common: RedisOptions = { enableReadyCheck: true, connectTimeout: 5_000, keepAlive: 10_000, reconnectOnError: reconnectOnReadOnly };
  if (typeof target !== 'string' && target.mode === 'cluster') {
    // Every node of the Cluster gets the same options; the client follows MOVED/ASK and
    // refreshes the slot map when a node fails over.
    return new Cluster(target.nodes, {
      redisOptions: { ...common, ...failFast, username: target.username, password: target.password, ...(target.tls ? { tls: {} } : {}) },
      clusterRetryStrategy: backoff,
      enableOfflineQueue: role === 'worker',
      enableReadyCheck: true,
      scaleReads: 'master',
      lazyConnect: false,
    });
  }
  const { url, options } = targetOptions(target);
  const all: RedisOptions = { ...failFast, ...options, ...common, retryStrategy: backoff, lazyConnect: false };
  // Only a Sentinel setup names no URL; its connections heal when ioredis gives up on them.
  return url === undefined ? new HealingRedis(all) : new Redis(url, all);
}

/**
 * QUIT, then disconnect: QUIT alone leaves the connections a Sentinel setup keeps to the
 * Sentinels (the failover detector) reconnecting after the process is done with Redis.
 */
export async function closeRedisConnection(c: RedisClient): Promise<void> {
  await c.quit().catch(() => undefined);
  c.disconnect();
}
