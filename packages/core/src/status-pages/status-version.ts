import type { RedisClient } from '../queue/redis-client.js';
import { pipelineReplies } from '../queue/pipeline-replies.js';
import type { Logger } from '../logging/logger.js';
import type { AlertEventPayload } from '../queue/job-payloads.js';

/**
 * Status pages cache their rendering for a few seconds per page, tagged with a per-account
 * version kept in Redis. Whatever changes what an account's pages show at once (an incident
 * opened or resolved by the checker, an update or notice posted, a page edited) bumps it, and
 * every API replica rebuilds on its next request. Slower-moving facts (rollups, grades) wait
 * for the cache to expire.
 */
export function statusVersionKey(redisPrefix: string, accountId: number): string {
  return `${redisPrefix}:status-version:${accountId}`;
}

/** Bumps the versions of these accounts. A Redis failure is logged, not thrown: the cache expires anyway. */
export async function bumpStatusVersions(redis: RedisClient, redisPrefix: string, logger: Logger, accountIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(accountIds)];
  if (!ids.length) return;
  try {
    // One account (every API write): one INCR, where MULTI, INCR, EXEC were three commands.
    if (ids.length === 1) {
      await redis.incr(statusVersionKey(redisPrefix, ids[0]));
      return;
    }
    const multi = redis.multi();
    for (const id of ids) multi.incr(statusVersionKey(redisPrefix, id));
    pipelineReplies(await multi.exec());
  } catch (e) {
    logger.warn('status page versions not bumped', { error: (e as Error).message });
  }
}

/** Accounts whose incidents a batch of alerts shows opened (monitor.down) or resolved (monitor.up). */
export function accountsWithIncidentChanges(alerts: AlertEventPayload[]): number[] {
  return alerts.filter((a) => a.event === 'monitor.down' || a.event === 'monitor.up').map((a) => a.accountId);
}
