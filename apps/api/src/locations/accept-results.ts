import { JobName, STALE_OFFER_MS, completeLease, readLease, type AgentKeyOwner, type Context } from '@vigil/core';
import type { PostedResult } from './agent-input.js';

/** What became of one posted result. */
export type ResultStatus = 'accepted' | 'duplicate' | 'unknown_lease' | 'rejected';

/** How far ahead of the API's clock a result's time may be (agents' clocks drift). */
const FUTURE_SKEW_MS = 60_000;

/**
 * Accepts one result for a lease of the agent's location: the monitor, run key and region come
 * from the lease record and the key, never from the agent. The record job is queued under the
 * lease id (one job per lease however often the result is posted) before the lease is marked
 * done, so a crash in between loses nothing: the replay finds the lease still open and queues
 * the same job id again. A result whose time lies outside [due − 5 min, now + 1 min] is rejected.
 */
export async function acceptResult(ctx: Context, owner: AgentKeyOwner, posted: PostedResult): Promise<ResultStatus> {
  const p = ctx.config.redisPrefix;
  const lease = await readLease(ctx.redis, p, posted.lease_id);
  if (!lease || lease.locationId !== owner.location.id) return 'unknown_lease';
  if (lease.state === 'done') return 'duplicate';
  const at = Date.parse(posted.result.timestamp);
  if (!(at >= lease.dueMs - STALE_OFFER_MS && at <= ctx.clock.now().getTime() + FUTURE_SKEW_MS)) return 'rejected';
  await ctx.queues.add(
    JobName.RecordAgentCheck,
    { monitorId: lease.monitorId, runKey: lease.runKey, region: owner.location.name, result: posted.result },
    { jobId: `agent-result-${posted.lease_id}`, attempts: 5, backoff: { type: 'exponential', delay: 1_000 }, removeOnComplete: { age: 3600 }, removeOnFail: { age: 86_400 } },
  );
  const before = await completeLease(ctx.redis, p, owner.location.id, posted.lease_id);
  return before?.state === 'done' ? 'duplicate' : 'accepted';
}
