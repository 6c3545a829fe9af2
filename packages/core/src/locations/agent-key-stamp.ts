import type { RedisClient } from '../queue/redis-client.js';
import { pooledRandomBytes } from '../security/random-pool.js';

/**
 * The agent-key stamp: a random value in Redis that changes whenever an agent key stops opening
 * its location as it did (the location deleted, its key rotated by the API or by `vigil
 * region-key`). API processes keep key -> location lookups with the stamp they read before the
 * lookup, and read it again in each agent request's burst call, so a change takes effect on the
 * next poll in every process. A missing stamp is created (and so differs from every kept one).
 */
export function agentKeyStampKey(config: { redisPrefix: string }): string {
  return `${config.redisPrefix}:agent-keys:stamp`;
}

export function newAgentKeyStamp(): string {
  return pooledRandomBytes(9).toString('base64url');
}

/** After the commit that deleted a location or rotated its key, before its answer. */
export async function bumpAgentKeyStamp(redis: Pick<RedisClient, 'set'>, config: { redisPrefix: string }): Promise<void> {
  await redis.set(agentKeyStampKey(config), newAgentKeyStamp());
}
