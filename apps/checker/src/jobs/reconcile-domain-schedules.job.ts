import {
  DOMAIN_BUCKETS,
  JobName,
  applyBucketPlan,
  failAbandonedScans,
  planBuckets,
  readBuckets,
  wantedDomainSchedules,
  type Context,
  type JobHandler,
  type ReconcileResult,
} from '@vigil/core';

/**
 * Makes the domain buckets in Redis agree with PostgreSQL (scheduling/domain-schedules.ts): every
 * active domain of an active account is a member of its frequency's bucket, and every bucket with
 * members has its scheduler (after Redis lost its data, after a change the API could not write,
 * or when a scheduler lost its next run); members inactive, deleted, of a deactivated account or
 * moved to another frequency are taken out, and buckets left empty lose their scheduler. The
 * schedulers of one domain (`domain-<id>`) of releases before buckets are removed. Redis is read
 * first, then PostgreSQL, so a domain the API adds meanwhile is not taken out.
 */
export async function reconcileDomainSchedules(ctx: Context): Promise<ReconcileResult> {
  const queue = ctx.queues.queueOf(JobName.DomainBucket);
  const found = await readBuckets(ctx.redis, queue);
  const wanted = await wantedDomainSchedules(ctx.db);
  return applyBucketPlan(ctx.redis, queue, DOMAIN_BUCKETS, planBuckets(DOMAIN_BUCKETS, wanted, found.schedulers, found.members));
}

/**
 * Every minute (maintenance queue): reconciles the domain buckets, and fails scans that stayed
 * queued or running past the abandonment limit (their job was lost with a worker or with Redis),
 * so they no longer hold the account's concurrent-scan slots.
 */
export function reconcileDomainSchedulesJob(ctx: Context): JobHandler<JobName.ReconcileDomainSchedules> {
  return async () => {
    const result = await reconcileDomainSchedules(ctx);
    const abandoned = await failAbandonedScans(ctx.db.manager, ctx.clock.now());
    if (result.added || result.removed || abandoned) ctx.logger.info('domain schedules reconciled', { ...result, abandonedScans: abandoned });
    return result;
  };
}
