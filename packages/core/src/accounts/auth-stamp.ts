import type { RedisClient } from '../queue/redis-client.js';
import { pooledRandomBytes } from '../security/random-pool.js';
import { accountKeyPrefix } from '../queue/redis-keys.js';

/**
 * An account's authentication stamp: a random value in Redis that changes whenever something an
 * API process may have cached about the account or one of its keys stops being true (a key
 * revoked or rotated, the account deactivated or reactivated, its tier changed). API processes
 * cache key -> account lookups together with the stamp they saw and compare it on every request
 * inside the quota script, so a change takes effect on the next request in every process.
 *
 * The key is in the account's hash slot, like the quota counters, so the script's keys share a slot.
 */
export function authStampKey(prefix: string, accountId: number): string {
  return `${accountKeyPrefix(prefix, accountId)}:auth`;
}

/** A stamp outlives a day without changes; a missing stamp is recreated (and so differs). */
export const AUTH_STAMP_TTL_MS = 86_400_000;

export function newAuthStamp(): string {
  return pooledRandomBytes(9).toString('base64url');
}

/** What changing an account's authentication needs: RedisClient and its key prefix. */
export interface AuthStampTarget {
  redis: Pick<RedisClient, 'set'>;
  config: { redisPrefix: string };
}

/**
 * Gives the account a new stamp. Call it AFTER the database change is committed: a process that
 * reads the stamp, then the database, and caches both, either sees the change or caches a stamp
 * this call replaces.
 */
export async function bumpAuthStamp(target: AuthStampTarget, accountId: number): Promise<void> {
  await target.redis.set(authStampKey(target.config.redisPrefix, accountId), newAuthStamp(), 'PX', AUTH_STAMP_TTL_MS);
}
